//! The page's side of the computer players: the Web Worker they think in, requests out and
//! replies in, and the one timer that wakes the app when the next step is due.
//!
//! The page posts a [`BotRequest`](lauzait_autoplay::BotRequest) as text (`autoplay::wire`); the worker
//! (`src/web/worker.rs`) answers with a [`BotReply`](lauzait_autoplay::BotReply). What to ask, when, and what to do
//! with the answer is decided in `ui::driver`; this module only carries the messages.

use super::events::Sink;
use lauzait_autoplay::helping::HELPER_NAME;
use lauzait_autoplay::WorkerFailure;
use lauzait_ui::Msg;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, Event, MessageChannel, MessageEvent, MessagePort, Worker, WorkerOptions, WorkerType};

/// The worker's script (`src/web/bot-worker.js`), a module worker that runs the page's own
/// module: the site build (`scripts/build-site.mjs`) copies it into `build-<build id>/` with
/// the names of the page's hashed files beside it, as data.
const WORKER_SCRIPT: &str = "lauzait-bot-worker.js";

/// The computer players' worker of this page's own build ([`build_worker_url`]).
fn worker_url() -> String {
    build_worker_url(WORKER_SCRIPT)
}

/// A worker's script (the bot worker's, or the oracle's loader) of this page's own build,
/// named by index.html's `<meta name="lauzait-build">`: after an update a page never starts
/// another build's worker (`static/sw.js`). Beside index.html when the build is not stamped.
pub(crate) fn build_worker_url(script: &str) -> String {
    let build = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=lauzait-build]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .filter(|b| b != "dev" && !b.is_empty() && b.bytes().all(|c| c.is_ascii_alphanumeric()));
    match build {
        Some(build) => format!("./build-{build}/{script}"),
        None => format!("./{script}"),
    }
}

/// What a worker posts once it can take messages.
pub const READY: &str = "{\"ready\":true}";

thread_local! {
    static WORKER: RefCell<Option<BotWorker>> = const { RefCell::new(None) };
    static TIMER: RefCell<Option<Closure<dyn FnMut()>>> = const { RefCell::new(None) };
    static TIMER_ID: Cell<Option<i32>> = const { Cell::new(None) };
}

/// A Web Worker and its start-up handshake (it posts [`READY`] first): text posted before
/// the worker is ready waits in a queue. The computer players use one; the automation
/// hook's rules oracle (`oracle.rs`) another.
#[derive(Clone)]
pub struct Channel(Rc<RefCell<Handle>>);

struct Handle {
    worker: Worker,
    ready: bool,
    /// What waits for the worker to be ready, each with what it transfers (a port).
    queue: Vec<(JsValue, Option<js_sys::Array>)>,
}

impl Handle {
    fn post(&self, value: &JsValue, transfer: Option<&js_sys::Array>) -> Result<(), JsValue> {
        match transfer {
            Some(transfer) => self.worker.post_message_with_transfer(value, transfer),
            None => self.worker.post_message(value),
        }
    }
}

impl Channel {
    /// Starts a classic worker (a script that imports its module itself, as trunk's loader
    /// shims do); `on_reply` gets each text it posts, `on_error` why it failed (the closures
    /// live as long as the page: a retry leaks two small ones).
    pub fn open(
        url: &str,
        on_reply: impl FnMut(String) + 'static,
        on_error: impl FnMut(WorkerFailure) + 'static,
    ) -> Result<Channel, WorkerFailure> {
        Channel::open_with(url, &WorkerOptions::new(), on_reply, on_error)
    }

    /// The computer players' worker, or under `name` (`WorkerOptions.name`) its helper: a
    /// module worker, since its script imports the page's module (`src/web/bot-worker.js`).
    fn open_bot_worker(
        name: Option<&str>,
        on_reply: impl FnMut(String) + 'static,
        on_error: impl FnMut(WorkerFailure) + 'static,
    ) -> Result<Channel, WorkerFailure> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        if let Some(name) = name {
            options.set_name(name);
        }
        Channel::open_with(&worker_url(), &options, on_reply, on_error)
    }

    fn open_with(
        url: &str,
        options: &WorkerOptions,
        mut on_reply: impl FnMut(String) + 'static,
        mut on_error: impl FnMut(WorkerFailure) + 'static,
    ) -> Result<Channel, WorkerFailure> {
        let worker = Worker::new_with_options(url, options).map_err(|e| WorkerFailure::Start { said: js_text(e) })?;
        let handle = Rc::new(RefCell::new(Handle { worker: worker.clone(), ready: false, queue: Vec::new() }));
        let own = Rc::downgrade(&handle);
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            if text != READY {
                return on_reply(text);
            }
            if let Some(h) = own.upgrade() {
                let mut h = h.borrow_mut();
                h.ready = true;
                for (value, transfer) in std::mem::take(&mut h.queue) {
                    let _ = h.post(&value, transfer.as_ref());
                }
            }
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        onmessage.forget();
        let onerror = Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            // A script that could not be fetched is told with a plain `Event` (Chromium, through
            // a service worker) or an `ErrorEvent` without words: either way it was not loaded.
            let said = e.dyn_ref::<ErrorEvent>().map(ErrorEvent::message).unwrap_or_default();
            on_error(if said.is_empty() { WorkerFailure::NotLoaded } else { WorkerFailure::Stopped { said } });
        });
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        onerror.forget();
        Ok(Channel(handle))
    }

    /// Posts a text to the worker, or queues it until the worker is ready.
    pub fn send(&self, text: String) -> Result<(), WorkerFailure> {
        self.send_value(JsValue::from_str(&text))
    }

    /// Posts any value the worker reads (the oracle's conversion requests are arrays).
    pub fn send_value(&self, value: JsValue) -> Result<(), WorkerFailure> {
        self.send_transfer(value, None)
    }

    /// Posts a value with what it transfers, or queues both until the worker is ready.
    fn send_transfer(&self, value: JsValue, transfer: Option<js_sys::Array>) -> Result<(), WorkerFailure> {
        let mut h = self.0.borrow_mut();
        if h.ready {
            h.post(&value, transfer.as_ref()).map_err(|e| WorkerFailure::Post { said: js_text(e) })
        } else {
            h.queue.push((value, transfer));
            Ok(())
        }
    }

    pub fn close(&self) {
        self.0.borrow().worker.terminate();
    }
}

/// The computer players' worker and, on a device with more than one core, its helper: the
/// same worker of the same build, under [`HELPER_NAME`], which plays part of the Strong
/// player's search (`autoplay::helping`). The game's page and table mode's host each keep
/// one. Without the helper, or when it fails, the worker plays alone.
pub struct BotWorker {
    worker: Channel,
    helper: Option<Channel>,
}

impl BotWorker {
    /// Starts the worker of this page's build ([`worker_url`]) and its helper; `on_reply`
    /// gets each text the worker posts, `on_error` why it failed.
    pub fn open(
        on_reply: impl FnMut(String) + 'static,
        on_error: impl FnMut(WorkerFailure) + 'static,
    ) -> Result<BotWorker, WorkerFailure> {
        let worker = Channel::open_bot_worker(None, on_reply, on_error)?;
        let helper = start_helper(&worker);
        Ok(BotWorker { worker, helper })
    }

    /// Posts a request's text to the worker (queued until it is ready).
    pub fn send(&self, text: String) -> Result<(), WorkerFailure> {
        self.worker.send(text)
    }

    /// Posts `text` to the worker kept in `slot`, or to one started for it and kept there (a
    /// page keeps one worker and starts it at its first request: table mode's tablet, a
    /// relayed table's tablet and the host's page by turns). The worker's replies and
    /// failures, and a post that fails, reach the page as its own events (`reply`,
    /// `failed`), handed to `later`: never inside this call.
    pub fn ask<E: 'static>(
        slot: &mut Option<BotWorker>,
        text: String,
        reply: fn(String) -> E,
        failed: fn(WorkerFailure) -> E,
        later: impl Fn(E) + Clone + 'static,
    ) {
        if slot.is_none() {
            let (on_reply, on_error) = (later.clone(), later.clone());
            match BotWorker::open(move |text| on_reply(reply(text)), move |why| on_error(failed(why))) {
                Ok(worker) => *slot = Some(worker),
                Err(why) => return later(failed(why)),
            }
        }
        if let Some(Err(why)) = slot.as_ref().map(|worker| worker.send(text)) {
            later(failed(why));
        }
    }

    /// Stops the worker and its helper.
    pub fn close(&self) {
        self.worker.close();
        if let Some(helper) = &self.helper {
            helper.close();
        }
    }
}

/// Starts the worker if it is not running: as soon as a game with computer players is on
/// the table, so that it has loaded and warmed up before the first of them needs it.
pub fn start(sink: Sink) -> Result<(), WorkerFailure> {
    WORKER.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = Some(spawn(sink)?);
        }
        Ok(())
    })
}

/// Sends a request to the worker, starting it if needed; requests wait until it is ready.
pub fn post(text: String, sink: Sink) -> Result<(), WorkerFailure> {
    start(sink)?;
    WORKER.with(|cell| cell.borrow().as_ref().map_or(Ok(()), |c| c.send(text)))
}

/// Stops the worker and its helper (a retry starts new ones).
pub fn stop() {
    WORKER.with(|cell| {
        if let Some(worker) = cell.borrow_mut().take() {
            worker.close();
        }
    });
}

/// The browser's words for a refusal, kept in the failure for the console and the notice.
fn js_text(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
        .unwrap_or_else(|| "the browser refused".to_string())
}

fn spawn(sink: Sink) -> Result<BotWorker, WorkerFailure> {
    BotWorker::open(
        move |text| sink(Msg::WorkerText(text)),
        move |failure| {
            stop();
            sink(Msg::WorkerFailed(failure));
        },
    )
}

/// On a device with more than one core, starts the bot worker's helper. Started here rather
/// than by the worker itself, so that its files come from this build's offline cache as the
/// worker's do (a worker's own workers are not served by the page's service worker). Once
/// the helper is ready, each of the two gets one end of a channel of their own.
fn start_helper(worker: &Channel) -> Option<Channel> {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    if cores < 2.0 {
        return None;
    }
    let helper = Channel::open_bot_worker(Some(HELPER_NAME), |_| {}, |_| {}).ok()?;
    let Ok(link) = MessageChannel::new() else {
        helper.close();
        return None;
    };
    let port = |p: MessagePort| Some(js_sys::Array::of1(&p));
    // Both queued until each worker is ready; the ports travel with them.
    let _ = helper.send_transfer(JsValue::NULL, port(link.port2()));
    let _ = worker.send_transfer(JsValue::NULL, port(link.port1()));
    Some(helper)
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
