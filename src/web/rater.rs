//! The rater's Web Worker, the `lauzait-rater` binary, which trunk writes beside index.html
//! with a loader (see index.html): a finished game's rating (docs/rating.md,
//! `lauzait_ui::rating`), the game posted once and rated one item at a time by
//! `lauzait_ui::rating::Rater`, which also builds each rated person's part of the results.
//! Its search, its figures and their HTML are what the page's own module should not carry:
//! the page starts this worker when a game is first rated, and the service worker keeps it
//! for offline play from then on (`static/sw.js`, the manifest's on-first-use lists), not
//! when the game is installed.
//!
//! Both sides are here: [`ask`] on the page, [`start`] in the worker. Its replies come back
//! as [`Msg::RaterText`], its failure as [`Msg::RaterFailed`]: a rater that cannot be loaded
//! (offline before it was ever fetched, or a server's fault) is
//! [`WorkerFailure::NotLoaded`](lauzait_autoplay::WorkerFailure::NotLoaded), which the
//! results screen says in words a person can act on; nothing waits for it.

use super::bots::{Channel, READY};
use super::events::Sink;
use lauzait_autoplay::WorkerFailure;
use lauzait_ui::puzzles::{self, rater::PuzzleSet, PuzzleRequest};
use lauzait_ui::rating::Rater;
use lauzait_ui::Msg;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope, XmlHttpRequest};

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

/// The worker's side: the page's texts handed to the rater ([`Rater::from_page`]), its
/// answers posted back, and its game rated one item a step ([`Rater::step`]), each step a
/// task of its own so that the page's next text (a new game, or a stop) is read between
/// two steps rather than after the whole game.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let step = Closure::<dyn FnMut()>::new(move || {
        let reply = WORKER.with(|w| {
            let mut w = w.borrow_mut();
            w.step_due = false;
            w.rater.step()
        });
        if let Some(reply) = reply {
            post(&reply);
        }
        schedule_step();
    });
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        // The player's mistakes need no set, only the time: the worker's clock, handed in.
        let mine = WORKER.with(|w| w.borrow_mut().rater.mine(&text, js_sys::Date::now() as u64));
        let replies = match mine {
            Some(replies) => replies,
            None if PuzzleRequest::is_one(&text) => vec![puzzle_answer(&text)],
            None => WORKER.with(|w| w.borrow_mut().rater.from_page(&text)).into_iter().collect(),
        };
        for reply in &replies {
            post(reply);
        }
        schedule_step();
    });
    WORKER.with(|w| w.borrow_mut().step = Some(step));
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(READY);
}

/// The puzzle set beside the worker's module (the site build copies
/// `crates/learn/data/puzzles.txt` into the build's folder): fetched when the puzzle screen
/// first asks, so that neither the page's module nor the rater's carries it, and cached by
/// the service worker then (the manifest's `pages`, scripts/build-site.mjs).
const PUZZLE_SET: &str = "./lauzait-puzzles.txt";

/// A puzzle request answered, the set fetched and read first if it is not yet (a set that
/// could not be fetched is asked again with the next request: the player may be online by
/// then).
fn puzzle_answer(text: &str) -> String {
    WORKER.with(|w| {
        let mut w = w.borrow_mut();
        if w.puzzles.is_none() {
            w.puzzles = fetch_set().and_then(|text| PuzzleSet::read(&text).ok());
        }
        puzzles::rater::answer(text, w.puzzles.as_ref())
    })
}

/// The set's text, fetched synchronously: a worker may, and the rater has nothing else to
/// do meanwhile (a game being rated waits one request).
fn fetch_set() -> Option<String> {
    let request = XmlHttpRequest::new().ok()?;
    request.open_with_async("GET", PUZZLE_SET, false).ok()?;
    request.send().ok()?;
    if request.status().ok()? != 200 {
        return None;
    }
    request.response_text().ok()?
}

/// The rater in its worker, and the step its shell runs as a task while it has a game.
#[derive(Default)]
struct InWorker {
    rater: Rater,
    /// The puzzle set, once fetched and read.
    puzzles: Option<PuzzleSet>,
    step: Option<Closure<dyn FnMut()>>,
    /// Whether a step is already due (one at a time).
    step_due: bool,
}

thread_local! {
    static WORKER: RefCell<InWorker> = RefCell::new(InWorker::default());
}

/// The next step as a task of its own (a zero timeout), if the rater has a game and none is
/// due yet.
fn schedule_step() {
    WORKER.with(|w| {
        let mut w = w.borrow_mut();
        if w.step_due || !w.rater.busy() {
            return;
        }
        let scope: WorkerGlobalScope = js_sys::global().unchecked_into();
        let due =
            w.step.as_ref().is_some_and(|step| scope.set_timeout_with_callback(step.as_ref().unchecked_ref()).is_ok());
        w.step_due = due;
    });
}

fn post(text: &str) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(text));
}
