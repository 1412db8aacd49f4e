//! The save in `localStorage`, under one key (its format and checks: `ui::save`), the
//! lessons' progress under its own ([`PROGRESS_KEY`], `ui::learn`) and the finished games
//! kept for your record under a third ([`HISTORY_KEY`], `ui::stats`), the puzzles' progress
//! under a fourth ([`PUZZLES_KEY`], `ui::puzzles`), the player's mistakes' queue under a
//! fifth ([`MINE_KEY`], `ui::puzzles::mine`, kept unread). No other key is ever
//! read, written or removed by the game's page; [`set`] is also table mode's writer, so
//! every page names a refused write the same way.

use super::events::{listen, Sink};
use super::js_error::JsError;
use lauzait_ui::learn::PROGRESS_KEY;
use lauzait_ui::puzzles::mine::MINE_KEY;
use lauzait_ui::puzzles::PROGRESS_KEY as PUZZLES_KEY;
use lauzait_ui::save::{self, Loaded, KEY};
use lauzait_ui::stats::HISTORY_KEY;
use lauzait_ui::storage_refusal::StorageRefusal;
use wasm_bindgen::JsValue;

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

/// Whether the save or the lessons' progress is stored (read, not parsed: the page's
/// loading only asks whether this is a fresh visit, `super::rest`).
pub fn holds_anything() -> bool {
    storage().is_some_and(|s| [KEY, PROGRESS_KEY].iter().any(|key| matches!(s.get_item(key), Ok(Some(_)))))
}

/// Writes `text` under `key`, or says why the browser would not keep it.
pub fn set(key: &str, text: &str) -> Result<(), StorageRefusal> {
    let store = storage().ok_or(StorageRefusal::Unavailable)?;
    store.set_item(key, text).map_err(|e| refusal(&e))
}

/// What the browser's error says: its `name` (a `DOMException`'s) and message.
fn refusal(e: &JsValue) -> StorageRefusal {
    let e = JsError::read(e);
    StorageRefusal::from_error(&e.name, &e.message)
}

/// Writes the save.
pub fn write(text: &str) -> Result<(), StorageRefusal> {
    set(KEY, text)
}

/// The lessons' progress as stored (empty when there is none).
pub fn load_progress() -> String {
    match storage().map(|s| s.get_item(PROGRESS_KEY)) {
        Some(Ok(Some(text))) => text,
        _ => String::new(),
    }
}

/// Writes the lessons' progress (never the save's key).
pub fn write_progress(text: &str) -> Result<(), StorageRefusal> {
    set(PROGRESS_KEY, text)
}

/// The finished games kept, as stored (`None`: none yet).
pub fn load_history() -> Option<String> {
    storage()?.get_item(HISTORY_KEY).ok()?
}

/// Writes the finished games kept (never the save's key).
pub fn write_history(text: &str) -> Result<(), StorageRefusal> {
    set(HISTORY_KEY, text)
}

/// The puzzles' progress, as stored (`None`: none yet).
pub fn load_puzzles() -> Option<String> {
    storage()?.get_item(PUZZLES_KEY).ok()?
}

/// Writes the puzzles' progress or the mistakes' queue under `key`, which the model names
/// from the two constants ([`PUZZLES_KEY`], [`MINE_KEY`]): never the save's key.
pub fn write_puzzles(key: &'static str, text: &str) -> Result<(), StorageRefusal> {
    set(key, text)
}

/// The player's mistakes' queue, as stored (`None`: none yet).
pub fn load_mistakes() -> Option<String> {
    storage()?.get_item(MINE_KEY).ok()?
}

/// Removes the finished games kept (only that key).
pub fn forget_history() {
    if let Some(store) = storage() {
        let _ = store.remove_item(HISTORY_KEY);
    }
}

/// Removes the save (only our key).
pub fn clear() {
    if let Some(store) = storage() {
        let _ = store.remove_item(KEY);
    }
}

/// Another tab of this page writing the save (the browser's `storage` event fires in the
/// other tabs only) becomes [`Msg::SavedElsewhere`](lauzait_ui::Msg::SavedElsewhere).
pub fn watch(window: &web_sys::Window, sink: Sink) -> Result<(), wasm_bindgen::JsValue> {
    listen(window, "storage", move |e: web_sys::StorageEvent| {
        if e.key().as_deref() == Some(KEY) {
            sink(lauzait_ui::Msg::SavedElsewhere(e.new_value().unwrap_or_default()));
        }
    })
}
