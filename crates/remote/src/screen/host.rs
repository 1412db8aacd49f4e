//! The host's page by turns: the table's setup (2–4 seats, each a person or the computer at
//! a level; the host's player plays seat 0 on this device), then each remote seat's invite
//! until its person joins, the letters to write when a seat has news, the links opened from
//! the seats, this device's own seat's Day, the computer seats' Days (planned by the
//! computer players' worker, as on table mode's tablet, and applied whole), and the Season's
//! end.

use super::{host_key, letter_file, say_opened, Effect, Opened, Problem, Shown, CURRENT_KEY};
use crate::host_device::{HostDevice, PressError};
use crate::party::Party;
use crate::spectator::spectator_fragment;
use crate::turn::Awaited;
use lauzait_autoplay::{DayFailure, WorkerFailure};
use lauzait_engine::{Action, PlayerCount};
use lauzait_table_mode::computer_seats::{unattended, ComputerEffect, ComputerSeats};
use lauzait_table_mode::controls::SetupButton;
use lauzait_table_mode::host::{Player, HOST_ENTROPY};
use lauzait_table_mode::setup::Setup;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The seat the host's player plays on the host's device.
pub const HOST_SEAT: u8 = 0;

/// The bytes of entropy a new table needs: the table's ([`HOST_ENTROPY`]), the device's
/// signing key (32) and the host's seat's secret (32).
pub const TABLE_ENTROPY: usize = HOST_ENTROPY + 64;

/// How long after a computer seat's failed Day it is asked for again (ms). Its Day is asked
/// for at once: by turns, the people see it in their next letter anyway.
pub const COMPUTER_RETRY_MS: u32 = 3000;

/// The host device's computer seats: asked at once, retried by themselves, thinking as
/// hard as the game's own Strong player.
fn computer_seats() -> ComputerSeats {
    ComputerSeats::new(unattended(0, COMPUTER_RETRY_MS), lauzait_bots::DEFAULT_PLAYOUTS)
}

/// Something that happened on the host's page.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// Setup: how many seats (2–4), or who plays a seat other than the host's own.
    Setup(SetupButton),
    /// Setup: the luminous rule.
    Luminous(bool),
    /// Set the table: the seats' names in the page's language, in seat order, and
    /// [`TABLE_ENTROPY`] bytes from the browser's cryptographic generator.
    Create {
        names: Vec<String>,
        entropy: Vec<u8>,
    },
    /// A link opened from the address, or pasted.
    Open(String),
    /// The host's player pressed the `i`-th choice of its seat's Day.
    Choice(usize),
    /// The Season is over: deal the next one.
    NextSeason,
    /// Write the letter to this seat.
    Write(u8),
    Copy(Shown),
    Share(Shown),
    /// Save this link, too long for a messenger, as a file.
    Save(Shown),
    /// The browser copied this link.
    Copied(Shown),
    /// The computer players' worker posted this text.
    WorkerReply(String),
    /// The computer players' worker failed (the page stops it).
    WorkerFailed(WorkerFailure),
    /// The wake-up [`Effect::WakeAfter`] asked for, or the page's start: a computer seat's
    /// Day may be due.
    Wake,
}

/// Where the host's page is.
#[derive(Clone, Debug)]
pub enum Phase {
    Setup(Setup),
    Table(Box<HostDevice>),
}

/// The host's page.
#[derive(Clone, Debug)]
pub struct HostScreen {
    phase: Phase,
    /// The link of the letter last written to each seat, kept on show until that seat
    /// answers it (the person may have lost it).
    letters: BTreeMap<u8, String>,
    problem: Option<Problem>,
    opened: Option<Opened>,
    copied: Option<Shown>,
    /// Not saved: after a reload, the computer seat whose Day it is is asked again (its
    /// Day's seed is the game's, so it plays the same Day).
    computer: ComputerSeats,
}

/// What the host's page keeps: the device and the letters on show.
#[derive(Serialize, Deserialize)]
struct Saved {
    device: String,
    letters: BTreeMap<u8, String>,
}

impl HostScreen {
    /// A new table's setup: two persons, the luminous rule on.
    pub fn setup(problem: Option<Problem>) -> HostScreen {
        let setup = Setup { players: PlayerCount::Two, seated: [Player::Person; 4], luminous: true };
        HostScreen {
            phase: Phase::Setup(setup),
            letters: BTreeMap::new(),
            problem,
            opened: None,
            copied: None,
            computer: computer_seats(),
        }
    }

    /// The table saved on this device.
    pub fn resume(text: &str) -> Result<HostScreen, Problem> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|_| Problem::Resume(crate::host_device::ResumeError::Unreadable))?;
        let device = HostDevice::resume(&saved.device).map_err(Problem::Resume)?;
        Ok(HostScreen {
            phase: Phase::Table(Box::new(device)),
            letters: saved.letters,
            problem: None,
            opened: None,
            copied: None,
            computer: computer_seats(),
        })
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn device(&self) -> Option<&HostDevice> {
        match &self.phase {
            Phase::Table(d) => Some(d),
            Phase::Setup(_) => None,
        }
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    /// Says `problem` (a link the boot refused before this page took it).
    pub fn set_problem(&mut self, problem: Problem) {
        self.problem = Some(problem);
    }
    pub fn opened(&self) -> Option<Opened> {
        self.opened
    }
    pub fn copied(&self) -> Option<Shown> {
        self.copied
    }
    /// Why the last computer seat's Day could not be played (it is asked for again).
    pub fn computer_failed(&self) -> Option<&DayFailure> {
        self.computer.failed()
    }

    /// The letter on show for `seat`.
    pub fn letter(&self, seat: u8) -> Option<&str> {
        self.letters.get(&seat).map(String::as_str)
    }

    /// The fragment of a link on show.
    pub fn link(&self, shown: Shown) -> Option<String> {
        match shown {
            Shown::Invite(seat) => self.device()?.invite(seat).map(|i| i.fragment()),
            Shown::Letter(seat) => self.letter(seat).map(str::to_string),
            Shown::Spectator => spectator_fragment(self.device()?.host()),
        }
    }

    /// Whose move it is.
    pub fn turn(&self) -> Option<Awaited> {
        self.device().map(HostDevice::turn)
    }

    /// The host's seat's choices now.
    pub fn choices(&self) -> Vec<Action> {
        self.device().and_then(HostDevice::local).map(|g| g.choices()).unwrap_or_default()
    }

    /// Where this table is saved.
    pub fn save_key(&self) -> Option<String> {
        self.device().map(|d| host_key(d.host().table))
    }

    fn save(&self) -> Option<String> {
        let device = self.device()?.save();
        Some(lauzait_table_mode::validate::write(&Saved { device, letters: self.letters.clone() }))
    }

    /// Handles `event`, at `now` (ms, the page's clock: the computer seats' pacing).
    pub fn update(&mut self, event: HostEvent, now: f64) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.copied = None;
        let mut changed = match event {
            HostEvent::Setup(button) => {
                // The host's own seat is this device's person's.
                let own = matches!(button, SetupButton::ToggleComputer(HOST_SEAT) | SetupButton::Level(HOST_SEAT, _));
                if let (Phase::Setup(setup), false) = (&mut self.phase, own) {
                    setup.press(button);
                }
                false
            }
            HostEvent::Luminous(on) => {
                if let Phase::Setup(setup) = &mut self.phase {
                    setup.luminous = on;
                }
                false
            }
            HostEvent::Create { names, entropy } => self.create(&names, &entropy, &mut fx),
            HostEvent::Open(link) => self.open(&link, &mut fx),
            HostEvent::Choice(i) => {
                let action = self.choices().get(i).copied();
                let done = match (self.device_mut(), action) {
                    (Some(device), Some(action)) => Some(device.press(action)),
                    _ => None,
                };
                done.is_some_and(|done| self.pressed(done))
            }
            HostEvent::NextSeason => {
                let done = match self.device_mut() {
                    Some(device) if device.turn() == Awaited::SeasonOver => {
                        Some(device.table_action(Action::NextSeason))
                    }
                    _ => None,
                };
                done.is_some_and(|done| self.pressed(done))
            }
            HostEvent::Write(seat) => self.write(seat, &mut fx),
            HostEvent::Copy(shown) => {
                fx.extend(self.link(shown).map(Effect::Copy));
                false
            }
            HostEvent::Share(shown) => {
                fx.extend(self.link(shown).map(Effect::Share));
                false
            }
            HostEvent::Save(shown) => {
                fx.extend(self.link(shown).and_then(|link| letter_file(&link)));
                false
            }
            HostEvent::Copied(shown) => {
                self.copied = Some(shown);
                false
            }
            HostEvent::WorkerReply(text) => {
                self.computers(&mut fx, |c, host, out| c.worker_reply(host, &text, now, out))
            }
            HostEvent::WorkerFailed(why) => {
                self.computers(&mut fx, |c, host, out| c.worker_failed(host, why, now, out))
            }
            HostEvent::Wake => self.computers(&mut fx, |c, host, out| c.due(host, now, out)),
        };
        // Whatever changed, a computer seat's Day may now be due.
        changed |= self.computers(&mut fx, |c, host, out| c.pace(host, now, out));
        if changed {
            self.store(&mut fx);
        }
        fx.push(Effect::Redraw);
        fx
    }

    /// Runs `step` on the computer seats; their effects become the page's. Whether the
    /// table changed.
    fn computers(
        &mut self,
        fx: &mut Vec<Effect>,
        step: impl FnOnce(&mut ComputerSeats, &mut lauzait_table_mode::host::Host, &mut Vec<ComputerEffect>),
    ) -> bool {
        let Phase::Table(device) = &mut self.phase else { return false };
        let (out, changed) = device.computers(&mut self.computer, step);
        for effect in out {
            match effect {
                ComputerEffect::AskWorker(text) => fx.push(Effect::AskWorker(text)),
                ComputerEffect::StopWorker => fx.push(Effect::StopWorker),
                ComputerEffect::WakeAfter(ms) => fx.push(Effect::WakeAfter(ms)),
                ComputerEffect::Trace(line) => fx.push(Effect::Trace(line)),
                // Routed by the device; said on the page by `computer_failed`.
                ComputerEffect::Deliver(_) | ComputerEffect::Failed(_) => {}
            }
        }
        changed
    }

    fn device_mut(&mut self) -> Option<&mut HostDevice> {
        match &mut self.phase {
            Phase::Table(d) => Some(d),
            Phase::Setup(_) => None,
        }
    }

    fn pressed(&mut self, done: Result<(), PressError>) -> bool {
        match done {
            Ok(()) => {
                self.problem = None;
                true
            }
            Err(e) => {
                self.problem = Some(Problem::Press(e));
                false
            }
        }
    }

    fn create(&mut self, names: &[String], entropy: &[u8], fx: &mut Vec<Effect>) -> bool {
        let Phase::Setup(setup) = &self.phase else { return false };
        if entropy.len() < TABLE_ENTROPY {
            self.problem = Some(Problem::NoEntropy);
            return false;
        }
        let name = |seat| names.get(setup.seats().iter().position(|&s| s == seat).unwrap_or(0)).cloned();
        let (options, seats) = match setup.table(|seat| name(seat).unwrap_or_default()) {
            Ok(table) => table,
            Err(_) => {
                self.problem = Some(Problem::Setup(crate::host_device::SetupError::NoSuchSeat));
                return false;
            }
        };
        let (host, rest) = entropy.split_at(HOST_ENTROPY);
        let (key, secret) = rest.split_at(32);
        match HostDevice::new(options, seats, host, key, Some((HOST_SEAT, secret))) {
            Ok(device) => {
                let key = host_key(device.host().table);
                fx.push(Effect::Store { key: CURRENT_KEY.into(), text: key });
                fx.push(Effect::Trace("table set".into()));
                self.phase = Phase::Table(Box::new(device));
                self.problem = None;
                true
            }
            Err(e) => {
                self.problem = Some(Problem::Setup(e));
                false
            }
        }
    }

    /// Opens a seat's letter; a refused one leaves everything as it was and says why.
    fn open(&mut self, link: &str, fx: &mut Vec<Effect>) -> bool {
        let Some(device) = self.device_mut() else {
            self.problem = Some(Problem::NoGameHere);
            return false;
        };
        let result = device.open(link);
        let from = say_opened(result, &mut self.opened, &mut self.problem, fx);
        if let Some(Party::Seat(seat)) = from {
            if !self.device().is_some_and(|d| d.letter_unanswered(seat)) {
                self.letters.remove(&seat);
            }
        }
        from.is_some()
    }

    fn write(&mut self, seat: u8, fx: &mut Vec<Effect>) -> bool {
        let Some(device) = self.device_mut() else { return false };
        if !device.has_news_for(seat) {
            return false;
        }
        let Some(letter) = device.write_to(seat) else { return false };
        let link = letter.fragment();
        fx.push(Effect::Trace(format!("wrote letter {} to seat {seat}: {} characters", letter.seq, link.len())));
        self.letters.insert(seat, link);
        self.problem = None;
        true
    }

    fn store(&self, fx: &mut Vec<Effect>) {
        if let (Some(key), Some(text)) = (self.save_key(), self.save()) {
            fx.push(Effect::Store { key, text });
        }
    }
}
