//! A `window` object the browser tests read (`window.__table`, `window.__remote`): lists the
//! page appends to, values it sets, and its state, read when asked. The test build's only
//! (feature `test-hooks`): the pages' hooks (`table::stats`, `remote::hooks`) call it there and
//! nothing in the shipped site.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// How many entries each list keeps: a whole game's traffic, many times over; the oldest go
/// first, so that a peer flooding the page with messages cannot grow a list without end.
const MAX_ENTRIES: u32 = 4096;

/// The object `window[name]`, made when first used.
pub struct HookObject(pub &'static str);

impl HookObject {
    fn root(&self) -> Option<Object> {
        let w = web_sys::window()?;
        let existing = Reflect::get(&w, &self.0.into()).ok().filter(|v| v.is_object());
        Some(match existing {
            Some(v) => v.into(),
            None => {
                let o = Object::new();
                let _ = Reflect::set(&w, &self.0.into(), &o);
                o
            }
        })
    }

    /// Appends `value` to the list `list`.
    pub fn push(&self, list: &str, value: &JsValue) {
        let Some(r) = self.root() else { return };
        let arr = Reflect::get(&r, &list.into()).ok().filter(|v| v.is_array()).map(Array::unchecked_from_js);
        let arr = arr.unwrap_or_else(|| {
            let a = Array::new();
            let _ = Reflect::set(&r, &list.into(), &a);
            a
        });
        if arr.length() >= MAX_ENTRIES {
            arr.shift();
        }
        arr.push(value);
    }

    /// Sets `key` to `value`.
    pub fn set(&self, key: &str, value: &JsValue) {
        if let Some(r) = self.root() {
            let _ = Reflect::set(&r, &key.into(), value);
        }
    }

    /// `state` as a getter: asked when a test reads it, so it is always current without
    /// costing the page anything per change.
    pub fn state_from(&self, state: impl Fn() -> String + 'static) {
        let Some(r) = self.root() else { return };
        let get = Closure::<dyn Fn() -> JsValue>::new(move || JsValue::from_str(&state()));
        let descriptor = Object::new();
        let _ = Reflect::set(&descriptor, &"get".into(), get.as_ref());
        let _ = Reflect::set(&descriptor, &"configurable".into(), &JsValue::TRUE);
        Object::define_property(&r, &"state".into(), &descriptor);
        get.forget();
    }
}
