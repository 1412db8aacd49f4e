//! Input: pointer events on the canvas (mouse, touch and pen alike — no hover-only cues),
//! the keyboard, the buttons (one delegated listener reading `data-intent`), the
//! new-game form fields and window resizes. Every handler only turns its event into a
//! [`Msg`] and dispatches it.

use super::activation::on_activation;
use super::events::listen;
use super::shell::{dispatch, with_shell};
use lauzait_ui::drill::DrillMsg;
use lauzait_ui::form_field::FormField;
use lauzait_ui::model::Overlay;
use lauzait_ui::records::{RecordsIntent, RecordsMsg};
use lauzait_ui::{hit, Intent, Key, Msg};
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
/// the page answers input at once while the computer players think in their worker. Only the
/// tests' build keeps it: the site as shipped has nobody to report it to.
#[cfg(feature = "test-hooks")]
#[derive(Clone, Debug)]
pub struct InputRecord {
    pub kind: String,
    pub event_at: f64,
    pub handled_at: f64,
    pub thinking: bool,
}

thread_local! {
    static DOWN: std::cell::Cell<Option<Down>> = const { std::cell::Cell::new(None) };
}

#[cfg(feature = "test-hooks")]
thread_local! {
    static LAST_INPUT: std::cell::RefCell<Option<InputRecord>> = const { std::cell::RefCell::new(None) };
}

#[cfg(feature = "test-hooks")]
pub fn last_input() -> Option<InputRecord> {
    LAST_INPUT.with(|l| l.borrow().clone())
}

/// Notes `what` of `kind` (`click`, `key`) as the last input handled, in the tests' build.
#[cfg(feature = "test-hooks")]
fn record_input(kind: &str, what: &str, e: &Event) {
    with_shell(|shell| {
        let kind = format!("{kind}:{what}");
        let record =
            InputRecord { kind, event_at: e.time_stamp(), handled_at: shell.now(), thinking: shell.model.thinking() };
        LAST_INPUT.with(|l| *l.borrow_mut() = Some(record));
    });
}

#[cfg(not(feature = "test-hooks"))]
fn record_input(_kind: &str, _what: &str, _e: &Event) {}

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
        listen(canvas, "pointerdown", move |e: PointerEvent| {
            if !e.is_primary() {
                return;
            }
            let (x, y) = canvas_point(&c, &e);
            DOWN.with(|d| d.set(Some(Down { x, y })));
        })?;
    }
    {
        let c = canvas.clone();
        listen(canvas, "pointerup", move |e: PointerEvent| {
            if !e.is_primary() {
                return;
            }
            let (x, y) = canvas_point(&c, &e);
            let Some(d) = DOWN.with(|d| d.take()) else { return };
            let target = with_shell(|shell| {
                let a = hit::hit(&shell.model.device.layout, d.x, d.y);
                let b = hit::hit(&shell.model.device.layout, x, y);
                a.filter(|_| a == b)
            });
            if let Some(Some(target)) = target {
                dispatch(Msg::Tap(target));
            }
        })?;
        listen(canvas, "pointercancel", move |_e: Event| DOWN.with(|d| d.set(None)))?;
    }
    // Buttons anywhere: one delegated listener (a tap whose button was repainted under it
    // counts too, `activation`).
    on_activation(doc, with_intent, |code, e| {
        e.prevent_default();
        match Intent::parse(&code) {
            // The pasted record is in a field the model does not hold.
            Ok(Intent::Records(RecordsIntent::ImportPasted)) => {
                let text = with_shell(|shell| super::records::pasted_text(&shell.doc)).unwrap_or_default();
                dispatch(Msg::Records(RecordsMsg::Import(text)));
            }
            // The drill's typed total is in a field the model does not hold.
            Ok(Intent::Drill(DrillMsg::ReadTyped)) => dispatch_typed_total(),
            Ok(intent) => dispatch(Msg::Intent(intent)),
            Err(why) => web_sys::console::warn_1(&format!("lauzait: {why}").into()),
        }
        record_input("click", &code, e);
    })?;
    // The new-game form's fields.
    {
        listen(doc, "input", move |e: Event| {
            let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
            let Some(field) = FormField::parse(&input.id()) else { return };
            dispatch(field.message(input.checked(), input.value()));
        })?;
    }
    // Keyboard.
    {
        listen(doc, "keydown", move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key();
            let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
            let tag = active.as_ref().map(|a| a.tag_name().to_ascii_lowercase()).unwrap_or_default();
            let typing = tag == "input" || tag == "textarea" || tag == "select";
            let on_control = typing || tag == "button";
            let dialog = with_shell(|shell| shell.model.overlay != Overlay::None).unwrap_or(false);
            let in_drill_field = active.as_ref().is_some_and(|a| a.id() == "drill-points");
            let msg = if dialog && in_drill_field && key == "Enter" {
                e.prevent_default();
                dispatch_typed_total();
                None
            } else if dialog {
                // Dialogs: buttons work natively; Escape closes what can be closed.
                (key == "Escape").then_some(Msg::DialogEscape)
            } else if typing || (on_control && (key == "Enter" || key == " ")) {
                None
            } else {
                Key::from_dom(&key).map(Msg::Key)
            };
            if let Some(msg) = msg {
                e.prevent_default();
                dispatch(msg);
            }
            record_input("key", &key, &e);
        })?;
    }
    // Resizes (orientation changes included).
    {
        listen(window, "resize", move |_: web_sys::Event| {
            dispatch(Msg::Tick);
        })?;
    }
    Ok(())
}

/// The element with a `data-intent` that `el` is or is inside, and its intent's code.
fn with_intent(el: &Element) -> Option<(Element, String)> {
    let el = el.closest("[data-intent]").ok()??;
    let code = el.get_attribute("data-intent")?;
    Some((el, code))
}

/// Sends the total typed in the drill's field, as read (the model judges it).
fn dispatch_typed_total() {
    let text = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("drill-points"))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default();
    dispatch(Msg::Intent(Intent::Drill(DrillMsg::typed(&text))));
}
