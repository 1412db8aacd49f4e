//! The rules oracle of `lauzait analyze` (ANALYZE-PROTOCOL.md) behind the automation hook's
//! `window.lauzait.analyze(line)`, in a Web Worker of its own: the `lauzait-oracle` binary,
//! which trunk writes beside index.html with a loader (see index.html). The page starts it
//! when first asked, so neither the page nor the computer players' worker carries the
//! oracle's code; the offline cache does not keep it (it is a tool's and a test's hook).
//!
//! Both sides are here: [`ask`] on the page, [`start`] in the worker. The worker answers
//! lines in the order they come, so each answer resolves the oldest waiting promise.

use super::bots::{Channel, READY};
use std::cell::RefCell;
use std::collections::VecDeque;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// The worker's loader, written by trunk beside index.html (`data-loader-shim`).
const URL: &str = "./lauzait-oracle_loader.js";

thread_local! {
    static ORACLE: RefCell<Option<Channel>> = const { RefCell::new(None) };
    static WAITING: RefCell<VecDeque<js_sys::Function>> = const { RefCell::new(VecDeque::new()) };
}

fn answer(text: &str) {
    if let Some(resolve) = WAITING.with(|w| w.borrow_mut().pop_front()) {
        let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(text));
    }
}

/// Every waiting line gets the error; the next line starts a new worker.
fn failed(why: String) {
    ORACLE.with(|o| o.borrow_mut().take());
    let text = serde_json::json!({ "error": format!("the rules oracle could not be loaded: {why}") }).to_string();
    while WAITING.with(|w| !w.borrow().is_empty()) {
        answer(&text);
    }
}

/// Sends one request line to the worker (starting it if needed); `resolve` gets the
/// response line.
pub fn ask(line: &str, resolve: js_sys::Function) {
    WAITING.with(|w| w.borrow_mut().push_back(resolve));
    let sent = ORACLE.with(|o| {
        let mut o = o.borrow_mut();
        if o.is_none() {
            *o = Some(Channel::open(URL, |text| answer(&text), failed)?);
        }
        o.as_ref().map_or(Ok(()), |c| c.send(line.to_string()))
    });
    if let Err(why) = sent {
        failed(why);
    }
}

/// The worker's side: each message is a request line, answered with its response line.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let line = e.data().as_string().unwrap_or_default();
        let _ = reply_to.post_message(&JsValue::from_str(&crate::analyze::answer_line(&line)));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}
