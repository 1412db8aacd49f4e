//! Input: pointer events on the canvas (mouse, touch and pen alike — no hover-only cues),
//! the keyboard, the buttons (one delegated click listener reading `data-intent`), the
//! new-game form fields and window resizes. Every handler changes the app, then the DOM
//! is synchronised and one frame is requested.

pub mod hit;
pub mod nav;

use super::app::Overlay;
use super::{after_change, listen, with_app};
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlInputElement, KeyboardEvent, PointerEvent};

/// Where the pointer went down, to accept a tap only if it ends on the same target.
#[derive(Clone, Copy)]
struct Down {
    x: f64,
    y: f64,
}

/// The last input handled: what it was, when the browser created the event and when its
/// handler finished (both `performance.now()` milliseconds), and whether a computer player
/// was thinking then. `window.lauzait.state().input` reports it, so that a test can check
/// the page answers input at once while the computer players think in their worker.
#[derive(Clone, Debug)]
pub struct InputRecord {
    pub kind: String,
    pub event_at: f64,
    pub handled_at: f64,
    pub thinking: bool,
}

thread_local! {
    static DOWN: std::cell::Cell<Option<Down>> = const { std::cell::Cell::new(None) };
    static LAST_INPUT: std::cell::RefCell<Option<InputRecord>> = const { std::cell::RefCell::new(None) };
}

pub fn last_input() -> Option<InputRecord> {
    LAST_INPUT.with(|l| l.borrow().clone())
}

fn record_input(app: &super::app::App, kind: String, e: &Event) {
    let handled_at = app.window.performance().map_or(0.0, |p| p.now());
    let record = InputRecord { kind, event_at: e.time_stamp(), handled_at, thinking: app.thinking() };
    LAST_INPUT.with(|l| *l.borrow_mut() = Some(record));
}

fn canvas_point(canvas: &web_sys::HtmlCanvasElement, e: &PointerEvent) -> (f64, f64) {
    let r = canvas.get_bounding_client_rect();
    (e.client_x() as f64 - r.left(), e.client_y() as f64 - r.top())
}

pub fn install(
    doc: &web_sys::Document,
    window: &web_sys::Window,
    canvas: &web_sys::HtmlCanvasElement,
) -> Result<(), wasm_bindgen::JsValue> {
    // Pointer down/up on the canvas: a tap.
    {
        let c = canvas.clone();
        listen(&canvas, "pointerdown", move |e: PointerEvent| {
            if !e.is_primary() {
                return;
            }
            let (x, y) = canvas_point(&c, &e);
            DOWN.with(|d| d.set(Some(Down { x, y })));
        })?;
    }
    {
        let c = canvas.clone();
        listen(&canvas, "pointerup", move |e: PointerEvent| {
            if !e.is_primary() {
                return;
            }
            let (x, y) = canvas_point(&c, &e);
            let Some(d) = DOWN.with(|d| d.take()) else { return };
            with_app(|app| {
                let a = hit::hit(&app.layout, d.x, d.y);
                let b = hit::hit(&app.layout, x, y);
                if a.is_some() && a == b {
                    app.show_focus = false;
                    app.focus = b;
                    app.tap(b.expect("checked"));
                    after_change(app);
                }
            });
        })?;
        listen(&canvas, "pointercancel", move |_e: Event| DOWN.with(|d| d.set(None)))?;
    }
    // Buttons anywhere: one delegated listener.
    {
        listen(&doc, "click", move |e: Event| {
            let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
            let Ok(Some(el)) = target.closest("[data-intent]") else { return };
            let Some(intent) = el.get_attribute("data-intent") else { return };
            e.prevent_default();
            with_app(|app| {
                app.intent(&intent);
                after_change(app);
                record_input(app, format!("click:{intent}"), &e);
            });
        })?;
    }
    // The new-game form's fields.
    {
        listen(&doc, "input", move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
            let id = input.id();
            with_app(|app| {
                let seat = |code: &str| ["red", "blue", "black", "yellow"].iter().position(|s| *s == code);
                if let Some(code) = id.strip_prefix("ng-seat-") {
                    if let Some(i) = seat(code) {
                        app.draft.seats[i] = input.checked();
                        app.draft.error = false;
                        after_change(app);
                    }
                } else if let Some(code) = id.strip_prefix("ng-name-") {
                    // No redraw while typing: the caret stays where it is.
                    if let Some(i) = seat(code) {
                        app.draft.names[i] = input.value();
                    }
                } else if id == "ng-luminous" {
                    app.draft.luminous = input.checked();
                    after_change(app);
                } else if id == "ng-open" {
                    app.open_hands = input.checked();
                    app.save();
                    after_change(app);
                }
            });
        })?;
    }
    // Keyboard.
    {
        listen(&doc, "keydown", move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key();
            let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
            let tag = active.as_ref().map(|a| a.tag_name().to_ascii_lowercase()).unwrap_or_default();
            let typing = tag == "input" || tag == "textarea" || tag == "select";
            let on_control = typing || tag == "button";
            with_app(|app| {
                let handled = if app.overlay != Overlay::None {
                    // Dialogs: buttons work natively; Escape closes what can be closed.
                    if key == "Escape" {
                        app.close_overlay();
                        true
                    } else {
                        false
                    }
                } else if typing || (on_control && (key == "Enter" || key == " ")) {
                    false
                } else {
                    app.key(&key)
                };
                if handled {
                    e.prevent_default();
                    after_change(app);
                }
                record_input(app, format!("key:{key}"), &e);
            });
        })?;
    }
    // Resizes (orientation changes included).
    {
        listen(&window, "resize", move |_: web_sys::Event| {
            with_app(after_change);
        })?;
    }
    Ok(())
}
