//! A table's computer seats, paced by the pacer the browser game's driver uses
//! ([`lauzait_autoplay::pacing`]): a computer seat's Day is asked for once it is due (after
//! the pacing's pause), again after a failed one, and a reply to a request given up on, or
//! for a Day the game has left, is dropped. Every table with computer seats keeps one, over
//! what it is ([`ComputerTable`]): a host that holds the game (the tablet's page,
//! [`crate::host_screen`], and the host's device by turns, `lauzait_remote`), or a relayed
//! table's tablet whose computer seats are devices of their own (`lauzait_remote::relayed`).
//! Each turns [`ComputerEffect`]s into its own effects and delivers its messages its way.
//!
//! A computer player's Day is applied whole, when its plan arrives ([`Shown::WholeDay`]),
//! where the main game shows the steps one by one: the host sends every seat its view after
//! each change, so a Day applied whole costs each seat one view rather than one per step;
//! neither a save nor the table's agreement to end a Season or the game (which the engine
//! allows only between Days, R20) ever meets a computer player's Day half played; and a
//! plan the engine refuses leaves the game as it was
//! ([`ComputerTable::apply_computer_day`] is all or nothing).

use crate::host::{Host, HostError, Out};
use lauzait_autoplay::pacing::{Outcome, Pace, PacedGame, Pacer, Pacing, Retry, Shown, Table};
use lauzait_autoplay::speed::Speed;
use lauzait_autoplay::{BotReply, DayFailure, RequestId, WorkerFailure};
use lauzait_bots::Level;
use lauzait_engine::Action;
use std::fmt::Display;

/// A table that seats computer players: whose Day it is, the game as the pacer reads it, and
/// a planned Day applied whole (all or nothing).
pub trait ComputerTable {
    /// The game as the pacer reads it (the whole game, or the computer seat's view).
    type Paced<'a>: PacedGame
    where
        Self: 'a;
    /// What the table has to send once a computer player's Day is applied.
    type Out;
    /// Why a planned Day was refused.
    type Error: Display;
    /// The computer seat whose Day it is, and how it plays.
    fn computer_to_move(&self) -> Option<(u8, Level)>;
    /// The game as the pacer reads it, the Strong player thinking with `playouts`.
    fn paced(&self, playouts: u32) -> Option<Self::Paced<'_>>;
    /// Applies computer seat `seat`'s whole planned Day, or nothing of it.
    fn apply_computer_day(&mut self, seat: u8, day: &[Action]) -> Result<Self::Out, Self::Error>;
}

impl ComputerTable for Host {
    type Paced<'a> = Table<'a>;
    type Out = Vec<Out>;
    type Error = HostError;
    fn computer_to_move(&self) -> Option<(u8, Level)> {
        Host::computer_to_move(self)
    }
    fn paced(&self, playouts: u32) -> Option<Table<'_>> {
        self.computer_table(playouts)
    }
    fn apply_computer_day(&mut self, seat: u8, day: &[Action]) -> Result<Vec<Out>, HostError> {
        Host::apply_computer_day(self, seat, day)
    }
}

/// What the computer seats ask of the page that holds them.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerEffect<O = Vec<Out>> {
    /// Post this request's text to the computer players' worker (started if need be).
    AskWorker(String),
    /// Stop the worker: it answered nonsense or failed, and a new one is started at the
    /// next request.
    StopWorker,
    /// Call [`ComputerSeats::due`] after this many milliseconds.
    WakeAfter(u32),
    /// The table's messages after a computer player's Day, to deliver as the page delivers
    /// its own.
    Deliver(O),
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
    pub fn pace<T: ComputerTable>(&mut self, host: &mut T, now: f64, fx: &mut Vec<ComputerEffect<T::Out>>) {
        let Some((seat, level)) = host.computer_to_move() else { return };
        // Whole Days come out as soon as planned, whatever the speed: Instant says so.
        let Some(pace) = host.paced(self.playouts).map(|table| self.pacer.next(now, Speed::Instant, &table, level))
        else {
            return;
        };
        match pace {
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

    fn wake_at<O>(&mut self, at: f64, now: f64, fx: &mut Vec<ComputerEffect<O>>) {
        if self.wake_at.is_none_or(|asked| at < asked) {
            self.wake_at = Some(at);
            fx.push(ComputerEffect::WakeAfter((at - now).max(0.0).ceil() as u32));
        }
    }

    /// The wake-up [`ComputerEffect::WakeAfter`] asked for.
    pub fn due<T: ComputerTable>(&mut self, host: &mut T, now: f64, fx: &mut Vec<ComputerEffect<T::Out>>) {
        self.wake_at = None;
        self.pace(host, now, fx);
    }

    /// What the worker posted: routed by who asked. A host asks only for computer players'
    /// Days; a text that answers no request means the worker is not to be trusted with the
    /// Day that waits.
    pub fn worker_reply<T: ComputerTable>(
        &mut self,
        host: &mut T,
        text: &str,
        now: f64,
        fx: &mut Vec<ComputerEffect<T::Out>>,
    ) {
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
    fn computer_day<T: ComputerTable>(
        &mut self,
        host: &mut T,
        id: u32,
        reply: BotReply,
        now: f64,
        fx: &mut Vec<ComputerEffect<T::Out>>,
    ) {
        let replied = self.pacer.reply(id, reply, now, host.paced(self.playouts).as_ref());
        let Some(replied) = replied else { return };
        match replied.outcome {
            Outcome::Planned => self.pace(host, now, fx),
            Outcome::AskedAgain(request) => fx.push(ComputerEffect::AskWorker(request.to_text())),
            Outcome::Failed(why) => self.day_failed(host, why, now, fx),
            // The game moved on (a table's agreement): its next Day is asked for when due.
            Outcome::Stale => {}
        }
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub fn worker_failed<T: ComputerTable>(
        &mut self,
        host: &mut T,
        why: WorkerFailure,
        now: f64,
        fx: &mut Vec<ComputerEffect<T::Out>>,
    ) {
        fx.push(ComputerEffect::StopWorker);
        if self.pacer.worker_failed(why.clone(), now) {
            self.day_failed(host, DayFailure::Worker(why), now, fx);
        }
    }

    /// The pacer has kept the failure: the page is told, and the retry's wake-up asked.
    fn day_failed<T: ComputerTable>(
        &mut self,
        host: &mut T,
        why: DayFailure,
        now: f64,
        fx: &mut Vec<ComputerEffect<T::Out>>,
    ) {
        fx.push(ComputerEffect::Trace(format!("computer player: {why}")));
        fx.push(ComputerEffect::Failed(why));
        self.pace(host, now, fx);
    }
}
