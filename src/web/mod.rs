//! The browser game's shell (wasm32 only). All decisions are made in [`lauzait_ui`]; this
//! module holds the page's handles and the model, turns events into messages, runs the
//! effects the model returns, and paints.
//!
//! - [`input`]: pointer, keyboard, buttons and form fields → [`Msg`]s.
//! - [`view`]: painting — the canvas (board, pieces, panels, hand, sticks) and the DOM
//!   (status line, action bar, dialogs), both from the model.
//! - [`storage`]: the save's one `localStorage` key; [`bots`]: the computer players' Web
//!   Worker and the wake-up timer; [`records`]: file reading, download, clipboard;
//!   [`a11y`]: the ARIA live region; [`feedback`]: sound and vibration; [`automation`]: `window.lauzait` for tests, whose rules
//!   oracle runs in a worker of its own ([`oracle`], the `lauzait-oracle` binary).
//! - [`embed`]: `#embed=` / `#position=` pages; [`worker`]: the worker's own side (the
//!   page's module, started in the worker by `src/web/bot-worker.js`).
//! - [`rest`]: the page's code in two parts; a start other than a fresh visit's waits for the
//!   second.
//!
//! - [`shell`]: the page's handles and the model; every event ends in
//!   [`shell::dispatch`]: the model handles the message, the effects run, the DOM follows
//!   the model and one animation frame is requested; frames keep coming only while the
//!   sticks are thrown. [`events`]: `listen` and the [`events::Sink`] that the listening
//!   modules (`bots`, `storage`, `records`) are handed, so that none of them depends on the
//!   shell. This module only starts the page.

pub mod a11y;
pub mod activation;
pub mod automation;
pub mod bots;
pub mod dialog_place;
pub mod embed;
pub mod events;
pub mod feedback;
#[cfg(feature = "test-hooks")]
pub mod hook_object;
pub mod input;
pub mod js_error;
pub mod oracle;
pub mod rater;
pub mod records;
pub mod remote;
pub mod rest;
pub mod shell;
pub mod storage;
pub mod table;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod view;
pub mod worker;

use lauzait_ui::i18n;
use lauzait_ui::{Boot, Model};
use shell::Shell;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, Window};

/// Entry point called by the `lauzait-web` binary's `main`. The computer players' worker
/// runs the same module, and its `main` too: there is no window there, and no page to start
/// (the worker starts with `lauzait_worker_start`, [`worker::start`]).
pub fn start() {
    if web_sys::window().is_none() {
        return;
    }
    on_trap(show_fatal);
    report_start(try_start());
}

fn report_start(started: Result<(), JsValue>) {
    if let Err(e) = started {
        web_sys::console::error_2(&JsValue::from_str("lauzait: start failed:"), &e);
    }
}

/// The wasm is built with `panic=immediate-abort` (smaller: no panic messages or unwinding
/// code), so a panic is a wasm trap that no panic hook sees: it surfaces as a
/// `WebAssembly.RuntimeError` thrown out of whichever event handler ran into it. Listening
/// for it on the window turns it into `show` (a fatal card) instead of a page that silently
/// stops answering. Used by the game's page and table mode's.
pub fn on_trap(show: fn(&str)) {
    let Some(window) = web_sys::window() else { return };
    let on_error =
        wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
            if e.error().dyn_ref::<js_sys::WebAssembly::RuntimeError>().is_some() {
                let text = e.message();
                web_sys::console::error_1(&format!("lauzait: {text}").into());
                show(&text);
            }
        });
    let _ = window.add_event_listener_with_callback("error", on_error.as_ref().unchecked_ref());
    // Listens as long as the page lives.
    on_error.forget();
}

/// Last resort: a message instead of a blank page.
fn show_fatal(text: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    if let Some(overlay) = doc.get_element_by_id("overlay") {
        overlay.set_inner_html(&lauzait_ui::html::last_resort::fatal_card(text));
        let _ = overlay.remove_attribute("hidden");
    }
}

/// Whether the page runs in any frame (table mode refuses every frame: `table::start`).
pub(crate) fn framed(window: &Window) -> bool {
    matches!(window.top(), Ok(Some(top)) if top != *window)
}

/// Whether the page runs in a frame of another origin: reading the top window's address is
/// refused across origins.
fn framed_by_another_site(window: &Window) -> bool {
    match window.top() {
        Ok(Some(top)) if top != *window => top.location().href().is_err(),
        _ => false,
    }
}

/// Instead of the game inside another site's frame: a link that opens it in its own tab.
fn show_framed(window: &Window, doc: &web_sys::Document) {
    let lang = i18n::Lang::from_tag(&window.navigator().language().unwrap_or_default());
    let href = window.location().href().unwrap_or_default();
    if let Some(overlay) = doc.get_element_by_id("overlay") {
        overlay.set_inner_html(&lauzait_ui::html::last_resort::framed_card(lang, &href));
        let _ = overlay.remove_attribute("hidden");
    }
}

/// A query parameter of the page's address (`?seed=12`).
fn query_param(search: &str, name: &str) -> Option<String> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// What the model needs to know of the page at start-up.
fn boot(window: &Window) -> Boot {
    let search = window.location().search().unwrap_or_default();
    let number = |name: &str| query_param(&search, name).and_then(|v| v.parse::<u64>().ok());
    let href = window.location().href().unwrap_or_default();
    Boot {
        saved: storage::load(),
        browser_lang: i18n::Lang::from_tag(&window.navigator().language().unwrap_or_default()),
        seed_param: number("seed"),
        bot_seed_param: number("botseed"),
        reduced_motion: window
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
        touch: window.match_media("(pointer: coarse)").ok().flatten().is_some_and(|m| m.matches()),
        base_url: href.split('#').next().unwrap_or("").to_string(),
    }
}

/// 64 bits from the browser's cryptographic generator (`Math.random` should that fail),
/// drawn afresh for every message (`ui::chance`).
pub(crate) fn entropy() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64
}

fn try_start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    automation::install(&window)?;
    if rest::fresh_visit(&window) {
        return start_page(window);
    }
    rest::defer_start();
    Ok(())
}

/// Called by the page's loader once the rest of the page's code is linked ([`rest`]).
pub fn rest_linked() {
    rest::linked(|| report_start(web_sys::window().ok_or_else(|| JsValue::from_str("no window")).and_then(start_page)));
}

/// The game (or an embedded board) on the page, once the code it needs is there.
fn start_page(window: Window) -> Result<(), JsValue> {
    let doc = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = doc.get_element_by_id("board").ok_or("no <canvas id=\"board\">")?.dyn_into()?;
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    // `#embed=…` / `#position=…`: index.html's loader is sending the address on to
    // embed.html (its own module, embed.rs): no game app, no saved game read.
    if lauzait_ui::embed::params::wanted(&window.location().hash().unwrap_or_default()) {
        return Ok(());
    }
    if framed_by_another_site(&window) {
        show_framed(&window, &doc);
        return Ok(());
    }
    let (model, boot_effects) = Model::new(boot(&window));
    let pen = view::pen::Pen::with_sprites(ctx);
    shell::install(Shell::new(window.clone(), doc.clone(), canvas.clone(), pen, model), boot_effects);
    input::install(&doc, &window, &canvas)?;
    records::install(&doc, shell::dispatch)?;
    storage::watch(&window, shell::dispatch)?;
    shell::dispatch(lauzait_ui::Msg::Learn(lauzait_ui::learn::LearnMsg::Progress(storage::load_progress())));
    shell::dispatch(lauzait_ui::Msg::Stats(lauzait_ui::stats::StatsMsg::Stored(storage::load_history())));
    shell::open(&window);
    automation::set_ready(&window);
    Ok(())
}
