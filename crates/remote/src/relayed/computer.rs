//! Computer seats at a relayed table: each a device of joint play of its own, made and run by
//! the tablet's page, holding that seat's hand and nothing more — as a phone holds its own.
//! Its messages go through the relay as a phone's do, so every phone checks it as it checks
//! any other device; its Day is planned from its seat's view alone (R40), which the page
//! hands the computer players' worker.
//!
//! The device that runs a computer seat knows that seat's hand: a person with the tablet's
//! developer tools could read it, as anyone could read a computer player's hand on the device
//! that plays it. No person's hand is on the tablet.

use super::phone::{PhoneSeating, PhoneTable, PhoneTableError, SEAT_ENTROPY};
use super::roster::TableRoster;
use super::tablet::TabletError;
use super::wire::{FromTablet, ToTablet};
use lauzait_engine::{Action, SeatView};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::PlayPhase;
use lauzait_table_mode::bytes::TableId;

/// Entropy a computer seat needs: its letter key and nonce, then its deal's 64 bytes.
pub const COMPUTER_ENTROPY: usize = SEAT_ENTROPY + 64;

/// A computer seat before the roster.
#[derive(Clone)]
pub struct ComputerSeat {
    seating: PhoneSeating,
    deal: DeviceEntropy,
}

/// Its seat only: a device's secrets stay out of any printout.
impl std::fmt::Debug for ComputerSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComputerSeat").field("seat", &self.seating.me()).finish_non_exhaustive()
    }
}

impl ComputerSeat {
    pub fn new(table: TableId, seat: Device, entropy: &[u8]) -> Result<ComputerSeat, PhoneTableError> {
        let deal: [u8; 64] = entropy
            .get(SEAT_ENTROPY..COMPUTER_ENTROPY)
            .and_then(|d| d.try_into().ok())
            .ok_or(PhoneTableError::Seating)?;
        let seating = PhoneSeating::new(table, seat, entropy)?;
        Ok(ComputerSeat { seating, deal: DeviceEntropy(deal) })
    }

    pub fn seat(&self) -> Device {
        self.seating.me()
    }

    pub fn join(&self) -> ToTablet {
        self.seating.join()
    }

    /// Its device, made from the roster, and its nonce for the other seats.
    pub fn sit(&self, roster: &TableRoster) -> Result<(PhoneTable, ToTablet), PhoneTableError> {
        self.seating.open_roster(FromTablet::Roster(roster.clone()), &self.deal)
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
    seats: Vec<(Device, PhoneTable)>,
}

impl Computers {
    pub fn new(seats: Vec<(Device, PhoneTable)>) -> Computers {
        Computers { seats }
    }

    /// Computer seat `seat`'s device.
    pub fn get(&self, seat: Device) -> Option<&PhoneTable> {
        self.seats.iter().find(|(d, _)| *d == seat).map(|(_, t)| t)
    }

    fn seat(&mut self, seat: Device) -> Result<&mut PhoneTable, TabletError> {
        self.seats.iter_mut().find(|(d, _)| *d == seat).map(|(_, t)| t).ok_or(TabletError::NotAComputer { seat })
    }

    /// The computer seat whose Day it is, as its own device sees the game, with its view.
    pub fn to_move(&self) -> Option<(Device, SeatView)> {
        self.seats.iter().find_map(|(d, t)| {
            let device = t.device().device();
            match device.phase() {
                PlayPhase::Playing { to_move } if to_move == d.index() => Some((*d, device.game()?.view().clone())),
                _ => None,
            }
        })
    }

    /// Computer seat `seat` takes `action`; what it has for the others then.
    pub fn act(&mut self, seat: Device, action: Action) -> Result<Vec<(Device, ToTablet)>, TabletError> {
        let table = self.seat(seat)?;
        table.device_mut().act(action).map_err(|e| TabletError::Computer { seat, error: PhoneTableError::Play(e) })?;
        Ok(table.outbox().into_iter().map(|m| (seat, m)).collect())
    }
}

impl ComputerSeats for Computers {
    fn plays(&self, seat: Device) -> bool {
        self.seats.iter().any(|(d, _)| *d == seat)
    }
    fn open(&mut self, to: Device, message: FromTablet) -> Result<Vec<(Device, ToTablet)>, TabletError> {
        let table = self.seat(to)?;
        table.open(message).map_err(|error| TabletError::Computer { seat: to, error })?;
        Ok(table.outbox().into_iter().map(|m| (to, m)).collect())
    }
    fn outboxes(&mut self) -> Vec<(Device, ToTablet)> {
        self.seats.iter_mut().flat_map(|(d, t)| t.outbox().into_iter().map(|m| (*d, m))).collect::<Vec<_>>()
    }
}
