//! The host screen's computer players: what to ask the bot worker and when. A computer
//! seat's Day is asked for [`COMPUTER_PAUSE_MS`] after the change that made it due (so the
//! people at the table see the last Day before the next), and again [`COMPUTER_RETRY_MS`]
//! after a failed one, through wake-ups the page runs, as the main game's driver does
//! (`lauzait_ui::driver`).

use super::{HostEffect, HostScreen, Timer};
use lauzait_autoplay::BotReply;

/// The pause before a computer player's Day is asked for (ms).
pub const COMPUTER_PAUSE_MS: u32 = 700;
/// How long after a computer player's failed Day it is asked for again (ms).
pub const COMPUTER_RETRY_MS: u32 = 3000;

/// The computer players' Day being planned, and when the next is asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Computer {
    /// The request whose answer is still wanted, and its seat.
    pub(super) pending: Option<(u32, u8)>,
    next_id: u32,
    /// A [`Timer::ComputerDue`] is on its way.
    pub(super) due: bool,
    /// Why the last Day could not be played (shown until one is).
    pub(super) failed: Option<String>,
}

impl HostScreen {
    /// A computer seat whose Day it is plays after a pause, unless it is asked already.
    pub(super) fn pace_computer(&mut self, fx: &mut Vec<HostEffect>) {
        let due = self.host.as_ref().is_some_and(|h| h.computer_to_move().is_some());
        if due && self.computer.pending.is_none() && !self.computer.due {
            self.computer.due = true;
            fx.push(HostEffect::WakeAfter { ms: COMPUTER_PAUSE_MS, timer: Timer::ComputerDue });
        }
    }

    /// Asks the worker for the computer player's Day, when one is due and none is asked.
    pub(super) fn ask_computer(&mut self, fx: &mut Vec<HostEffect>) {
        if self.computer.pending.is_some() {
            return;
        }
        let Some(host) = &self.host else { return };
        let Some((seat, _)) = host.computer_to_move() else { return };
        self.computer.next_id = self.computer.next_id.wrapping_add(1);
        let id = self.computer.next_id;
        // An error here means the computer's Day is no longer due: nothing to ask.
        if let Ok(request) = host.computer_request(id, self.playouts) {
            self.computer.pending = Some((id, seat));
            fx.push(HostEffect::AskWorker(request.to_text()));
        }
    }

    /// The worker's plan for a computer seat's Day, applied by the host; when it cannot be,
    /// the table is told and the Day asked for again a little later.
    pub(super) fn computer_day(&mut self, reply: BotReply, fx: &mut Vec<HostEffect>) {
        // A reply to a request given up on is dropped.
        let Some((_, seat)) = self.computer.pending.filter(|&(id, _)| id == reply.id) else { return };
        self.computer.pending = None;
        let applied = match (reply.error, self.host.as_mut()) {
            (Some(why), _) => Err(why),
            (None, Some(host)) => host.apply_computer_day(seat, &reply.actions).map_err(|e| e.to_string()),
            (None, None) => return,
        };
        match applied {
            Ok(out) => {
                self.computer.failed = None;
                self.deliver(out, fx);
            }
            Err(why) => self.computer_day_failed(why, fx),
        }
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub(super) fn worker_failed(&mut self, why: String, fx: &mut Vec<HostEffect>) {
        fx.push(HostEffect::StopWorker);
        if self.computer.pending.take().is_some() {
            self.computer_day_failed(why, fx);
        }
    }

    pub(super) fn computer_day_failed(&mut self, why: String, fx: &mut Vec<HostEffect>) {
        fx.push(HostEffect::Trace(format!("computer player: {why}")));
        self.computer.failed = Some(why);
        self.redraw = true;
        if !self.computer.due {
            self.computer.due = true;
            fx.push(HostEffect::WakeAfter { ms: COMPUTER_RETRY_MS, timer: Timer::ComputerDue });
        }
    }
}
