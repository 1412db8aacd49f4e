//! A button's activation that survives a repaint under the finger.
//!
//! The pages repaint a region by replacing its markup (`view::html::set_if_changed`), so a
//! button pressed just before a repaint (a worker's answer, a timer) is a new element by the
//! time the pointer is released. Chromium then sends no `click` at all — measured: a mouse
//! press on a button whose markup is replaced between `pointerdown` and `pointerup` gives no
//! click event — and the person's tap is lost. [`on_activation`] remembers the pressed
//! button's key on `pointerdown`; when the release lands on a button of the same key that is
//! not the pressed element (that one having left the page), it activates that key itself.
//! A browser that still sends a pointer's click for that press would count the tap twice, so
//! such a click is swallowed; a keyboard's click (`detail` 0) never is.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event, EventTarget, PointerEvent, UiEvent};

/// The element a press or click activates, and its key, found from the event's target
/// (the button itself, or an element inside it).
pub type KeyOf = fn(&Element) -> Option<(Element, String)>;

#[derive(Default)]
struct Press {
    /// The button under the pointer when it went down.
    pressed: Option<(Element, String)>,
    /// The key activated at the release, while its click may still come.
    activated_on_release: Option<String>,
}

impl Press {
    /// The key to activate for `e`, if any, keeping what the next events need to know.
    fn on(&mut self, e: &Event, key_of: KeyOf) -> Option<String> {
        let target = e.target()?.dyn_into::<Element>().ok()?;
        match e.type_().as_str() {
            "pointerdown" => {
                if e.unchecked_ref::<PointerEvent>().is_primary() {
                    *self = Press { pressed: key_of(&target), activated_on_release: None };
                }
                None
            }
            "pointerup" => {
                let (pressed, key) = self.pressed.take()?;
                // Still on the page: the browser's own click follows.
                let (released, released_key) = key_of(&target).filter(|_| !pressed.is_connected())?;
                if released_key != key || released.has_attribute("disabled") {
                    return None;
                }
                self.activated_on_release = Some(key.clone());
                Some(key)
            }
            _ => {
                let (_, key) = key_of(&target)?;
                let from_pointer = e.unchecked_ref::<UiEvent>().detail() != 0;
                let already = self.activated_on_release.take();
                (!from_pointer || already.as_ref() != Some(&key)).then_some(key)
            }
        }
    }
}

/// Calls `activate` once for every activation of a button inside `root`, by a click, the
/// keyboard, or a tap whose button was repainted under it. (One handler for the three
/// events: each closure handed to the browser costs the page's module its own glue.)
pub fn on_activation(
    root: &EventTarget,
    key_of: KeyOf,
    mut activate: impl FnMut(String, &Event) + 'static,
) -> Result<(), JsValue> {
    let mut press = Press::default();
    let handler = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
        if let Some(key) = press.on(&e, key_of) {
            activate(key, &e);
        }
    });
    for kind in ["pointerdown", "pointerup", "click"] {
        root.add_event_listener_with_callback(kind, handler.as_ref().unchecked_ref())?;
    }
    handler.forget();
    Ok(())
}
