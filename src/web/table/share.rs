//! A pairing link handed on as text: copied to the clipboard, or offered to the device's
//! share sheet (the Web Share API, where the browser has one).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

fn navigator() -> Option<web_sys::Navigator> {
    web_sys::window().map(|w| w.navigator())
}

/// Whether the browser has a share sheet to offer a link to.
pub fn can_share() -> bool {
    navigator().is_some_and(|n| js_sys::Reflect::has(&n, &"share".into()).unwrap_or(false))
}

/// Copies `text` to the clipboard; true once the browser has.
pub async fn copy(text: &str) -> bool {
    let Some(nav) = navigator() else { return false };
    JsFuture::from(nav.clipboard().write_text(text)).await.is_ok()
}

/// Offers `url` under `title` to the share sheet. A person closing the sheet is no fault,
/// so its answer is not waited for.
pub fn share(title: &str, url: &str) {
    let Some(nav) = navigator() else { return };
    let Ok(share) = js_sys::Reflect::get(&nav, &"share".into()) else { return };
    let Ok(share) = share.dyn_into::<js_sys::Function>() else { return };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"title".into(), &JsValue::from_str(title));
    let _ = js_sys::Reflect::set(&data, &"url".into(), &JsValue::from_str(url));
    if let Ok(promise) = share.call1(&nav, &data) {
        if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
            wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(promise).await;
            });
        }
    }
}
