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
    use crate::web::hook_object::HookObject;
    use wasm_bindgen::JsValue;

    const TABLE: HookObject = HookObject("__table");

    fn push(list: &str, value: JsValue) {
        TABLE.push(list, &value);
    }

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
        TABLE.set("boardAt", &JsValue::from_f64(js_sys::Date::now()));
    }

    /// A guest's button was pressed (wall-clock ms): the start of tap-to-board.
    pub fn tapped() {
        TABLE.set("tapAt", &JsValue::from_f64(js_sys::Date::now()));
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
        TABLE.state_from(state);
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
