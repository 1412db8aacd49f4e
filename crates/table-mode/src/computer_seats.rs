//! A host's computer seats, paced by the pacer the browser game's driver uses
//! ([`lauzait_autoplay::pacing`]): a computer seat's Day is asked for once it is due (after
//! the pacing's pause), again after a failed one, and a reply to a request given up on, or
//! for a Day the game has left, is dropped. Both hosts keep one: the tablet's page
//! ([`crate::host_screen`]) and the host's device by turns (`lauzait_remote`), each turning
//! [`ComputerEffect`]s into its own effects and delivering the host's messages its way.
//!
//! A computer player's Day is applied whole, when its plan arrives ([`Shown::WholeDay`]),
//! where the main game shows the steps one by one: the host sends every seat its view after
//! each change, so a Day applied whole costs each seat one view rather than one per step;
//! neither a save nor the table's agreement to end a Season or the game (which the engine
//! allows only between Days, R20) ever meets a computer player's Day half played; and a
//! plan the engine refuses leaves the game as it was
//! ([`Host::apply_computer_day`] is all or nothing).

use crate::host::{Host, Out};
use lauzait_autoplay::pacing::{Outcome, Pace, Pacer, Pacing, Retry, Shown};
use lauzait_autoplay::speed::Speed;
use lauzait_autoplay::{BotReply, DayFailure, RequestId, WorkerFailure};

/// What the computer seats ask of the page that holds them.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerEffect {
    /// Post this request's text to the computer players' worker (started if need be).
    AskWorker(String),
    /// Stop the worker: it answered nonsense or failed, and a new one is started at the
    /// next request.
    StopWorker,
    /// Call [`ComputerSeats::due`] after this many milliseconds.
    WakeAfter(u32),
    /// The host's messages after a computer player's Day, to deliver as the page delivers
    /// its own.
    Deliver(Vec<Out>),
    /// A Day failed (it is asked for again by itself): show why.
    Failed(DayFailure),
    /// A line for the page's log.
    Trace(String),
}

/// The pacing of a host nobody sits at to press Retry: a failed Day is asked for again by
/// itself, after `retry_ms`; the first ask waits `pause_ms`, so that the people see the
/// last Day before the next.
pub fn unattended(pause_ms: u32, retry_ms: u32) -> Pacing {
    Pacing { ask_after_ms: f64::from(pause_ms), retry: Retry::After(f64::from(retry_ms)), shown: Shown::WholeDay }
}

/// The computer seats' pacer, and the wake-up asked for it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerSeats {
    pacer: Pacer,
    /// When the wake-up on its way is due.
    wake_at: Option<f64>,
    /// How hard the computer players think ([`Host::computer_request`]).
    playouts: u32,
}

impl ComputerSeats {
    pub fn new(pacing: Pacing, playouts: u32) -> ComputerSeats {
        ComputerSeats { pacer: Pacer::new(pacing), wake_at: None, playouts }
    }

    /// Why the last Day could not be played (shown until one is planned).
    pub fn failed(&self) -> Option<&DayFailure> {
        self.pacer.failed()
    }

    /// Does what the pacer says for the computer seat whose Day it is, if any: ask for the
    /// Day, apply it, or wake later. Call it after anything that may change whose Day it is.
    pub fn pace(&mut self, host: &mut Host, now: f64, fx: &mut Vec<ComputerEffect>) {
        let Some((seat, level)) = host.computer_to_move() else { return };
        let Some(table) = host.computer_table(self.playouts) else { return };
        // Whole Days come out as soon as planned, whatever the speed: Instant says so.
        match self.pacer.next(now, Speed::Instant, &table, level) {
            Pace::Idle => {}
            Pace::WakeAt(at) => self.wake_at(at, now, fx),
            Pace::Ask(request) => fx.push(ComputerEffect::AskWorker(request.to_text())),
            Pace::Failed(why) => self.day_failed(host, why, now, fx),
            Pace::Steps(day) => match host.apply_computer_day(seat, &day) {
                Ok(out) => {
                    fx.push(ComputerEffect::Deliver(out));
                    // The next seat may be a computer's too.
                    self.pace(host, now, fx);
                }
                Err(error) => {
                    fx.push(ComputerEffect::Trace(format!("computer player's plan: {error}")));
                    self.pacer.fail(DayFailure::PlanRefused, now);
                    self.day_failed(host, DayFailure::PlanRefused, now, fx);
                }
            },
        }
    }

    fn wake_at(&mut self, at: f64, now: f64, fx: &mut Vec<ComputerEffect>) {
        if self.wake_at.is_none_or(|asked| at < asked) {
            self.wake_at = Some(at);
            fx.push(ComputerEffect::WakeAfter((at - now).max(0.0).ceil() as u32));
        }
    }

    /// The wake-up [`ComputerEffect::WakeAfter`] asked for.
    pub fn due(&mut self, host: &mut Host, now: f64, fx: &mut Vec<ComputerEffect>) {
        self.wake_at = None;
        self.pace(host, now, fx);
    }

    /// What the worker posted: routed by who asked. A host asks only for computer players'
    /// Days; a text that answers no request means the worker is not to be trusted with the
    /// Day that waits.
    pub fn worker_reply(&mut self, host: &mut Host, text: &str, now: f64, fx: &mut Vec<ComputerEffect>) {
        match BotReply::from_text(text) {
            Ok(reply) => match reply.id {
                RequestId::ComputerDay(id) => self.computer_day(host, id, reply, now, fx),
                RequestId::Hint(_)
                | RequestId::Review(_)
                | RequestId::Rating(_)
                | RequestId::Record(_)
                | RequestId::Puzzle(_) => {
                    fx.push(ComputerEffect::Trace(format!("worker: a reply to {:?}, never asked here", reply.id)));
                }
            },
            Err(why) => self.worker_failed(host, WorkerFailure::Unreadable(why), now, fx),
        }
    }

    /// The worker's plan for a computer seat's Day: applied if still wanted, asked again
    /// from here if it does not fit, or the table is told and the Day asked for again a
    /// little later.
    fn computer_day(&mut self, host: &mut Host, id: u32, reply: BotReply, now: f64, fx: &mut Vec<ComputerEffect>) {
        let table = host.computer_table(self.playouts);
        let Some(replied) = self.pacer.reply(id, reply, now, table.as_ref()) else { return };
        match replied.outcome {
            Outcome::Planned => self.pace(host, now, fx),
            Outcome::AskedAgain(request) => fx.push(ComputerEffect::AskWorker(request.to_text())),
            Outcome::Failed(why) => self.day_failed(host, why, now, fx),
            // The game moved on (a table's agreement): its next Day is asked for when due.
            Outcome::Stale => {}
        }
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub fn worker_failed(&mut self, host: &mut Host, why: WorkerFailure, now: f64, fx: &mut Vec<ComputerEffect>) {
        fx.push(ComputerEffect::StopWorker);
        if self.pacer.worker_failed(why.clone(), now) {
            self.day_failed(host, DayFailure::Worker(why), now, fx);
        }
    }

    /// The pacer has kept the failure: the page is told, and the retry's wake-up asked.
    fn day_failed(&mut self, host: &mut Host, why: DayFailure, now: f64, fx: &mut Vec<ComputerEffect>) {
        fx.push(ComputerEffect::Trace(format!("computer player: {why}")));
        fx.push(ComputerEffect::Failed(why));
        self.pace(host, now, fx);
    }
}
