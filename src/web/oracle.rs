//! The rules oracle's Web Worker, the `lauzait-oracle` binary, which trunk writes beside
//! index.html with a loader (see index.html). It does two things the page's own module
//! should not carry: the rules oracle of `lauzait analyze` (ANALYZE-PROTOCOL.md) behind the
//! automation hook's `window.lauzait.analyze(line)`, and the conversion of a save of the
//! first format (`ui::save::convert`, which needs `Game`'s serde form). The page starts it
//! when first asked, so neither the page nor the computer players' worker carries that
//! code; the offline cache does not keep it (a format-1 save met offline says so and waits
//! for a reload online, `Broken::NotConverted`).
//!
//! Both sides are here: [`ask`] and [`convert`] on the page, [`start`] in the worker. An
//! analyze line is posted as a string, a save to convert as a one-element array, so that no
//! line of the protocol is ever taken for a save. The worker answers in the order the
//! messages come, so each answer goes to the oldest waiting one.

use super::bots::{Channel, READY};
use super::events::Sink;
use lauzait_autoplay::WorkerFailure;
use lauzait_ui::save::{self, Broken};
use lauzait_ui::Msg;
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's loader, `src/web/oracle-worker.js`, which the site build
/// (`scripts/build-site.mjs`) copies into the build's `build-<build id>/`: a save converted
/// by another build's oracle could be of a format this page does not read.
const LOADER: &str = "lauzait-oracle_loader.js";

/// Who waits for an answer of the worker.
enum Waiting {
    /// The automation hook's promise, resolved with the response line.
    Line(js_sys::Function),
    /// A conversion asked by the app: the answer goes back as [`Msg::SaveConverted`].
    Save(Sink),
}

thread_local! {
    static ORACLE: RefCell<Option<Channel>> = const { RefCell::new(None) };
    static WAITING: RefCell<VecDeque<Waiting>> = const { RefCell::new(VecDeque::new()) };
}

fn answer(text: &str) {
    match WAITING.with(|w| w.borrow_mut().pop_front()) {
        Some(Waiting::Line(resolve)) => {
            let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(text));
        }
        Some(Waiting::Save(sink)) => {
            sink(Msg::SaveConverted(save::read_answer(text)));
        }
        None => {}
    }
}

/// Everyone waiting gets the error; the next request starts a new worker.
fn failed(why: WorkerFailure) {
    ORACLE.with(|o| o.borrow_mut().take());
    // The protocol's error line. Written around serde_json's string writer rather than
    // through a `json!` value: that value's writer (and its float printer) would be the
    // page's only one (BENCHMARKS.md, "Download size").
    let message = format!("the rules oracle could not be loaded: {why}");
    let line = format!("{{\"error\":{}}}", serde_json::to_string(&message).unwrap_or_default());
    while let Some(waiting) = WAITING.with(|w| w.borrow_mut().pop_front()) {
        match waiting {
            Waiting::Line(resolve) => {
                let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&line));
            }
            Waiting::Save(sink) => sink(Msg::SaveConverted(Err(Broken::NotConverted(why.to_string())))),
        }
    }
}

/// Posts `message` to the worker (starting it if needed) for `waiting`.
fn send(message: JsValue, waiting: Waiting) {
    WAITING.with(|w| w.borrow_mut().push_back(waiting));
    let sent = ORACLE.with(|o| {
        let mut o = o.borrow_mut();
        if o.is_none() {
            *o = Some(Channel::open(&super::bots::build_worker_url(LOADER), |text| answer(&text), failed)?);
        }
        o.as_ref().map_or(Ok(()), |c| c.send_value(message))
    });
    if let Err(why) = sent {
        failed(why);
    }
}

/// Sends one request line to the worker; `resolve` gets the response line.
pub fn ask(line: &str, resolve: js_sys::Function) {
    send(JsValue::from_str(line), Waiting::Line(resolve));
}

/// Has a format-1 save's text converted; `sink` gets [`Msg::SaveConverted`].
pub fn convert(text: &str, sink: Sink) {
    send(js_sys::Array::of1(&JsValue::from_str(text)).into(), Waiting::Save(sink));
}

/// The worker's side: a string is a request line, answered with its response line; an
/// array holds a save to convert, answered with [`save::answer_text`].
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let data = e.data();
        let reply = match data.as_string() {
            Some(line) => lauzait_analyze::answer_line(&line),
            None => {
                let text = js_sys::Array::from(&data).get(0).as_string().unwrap_or_default();
                save::answer_text(&save::convert(&text))
            }
        };
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
