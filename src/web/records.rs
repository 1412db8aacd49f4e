//! The records' browser side: reading a chosen file into the import (the replay viewer and
//! the rest of records live in `ui::records`), offering a text for download and copying a
//! link to the clipboard.

use super::events::{listen, Sink};
use lauzait_engine::notation::MAX_RECORD_BYTES;
use lauzait_ui::records::RecordsMsg;
use lauzait_ui::Msg;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Offers `text` for download as `file_name`.
pub fn download(doc: &web_sys::Document, file_name: &str, text: &str) {
    let Ok(a) = doc.create_element("a") else { return };
    let href = format!("data:text/plain;charset=utf-8,{}", lauzait_ui::uri::encode_component(text));
    let _ = a.set_attribute("href", &href);
    let _ = a.set_attribute("download", file_name);
    // Not attached to the page: its click must not reach the page's own click listener
    // (which is running now).
    if let Ok(el) = a.dyn_into::<web_sys::HtmlElement>() {
        el.click();
    }
}

/// Selects the field showing a link and copies its text to the clipboard (where the
/// browser allows it; a refusal is ignored, the field stays selected for a manual copy).
pub fn copy(window: &web_sys::Window, doc: &web_sys::Document, field: &str, text: &str) {
    if let Some(el) = doc.get_element_by_id(field).and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        el.select();
    }
    let nav = window.navigator();
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else { return };
    if clip.is_undefined() {
        return;
    }
    let Ok(write) = js_sys::Reflect::get(&clip, &"writeText".into()) else { return };
    let Ok(f) = write.dyn_into::<js_sys::Function>() else { return };
    if let Ok(p) = f.call1(&clip, &JsValue::from_str(text)).and_then(|p| p.dyn_into::<js_sys::Promise>()) {
        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
        let _ = p.catch(&ignore);
        ignore.forget();
    }
}

/// The text pasted into the import box.
pub fn pasted_text(doc: &web_sys::Document) -> String {
    doc.get_element_by_id("import-text")
        .and_then(|el| el.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|t| t.value())
        .unwrap_or_default()
}

/// Reading a chosen file into the import.
pub fn install(doc: &web_sys::Document, sink: Sink) -> Result<(), JsValue> {
    listen(doc, "change", move |e: web_sys::Event| {
        let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        if input.id() != "import-file" {
            return;
        }
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        // A file larger than any record is refused unread: reading it whole could take the
        // tab's memory.
        if file.size() > MAX_RECORD_BYTES as f64 {
            sink(Msg::Records(RecordsMsg::ImportTooLarge(file.size() as u64)));
            input.set_value("");
            return;
        }
        let done = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
            sink(Msg::Records(RecordsMsg::Import(text.as_string().unwrap_or_default())));
        });
        let _ = file.text().then(&done);
        done.forget();
    })
}
