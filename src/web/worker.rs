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
//! Messages posted before the wasm has started would be lost, so the worker first posts
//! `{"ready":true}`; the page queues its requests until then.

use crate::ui::driver::BOT_PLAYOUTS;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

/// Entry point called by the `lauzait-bot-worker` binary's `main`.
pub fn start() {
    // No panic hook: built with `panic=immediate-abort`, a panic here is a wasm trap, which
    // the page hears as the worker's error event (`bots.rs`: the computer player's Day fails
    // with a message and can be retried).
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let reply = crate::autoplay::answer(&text, now);
        if let Err(e) = reply_to.post_message(&JsValue::from_str(&reply)) {
            web_sys::console::error_2(&"lauzait bot worker: could not reply".into(), &e);
        }
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let _ = scope.post_message(&JsValue::from_str("{\"ready\":true}"));
    warm_up();
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
