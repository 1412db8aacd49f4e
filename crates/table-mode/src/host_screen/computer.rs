//! The host screen's computer players: the tablet's [`ComputerSeats`], whose effects become
//! the page's and whose wake-ups go through the page ([`Timer::ComputerDue`]). Nobody sits
//! at the tablet to press Retry, so a failed Day is asked for again by itself.

use super::{HostEffect, HostScreen, Timer};
use crate::computer_seats::{unattended, ComputerEffect, ComputerSeats};
use lauzait_autoplay::WorkerFailure;

/// The pause before a computer player's Day is asked for (ms), so that the people at the
/// table see the last Day before the next.
pub const COMPUTER_PAUSE_MS: u32 = 700;
/// How long after a computer player's failed Day it is asked for again (ms).
pub const COMPUTER_RETRY_MS: u32 = 3000;

/// The tablet's computer seats, thinking with `playouts`.
pub(super) fn tablet(playouts: u32) -> ComputerSeats {
    ComputerSeats::new(unattended(COMPUTER_PAUSE_MS, COMPUTER_RETRY_MS), playouts)
}

impl HostScreen {
    /// Does what the pacer says for the computer seat whose Day it is, if any.
    pub(super) fn pace_computer(&mut self, fx: &mut Vec<HostEffect>) {
        let Some(host) = self.host.as_mut() else { return };
        let mut out = Vec::new();
        self.computer.pace(host, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// The [`Timer::ComputerDue`] wake-up.
    pub(super) fn computer_due(&mut self, fx: &mut Vec<HostEffect>) {
        let Some(host) = self.host.as_mut() else { return };
        let mut out = Vec::new();
        self.computer.due(host, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// What the worker posted.
    pub(super) fn worker_reply(&mut self, text: &str, fx: &mut Vec<HostEffect>) {
        let Some(host) = self.host.as_mut() else { return };
        let mut out = Vec::new();
        self.computer.worker_reply(host, text, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub(super) fn worker_failed(&mut self, why: WorkerFailure, fx: &mut Vec<HostEffect>) {
        let Some(host) = self.host.as_mut() else {
            fx.push(HostEffect::StopWorker);
            return;
        };
        let mut out = Vec::new();
        self.computer.worker_failed(host, why, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    fn computer_effects(&mut self, out: Vec<ComputerEffect>, fx: &mut Vec<HostEffect>) {
        for effect in out {
            match effect {
                ComputerEffect::AskWorker(text) => fx.push(HostEffect::AskWorker(text)),
                ComputerEffect::StopWorker => fx.push(HostEffect::StopWorker),
                ComputerEffect::WakeAfter(ms) => fx.push(HostEffect::WakeAfter { ms, timer: Timer::ComputerDue }),
                ComputerEffect::Deliver(out) => self.deliver(out, fx),
                ComputerEffect::Failed(_) => self.redraw = true,
                ComputerEffect::Trace(line) => fx.push(HostEffect::Trace(line)),
            }
        }
    }
}
