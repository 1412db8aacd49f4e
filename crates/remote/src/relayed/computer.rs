//! Computer seats at a relayed table: each a device of joint play of its own, made and run by
//! the tablet's page, holding that seat's hand and nothing more — as a phone holds its own.
//! Its messages go through the relay as a phone's do, so every phone checks it as it checks
//! any other device; its Day is planned from its seat's view alone (R40), which the page
//! hands the computer players' worker.
//!
//! The device that runs a computer seat knows that seat's hand: a person with the tablet's
//! developer tools could read it, as anyone could read a computer player's hand on the device
//! that plays it. No person's hand is on the tablet.
//!
//! A computer player goes along with the table: it agrees to end the Season or the game once
//! a person proposes it, and votes to give a Season up without a device that left once a
//! person has (its device would otherwise hold the table up).

use super::phone::{PhoneSeating, PhoneTable, PhoneTableError, SEAT_ENTROPY};
use super::roster::TableRoster;
use super::tablet::TabletError;
use super::wire::{FromTablet, ToTablet};
use lauzait_bots::Level;
use lauzait_engine::{Action, SeatView};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{Awaited, PlayError, PlayPhase};
use lauzait_table_mode::bytes::TableId;

/// Entropy a computer seat needs: its letter key and nonce, its deal's 64 bytes, then its
/// computer player's seed (8 bytes).
pub const COMPUTER_ENTROPY: usize = SEAT_ENTROPY + 64 + 8;

/// A computer seat before the roster.
#[derive(Clone)]
pub struct ComputerSeat {
    seating: PhoneSeating,
    deal: DeviceEntropy,
    level: Level,
    bot_seed: u64,
}

/// Its seat only: a device's secrets stay out of any printout.
impl std::fmt::Debug for ComputerSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComputerSeat").field("seat", &self.seating.me()).finish_non_exhaustive()
    }
}

impl ComputerSeat {
    /// Seat `seat`'s computer player of `level`, from [`COMPUTER_ENTROPY`] bytes of `entropy`.
    pub fn new(table: TableId, seat: Device, level: Level, entropy: &[u8]) -> Result<ComputerSeat, PhoneTableError> {
        let deal: [u8; 64] = entropy
            .get(SEAT_ENTROPY..SEAT_ENTROPY + 64)
            .and_then(|d| d.try_into().ok())
            .ok_or(PhoneTableError::Seating)?;
        let bot_seed: [u8; 8] = entropy
            .get(SEAT_ENTROPY + 64..COMPUTER_ENTROPY)
            .and_then(|d| d.try_into().ok())
            .ok_or(PhoneTableError::Seating)?;
        let seating = PhoneSeating::new(table, seat, entropy)?;
        Ok(ComputerSeat { seating, deal: DeviceEntropy(deal), level, bot_seed: u64::from_le_bytes(bot_seed) })
    }

    pub fn seat(&self) -> Device {
        self.seating.me()
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn join(&self) -> ToTablet {
        self.seating.join()
    }

    /// Its player with its device as the tablet's save kept it (made from this seat's
    /// entropy and the table's roster before the tablet's page was reloaded).
    pub fn resumed(&self, table: PhoneTable) -> ComputerPlayer {
        ComputerPlayer { seat: self.seat(), level: self.level, bot_seed: self.bot_seed, table }
    }

    /// Its device, made from the roster, and its nonce for the other seats.
    pub fn sit(&self, roster: &TableRoster) -> Result<(ComputerPlayer, ToTablet), PhoneTableError> {
        let (table, reveal) = self.seating.open_roster(FromTablet::Roster(roster.clone()), &self.deal)?;
        Ok((ComputerPlayer { seat: self.seat(), level: self.level, bot_seed: self.bot_seed, table }, reveal))
    }
}

/// A computer seat at a running table: its device, and how its player plays.
#[derive(Clone)]
pub struct ComputerPlayer {
    pub seat: Device,
    pub level: Level,
    /// Its computer player's seed (never the deal's).
    pub bot_seed: u64,
    pub table: PhoneTable,
}

impl ComputerPlayer {
    /// Takes `message`; then goes along with what the table awaits of it beside its Days
    /// (module docs).
    fn open(&mut self, message: FromTablet) -> Result<(), TabletError> {
        let seat = self.seat;
        self.table.open(message).map_err(|error| TabletError::Computer { seat, error })?;
        let device = self.table.device_mut();
        let answered = match device.waiting().awaited {
            Awaited::Agreement { action, from } if from.contains(&seat) => device.act(action),
            Awaited::Void { left, from } if from.contains(&seat) => device.give_up(left),
            _ => Ok(()),
        };
        answered.map_err(|e: PlayError| TabletError::Computer { seat, error: PhoneTableError::Play(e) })
    }

    fn outbox(&mut self) -> Vec<(Device, ToTablet)> {
        self.table.outbox().into_iter().map(|m| (self.seat, m)).collect()
    }
}

/// What a relay needs of its computer seats: whose seats they are, and each one's part in the
/// carrying of messages.
pub trait ComputerSeats: Clone {
    /// Whether `seat` is a computer's.
    fn plays(&self, seat: Device) -> bool;
    /// Computer seat `to` takes `message`; what it has for the others then.
    fn open(&mut self, to: Device, message: FromTablet) -> Result<Vec<(Device, ToTablet)>, TabletError>;
    /// What every computer seat has for the others.
    fn outboxes(&mut self) -> Vec<(Device, ToTablet)>;
}

/// A table of persons: no computer seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoComputers;

impl ComputerSeats for NoComputers {
    fn plays(&self, _seat: Device) -> bool {
        false
    }
    fn open(&mut self, to: Device, _message: FromTablet) -> Result<Vec<(Device, ToTablet)>, TabletError> {
        Err(TabletError::NotAComputer { seat: to })
    }
    fn outboxes(&mut self) -> Vec<(Device, ToTablet)> {
        Vec::new()
    }
}

/// The computer seats of a running table, each a device of its own.
#[derive(Clone)]
pub struct Computers {
    seats: Vec<ComputerPlayer>,
}

impl Computers {
    pub fn new(seats: Vec<ComputerPlayer>) -> Computers {
        Computers { seats }
    }

    /// Computer seat `seat`.
    pub fn get(&self, seat: Device) -> Option<&ComputerPlayer> {
        self.seats.iter().find(|c| c.seat == seat)
    }

    fn seat(&mut self, seat: Device) -> Result<&mut ComputerPlayer, TabletError> {
        self.seats.iter_mut().find(|c| c.seat == seat).ok_or(TabletError::NotAComputer { seat })
    }

    /// The computer seat whose Day it is, with its view as its own device sees the game.
    pub fn to_move(&self) -> Option<(&ComputerPlayer, &SeatView)> {
        self.seats.iter().find_map(|c| {
            let device = c.table.device().device();
            match device.phase() {
                PlayPhase::Playing { to_move } if to_move == c.seat.index() => Some((c, device.game()?.view())),
                _ => None,
            }
        })
    }

    /// What every computer seat sends again after the tablet's page was reloaded
    /// ([`PhoneTable::again`]).
    pub fn again(&mut self) -> Vec<(Device, ToTablet)> {
        self.seats
            .iter_mut()
            .flat_map(|c| c.table.again().into_iter().map(|m| (c.seat, m)).collect::<Vec<_>>())
            .collect()
    }

    /// Every computer seat, in seat order of seating.
    pub fn players(&self) -> &[ComputerPlayer] {
        &self.seats
    }

    /// Computer seat `seat` takes `action`; what it has for the others then.
    pub fn act(&mut self, seat: Device, action: Action) -> Result<Vec<(Device, ToTablet)>, TabletError> {
        let computer = self.seat(seat)?;
        computer
            .table
            .device_mut()
            .act(action)
            .map_err(|e| TabletError::Computer { seat, error: PhoneTableError::Play(e) })?;
        Ok(computer.outbox())
    }
}

impl ComputerSeats for Computers {
    fn plays(&self, seat: Device) -> bool {
        self.seats.iter().any(|c| c.seat == seat)
    }
    fn open(&mut self, to: Device, message: FromTablet) -> Result<Vec<(Device, ToTablet)>, TabletError> {
        let computer = self.seat(to)?;
        computer.open(message)?;
        Ok(computer.outbox())
    }
    fn outboxes(&mut self) -> Vec<(Device, ToTablet)> {
        self.seats.iter_mut().flat_map(ComputerPlayer::outbox).collect()
    }
}
