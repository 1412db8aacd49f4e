//! The browser game (wasm32 only): pass-and-play Lauzait Cep! on one device.
//!
//! Architecture:
//! - [`app`]: the state (game, names, screen, selection) and every intent → engine action;
//!   rule questions always go to the engine.
//! - [`view`]: drawing — the canvas (board, pieces, panels, hand, sticks) and the DOM
//!   (status line, action bar, dialogs).
//! - [`input`]: pointer, keyboard, buttons and form fields → intents; hit testing.
//! - [`storage`]: autosave to `localStorage` and the careful load.
//! - [`i18n`]: English and Japanese. [`a11y`]: the ARIA live region.
//! - [`automation`]: `window.lauzait`, what tests read (state and rectangles).
//! - [`bots`]: the computer players' Web Worker (started on first use), their pace and the
//!   timer; [`worker`]: the worker's own side (the `lauzait-bot-worker` binary).
//!
//! Redraw on change: every handler ends in [`after_change`], which lets the computer
//! players take a step that is due ([`App::drive`]), syncs the DOM and asks for one
//! animation frame; frames keep coming only while the sticks are thrown.

pub mod a11y;
pub mod app;
pub mod automation;
pub mod bots;
pub mod embed;
pub mod i18n;
pub mod input;
pub mod records;
pub mod storage;
pub mod view;
pub mod worker;

use app::App;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlElement};

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
    static FRAME: RefCell<Option<Closure<dyn FnMut(f64)>>> = const { RefCell::new(None) };
    static DOM: RefCell<DomCache> = RefCell::new(DomCache::default());
}

/// The last HTML put into each region, so that unchanged regions are not rebuilt (which
/// would lose keyboard focus and the caret).
#[derive(Default)]
struct DomCache {
    bar: String,
    actions: String,
    overlay: String,
}

/// Runs `f` with the app, unless it is already in use (a re-entrant event) or not started.
pub fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok()?;
        guard.as_mut().map(f)
    })
}

/// Calls `handler` on every `kind` event at `target` for as long as the page lives (so the
/// closure is handed over to JavaScript for good).
pub fn listen<E>(target: &web_sys::EventTarget, kind: &str, handler: impl FnMut(E) + 'static) -> Result<(), JsValue>
where
    E: wasm_bindgen::convert::FromWasmAbi + 'static,
{
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref())?;
    closure.forget();
    Ok(())
}

/// Entry point called by the `lauzait-web` binary's `main`.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        web_sys::console::error_1(&format!("lauzait: {text}").into());
        show_fatal(&text);
    }));
    if let Err(e) = try_start() {
        web_sys::console::error_2(&JsValue::from_str("lauzait: start failed:"), &e);
    }
}

/// Last resort: a message instead of a blank page.
fn show_fatal(text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(overlay) = doc.get_element_by_id("overlay") {
        overlay.set_inner_html(&format!(
            "<div class=\"card\" role=\"alertdialog\"><h2>Lauzait Cep!</h2><p class=\"errorbox\">Something went wrong: {}</p>\
             <p>Reload the page to continue; the game is saved after every action.</p></div>",
            view::screens::esc(text)
        ));
        let _ = overlay.remove_attribute("hidden");
    }
}

fn try_start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let doc = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = doc.get_element_by_id("board").ok_or("no <canvas id=\"board\">")?.dyn_into()?;
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    automation::install(&window)?;
    // `#embed=…` / `#position=…`: one board, no game app and no saved game (embed.rs).
    if embed::wanted(&window) {
        return embed::start(window, doc, canvas);
    }
    let app = App::new(window.clone(), doc.clone(), canvas.clone(), view::pen::Pen::new(ctx));
    APP.with(|cell| *cell.borrow_mut() = Some(app));

    let frame = Closure::<dyn FnMut(f64)>::new(move |_t: f64| {
        with_app(|app| {
            app.frame_pending = false;
            if view::fit_canvas(app) {
                app.relayout();
            }
            let now = app.window.performance().map_or(0.0, |p| p.now());
            let animating = app.tick(now);
            view::render(app, now);
            if animating {
                request_frame(app);
            }
        });
    });
    FRAME.with(|f| *f.borrow_mut() = Some(frame));
    input::install(&doc, &window, &canvas)?;
    records::install(&doc)?;

    with_app(|app| {
        records::open_fragment(app);
        after_change(app);
        // The first frame is drawn now, so that the page is interactive at once.
        view::fit_canvas(app);
        app.relayout();
        let now = app.window.performance().map_or(0.0, |p| p.now());
        view::render(app, now);
    });
    automation::set_ready(&window);
    Ok(())
}

/// Asks for one animation frame (if none is pending).
pub fn request_frame(app: &mut App) {
    if app.frame_pending {
        return;
    }
    FRAME.with(|f| {
        if let Some(cb) = f.borrow().as_ref() {
            if app.window.request_animation_frame(cb.as_ref().unchecked_ref()).is_ok() {
                app.frame_pending = true;
            }
        }
    });
}

/// After any change: a computer player's step that is due is taken (or its timer set), the
/// DOM follows the state, the layout follows the canvas size, and one frame is requested.
pub fn after_change(app: &mut App) {
    app.drive();
    sync_dom(app);
    if view::fit_canvas(app) {
        app.relayout();
    }
    request_frame(app);
}

fn set_html(el: &Element, cached: &mut String, html: String) -> bool {
    if *cached == html {
        return false;
    }
    el.set_inner_html(&html);
    *cached = html;
    true
}

/// Rebuilds the status bar, the action bar and the dialog from the state (only what
/// changed), keeping keyboard focus where it was when possible.
pub fn sync_dom(app: &mut App) {
    let doc = app.doc.clone();
    let active_id = doc.active_element().map(|e| e.id()).unwrap_or_default();
    if let Some(root) = doc.document_element() {
        let _ = root.set_attribute("lang", app.lang.code());
    }
    doc.set_title(i18n::s(app.lang, i18n::S::Title));
    let overlay_html = view::screens::overlay_html(app);
    let (bar, actions, overlay) =
        (doc.get_element_by_id("bar"), doc.get_element_by_id("actions"), doc.get_element_by_id("overlay"));
    let mut overlay_changed = false;
    let mut overlay_closed = false;
    DOM.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(bar) = &bar {
            set_html(bar, &mut cache.bar, view::controls::bar_html(app));
        }
        if let Some(actions) = &actions {
            set_html(actions, &mut cache.actions, view::controls::actions_html(app));
        }
        if let Some(ov) = &overlay {
            match &overlay_html {
                Some((html, opaque)) => {
                    overlay_changed = set_html(ov, &mut cache.overlay, html.clone());
                    let _ = ov.remove_attribute("hidden");
                    let _ = ov.class_list().toggle_with_force("opaque", *opaque);
                }
                None => {
                    overlay_closed = !cache.overlay.is_empty();
                    set_html(ov, &mut cache.overlay, String::new());
                    let _ = ov.set_attribute("hidden", "");
                }
            }
        }
    });
    if overlay_changed {
        if let Some(ov) = &overlay {
            view::paint_tiles(app, ov);
        }
    }
    // While a dialog is up, the page under it takes no focus, clicks or taps.
    if let Some(root) = doc.get_element_by_id("app") {
        let _ = root.toggle_attribute_with_force("inert", overlay_html.is_some());
    }
    // The board's accessible name follows the state.
    let _ = app.canvas.set_attribute("aria-label", &board_label(app));
    // Focus: the same control as before if it still exists, else the dialog's default
    // button, else the board.
    let focused_now = doc.active_element().map(|e| e.id()).unwrap_or_default();
    if overlay_changed {
        let target = overlay.as_ref().and_then(|ov| {
            if !active_id.is_empty() {
                if let Ok(Some(el)) = ov.query_selector(&format!("#{active_id}")) {
                    return Some(el);
                }
            }
            ov.query_selector("[data-autofocus]").ok().flatten()
        });
        if let Some(el) = target.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = el.focus();
        }
    } else if focused_now != active_id && !active_id.is_empty() {
        if let Some(el) = doc.get_element_by_id(&active_id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = el.focus();
        } else if overlay_closed || app.overlay == app::Overlay::None {
            let _ = app.canvas.focus();
        }
    } else if overlay_closed {
        let _ = app.canvas.focus();
    }
}

fn board_label(app: &App) -> String {
    let lang = app.lang;
    let mut label = match lang {
        i18n::Lang::En => "Lauzait Cep! board. ".to_string(),
        i18n::Lang::Ja => "ラウツァイト・セプの盤。".to_string(),
    };
    label.push_str(&app.prompt());
    label.push(' ');
    label.push_str(i18n::s(lang, i18n::S::Shortcuts));
    label
}
