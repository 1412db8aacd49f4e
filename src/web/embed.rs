//! Embedded boards (EMBEDDING.md): `embed.html#embed=<LZP1 position>&demo=…&interactive=1`
//! shows one position, optionally interactive (tap a piece: where it may move, R12.4) or
//! demonstrating something: `demo=mountain` (the Tam shape), `demo=moves&from=b2`,
//! `demo=throw&seed=N` (the five sticks, R12.6), `demo=readings&pieces=JG3G5` (every
//! reading of a Joker set with its bonus, R14/R15), `demo=scoring&hand=…&lum=…` (the
//! patterns of a declared hand, like the summary sheet). `#position=<LZP1>` is the same
//! view, interactive. The page (embed.html) runs a module of its own (`lauzait-embed`);
//! index.html sends `#embed=…` and `#position=…` addresses on to it, so links given out
//! before it existed keep working.
//!
//! An embed never creates the game app: it never reads or writes `localStorage`, shows no
//! hand-over screen, and sizes itself to its container (it tells the parent page its height
//! with `postMessage({lauzait: "embed-size", height})`, which `static/embed.js` applies).

use super::events::listen;
use super::view::board;
use super::view::pen::Pen;
use super::view::piece;
use lauzait_engine::notation::Position;
use lauzait_engine::Seat;
use lauzait_ui::embed::{Embed, EmbedMsg};
use lauzait_ui::i18n::embed as words;
use lauzait_ui::layout::{Layout, Rect};
use lauzait_ui::msg::Key;
use lauzait_ui::scene::{Cloth, Scene};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, Window};

/// The page around one [`Embed`]: where it draws and how it was last laid out.
struct Page {
    window: Window,
    doc: Document,
    canvas: HtmlCanvasElement,
    pen: Pen,
    embed: Embed,
    layout: Layout,
    draws: u32,
}

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// Entry point of embed.html's module (`lauzait-embed`).
pub fn start_page() {
    super::on_trap(show_fatal);
    let started = (|| {
        let window = web_sys::window().ok_or("no window")?;
        super::automation::install(&window)?;
        let doc = window.document().ok_or("no document")?;
        let canvas: HtmlCanvasElement = doc.get_element_by_id("board").ok_or("no <canvas id=\"board\">")?.dyn_into()?;
        start(window, doc, canvas)
    })();
    if let Err(e) = started {
        web_sys::console::error_2(&JsValue::from_str("lauzait embed: start failed:"), &e);
    }
}

/// Last resort: the trap's words instead of a board that silently stopped answering.
fn show_fatal(text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(actions) = doc.get_element_by_id("actions") {
        actions.set_inner_html(&lauzait_ui::html::last_resort::fatal_card(text));
    }
}

fn start(window: Window, doc: Document, canvas: HtmlCanvasElement) -> Result<(), JsValue> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    let embed =
        Embed::new(&window.location().hash().unwrap_or_default(), &window.navigator().language().unwrap_or_default());
    let in_frame = window.parent().ok().flatten().is_some_and(|parent| parent != window);
    if let Some(root) = doc.document_element() {
        let _ = root.class_list().add_1("embed");
        let _ = root.set_attribute("lang", embed.lang.code());
        if in_frame {
            let _ = root.class_list().add_1("framed");
        }
    }
    if embed.board().is_none() {
        let _ = canvas.set_attribute("hidden", "");
        let _ = canvas.set_attribute("style", "display:none");
    }
    let _ = canvas.set_attribute("aria-label", words::board_label(embed.lang));
    if !embed.params.interactive {
        let _ = canvas.set_attribute("tabindex", "-1");
    }
    if let Some(actions) = doc.get_element_by_id("actions") {
        let _ = actions.set_attribute("aria-live", "polite");
    }
    let page = Page {
        window: window.clone(),
        doc: doc.clone(),
        canvas: canvas.clone(),
        pen: Pen::new(ctx),
        embed,
        layout: Layout::default(),
        draws: 0,
    };
    PAGE.with(|e| *e.borrow_mut() = Some(page));
    install(&window, &doc, &canvas)?;
    with(update);
    super::automation::set_ready(&window);
    Ok(())
}

fn with<R>(f: impl FnOnce(&mut Page) -> R) -> Option<R> {
    PAGE.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

/// Sends `msg` to the embed and redraws when it was used; whether it was.
fn send(msg: EmbedMsg) -> bool {
    with(|page| {
        let used = page.embed.update(msg, &page.layout);
        if used {
            update(page);
        }
        used
    })
    .unwrap_or(false)
}

fn install(window: &Window, doc: &Document, canvas: &HtmlCanvasElement) -> Result<(), JsValue> {
    let c = canvas.clone();
    listen(canvas, "pointerup", move |e: web_sys::PointerEvent| {
        let r = c.get_bounding_client_rect();
        let (x, y) = (e.client_x() as f64 - r.left(), e.client_y() as f64 - r.top());
        if let Some(sq) = with(|page| page.layout.square_at(x, y)).flatten() {
            send(EmbedMsg::Tap(sq));
        }
    })?;
    // The game's keys, read as the game reads them (`Key::from_dom`).
    listen(canvas, "keydown", move |e: web_sys::KeyboardEvent| {
        if Key::from_dom(&e.key()).is_some_and(|key| send(EmbedMsg::Key(key))) {
            e.prevent_default();
        }
    })?;
    listen(doc, "click", move |e: web_sys::Event| {
        let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let Ok(Some(b)) = el.closest("[data-embed]") else { return };
        if b.get_attribute("data-embed").as_deref() == Some("throw") {
            send(EmbedMsg::ThrowAgain);
        }
    })?;
    // A new fragment (e.g. another language from embed.js) starts the embed afresh.
    super::events::reload_on_new_fragment(window)?;
    listen(window, "resize", move |_: web_sys::Event| {
        with(update);
    })?;
    // What tests may read: window.lauzait.embed(), in the test build.
    #[cfg(feature = "test-hooks")]
    test_state::install(window);
    Ok(())
}

/// Redraws the board and the caption, and tells the parent page the new height.
fn update(page: &mut Page) {
    if let Some(actions) = page.doc.get_element_by_id("actions") {
        actions.set_inner_html(&lauzait_ui::html::embed::caption_html(page.embed.lang, &page.embed.caption()));
        piece::paint_tiles(&actions, page.window.device_pixel_ratio().clamp(1.0, 4.0));
    }
    draw(page);
    page.draws += 1;
    // The content's own height (the document's would never shrink below the frame's).
    let height = page.doc.get_element_by_id("app").map_or(0.0, |r| r.get_bounding_client_rect().height().ceil());
    if let Ok(Some(parent)) = page.window.parent() {
        if parent != page.window {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"lauzait".into(), &"embed-size".into());
            let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from_f64(height));
            let _ = parent.post_message(&msg, "*");
        }
    }
}

/// The embed's scene: the position's pieces and seats, the chosen piece's moves, the cursor.
fn scene(em: &Embed, pos: &Position) -> Scene {
    let seats: Vec<Seat> = pos.players.iter().map(|p| p.seat).collect();
    let mut scene = Scene::new(Cloth::Embed, &pos.board)
        .with_seats(&seats, Some(pos.to_move), |seat, index| {
            index.map(|i| board::seat_label(em.lang, seat, None, Some(pos.players[i].score)))
        })
        .with_selection(em.selected);
    scene.cursor = em.cursor;
    scene
}

/// Fits the canvas to its box (a square board in the middle) and draws the scene.
fn draw(page: &mut Page) {
    let Some(pos) = page.embed.board() else { return };
    let dpr = page.window.device_pixel_ratio().clamp(1.0, 4.0);
    let (w, h) = (page.canvas.client_width().max(1) as f64, page.canvas.client_height().max(1) as f64);
    page.canvas.set_width((w * dpr).round() as u32);
    page.canvas.set_height((h * dpr).round() as u32);
    let s = w.min(h);
    let frame = Rect::new((w - s) / 2.0, (h - s) / 2.0, s, s);
    let grid = frame.inset((s * 0.075).max(14.0));
    page.layout = Layout { w, h, frame, grid, cell: grid.w / 5.0, ..Layout::default() };
    let pen = &page.pen;
    pen.start_frame(dpr);
    pen.fill_rect(Rect::new(0.0, 0.0, w, h), "#f4efe1");
    board::draw(pen, &page.layout, &scene(&page.embed, pos));
}

/// `window.lauzait.embed()`: what the embed shows (EMBEDDING.md, "For tests and tools"), in the
/// test build only (feature `test-hooks`, `super::test_hooks`).
#[cfg(feature = "test-hooks")]
mod test_state {
    use super::{scene, with, Page};
    use lauzait_engine::Square;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsValue;

    pub(super) fn install(window: &web_sys::Window) {
        if let Ok(api) = js_sys::Reflect::get(window, &"lauzait".into()) {
            let f = Closure::<dyn Fn() -> JsValue>::new(|| {
                with(|page| crate::web::test_hooks::to_js(&state(page))).unwrap_or(JsValue::NULL)
            });
            let _ = js_sys::Reflect::set(&api, &"embed".into(), f.as_ref());
            f.forget();
        }
    }

    /// What `window.lauzait.embed()` reports (EMBEDDING.md, "For tests and tools").
    fn state(page: &Page) -> serde_json::Value {
        let em = &page.embed;
        // The marks as drawn: read from the scene the board is drawn from.
        let scene = em.board().map(|pos| scene(em, pos));
        let marked = |water_only: bool| -> Vec<String> {
            let Some(scene) = &scene else { return Vec::new() };
            let marked = |sq: &Square| scene.cell(*sq).destination.is_some_and(|d| d.water || !water_only);
            Square::all().filter(marked).map(|sq| sq.to_string()).collect()
        };
        let (dests, water) = (marked(false), marked(true));
        // Each square's rectangle in the frame, when there is a board.
        let squares = em.params.position.as_ref().map(|_| {
            let b = page.canvas.get_bounding_client_rect();
            Square::all()
                .map(|sq| {
                    (sq.to_string(), crate::web::test_hooks::rect_json(page.layout.square(sq), b.left(), b.top()))
                })
                .collect::<serde_json::Map<String, serde_json::Value>>()
        });
        // The error and the caption as the page shows them (written by `update`).
        let text_of = |id: &str| page.doc.get_element_by_id(id).and_then(|e| e.text_content());
        serde_json::json!({
            "interactive": em.params.interactive,
            "position": em.params.position.as_ref().map(|p| p.to_string()),
            "selected": em.selected.map(|s| s.to_string()),
            "destinations": dests,
            "water": water,
            "sticks": em.sticks.map(|s| s.0.to_vec()),
            "darkFaces": em.sticks.map(|s| s.dark_faces()),
            "throws": em.throws,
            "error": text_of("embed-error"),
            "draws": page.draws,
            "squares": squares,
            "caption": text_of("actions"),
        })
    }
}
