//! Embedded boards (EMBEDDING.md): `index.html#embed=<LZP1 position>&demo=…&interactive=1`
//! shows one position, optionally interactive (tap a piece: where it may move, R12.4) or
//! demonstrating something: `demo=mountain` (the Tam shape), `demo=moves&from=b2`,
//! `demo=throw&seed=N` (the five sticks, R12.6), `demo=readings&pieces=JG3G5` (every
//! reading of a Joker set with its bonus, R14/R15), `demo=scoring&hand=…&lum=…` (the
//! patterns of a declared hand, like the summary sheet). `#position=<LZP1>` in the game's
//! own address is the same view, interactive.
//!
//! An embed never creates the game app: it never reads or writes `localStorage`, shows no
//! hand-over screen, and sizes itself to its container (it tells the parent page its height
//! with `postMessage({lauzait: "embed-size", height})`, which `static/embed.js` applies).

use super::events::listen;
use super::view::board;
use super::view::html::{esc, stick_faces, tile};
use super::view::pen::Pen;
use super::view::piece;
use super::view::screens::results::patterns_table;
use crate::engine::notation::Position;
use crate::engine::notation::{pieces_in, three_pieces};
use crate::engine::{Piece, PieceCounts, Seat, Square, Sticks};
use crate::ui::embed_params::{self, Demo, EmbedParams};
use crate::ui::i18n::{self, embed as words, Lang};
use crate::ui::layout::{Layout, Rect};
use crate::ui::model::Target;
use crate::ui::msg::Key;
use crate::ui::nav;
use crate::ui::scene::{Cloth, Scene};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Document, HtmlCanvasElement, Window};

struct Embed {
    window: Window,
    doc: Document,
    canvas: HtmlCanvasElement,
    pen: Pen,
    lang: Lang,
    /// What the address asks for.
    p: EmbedParams,
    selected: Option<Square>,
    rng: Pcg64Mcg,
    sticks: Option<Sticks>,
    throws: u32,
    layout: Layout,
    draws: u32,
    /// The keyboard cursor (interactive embeds: arrows, Enter/Space, Escape).
    cursor: Option<Square>,
}

thread_local! {
    static EMBED: RefCell<Option<Embed>> = const { RefCell::new(None) };
}

/// The address asks for an embed (`#embed=…`) or a position (`#position=…`).
pub fn wanted(window: &Window) -> bool {
    embed_params::wanted(&window.location().hash().unwrap_or_default())
}

pub fn start(window: Window, doc: Document, canvas: HtmlCanvasElement) -> Result<(), JsValue> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    let p = EmbedParams::parse(&window.location().hash().unwrap_or_default());
    let lang = match p.get("lang") {
        Some(l) => Lang::from_tag(l),
        None => Lang::from_tag(&window.navigator().language().unwrap_or_default()),
    };
    let in_frame = window.parent().ok().flatten().is_some_and(|parent| parent != window);
    if let Some(root) = doc.document_element() {
        let _ = root.class_list().add_1("embed");
        let _ = root.set_attribute("lang", lang.code());
        if in_frame {
            let _ = root.class_list().add_1("framed");
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(p.seed);
    let sticks = (p.demo == Demo::Throw).then(|| Sticks::throw(&mut rng));
    if !p.demo.on_board() || p.position.is_none() {
        let _ = canvas.set_attribute("hidden", "");
        let _ = canvas.set_attribute("style", "display:none");
    }
    let _ = canvas.set_attribute("aria-label", words::board_label(lang));
    let embed = Embed {
        window: window.clone(),
        doc: doc.clone(),
        canvas: canvas.clone(),
        pen: Pen::new(ctx),
        lang,
        selected: p.selected(),
        rng,
        sticks,
        throws: u32::from(p.demo == Demo::Throw),
        p,
        layout: Layout::default(),
        draws: 0,
        cursor: None,
    };
    if !embed.p.interactive {
        let _ = canvas.set_attribute("tabindex", "-1");
    }
    if let Some(actions) = doc.get_element_by_id("actions") {
        let _ = actions.set_attribute("aria-live", "polite");
    }
    EMBED.with(|e| *e.borrow_mut() = Some(embed));
    install(&window, &doc, &canvas)?;
    with(update);
    super::automation::set_ready(&window);
    Ok(())
}

fn with<R>(f: impl FnOnce(&mut Embed) -> R) -> Option<R> {
    EMBED.with(|cell| cell.try_borrow_mut().ok()?.as_mut().map(f))
}

fn install(window: &Window, doc: &Document, canvas: &HtmlCanvasElement) -> Result<(), JsValue> {
    let c = canvas.clone();
    listen(canvas, "pointerup", move |e: web_sys::PointerEvent| {
        let r = c.get_bounding_client_rect();
        let (x, y) = (e.client_x() as f64 - r.left(), e.client_y() as f64 - r.top());
        with(|em| {
            if let Some(sq) = em.layout.square_at(x, y) {
                tap(em, sq);
                update(em);
            }
        });
    })?;
    // The game's keys, read as the game reads them (`Key::from_dom`), and its cursor moves
    // (`nav::step`): arrows, Enter or Space to pick, Escape to put back.
    listen(canvas, "keydown", move |e: web_sys::KeyboardEvent| {
        let Some(key) = Key::from_dom(&e.key()) else { return };
        let used = with(|em| {
            if !em.p.interactive || em.p.position.is_none() {
                return false;
            }
            let at = em.cursor.or(em.selected).unwrap_or(Square::MOUNTAIN);
            match key {
                Key::Select => {
                    em.cursor = Some(at);
                    tap(em, at);
                }
                Key::Back => em.selected = None,
                arrow if arrow.is_arrow() => {
                    if let Target::Square(sq) = nav::step(&em.layout, Target::Square(at), arrow) {
                        em.cursor = Some(sq);
                    }
                }
                _ => return false,
            }
            update(em);
            true
        });
        if used == Some(true) {
            e.prevent_default();
        }
    })?;
    listen(doc, "click", move |e: web_sys::Event| {
        let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let Ok(Some(b)) = el.closest("[data-embed]") else { return };
        if b.get_attribute("data-embed").as_deref() == Some("throw") {
            with(|em| {
                em.sticks = Some(Sticks::throw(&mut em.rng));
                em.throws += 1;
                update(em);
            });
        }
    })?;
    // A new fragment (e.g. another language from embed.js) starts the embed afresh.
    listen(window, "hashchange", move |_: web_sys::Event| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    })?;
    listen(window, "resize", move |_: web_sys::Event| {
        with(update);
    })?;
    // What tests and pages may read: window.lauzait.embed().
    if let Ok(api) = js_sys::Reflect::get(window, &"lauzait".into()) {
        let f = Closure::<dyn Fn() -> JsValue>::new(|| {
            with(|em| js_sys::JSON::parse(&state(em).to_string()).unwrap_or(JsValue::NULL)).unwrap_or(JsValue::NULL)
        });
        let _ = js_sys::Reflect::set(&api, &"embed".into(), f.as_ref());
        f.forget();
    }
    Ok(())
}

fn tap(em: &mut Embed, sq: Square) {
    if !em.p.interactive {
        return;
    }
    let has_piece = em.p.position.as_ref().is_some_and(|p| p.board.get(sq).is_some());
    em.selected = if has_piece && em.selected != Some(sq) { Some(sq) } else { None };
}

fn state(em: &Embed) -> serde_json::Value {
    // The marks as drawn: read from the scene the board is drawn from.
    let scene = em.p.position.as_ref().map(|pos| scene(em, pos));
    let marked = |water_only: bool| -> Vec<String> {
        let Some(scene) = &scene else { return Vec::new() };
        let marked = |sq: &Square| scene.cell(*sq).destination.is_some_and(|d| d.water || !water_only);
        Square::all().filter(marked).map(|sq| sq.to_string()).collect()
    };
    let (dests, water) = (marked(false), marked(true));
    let squares: serde_json::Map<String, serde_json::Value> = Square::all()
        .map(|sq| {
            let r = em.layout.square(sq);
            let b = em.canvas.get_bounding_client_rect();
            (sq.to_string(), json!({"x": r.x + b.left(), "y": r.y + b.top(), "w": r.w, "h": r.h}))
        })
        .collect();
    json!({
        "demo": format!("{:?}", em.p.demo),
        "interactive": em.p.interactive,
        "position": em.p.position.as_ref().map(|p| p.to_string()),
        "selected": em.selected.map(|s| s.to_string()),
        "destinations": dests,
        "water": water,
        "sticks": em.sticks.map(|s| s.0.to_vec()),
        "darkFaces": em.sticks.map(|s| s.dark_faces()),
        "throws": em.throws,
        "error": em.p.error,
        "draws": em.draws,
        "squares": if em.p.position.is_some() { serde_json::Value::Object(squares) } else { serde_json::Value::Null },
        "caption": em.doc.get_element_by_id("actions").and_then(|a| a.text_content()),
    })
}

/// Redraws the board and the caption, and tells the parent page the new height.
fn update(em: &mut Embed) {
    if let Some(actions) = em.doc.get_element_by_id("actions") {
        actions.set_inner_html(&caption(em));
        piece::paint_tiles(&actions, em.window.device_pixel_ratio().clamp(1.0, 4.0));
    }
    draw(em);
    em.draws += 1;
    // The content's own height (the document's would never shrink below the frame's).
    let height = em.doc.get_element_by_id("app").map_or(0.0, |r| r.get_bounding_client_rect().height().ceil());
    if let Ok(Some(parent)) = em.window.parent() {
        if parent != em.window {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"lauzait".into(), &"embed-size".into());
            let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from_f64(height));
            let _ = parent.post_message(&msg, "*");
        }
    }
}

fn caption(em: &Embed) -> String {
    let l = em.lang;
    let mut out = String::new();
    if let Some(e) = &em.p.error {
        out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\" role=\"alert\">{}</p>", esc(e)));
    }
    match em.p.demo {
        Demo::None | Demo::Moves(_) => {
            // What the position says beyond the board: Season, Day, turn, luminous piece.
            if let (Some(p), Demo::None) = (&em.p.position, em.p.demo) {
                let seat = i18n::seat_name(l, p.players[p.to_move].seat);
                let arrow = super::view::palette::direction_arrow(p.direction);
                let lum = p.luminous.map(|x| i18n::piece(l, x));
                let text = words::position_info(l, p.season, p.day, seat, arrow, lum.as_deref());
                out.push_str(&format!("<p id=\"embed-info\" class=\"note\">{}</p>", esc(&text)));
            }
            if let (Some(p), Some(sq)) = (&em.p.position, em.selected) {
                let dests = sq.destinations();
                let water = dests.iter().filter(|d| d.is_water()).count();
                let piece = p.board.get(sq).map(|x| i18n::piece(l, x)).unwrap_or_default();
                let moves = if sq.is_mountain() { words::mountain_moves } else { words::moves };
                let text = moves(l, &piece, sq, dests.len(), water);
                out.push_str(&format!("<p id=\"embed-caption\">{}</p>", esc(&text)));
            } else if em.p.interactive && em.p.position.is_some() {
                out.push_str(&format!("<p id=\"embed-caption\" class=\"note\">{}</p>", words::tap_hint(l)));
            }
        }
        Demo::Throw => {
            if let Some(st) = em.sticks {
                out.push_str(&format!("<div class=\"sticks\" id=\"embed-sticks\">{}</div>", stick_faces(st.0)));
                let n = st.dark_faces();
                let text = words::throw_result(l, n.into(), st.lets_piece_arrive());
                out.push_str(&format!(
                    "<p id=\"embed-caption\">{}</p><button data-embed=\"throw\" id=\"embed-throw\">{}</button>",
                    esc(&text),
                    words::throw_again(l)
                ));
            }
        }
        Demo::Readings => {
            let players = em.p.players();
            let text = em.p.get("pieces").unwrap_or("JG3G5");
            match three_pieces(text) {
                Err(e) => out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\">pieces: {}</p>", esc(&e))),
                Ok(pieces) => {
                    let rs = crate::engine::sets::readings(pieces, players);
                    out.push_str(&format!(
                        "<p class=\"tiles\">{}</p>",
                        pieces.iter().map(|&p| tile(l, p, false)).collect::<String>()
                    ));
                    if rs.is_empty() {
                        out.push_str(&format!("<p id=\"embed-caption\">{}</p>", words::no_set(l)));
                    } else {
                        out.push_str(&format!(
                            "<p id=\"embed-caption\">{}</p><table class=\"scores\" id=\"embed-readings\">",
                            esc(&words::readings(l, rs.len()))
                        ));
                        for r in &rs {
                            out.push_str(&format!(
                                "<tr><td>{}</td><td>{}</td><td class=\"n\">+{}</td></tr>",
                                r.reading.pieces().iter().map(|&p| tile(l, p, false)).collect::<String>(),
                                esc(i18n::reading_kind(l, r.reading.kind())),
                                r.bonus
                            ));
                        }
                        out.push_str("</table>");
                    }
                }
            }
        }
        Demo::Scoring => {
            let players = em.p.players();
            let text = em.p.get("hand").unwrap_or("G1G2G3G4G5G6W7W7W7");
            let lum = em.p.get("lum").and_then(|p| p.parse::<Piece>().ok());
            match pieces_in(text) {
                Err(e) => out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\">hand: {}</p>", esc(&e))),
                Ok(hand) => {
                    out.push_str(&format!(
                        "<p class=\"tiles\">{}",
                        hand.iter().map(|&p| tile(l, p, false)).collect::<String>()
                    ));
                    if let Some(lp) = lum {
                        out.push_str(&format!(" · {} {}", words::luminous(l), tile(l, lp, false)));
                    }
                    out.push_str("</p>");
                    let counts: PieceCounts = hand.iter().copied().collect();
                    match crate::engine::scoring::best_declaration(&counts, &[], lum, players) {
                        None => out.push_str(&format!("<p id=\"embed-caption\">{}</p>", words::cannot_declare(l))),
                        Some(pats) => {
                            out.push_str(&patterns_table(l, &pats, lum.is_some(), "embed-patterns"));
                        }
                    }
                }
            }
        }
    }
    out
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
fn draw(em: &mut Embed) {
    let Some(pos) = em.p.position.as_ref() else { return };
    let dpr = em.window.device_pixel_ratio().clamp(1.0, 4.0);
    let (w, h) = (em.canvas.client_width().max(1) as f64, em.canvas.client_height().max(1) as f64);
    em.canvas.set_width((w * dpr).round() as u32);
    em.canvas.set_height((h * dpr).round() as u32);
    let s = w.min(h);
    let frame = Rect::new((w - s) / 2.0, (h - s) / 2.0, s, s);
    let grid = frame.inset((s * 0.075).max(14.0));
    em.layout = Layout { w, h, frame, grid, cell: grid.w / 5.0, ..Layout::default() };
    let pen = &em.pen;
    pen.forget();
    let _ = pen.ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    pen.fill_rect(Rect::new(0.0, 0.0, w, h), "#f4efe1");
    board::draw(pen, &em.layout, &scene(em, pos));
}
