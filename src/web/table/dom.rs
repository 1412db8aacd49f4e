//! The few page operations table mode needs: markup in, clicks and changes out (by the
//! element's id), storage, entropy and the clock.

use lauzait_ui::storage_refusal::StorageRefusal;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlCanvasElement, HtmlInputElement, HtmlTextAreaElement, HtmlVideoElement};

fn doc() -> Option<Document> {
    web_sys::window()?.document()
}

fn by_id(id: &str) -> Option<Element> {
    doc()?.get_element_by_id(id)
}

pub fn set_html(id: &str, html: &str) {
    if let Some(e) = by_id(id) {
        e.set_inner_html(html);
    }
}

/// Sets `id`'s markup as [`crate::web::view::html::set_if_changed`] does; true when it was
/// set.
pub fn set_html_if_changed(id: &str, drawn: &mut String, html: String) -> bool {
    by_id(id).is_some_and(|e| crate::web::view::html::set_if_changed(&e, drawn, html))
}

pub fn set_hidden(id: &str, hidden: bool) {
    if let Some(e) = by_id(id) {
        let _ = if hidden { e.set_attribute("hidden", "") } else { e.remove_attribute("hidden") };
    }
}

/// Paints the piece tiles inside `id` (see `web::view::html::tile`).
pub fn paint_tiles(id: &str) {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    if let Some(e) = by_id(id) {
        crate::web::view::piece::paint_tiles(&e, dpr);
    }
}

/// Paints `scene` on the shared board's canvas inside `#app` (table mode's tablet, a relayed
/// table's tablet, play by turns' board: `BOARD_CANVAS`), with the game's board renderer on
/// the pages' background.
pub fn paint_board(scene: &lauzait_ui::scene::Scene) {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    if let Some(root) = by_id("app") {
        let canvas = lauzait_ui::html::table::tablet::BOARD_CANVAS;
        crate::web::view::canvas::paint_scene(&root, canvas, dpr, scene, "#f4efe1", false);
    }
}

/// The button or link with an id that `el` is or is inside (the button, not its label).
fn with_id(el: &Element) -> Option<(Element, String)> {
    let mut el = Some(el.clone());
    while let Some(x) = el {
        if (x.tag_name() == "BUTTON" || x.tag_name() == "A") && !x.id().is_empty() {
            let id = x.id();
            return Some((x, id));
        }
        el = x.parent_element();
    }
    None
}

/// Calls `f` with the id of every activated button inside `root`
/// ([`crate::web::activation`]: a tap whose button was repainted under it counts too).
pub fn on_click(root: &str, mut f: impl FnMut(String) + 'static) -> Result<(), JsValue> {
    let root = by_id(root).ok_or("no root")?;
    crate::web::activation::on_activation(&root, with_id, move |id, _| f(id))
}

/// Calls `f` with the id and value of every changed input inside `root` (checkboxes:
/// "true" or "false").
pub fn on_change(root: &str, mut f: impl FnMut(String, String) + 'static) -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(input) = e.target().and_then(|t| t.dyn_into::<HtmlInputElement>().ok()) else { return };
        let value = if input.type_() == "checkbox" { input.checked().to_string() } else { input.value() };
        f(input.id(), value);
    });
    by_id(root).ok_or("no root")?.add_event_listener_with_callback("change", cb.as_ref().unchecked_ref())?;
    cb.forget();
    Ok(())
}

/// The text of a `<textarea>` or `<input>`.
pub fn value(id: &str) -> String {
    let Some(e) = by_id(id) else { return String::new() };
    match e.dyn_into::<HtmlTextAreaElement>() {
        Ok(t) => t.value(),
        Err(e) => e.dyn_into::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default(),
    }
}

pub fn file(id: &str) -> Option<web_sys::File> {
    by_id(id)?.dyn_into::<HtmlInputElement>().ok()?.files()?.get(0)
}

pub fn video(id: &str) -> Option<HtmlVideoElement> {
    by_id(id)?.dyn_into().ok()
}

pub fn canvas(id: &str) -> Option<HtmlCanvasElement> {
    by_id(id)?.dyn_into().ok()
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Writes `value` under `key`; why not, when it could not be written (storage full, or
/// none in a private window), for the page to say that a reload would not resume.
pub fn store(key: &str, value: &str) -> Result<(), StorageRefusal> {
    crate::web::storage::set(key, value)
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// `n` bytes from the browser's cryptographic generator; `None` without one. Never a
/// weaker generator instead: the table's keys, tokens and secrets made from guessable bytes
/// would let anyone nearby take a seat or predict the deal.
pub fn entropy(n: usize) -> Option<Vec<u8>> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

/// Milliseconds since the page loaded.
pub fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// This page's address without its query or fragment: a phone opening a seat's link
/// speaks its own language, not the host's `?lang=`.
pub fn page_url() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split(['#', '?']).next().unwrap_or("").to_string()
}

/// The fragment of this page's address (without the `#`).
pub fn fragment() -> String {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    hash.trim_start_matches('#').to_string()
}
