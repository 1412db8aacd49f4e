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
use serde::{Deserialize, Serialize};
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
    /// The phone's saved text does not read back.
    Unreadable,
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
            PhoneTableError::Unreadable => {
                f.write_str("this phone's saved seat does not read: scan the seat's code on the tablet again")
            }
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

    pub fn table(&self) -> TableId {
        self.table
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

    /// The phone's join as the roster has it: sent again when its channel to the tablet opens
    /// again, so that the tablet sends the roster again.
    pub fn join(&self) -> Option<ToTablet> {
        let me = self.device.me().index();
        let (key, commitment) = (self.roster.roster.keys.get(me)?, self.roster.commitments.get(me)?);
        Some(ToTablet::Join { key: *key, commitment: *commitment })
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

/// A phone's seat before the roster, as its page keeps it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedSeating {
    table: TableId,
    seat: u8,
    key: DeviceKey,
    nonce: Nonce,
}

/// A phone at the table, as its page keeps it: the device's own save, the roster's text, the
/// nonces seen and the view last sent (its text).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedTable {
    device: String,
    roster: String,
    nonces: Vec<Option<Nonce>>,
    view_sent: Option<String>,
}

impl PhoneSeating {
    /// The seat as text, for the browser's storage.
    pub fn save(&self) -> String {
        let saved =
            SavedSeating { table: self.table, seat: self.me.to_byte(), key: self.key.clone(), nonce: self.nonce };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// A seat saved by [`Self::save`], read as untrusted text.
    pub fn resume(text: &str) -> Result<PhoneSeating, PhoneTableError> {
        let saved: SavedSeating = serde_json::from_str(text).map_err(|_| PhoneTableError::Unreadable)?;
        if saved.seat >= 4 {
            return Err(PhoneTableError::Unreadable);
        }
        Ok(PhoneSeating { table: saved.table, me: Device::from_byte(saved.seat), key: saved.key, nonce: saved.nonce })
    }
}

impl PhoneTable {
    /// The phone's table as text, for the browser's storage.
    pub fn save(&self) -> String {
        let saved = SavedTable {
            device: self.device.save(),
            roster: self.roster.to_text(),
            nonces: self.nonces.clone(),
            view_sent: self.view_sent.as_ref().map(SpectatorView::to_text),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// A table saved by [`Self::save`], read as untrusted text: the device must be the
    /// roster's at its seat, and every nonce its seat's commitment's.
    pub fn resume(text: &str) -> Result<PhoneTable, PhoneTableError> {
        let saved: SavedTable = serde_json::from_str(text).map_err(|_| PhoneTableError::Unreadable)?;
        let device = JointDevice::resume(&saved.device).map_err(PhoneTableError::Setup)?;
        let roster = TableRoster::from_text(&saved.roster).map_err(|_| PhoneTableError::Unreadable)?;
        let me = device.me();
        let ours = device.roster().as_ref() == Some(&roster.roster)
            && device.table() == roster.table
            && saved.nonces.len() == roster.commitments.len()
            && saved.nonces.get(me.index()).is_some_and(Option::is_some);
        let holds = |seat: u8, n: &Nonce| {
            let i = usize::from(seat);
            let (Some(key), Some(c)) = (roster.roster.keys.get(i), roster.commitments.get(i)) else { return false };
            commit(roster.table, seat, key, n) == *c
        };
        let nonces_hold = ours && (0u8..).zip(&saved.nonces).all(|(seat, n)| n.as_ref().is_none_or(|n| holds(seat, n)));
        if !ours || !nonces_hold {
            return Err(PhoneTableError::Unreadable);
        }
        let view_sent = match saved.view_sent {
            Some(text) => Some(SpectatorView::from_text(&text).map_err(|_| PhoneTableError::Unreadable)?),
            None => None,
        };
        Ok(PhoneTable { device, roster, nonces: saved.nonces, view_sent })
    }

    /// A letter to every phone that has not answered this one's last, and this phone's view:
    /// what a phone sends again once its channel to the tablet opens again (a message lost
    /// with the connection is in them).
    pub fn again(&mut self) -> Vec<ToTablet> {
        let mut out: Vec<ToTablet> = Vec::new();
        for to in self.device.unanswered() {
            if let Some(letter) = self.device.write(to) {
                out.push(ToTablet::Letter { to, letter });
            }
        }
        self.view_sent = None;
        out.extend(self.outbox());
        out
    }
}
