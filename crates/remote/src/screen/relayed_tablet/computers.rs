//! A relayed table's computer seats on the tablet's page: each a device of joint play of its
//! own ([`crate::relayed::computer`]), holding its seat's hand and nothing more, made when the
//! table is set and joining at once, as a phone would. Their Days are paced as table mode's
//! tablet paces its computer players ([`ComputerSeats`]: a pause so that the people see the
//! last Day, a Day asked of the computer players' worker from the seat's own view, applied
//! whole, asked again after a failure).
//!
//! The tablet's save keeps each computer seat's player, the entropy its device was made from
//! (so that a reloaded tablet makes the same device, whose key and commitment the roster
//! holds) and, once the game runs, its device's state: a reloaded tablet resumes the game with
//! the phones, which keep their own.

use super::{RelayedTabletScreen, Stage, TabletSave};
use crate::relayed::{ComputerPlayer, ComputerSeat, Computers, PhoneTable, TabletError, TabletGathering, TabletRelay};
use crate::relayed::{PhoneTableError, ToPhones, COMPUTER_ENTROPY};
use lauzait_autoplay::{DayFailure, WorkerFailure};
use lauzait_bots::Level;
use lauzait_joint_deal::Device;
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::computer_seats::{unattended, ComputerEffect, ComputerSeats};
use lauzait_table_mode::host_screen::{HostEffect, Timer, COMPUTER_PAUSE_MS, COMPUTER_RETRY_MS};
use lauzait_table_mode::setup::Setup;
use serde::{Deserialize, Serialize};

/// A computer seat as the tablet's save keeps it (module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedComputer {
    pub seat: u8,
    pub level: Level,
    /// The [`COMPUTER_ENTROPY`] bytes its device was made from.
    pub entropy: Vec<u8>,
    /// Its device once the game runs ([`PhoneTable::save`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
}

/// The computer seats while the phones join: made from their entropy, or resumed with their
/// devices from the tablet's save.
#[derive(Clone)]
pub(super) enum Gathered {
    Fresh(Vec<ComputerSeat>),
    Resumed(Vec<ComputerPlayer>),
}

/// The tablet's pacing of its computer seats: nobody sits at the tablet to press Retry.
pub(super) fn pacing() -> ComputerSeats {
    ComputerSeats::new(unattended(COMPUTER_PAUSE_MS, COMPUTER_RETRY_MS), lauzait_bots::DEFAULT_PLAYOUTS)
}

/// A new table's save from its setup and the browser's entropy (at least
/// [`super::TABLET_ENTROPY`] bytes): the table's id from its first 8, each computer seat's
/// device from its own slice after them.
pub(super) fn new_save(setup: &Setup, entropy: &[u8]) -> TabletSave {
    let computers = (0..setup.players.get())
        .filter_map(|i| {
            let level = setup.seated.get(i)?.level()?;
            let at = 8 + i * COMPUTER_ENTROPY;
            let entropy = entropy.get(at..at + COMPUTER_ENTROPY)?.to_vec();
            Some(SavedComputer { seat: i as u8, level, entropy, table: None })
        })
        .collect();
    TabletSave {
        table: TableId::from_entropy(entropy),
        players: setup.players.get() as u8,
        luminous: setup.luminous,
        computers,
    }
}

/// Seats the save's computer players in `gathering` (each joins at once).
pub(super) fn seat(gathering: &mut TabletGathering, save: &TabletSave) -> Result<Gathered, TabletError> {
    let (mut fresh, mut resumed) = (Vec::new(), Vec::new());
    for saved in &save.computers {
        let seat = Device::from_byte(saved.seat);
        let computer = gathering.seat_computer(seat, saved.level, &saved.entropy)?;
        match &saved.table {
            Some(text) => {
                let table = PhoneTable::resume(text).map_err(|error| TabletError::Computer { seat, error })?;
                resumed.push(computer.resumed(table));
            }
            None => fresh.push(computer),
        }
    }
    match (fresh.is_empty(), resumed.is_empty()) {
        (_, true) => Ok(Gathered::Fresh(fresh)),
        (true, false) => Ok(Gathered::Resumed(resumed)),
        // Every computer seat sits when the roster is made: a save with some seated and some
        // not was not written by this page.
        (false, false) => Err(TabletError::Computer { seat: fresh[0].seat(), error: PhoneTableError::Unreadable }),
    }
}

/// The relay with its computer seats, once every phone joined.
pub(super) fn start(
    relay: TabletRelay,
    first: ToPhones,
    gathered: Gathered,
) -> Result<(TabletRelay<Computers>, ToPhones), TabletError> {
    match gathered {
        Gathered::Fresh(seats) => relay.with_computers(seats, first),
        Gathered::Resumed(players) => relay.with_resumed_computers(players, first),
    }
}

impl RelayedTabletScreen {
    /// The computer seats, once the relay runs.
    pub fn computers(&self) -> &[ComputerPlayer] {
        match &self.stage {
            Stage::Relaying(relay) => relay.computers().players(),
            _ => &[],
        }
    }

    /// Why the last computer player's Day could not be played (shown until one is).
    pub fn computer_failed(&self) -> Option<&DayFailure> {
        self.computer.failed()
    }

    /// Does what the pacer says for the computer seat whose Day it is, if any.
    pub(super) fn pace_computers(&mut self, fx: &mut Vec<HostEffect>) {
        let Stage::Relaying(relay) = &mut self.stage else { return };
        let mut out = Vec::new();
        self.computer.pace(relay.as_mut(), self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// The [`Timer::ComputerDue`] wake-up.
    pub(super) fn computer_due(&mut self, fx: &mut Vec<HostEffect>) {
        let Stage::Relaying(relay) = &mut self.stage else { return };
        let mut out = Vec::new();
        self.computer.due(relay.as_mut(), self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// What the worker posted.
    pub(super) fn worker_reply(&mut self, text: &str, fx: &mut Vec<HostEffect>) {
        let Stage::Relaying(relay) = &mut self.stage else { return };
        let mut out = Vec::new();
        self.computer.worker_reply(relay.as_mut(), text, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    /// The worker is gone (the page closes it): the Day asked for, if any, failed.
    pub(super) fn worker_failed(&mut self, why: WorkerFailure, fx: &mut Vec<HostEffect>) {
        let Stage::Relaying(relay) = &mut self.stage else { return fx.push(HostEffect::StopWorker) };
        let mut out = Vec::new();
        self.computer.worker_failed(relay.as_mut(), why, self.now, &mut out);
        self.computer_effects(out, fx);
    }

    fn computer_effects(&mut self, out: Vec<ComputerEffect<ToPhones>>, fx: &mut Vec<HostEffect>) {
        for effect in out {
            match effect {
                ComputerEffect::AskWorker(text) => fx.push(HostEffect::AskWorker(text)),
                ComputerEffect::StopWorker => fx.push(HostEffect::StopWorker),
                ComputerEffect::WakeAfter(ms) => fx.push(HostEffect::WakeAfter { ms, timer: Timer::ComputerDue }),
                ComputerEffect::Deliver(out) => {
                    self.send_all(out, fx);
                    self.flush_soon(fx);
                }
                ComputerEffect::Failed(_) => self.flush_soon(fx),
                ComputerEffect::Trace(line) => fx.push(HostEffect::Trace(line)),
            }
        }
    }

    /// The save with each computer seat's device as it stands now, if it changed since it
    /// was last kept (a table of persons alone has nothing to keep after it is set).
    pub(super) fn refreshed_save(&mut self) -> Option<TabletSave> {
        let Stage::Relaying(relay) = &self.stage else { return None };
        let save = self.table.as_mut()?;
        let mut changed = false;
        for saved in &mut save.computers {
            let Some(player) = relay.computer(Device::from_byte(saved.seat)) else { continue };
            let now = Some(player.table.save());
            if saved.table != now {
                saved.table = now;
                changed = true;
            }
        }
        changed.then(|| save.clone())
    }
}
