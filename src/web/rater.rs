//! The rater's Web Worker, the `lauzait-rater` binary, which trunk writes beside index.html
//! with a loader (see index.html): a finished game's rating (docs/rating.md,
//! `lauzait_ui::rating`), one item a request, answered with `lauzait_rating::rate_item`.
//! Its search is what the page's own module should not carry: the page starts this worker
//! when a game is first rated, and the service worker keeps it for offline play from then
//! on (`static/sw.js`, the manifest's on-first-use lists), not when the game is installed.
//!
//! Both sides are here: [`ask`] on the page, [`start`] in the worker. Its replies come back
//! as [`Msg::RaterText`], its failure as [`Msg::RaterFailed`]: a rater that cannot be loaded
//! (offline before it was ever fetched, or a server's fault) is
//! [`WorkerFailure::NotLoaded`](lauzait_autoplay::WorkerFailure::NotLoaded), which the
//! results screen says in words a person can act on; nothing waits for it.

use super::bots::{Channel, READY};
use super::events::Sink;
use lauzait_autoplay::WorkerFailure;
use lauzait_ui::Msg;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

/// The worker's loader, `src/web/rater-worker.js`, which the site build
/// (`scripts/build-site.mjs`) copies into the build's `build-<build id>/`: a rater of another
/// build could read another form of the requests.
const LOADER: &str = "lauzait-rater_loader.js";

thread_local! {
    static RATER: RefCell<Option<Channel>> = const { RefCell::new(None) };
}

/// Posts one rating request to the rater, starting it first if need be; why not, if the
/// browser would not start it or pass the request (the shell queues that as
/// [`Msg::RaterFailed`], since this runs while it handles a message). A rater that fails
/// later is dropped and `sink` told: the next game's rating starts a new one (which may
/// load, once online).
pub fn ask(text: String, sink: Sink) -> Result<(), WorkerFailure> {
    let sent = RATER.with(|r| {
        let mut r = r.borrow_mut();
        if r.is_none() {
            let on_error = move |why| {
                if let Some(rater) = RATER.with(|r| r.borrow_mut().take()) {
                    rater.close();
                }
                sink(Msg::RaterFailed(why));
            };
            let url = super::bots::build_worker_url(LOADER);
            *r = Some(Channel::open(&url, move |text| sink(Msg::RaterText(text)), on_error)?);
        }
        r.as_ref().map_or(Ok(()), |c| c.send(text))
    });
    if sent.is_err() {
        RATER.with(|r| r.borrow_mut().take());
    }
    sent
}

/// The worker's side: each request answered with its reply (`lauzait_ui::rating::answer`),
/// the time to rate it measured here.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let reply = lauzait_ui::rating::answer(&text, now);
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}

fn now() -> f64 {
    js_sys::global().unchecked_into::<WorkerGlobalScope>().performance().map_or(0.0, |p| p.now())
}
