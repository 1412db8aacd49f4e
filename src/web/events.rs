//! Where the page's events go: [`listen`] hands a handler to the browser for good, and a
//! [`Sink`] is the function that takes the resulting messages (the shell's `dispatch`),
//! given to the modules that listen so that they need not know the shell.

use lauzait_ui::Msg;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Takes a message from an event, a worker reply or a timer.
pub type Sink = fn(Msg);

/// A new fragment in the address (a link opened in the tab that shows the page) loads
/// nothing by itself: the page is loaded again, so that it opens the new address as a new
/// visit would. An embed (another language from embed.js) and a phone's page (a new invite
/// for its seat) both start afresh this way.
pub fn reload_on_new_fragment(window: &web_sys::Window) -> Result<(), JsValue> {
    listen(window, "hashchange", |_: web_sys::Event| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
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
