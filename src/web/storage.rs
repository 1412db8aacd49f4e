//! The save in `localStorage`, under one key (its format and checks: `ui::save`), and the
//! lessons' progress under its own ([`PROGRESS_KEY`], `ui::learn`). No other key is ever
//! read, written or removed.

use super::events::{listen, Sink};
use crate::ui::learn::PROGRESS_KEY;
use crate::ui::save::{self, Loaded, KEY};

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The stored save, read and checked.
pub fn load() -> Loaded {
    match storage().map(|s| s.get_item(KEY)) {
        Some(Ok(Some(text))) => save::parse(&text),
        _ => Loaded::Nothing,
    }
}

/// Writes the save; an error says why it could not be written (storage full or blocked).
pub fn write(text: &str) -> Result<(), String> {
    let store = storage().ok_or("storage is not available")?;
    store.set_item(KEY, text).map_err(|_| "storage is full or blocked".to_string())
}

/// The lessons' progress as stored (empty when there is none).
pub fn load_progress() -> String {
    match storage().map(|s| s.get_item(PROGRESS_KEY)) {
        Some(Ok(Some(text))) => text,
        _ => String::new(),
    }
}

/// Writes the lessons' progress (never the save's key).
pub fn write_progress(text: &str) -> Result<(), String> {
    let store = storage().ok_or("storage is not available")?;
    store.set_item(PROGRESS_KEY, text).map_err(|_| "storage is full or blocked".to_string())
}

/// Removes the save (only our key).
pub fn clear() {
    if let Some(store) = storage() {
        let _ = store.remove_item(KEY);
    }
}

/// Another tab of this page writing the save (the browser's `storage` event fires in the
/// other tabs only) becomes [`Msg::SavedElsewhere`](crate::ui::Msg::SavedElsewhere).
pub fn watch(window: &web_sys::Window, sink: Sink) -> Result<(), wasm_bindgen::JsValue> {
    listen(window, "storage", move |e: web_sys::StorageEvent| {
        if e.key().as_deref() == Some(KEY) {
            sink(crate::ui::Msg::SavedElsewhere(e.new_value().unwrap_or_default()));
        }
    })
}
