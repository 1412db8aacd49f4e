//! The computer players' Web Worker (the `lauzait-bot-worker` binary, loaded by trunk's
//! loader shim): the page posts a [`BotRequest`](crate::autoplay::BotRequest) as text,
//! which carries the seat's view and never the game (R40: the other hands, the pool and
//! the game's seed never reach the worker); the worker rebuilds a game from that view and
//! plans the bot's Day on it with [`crate::autoplay::answer`], and posts the
//! [`BotReply`](crate::autoplay::BotReply) back, with the planning time measured here.
//! The post-game review's Days are judged here too, from the same kind of request
//! ([`BotRequest::judge`](crate::autoplay::BotRequest::judge)), so the page carries no
//! search. Thinking happens off the page's thread, so the page never freezes.
//!
//! On a device with more than one core the worker starts a helper, another instance of
//! itself, and hands it part of each round of the Strong player's search
//! ([`crate::autoplay::helping`]): the same plan, sooner. The helper is sent the seat's
//! view the page sent, nothing more.
//!
//! Messages posted before the wasm has started would be lost, so the worker first posts
//! `{"ready":true}`; the page queues its requests until then.

use crate::autoplay::helping::{Helper, Out, Thinker, HELPER_READY};
use crate::ui::driver::BOT_PLAYOUTS;
use crate::web::bots::READY;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    DedicatedWorkerGlobalScope, ErrorEvent, MessageChannel, MessageEvent, MessagePort, Worker, WorkerGlobalScope,
    WorkerOptions,
};

/// The name the bot worker gives the helper it starts, by which the helper knows it is one.
const HELPER_NAME: &str = "lauzait-bot-helper";

/// Entry point called by the `lauzait-bot-worker` binary's `main`: the page's bot worker,
/// or the helper that worker started on another core (`autoplay::helping`).
pub fn start() {
    // No panic hook: built with `panic=immediate-abort`, a panic here is a wasm trap, which
    // the page hears as the worker's error event (`bots.rs`: the computer player's Day fails
    // with a message and can be retried), and the worker as its helper's (then it plays
    // alone).
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    if scope.name() == HELPER_NAME {
        return start_helper(scope);
    }
    // Until the helper is there, and on a device with one core, the thinker plays alone.
    let thinker = Rc::new(RefCell::new(Thinker::new(true)));
    let helper: Rc<RefCell<Option<Worker>>> = Rc::default();
    // The worker yields to read the helper's answers (`Out::Yield`), then carries on when
    // this channel's message comes back: no timer's delay.
    let wake = MessageChannel::new().ok();
    let drain: Rc<dyn Fn()> = {
        let (thinker, scope, helper) = (thinker.clone(), scope.clone(), helper.clone());
        let wake = wake.as_ref().map(|w| w.port2());
        Rc::new(move || post_all(&thinker, &scope, helper.borrow().as_ref(), wake.as_ref()))
    };
    if let Some(wake) = &wake {
        let drain = drain.clone();
        let on_wake = Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| drain());
        wake.port1().set_onmessage(Some(on_wake.as_ref().unchecked_ref()));
        on_wake.forget();
    }
    let onmessage = {
        let (thinker, drain) = (thinker.clone(), drain.clone());
        Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            thinker.borrow_mut().from_page(&e.data().as_string().unwrap_or_default(), &now);
            drain();
        })
    };
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
    warm_up();
    // Started once this worker has warmed up, so that the two do not compete for the cores
    // meanwhile; the helper does not warm up itself: what it is slow with while its code is
    // still cold the worker plays itself (`Thinker::poll`).
    match start_helper_worker(&scope).filter(|_| wake.is_some()) {
        Some(worker) => {
            listen_to_helper(&worker, &thinker, &drain);
            *helper.borrow_mut() = Some(worker);
        }
        None => thinker.borrow_mut().helper_gone(),
    }
}

/// The helper's messages, fed to the thinker.
fn listen_to_helper(helper: &Worker, thinker: &Rc<RefCell<Thinker>>, drain: &Rc<dyn Fn()>) {
    let (from_helper, lost) = (thinker.clone(), thinker.clone());
    let (drain_reply, drain_lost) = (drain.clone(), drain.clone());
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if text == HELPER_READY {
            from_helper.borrow_mut().helper_ready();
        } else {
            from_helper.borrow_mut().from_helper(&text);
        }
        drain_reply();
    });
    helper.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let onerror = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
        e.prevent_default();
        lost.borrow_mut().helper_gone();
        drain_lost();
    });
    helper.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onerror.forget();
}

/// Posts what the thinker has to say, playing its part of each round in between.
fn post_all(
    thinker: &RefCell<Thinker>,
    scope: &DedicatedWorkerGlobalScope,
    helper: Option<&Worker>,
    wake: Option<&MessagePort>,
) {
    loop {
        let out = thinker.borrow_mut().poll(&now);
        match out {
            None => return,
            Some(Out::Page(text)) => {
                if let Err(e) = scope.post_message(&JsValue::from_str(&text)) {
                    web_sys::console::error_2(&"lauzait bot worker: could not reply".into(), &e);
                }
            }
            Some(Out::Helper(text)) => {
                let posted = helper.is_some_and(|h| h.post_message(&JsValue::from_str(&text)).is_ok());
                if !posted {
                    thinker.borrow_mut().helper_gone();
                }
            }
            Some(Out::Yield) if wake.is_some_and(|w| w.post_message(&JsValue::NULL).is_ok()) => return,
            // Without a way back, the helper's part is played here.
            Some(Out::Yield) => thinker.borrow_mut().helper_gone(),
        }
    }
}

/// Starts the helper on a device with more than one core: another instance of this worker,
/// named [`HELPER_NAME`]. `None` when there is one core or the browser refuses.
fn start_helper_worker(scope: &DedicatedWorkerGlobalScope) -> Option<Worker> {
    let scope: &WorkerGlobalScope = scope.unchecked_ref();
    if scope.navigator().hardware_concurrency() < 2.0 {
        return None;
    }
    let options = WorkerOptions::new();
    options.set_name(HELPER_NAME);
    Worker::new_with_options(&scope.location().href(), &options).ok()
}

/// The helper: answers the bot worker's requests for playouts, once warmed up.
fn start_helper(scope: DedicatedWorkerGlobalScope) {
    let reply_to = scope.clone();
    let mut helper = Helper::default();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let reply = helper.answer(&e.data().as_string().unwrap_or_default());
        let _ = reply_to.post_message(&JsValue::from_str(&reply));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(HELPER_READY));
}

/// The browser runs fresh wasm with its baseline compiler and optimises the code that
/// turns out to be hot while it runs, so the first Strong decisions of a new worker took
/// two to five times as long as later ones. The worker starts with the page's game (before
/// a computer player needs it), so it first plays a few Days of a fixed game with the
/// Strong player, for about [`WARM_UP_MS`]; requests that arrive meanwhile wait for it.
fn warm_up() {
    use crate::bots::Level;
    use crate::engine::{DayPlanners, Drive, Game, GameOptions, Status};
    use std::cell::Cell;
    use std::ops::ControlFlow;
    let t0 = now();
    let Ok(options) = GameOptions::for_players(4, true) else { return };
    let mut chance = crate::engine::randomness::seeded(1);
    let mut game = Game::new(options, &mut chance);
    // Counts the Days planned: both the planner (its seed) and the stop rule read it.
    let days = Cell::new(0u64);
    let mut strong = DayPlanners::new(|game: &Game, seat: usize| {
        let plan = crate::autoplay::plan_whole_day(game, seat, Level::Strong, days.get(), BOT_PLAYOUTS);
        days.set(days.get() + 1);
        plan.map(|(actions, _)| actions)
    });
    let drive = Drive { day_cap: u32::MAX, check_invariants: false };
    let _ = drive.run(&mut game, &mut strong, &mut chance, |game, action, _| {
        let done = days.get() >= 12 || now() - t0 > WARM_UP_MS || game.status() != Status::Playing;
        if action.ends_day() && done {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
}

/// How long the warm-up may take, in milliseconds.
const WARM_UP_MS: f64 = 1500.0;

/// `performance.now()` of the worker, in milliseconds.
fn now() -> f64 {
    js_sys::global().unchecked_into::<WorkerGlobalScope>().performance().map_or(0.0, |p| p.now())
}
