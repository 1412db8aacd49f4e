//! The page's side of the computer players: the Web Worker they think in, requests out and
//! replies in, and the one timer that wakes the app when the next step is due.
//!
//! The page posts a [`BotRequest`](crate::autoplay::BotRequest) as JSON text; the worker
//! (`src/web/worker.rs`) answers with a [`BotReply`]. What to ask, when, and what to do
//! with the answer is decided in `ui::driver`; this module only carries the messages.

use super::events::Sink;
use crate::autoplay::BotReply;
use crate::ui::Msg;
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's loader, written by trunk (`data-loader-shim`; worker files keep their
/// names) and moved with the worker's other files into `bot-<build id>/` by
/// `scripts/stamp-build.sh`.
const WORKER_LOADER: &str = "lauzait-bot-worker_loader.js";

/// The loader of this page's own build, named by index.html's `<meta name="lauzait-build">`:
/// after an update a page never starts another build's worker (`static/sw.js`). Beside
/// index.html when the build is not stamped.
fn worker_url() -> String {
    let build = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=lauzait-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .filter(|b| b != "dev" && !b.is_empty() && b.bytes().all(|c| c.is_ascii_alphanumeric()));
    match build {
        Some(build) => format!("./bot-{build}/{WORKER_LOADER}"),
        None => format!("./{WORKER_LOADER}"),
    }
}

const READY: &str = "{\"ready\":true}";

struct Handle {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
}

thread_local! {
    static WORKER: RefCell<Option<Handle>> = const { RefCell::new(None) };
    static TIMER: RefCell<Option<Closure<dyn FnMut()>>> = const { RefCell::new(None) };
    static TIMER_ID: Cell<Option<i32>> = const { Cell::new(None) };
}

/// Starts the worker if it is not running: as soon as a game with computer players is on
/// the table, so that it has loaded and warmed up before the first of them needs it.
pub fn start(sink: Sink) -> Result<(), String> {
    WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(spawn(sink)?);
        }
        Ok(())
    })
}

/// Sends a request to the worker, starting it if needed; requests wait until it is ready.
pub fn post(text: String, sink: Sink) -> Result<(), String> {
    start(sink)?;
    WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let handle = cell.as_mut().expect("just started");
        if handle.ready {
            handle.worker.post_message(&JsValue::from_str(&text)).map_err(js_text)
        } else {
            handle.queue.push(text);
            Ok(())
        }
    })
}

/// Stops the worker (a retry starts a new one).
pub fn stop() {
    WORKER.with(|cell| {
        if let Some(handle) = cell.borrow_mut().take() {
            handle.worker.terminate();
        }
    });
}

fn js_text(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
        .unwrap_or_else(|| format!("{e:?}"))
}

fn spawn(sink: Sink) -> Result<Handle, String> {
    let worker = Worker::new(&worker_url()).map_err(js_text)?;
    // The closures live as long as the page (a retry leaks two small ones).
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if text == READY {
            WORKER.with(|cell| {
                if let Some(h) = cell.borrow_mut().as_mut() {
                    h.ready = true;
                    for q in h.queue.drain(..) {
                        let _ = h.worker.post_message(&JsValue::from_str(&q));
                    }
                }
            });
            return;
        }
        // Through `Value`, like the save: the page's wasm then needs one deserialiser less.
        let reply = serde_json::from_str::<serde_json::Value>(&text)
            .and_then(serde_json::from_value::<BotReply>)
            .unwrap_or_else(|e| BotReply { error: Some(format!("unreadable reply: {e}")), ..BotReply::default() });
        sink(Msg::WorkerReply(reply));
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let onerror = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
        e.prevent_default();
        let text = e.message();
        let text = if text.is_empty() { "the worker could not be loaded".to_string() } else { text };
        stop();
        sink(Msg::WorkerFailed(text));
    });
    worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onerror.forget();
    Ok(Handle { worker, ready: false, queue: Vec::new() })
}

/// Wakes the app after `ms` milliseconds (replacing any earlier wake-up); `None` cancels.
pub fn set_timer(window: &web_sys::Window, ms: Option<f64>, sink: Sink) {
    if let Some(id) = TIMER_ID.with(|t| t.take()) {
        window.clear_timeout_with_handle(id);
    }
    let Some(ms) = ms else { return };
    TIMER.with(|t| {
        let mut t = t.borrow_mut();
        let cb = t.get_or_insert_with(|| {
            Closure::<dyn FnMut()>::new(move || {
                TIMER_ID.with(|t| t.set(None));
                sink(Msg::Tick);
            })
        });
        if let Ok(id) = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            cb.as_ref().unchecked_ref(),
            ms.ceil().clamp(0.0, 60_000.0) as i32,
        ) {
            TIMER_ID.with(|t| t.set(Some(id)));
        }
    });
}
