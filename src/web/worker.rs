//! The computer players' Web Worker (the page's own module, loaded in a module worker by
//! `src/web/bot-worker.js`, which the build writes as `build-<id>/lauzait-bot-worker.js`):
//! the page posts a [`BotRequest`](lauzait_autoplay::BotRequest) as text,
//! which carries the seat's view and never the game (R40: the other hands, the pool and
//! the game's seed never reach the worker); the worker rebuilds a game from that view and
//! plans the bot's Day on it with [`lauzait_autoplay::answer`], and posts the
//! [`BotReply`](lauzait_autoplay::BotReply) back, with the planning time measured here.
//! The post-game review's Days are judged here too, from the same kind of request
//! ([`BotRequest::judge`](lauzait_autoplay::BotRequest::judge)), so the page carries no
//! search (a finished game's rating has a worker of its own, `web::rater`, so that the
//! page's module carries none of it). Thinking happens off the page's thread, so the page
//! never freezes.
//!
//! On a device with more than one core the page starts a helper beside it, another
//! instance of this worker (`web::bots`), and hands each one end of a channel: the worker
//! gives the helper part of each round of the Strong player's search
//! ([`lauzait_autoplay::helping`]), for the same plan, sooner. The helper is sent the seat's
//! view the page sent, nothing more.
//!
//! Messages posted before the wasm has started would be lost, so the worker first posts
//! `{"ready":true}`; the page queues its requests until then.

use crate::web::bots::READY;
use lauzait_autoplay::helping::{Helper, Out, Thinker, HELPER_NAME};
use lauzait_ui::driver::BOT_PLAYOUTS;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageChannel, MessageEvent, MessagePort, WorkerGlobalScope};

/// Entry point called by the worker script through the `lauzait-web` binary's
/// `lauzait_worker_start`: the page's bot worker,
/// or its helper, which the page starts beside it on another core (`web::bots`,
/// `autoplay::helping`).
pub fn start() {
    // No panic hook: built with `panic=immediate-abort`, a panic here is a wasm trap, which
    // the page hears as the worker's error event (`bots.rs`: the computer player's Day fails
    // with a message and can be retried). A helper that stops answering costs nothing but
    // time: the worker plays its samples itself.
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    if scope.name() == HELPER_NAME {
        return start_helper(scope);
    }
    // Alone until the page hands it one end of a channel to the helper it started beside
    // it (`web::bots`); on a device with one core it stays alone.
    let thinker = Rc::new(RefCell::new(Thinker::new()));
    let helper: Rc<RefCell<Option<MessagePort>>> = Rc::default();
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
    let can_wait = wake.is_some();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Ok(port) = e.ports().get(0).dyn_into::<MessagePort>() {
            // Without a way to wait for it, a helper is of no use.
            if can_wait {
                listen_to_helper(&port, &thinker, &drain);
                *helper.borrow_mut() = Some(port);
                thinker.borrow_mut().helper_ready();
            }
            return;
        }
        let text = e.data().as_string().unwrap_or_default();
        thinker.borrow_mut().from_page(&text, &now);
        drain();
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
    warm_up();
}

/// The helper's answers, fed to the thinker.
fn listen_to_helper(port: &MessagePort, thinker: &Rc<RefCell<Thinker>>, drain: &Rc<dyn Fn()>) {
    let (thinker, drain) = (thinker.clone(), drain.clone());
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        thinker.borrow_mut().from_helper(&e.data().as_string().unwrap_or_default());
        drain();
    });
    port.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
}

/// Posts what the thinker has to say, playing its part of each round in between.
fn post_all(
    thinker: &RefCell<Thinker>,
    scope: &DedicatedWorkerGlobalScope,
    helper: Option<&MessagePort>,
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

/// The helper, started by the page beside the bot worker under the name [`HELPER_NAME`]:
/// once the page has handed it its end of the channel to the bot worker, it answers the
/// worker's requests for playouts there. It does not warm up: two warm-ups at once left
/// both colder, on two cores, and slowed the first decisions; what it is slow with while its
/// code is still cold the worker plays itself (`Thinker::poll`).
fn start_helper(scope: DedicatedWorkerGlobalScope) {
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Ok(port) = e.ports().get(0).dyn_into::<MessagePort>() else { return };
        let reply_to = port.clone();
        let mut helper = Helper::default();
        let on_request = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let reply = helper.answer(&e.data().as_string().unwrap_or_default());
            let _ = reply_to.post_message(&JsValue::from_str(&reply));
        });
        port.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
        on_request.forget();
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str(READY));
}

/// The browser runs fresh wasm with its baseline compiler and optimises the code that
/// turns out to be hot while it runs, so the first Strong decisions of a new worker took
/// two to five times as long as later ones. The worker starts with the page's game (before
/// a computer player needs it), so it first plays a few Days of a fixed game with the
/// Strong player, for about [`WARM_UP_MS`]; requests that arrive meanwhile wait for it.
fn warm_up() {
    use lauzait_bots::Level;
    use lauzait_engine::{DayPlanners, Game, GameLoop, GameOptions, Status};
    use std::cell::Cell;
    use std::ops::ControlFlow;
    let t0 = now();
    let Ok(options) = GameOptions::for_players(4, true) else { return };
    let mut chance = lauzait_engine::randomness::seeded(1);
    let mut game = Game::new(options, &mut chance);
    // Counts the Days planned: both the planner (its seed) and the stop rule read it.
    let days = Cell::new(0u64);
    let mut strong = DayPlanners::new(|game: &Game, seat: usize| {
        let plan = lauzait_autoplay::plan_whole_day(game, seat, Level::Strong, days.get(), BOT_PLAYOUTS);
        days.set(days.get() + 1);
        plan.map(|(actions, _)| actions)
    });
    let drive = GameLoop { day_cap: u32::MAX, check_invariants: false };
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
