//! What table mode measures as it runs (TABLE-PROTOCOL.md, BENCHMARKS.md): bytes of each
//! kind of message, pairing times, when the board last changed, the connection log and the
//! page's state, kept on `window.__table` for the browser tests to read. The test build's
//! only (feature `test-hooks`, as the game's hooks, `web::test_hooks`): it keeps what a
//! phone received and shows the host's tokens to any script of the origin, so the shipped
//! site has none of it, and these calls do nothing there.

#[cfg(feature = "test-hooks")]
pub use hooks::*;
#[cfg(not(feature = "test-hooks"))]
pub use none::*;

#[cfg(feature = "test-hooks")]
mod hooks {
    use js_sys::{Object, Reflect};
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    fn root() -> Option<Object> {
        let w = web_sys::window()?;
        let existing = Reflect::get(&w, &"__table".into()).ok().filter(|v| v.is_object());
        let obj: Object = match existing {
            Some(v) => v.into(),
            None => {
                let o = Object::new();
                let _ = Reflect::set(&w, &"__table".into(), &o);
                o
            }
        };
        Some(obj)
    }

    fn push(list: &str, value: JsValue) {
        let Some(r) = root() else { return };
        let arr = Reflect::get(&r, &list.into()).ok().filter(|v| v.is_array()).map(js_sys::Array::unchecked_from_js);
        let arr = arr.unwrap_or_else(|| {
            let a = js_sys::Array::new();
            let _ = Reflect::set(&r, &list.into(), &a);
            a
        });
        // The oldest go once a list is full, so that a peer flooding the page with messages
        // cannot grow it without end.
        if arr.length() >= MAX_ENTRIES {
            arr.shift();
        }
        arr.push(&value);
    }

    /// How many entries each list keeps: a whole game's traffic, many times over.
    const MAX_ENTRIES: u32 = 4096;

    /// A message this device sent (the host: to any phone): its kind (its tag, written first)
    /// and size.
    pub fn sent(text: &str) {
        let kind = text.strip_prefix("{\"t\":\"").and_then(|rest| rest.split('"').next()).unwrap_or_default();
        push("sent", JsValue::from_str(&format!("{kind}:{}", text.len())));
    }

    /// A message received from a peer (its size; guests keep the texts themselves).
    pub fn received(text: &str) {
        push("received", JsValue::from_f64(text.len() as f64));
    }

    /// A message a guest received, kept whole so a test can read every one.
    pub fn inbox(text: &str) {
        push("inbox", JsValue::from_str(text));
    }

    /// A seat's pairing took `ms` from its code shown to the channel open.
    pub fn paired(ms: f64) {
        push("paired", JsValue::from_f64(ms));
    }

    /// The board was redrawn after a change (wall-clock ms, comparable across pages).
    pub fn board_updated() {
        if let Some(r) = root() {
            let _ = Reflect::set(&r, &"boardAt".into(), &JsValue::from_f64(js_sys::Date::now()));
        }
    }

    /// A guest's button was pressed (wall-clock ms): the start of tap-to-board.
    pub fn tapped() {
        if let Some(r) = root() {
            let _ = Reflect::set(&r, &"tapAt".into(), &JsValue::from_f64(js_sys::Date::now()));
        }
    }

    /// A connection event (a channel opened or closed, a connection's state changed), kept
    /// with its wall-clock time so a failing test shows the order things happened in.
    pub fn event(what: &str) {
        // Whole milliseconds as an integer: the same text as the f64's, without linking core's
        // float formatting into table mode for this one line.
        push("events", JsValue::from_str(&format!("{} {what}", js_sys::Date::now() as u64)));
    }

    /// The page's state as JSON text, for tests: `__table.state` is a getter that asks `state`
    /// when it is read, so it is always current without costing the page anything per message.
    pub fn state_from(state: impl Fn() -> String + 'static) {
        let Some(r) = root() else { return };
        let get = Closure::<dyn Fn() -> JsValue>::new(move || JsValue::from_str(&state()));
        let descriptor = Object::new();
        let _ = Reflect::set(&descriptor, &"get".into(), get.as_ref());
        let _ = Reflect::set(&descriptor, &"configurable".into(), &JsValue::TRUE);
        Object::define_property(&r, &"state".into(), &descriptor);
        get.forget();
    }
}

/// The same calls, doing nothing: the shipped site keeps no log and shows no state.
#[cfg(not(feature = "test-hooks"))]
mod none {
    pub fn sent(_: &str) {}
    pub fn received(_: &str) {}
    pub fn inbox(_: &str) {}
    pub fn paired(_: f64) {}
    pub fn board_updated() {}
    pub fn tapped() {}
    pub fn event(_: &str) {}
    pub fn state_from(_: impl Fn() -> String + 'static) {}
}
