//! What a browser's error says, read from whatever was thrown: a `DOMException` or an
//! `Error` has a `name` and a `message`; anything else may be a plain string. A page shows
//! it only after its own words, never as Rust's debug text of a `JsValue`.

use js_sys::Reflect;
use wasm_bindgen::JsValue;

pub struct JsError {
    /// `QuotaExceededError`, `SecurityError`, `NotSupportedError`… (empty when none).
    pub name: String,
    pub message: String,
}

impl JsError {
    pub fn read(e: &JsValue) -> JsError {
        let field = |name: &str| Reflect::get(e, &name.into()).ok().and_then(|v| v.as_string());
        let name = field("name").unwrap_or_default();
        let message = field("message").or_else(|| e.as_string()).unwrap_or_default();
        JsError { name, message }
    }

    /// The message, or the name when the browser gave no message.
    pub fn text(&self) -> &str {
        if self.message.is_empty() {
            &self.name
        } else {
            &self.message
        }
    }
}
