//! A phone at a relayed table: before the roster, its seat, letter key and code's nonce
//! ([`PhoneSeating`]); then its device of joint play with the table's code being made
//! ([`PhoneTable`]). It takes the tablet's messages as untrusted, and writes what it has for
//! the tablet to carry: its letters to the other phones and the public view of its game.

use super::code::{commit, Commitment, Nonce, TableCode};
use super::roster::TableRoster;
use super::wire::{FromTablet, ToTablet};
use crate::channel::Channel;
use crate::host_device::Applied;
use crate::identity::{DeviceKey, KEY_ENTROPY};
use crate::joint_device::{JointDevice, JointOpenError, JointSetupError};
use lauzait_engine::SpectatorView;
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::PlayError;
use lauzait_table_mode::bytes::TableId;
use std::fmt;

/// Entropy a phone needs to sit at a relayed table: its letter key, then its code's nonce.
pub const SEAT_ENTROPY: usize = KEY_ENTROPY + 32;

/// A phone paired with the tablet for a seat, before the roster (module docs).
#[derive(Clone)]
pub struct PhoneSeating {
    table: TableId,
    me: Device,
    key: DeviceKey,
    nonce: Nonce,
}

/// A phone playing at a relayed table (module docs).
#[derive(Clone)]
pub struct PhoneTable {
    device: JointDevice,
    roster: TableRoster,
    /// Every phone's nonce once shown, this phone's from the start.
    nonces: Vec<Option<Nonce>>,
    /// The public view last written for the tablet, so that an unchanged one is not sent again.
    view_sent: Option<SpectatorView>,
}

/// Why a phone refuses what the tablet sent; nothing changed, unless the game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhoneTableError {
    /// Fewer bytes of entropy than [`SEAT_ENTROPY`], or a seat past the fourth.
    Seating,
    /// The roster is another table's.
    WrongTable,
    /// The roster does not name this phone's key and commitment at its seat.
    NotOurs,
    /// The tablet sent another roster after the first.
    RosterChanged,
    /// The phone's device of joint play cannot be made from the roster.
    Setup(JointSetupError),
    /// A nonce said to be of this phone, or of a seat not at the table.
    NotAPeer {
        from: Device,
    },
    /// A phone's nonce does not match its commitment: the tablet (or that phone) changed it.
    NonceMismatch {
        seat: Device,
    },
    /// A message came before the roster, or a roster after the game began.
    Early,
    Open(JointOpenError),
    /// The device refused its player's action.
    Play(PlayError),
}

impl fmt::Display for PhoneTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhoneTableError::Seating => {
                f.write_str("this phone cannot take a seat: reload the page and scan the code again")
            }
            PhoneTableError::WrongTable => {
                f.write_str("the tablet's list of players is another table's: scan this table's code again")
            }
            PhoneTableError::NotOurs => f.write_str(
                "the tablet's list of players does not name this phone at its seat: stop, and set the table up again",
            ),
            PhoneTableError::RosterChanged => {
                f.write_str("the tablet changed the list of players during the game: stop, and set the table up again")
            }
            PhoneTableError::Setup(e) => e.fmt(f),
            PhoneTableError::NotAPeer { from } => {
                write!(
                    f,
                    "the tablet passed on a message from seat {}, which is not another phone here",
                    from.index() + 1
                )
            }
            PhoneTableError::NonceMismatch { seat } => write!(
                f,
                "seat {}'s part of the table's code was changed on the way: stop, and set the table up again",
                seat.index() + 1
            ),
            PhoneTableError::Early => f.write_str("a message came out of order: wait for the table's list of players"),
            PhoneTableError::Open(e) => e.fmt(f),
            PhoneTableError::Play(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PhoneTableError {}

/// Its table and seat only: its key and nonce stay out of any printout.
impl fmt::Debug for PhoneSeating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PhoneSeating").field("table", &self.table).field("seat", &self.me).finish_non_exhaustive()
    }
}

impl PhoneSeating {
    /// The phone paired for seat `me` at `table`, its letter key and nonce made from
    /// [`SEAT_ENTROPY`] bytes of `entropy`.
    pub fn new(table: TableId, me: Device, entropy: &[u8]) -> Result<PhoneSeating, PhoneTableError> {
        let key = DeviceKey::from_entropy(entropy).ok_or(PhoneTableError::Seating)?;
        let nonce: Nonce =
            entropy.get(KEY_ENTROPY..SEAT_ENTROPY).and_then(|n| n.try_into().ok()).ok_or(PhoneTableError::Seating)?;
        if me.index() >= 4 {
            return Err(PhoneTableError::Seating);
        }
        Ok(PhoneSeating { table, me, key, nonce })
    }

    /// Its seat's device.
    pub fn me(&self) -> Device {
        self.me
    }

    fn commitment(&self) -> Commitment {
        commit(self.table, self.me.to_byte(), &self.key.public(), &self.nonce)
    }

    /// The phone's join: its key and its commitment, for the tablet's roster.
    pub fn join(&self) -> ToTablet {
        ToTablet::Join { key: self.key.public(), commitment: self.commitment() }
    }

    /// Takes the tablet's roster: this phone's device of joint play is made from it (its
    /// greeting to every other phone waits in its letters), and its nonce is shown to the
    /// others (the message returned, for the tablet to pass on).
    pub fn open_roster(
        &self,
        message: FromTablet,
        entropy: &DeviceEntropy,
    ) -> Result<(PhoneTable, ToTablet), PhoneTableError> {
        let FromTablet::Roster(roster) = message else { return Err(PhoneTableError::Early) };
        if roster.table != self.table {
            return Err(PhoneTableError::WrongTable);
        }
        let seat = self.me.index();
        if roster.roster.keys.get(seat) != Some(&self.key.public())
            || roster.commitments.get(seat) != Some(&self.commitment())
        {
            return Err(PhoneTableError::NotOurs);
        }
        let channels = (0..roster.roster.keys.len() as u8)
            .map(Device::from_byte)
            .filter(|&d| d != self.me)
            .map(|d| (d, Channel::with_key(roster.roster.keys[d.index()])))
            .collect();
        let device =
            JointDevice::from_roster(self.table, self.key.clone(), roster.roster.clone(), self.me, channels, entropy)
                .map_err(PhoneTableError::Setup)?;
        let mut nonces = vec![None; roster.commitments.len()];
        nonces[seat] = Some(self.nonce);
        Ok((PhoneTable { device, roster, nonces, view_sent: None }, ToTablet::Reveal(self.nonce)))
    }
}

impl PhoneTable {
    /// The phone's device of joint play: its game as its seat knows it, its deal.
    pub fn device(&self) -> &JointDevice {
        &self.device
    }

    /// For the player's actions and votes ([`JointDevice::act`], [`JointDevice::give_up`]).
    pub fn device_mut(&mut self) -> &mut JointDevice {
        &mut self.device
    }

    pub fn roster(&self) -> &TableRoster {
        &self.roster
    }

    /// The table's code, once every phone's nonce is in.
    pub fn code(&self) -> Option<TableCode> {
        let nonces: Option<Vec<Nonce>> = self.nonces.iter().copied().collect();
        nonces.map(|n| TableCode::of(&self.roster, &n))
    }

    /// The seats whose nonces are not in yet.
    pub fn code_awaits(&self) -> Vec<Device> {
        (0..).zip(&self.nonces).filter(|(_, n)| n.is_none()).map(|(d, _)| Device::from_byte(d)).collect()
    }

    /// Takes a message the tablet passed on.
    pub fn open(&mut self, message: FromTablet) -> Result<Applied, PhoneTableError> {
        match message {
            FromTablet::Roster(roster) if roster == self.roster => Ok(Applied::AlreadyApplied),
            FromTablet::Roster(_) => Err(PhoneTableError::RosterChanged),
            FromTablet::Reveal { from, nonce } => self.reveal(from, nonce),
            FromTablet::Letter(letter) => self.device.open(&letter.fragment()).map_err(PhoneTableError::Open),
        }
    }

    fn reveal(&mut self, from: Device, nonce: Nonce) -> Result<Applied, PhoneTableError> {
        let (Some(key), Some(commitment)) =
            (self.roster.roster.keys.get(from.index()), self.roster.commitments.get(from.index()))
        else {
            return Err(PhoneTableError::NotAPeer { from });
        };
        if from == self.device.me() {
            return Err(PhoneTableError::NotAPeer { from });
        }
        if commit(self.roster.table, from.to_byte(), key, &nonce) != *commitment {
            return Err(PhoneTableError::NonceMismatch { seat: from });
        }
        let known = self.nonces[from.index()].replace(nonce).is_some();
        Ok(if known { Applied::AlreadyApplied } else { Applied::Applied { from: crate::joint::party(from) } })
    }

    /// The public view of this phone's game (R40): the board, every revealed Department, the
    /// scores, the Season's log — built from the game's public view, so no concealed piece
    /// is in it by type. `None` while the Season is being dealt.
    pub fn view(&self) -> Option<SpectatorView> {
        let game = self.device.device().game()?.view().rebuild().ok()?;
        Some(SpectatorView::new(&game.public()))
    }

    /// What this phone has for the tablet: a letter to each phone it has news for, and its
    /// public view when it changed.
    pub fn outbox(&mut self) -> Vec<ToTablet> {
        let mut out: Vec<ToTablet> = Vec::new();
        for to in self.device.news_for() {
            if let Some(letter) = self.device.write(to) {
                out.push(ToTablet::Letter { to, letter });
            }
        }
        if let Some(view) = self.view().filter(|v| self.view_sent.as_ref() != Some(v)) {
            self.view_sent = Some(view.clone());
            out.push(ToTablet::View(view));
        }
        out
    }
}
