//! The host screen's computer players, paced by the pacer the browser game's driver uses
//! ([`lauzait_autoplay::pacing`]): a computer seat's Day is asked for [`COMPUTER_PAUSE_MS`]
//! after it became due (so the people at the table see the last Day before the next), again
//! [`COMPUTER_RETRY_MS`] after a failed one, and a reply to a request given up on, or for a
//! Day the game has left, is dropped; the wake-ups go through the page.
//!
//! The tablet applies a computer player's Day whole, when its plan arrives
//! ([`Shown::WholeDay`]), where the main game shows the steps one by one: the host sends
//! every phone its view after each change, so a Day applied whole costs each phone one
//! view rather than one per step; neither the table's save nor the table's agreement to
//! end a Season or the game (which the engine allows only between Days, R20) ever meets a
//! computer player's Day half played; and a plan the engine refuses leaves the game as it
//! was ([`Host::apply_computer_day`](crate::host::Host::apply_computer_day) is all or
//! nothing). Steps shown one by one would need the host to take a computer player's steps
//! back before an agreement, as the main game's driver does.

use super::{HostEffect, HostScreen, Timer};
use lauzait_autoplay::pacing::{Outcome, Pace, Pacer, Pacing, Retry, Shown};
use lauzait_autoplay::speed::Speed;
use lauzait_autoplay::{BotReply, DayFailure, RequestId, WorkerFailure};

/// The pause before a computer player's Day is asked for (ms).
pub const COMPUTER_PAUSE_MS: u32 = 700;
/// How long after a computer player's failed Day it is asked for again (ms).
pub const COMPUTER_RETRY_MS: u32 = 3000;

/// The tablet's pacing: nobody sits at it to press Retry, so it retries by itself.
const TABLET_PACING: Pacing = Pacing {
    ask_after_ms: COMPUTER_PAUSE_MS as f64,
    retry: Retry::After(COMPUTER_RETRY_MS as f64),
    shown: Shown::WholeDay,
};

/// The computer players' pacer, and the wake-up asked for it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Computer {
    pacer: Pacer,
    /// When the [`Timer::ComputerDue`] on its way is due.
    wake_at: Option<f64>,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer { pacer: Pacer::new(TABLET_PACING), wake_at: None }
    }
}

impl Computer {
    /// Why the last Day could not be played (shown until one is planned).
    pub(super) fn failed(&self) -> Option<&DayFailure> {
        self.pacer.failed()
    }
}

impl HostScreen {
    /// Does what the pacer says for the computer seat whose Day it is, if any: ask for the
    /// Day, apply it, or wake later.
    pub(super) fn pace_computer(&mut self, fx: &mut Vec<HostEffect>) {
        let Some(host) = &self.host else { return };
        let Some((seat, level)) = host.computer_to_move() else { return };
        let Some(table) = host.computer_table(self.playouts) else { return };
        // Whole Days come out as soon as planned, whatever the speed: Instant says so.
        match self.computer.pacer.next(self.now, Speed::Instant, &table, level) {
            Pace::Idle => {}
            Pace::WakeAt(at) => self.wake_computer_at(at, fx),
            Pace::Ask(request) => fx.push(HostEffect::AskWorker(request.to_text())),
            Pace::Failed(why) => self.computer_day_failed(why, fx),
            Pace::Steps(day) => {
                let Some(host) = self.host.as_mut() else { return };
                match host.apply_computer_day(seat, &day) {
                    Ok(out) => self.deliver(out, fx),
                    Err(error) => {
                        fx.push(HostEffect::Trace(format!("computer player's plan: {error}")));
                        self.computer.pacer.fail(DayFailure::PlanRefused, self.now);
                        self.computer_day_failed(DayFailure::PlanRefused, fx);
                    }
                }
            }
        }
    }

    fn wake_computer_at(&mut self, at: f64, fx: &mut Vec<HostEffect>) {
        if self.computer.wake_at.is_none_or(|asked| at < asked) {
            self.computer.wake_at = Some(at);
            let ms = (at - self.now).max(0.0).ceil() as u32;
            fx.push(HostEffect::WakeAfter { ms, timer: Timer::ComputerDue });
        }
    }

    /// The [`Timer::ComputerDue`] wake-up.
    pub(super) fn computer_due(&mut self, fx: &mut Vec<HostEffect>) {
        self.computer.wake_at = None;
        self.pace_computer(fx);
    }

    /// What the worker posted: routed by who asked. The tablet asks only for computer
    /// players' Days; a text that answers no request means the worker is not to be trusted
    /// with the Day that waits.
    pub(super) fn worker_reply(&mut self, text: &str, fx: &mut Vec<HostEffect>) {
        match BotReply::from_text(text) {
            Ok(reply) => match reply.id {
                RequestId::ComputerDay(id) => self.computer_day(id, reply, fx),
                RequestId::Hint(_) | RequestId::Review(_) | RequestId::Rating(_) | RequestId::Record(_) => {
                    fx.push(HostEffect::Trace(format!("worker: a reply to {:?}, never asked here", reply.id)));
                }
            },
            Err(why) => self.worker_failed(WorkerFailure::Unreadable(why), fx),
        }
    }

    /// The worker's plan for a computer seat's Day: applied if still wanted, asked again
    /// from here if it does not fit, or the table is told and the Day asked for again a
    /// little later.
    fn computer_day(&mut self, id: u32, reply: BotReply, fx: &mut Vec<HostEffect>) {
        let table = self.host.as_ref().and_then(|h| h.computer_table(self.playouts));
        let Some(replied) = self.computer.pacer.reply(id, reply, self.now, table.as_ref()) else { return };
        match replied.outcome {
            Outcome::Planned => self.pace_computer(fx),
            Outcome::AskedAgain(request) => fx.push(HostEffect::AskWorker(request.to_text())),
            Outcome::Failed(why) => self.computer_day_failed(why, fx),
            // The game moved on (a table's agreement): its next Day is asked for when due.
            Outcome::Stale => {}
        }
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub(super) fn worker_failed(&mut self, why: WorkerFailure, fx: &mut Vec<HostEffect>) {
        fx.push(HostEffect::StopWorker);
        if self.computer.pacer.worker_failed(why.clone(), self.now) {
            self.computer_day_failed(DayFailure::Worker(why), fx);
        }
    }

    /// The pacer has kept the failure: the table is told, and the retry's wake-up asked.
    fn computer_day_failed(&mut self, why: DayFailure, fx: &mut Vec<HostEffect>) {
        fx.push(HostEffect::Trace(format!("computer player: {why}")));
        self.redraw = true;
        self.pace_computer(fx);
    }
}
