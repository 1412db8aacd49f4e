//! Setting up a table of joint play by turns (DEAL-PROTOCOL.md, "Play by turns": "A table's
//! devices"): every device must know every other device's letter key before the deal, and
//! agree on the table. The device that made the table (device 0, which plays seat 0) sends
//! each other seat an invite (an `r=` invite's bytes under [`INVITE_PREFIX`]: the table, the
//! seat, its one-time token and device 0's key). The seat's device answers with a first letter
//! that introduces its key, its one message the token ([`join_text`]): the invite vouches for
//! the key, as at a table by turns. Once every seat has joined, device 0 sends each the
//! **roster** ([`Roster`]: the luminous rule, the throws a Season allows and every device's
//! key, in device order) as the first message of its channel, and every device makes its
//! [`JointDevice`] from it, with the channel its joining used.
//!
//! The roster decides the game's setup: the deal's table id is the SHA-256 of the table and
//! the roster ([`Roster::setup`]), so two devices given different rosters deal different
//! deals. Device 0 giving one seat a key of its own in place of another seat's, to stand
//! between them, is found out at the first letter from that other seat: its real key is not
//! the roster's, and the seat's page refuses the letter as written elsewhere; the deal needs a
//! step from every device, so the table cannot go on around it. Pure: keys and tokens from
//! entropy handed in.

use crate::channel::{Channel, Opened};
use crate::error::{OpenError, ReadError};
use crate::host_device::Applied;
use crate::identity::{DeviceKey, PublicKey};
use crate::invite::Invite;
use crate::joint::party;
use crate::joint_device::{JointDevice, JointOpenError, JointSetupError};
use crate::letter::Letter;
use lauzait_engine::GameOptions;
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{PlayError, PlaySetup};
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::link::{base64url, from_base64url};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use std::fmt;

/// The prefix of an invite to a seat of joint play in a link's fragment.
pub const INVITE_PREFIX: &str = "jr=";
/// What starts a join's text (version 1): the seat's token follows in base64url.
pub const JOIN_PREFIX: &str = "jj1.";
/// What starts the roster's text (version 1).
pub const ROSTER_PREFIX: &str = "jr1.";
/// Entropy device 0 needs to make a table: the table's id, a token for each other seat and
/// its letter key.
pub const TABLE_ENTROPY: usize = 8 + 3 * 8 + 32;

/// Every device of a table and the game's rules for the deal (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    pub luminous: bool,
    /// The throws each device's hash chain allows a Season (DEAL-PROTOCOL.md, "Sticks").
    pub throws: u32,
    /// Each device's letter key, device 0's first.
    pub keys: Vec<PublicKey>,
}

/// Why a roster's text is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterError {
    /// Not a roster of this version.
    NotARoster,
    /// Its bytes do not read: cut short, or 2 to 4 keys they are not.
    Damaged,
    /// A table of this many players cannot be made (2 to 4 play).
    Players { count: usize },
    /// The game it describes is not one (no throws, or more than a chain holds).
    Game(PlayError),
    /// It does not name this device's key at its seat, or device 0's as the invite does.
    NotOurs,
    /// Device 0 sent a roster other than the one this device plays with.
    Changed,
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::NotARoster => {
                f.write_str("the table's first letter does not say who plays: update the game, or ask for it again")
            }
            RosterError::Damaged => f.write_str("the table's list of players is damaged: ask for the letter again"),
            RosterError::Players { count } => write!(f, "a table of {count} players cannot be made: 2 to 4 play"),
            RosterError::Game(e) => write!(f, "the table's game cannot be played: {e}"),
            RosterError::NotOurs => {
                f.write_str("the table's list of players does not name this device: it is not this seat's table")
            }
            RosterError::Changed => f.write_str("the table's list of players changed: the table's maker changed it"),
        }
    }
}

impl std::error::Error for RosterError {}

impl Roster {
    pub fn to_text(&self) -> String {
        let mut b = vec![u8::from(self.luminous)];
        b.extend(self.throws.to_le_bytes());
        self.keys.iter().for_each(|k| b.extend(k));
        format!("{ROSTER_PREFIX}{}", base64url(&b))
    }

    /// A roster's text, read as untrusted input.
    pub fn from_text(text: &str) -> Result<Roster, RosterError> {
        let coded = text.strip_prefix(ROSTER_PREFIX).ok_or(RosterError::NotARoster)?;
        if coded.len() > 256 {
            return Err(RosterError::Damaged);
        }
        let b = from_base64url(coded).map_err(|_| RosterError::Damaged)?;
        let (Some(&luminous), Some(throws)) = (b.first(), b.get(1..5)) else { return Err(RosterError::Damaged) };
        let keys: Vec<PublicKey> = b[5..].chunks(32).filter_map(|k| k.try_into().ok()).collect();
        if luminous > 1 || (b.len() - 5) % 32 != 0 || !(2..=4).contains(&keys.len()) {
            return Err(RosterError::Damaged);
        }
        let throws = u32::from_le_bytes(throws.try_into().map_err(|_| RosterError::Damaged)?);
        let roster = Roster { luminous: luminous == 1, throws, keys };
        if roster.to_text() != text {
            return Err(RosterError::Damaged);
        }
        Ok(roster)
    }

    /// The game's setup at `table`: its deal's table id is the SHA-256 of the table and this
    /// roster, so every device's key is part of every deal's context.
    pub fn setup(&self, table: TableId) -> Result<PlaySetup, RosterError> {
        let count = self.keys.len();
        let options = GameOptions::for_players(count, self.luminous).map_err(|_| RosterError::Players { count })?;
        let mut h = Sha256::new();
        h.update(b"lauzait-remote/joint-roster/v1");
        h.update(table.0);
        h.update(self.to_text());
        PlaySetup::new(h.finalize().into(), options, self.throws).map_err(RosterError::Game)
    }

    /// Each other device of `me`'s with its key.
    fn peers(&self, me: Device) -> Vec<(Device, PublicKey)> {
        (0..self.keys.len() as u8)
            .map(Device::from_byte)
            .filter(|&d| d != me)
            .map(|d| (d, self.keys[d.index()]))
            .collect()
    }
}

/// A join's text: the seat's token.
pub fn join_text(token: JoinToken) -> String {
    format!("{JOIN_PREFIX}{}", base64url(&token.0))
}

/// An invite to a seat of joint play, as a link's fragment.
pub fn invite_fragment(invite: &Invite) -> String {
    let plain = invite.fragment();
    format!("{INVITE_PREFIX}{}", plain.strip_prefix(crate::invite::INVITE_PREFIX).unwrap_or(&plain))
}

/// An invite to a seat of joint play read from a link, with or without `#` before it.
pub fn read_invite(text: &str) -> Result<Invite, ReadError> {
    let text = text.trim();
    let text = text.strip_prefix('#').unwrap_or(text);
    let rest = text.strip_prefix(INVITE_PREFIX).ok_or(ReadError::NotALetter)?;
    Invite::read(&format!("{}{rest}", crate::invite::INVITE_PREFIX))
}

/// A seat of the table as device 0 gathers it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Seat {
    token: JoinToken,
    channel: Channel,
}

/// Device 0 while the table gathers: its invites out, each seat's key as it joins.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Gathering {
    table: TableId,
    key: DeviceKey,
    luminous: bool,
    throws: u32,
    /// Seats 1 and on.
    seats: Vec<Seat>,
}

impl Gathering {
    /// A table of `players` (2 to 4) made from [`TABLE_ENTROPY`] bytes of `entropy`.
    pub fn new(players: usize, luminous: bool, throws: u32, entropy: &[u8]) -> Result<Gathering, RosterError> {
        let e = entropy.get(..TABLE_ENTROPY).ok_or(RosterError::Damaged)?;
        if !(2..=4).contains(&players) {
            return Err(RosterError::Players { count: players });
        }
        let key = DeviceKey::from_entropy(&e[32..]).ok_or(RosterError::Damaged)?;
        let seats = (1..players)
            .map(|s| Seat { token: JoinToken::from_entropy(&e[8 * s..8 * s + 8]), channel: Channel::new() })
            .collect();
        Ok(Gathering { table: TableId::from_entropy(&e[..8]), key, luminous, throws, seats })
    }

    pub fn table(&self) -> TableId {
        self.table
    }

    /// The invite to `seat` (1 and on), as a link's fragment.
    pub fn invite(&self, seat: u8) -> Option<String> {
        let s = self.seats.get(usize::from(seat).checked_sub(1)?)?;
        Some(invite_fragment(&Invite { table: self.table, seat, token: s.token, host_key: self.key.public() }))
    }

    /// The seats that have not joined yet.
    pub fn awaited(&self) -> Vec<u8> {
        (1..).zip(&self.seats).filter(|(_, s)| s.channel.peer_key.is_none()).map(|(n, _)| n).collect()
    }

    /// Opens a seat's first letter: its key, vouched for by its token, is the seat's from now.
    pub fn open(&mut self, link: &str) -> Result<Applied, JointOpenError> {
        let letter = Letter::read(link)?;
        if letter.table != self.table {
            return Err(OpenError::WrongTable.into());
        }
        let me = party(Device::from_byte(0));
        let seat = (1..=self.seats.len() as u8).find(|&s| party(Device::from_byte(s)) == letter.from);
        let Some(seat) = seat else { return Err(OpenError::UnknownSender { from: letter.from }.into()) };
        let s = &mut self.seats[usize::from(seat) - 1];
        let vouched = letter.messages.first() == Some(&join_text(s.token));
        let introduced = if s.channel.peer_key.is_none() && vouched { letter.key } else { None };
        let accepted = match s.channel.open(&letter, self.table, me, introduced)? {
            Opened::AlreadyApplied => return Ok(Applied::AlreadyApplied),
            Opened::New(accepted) => accepted,
        };
        s.channel.peer_key = s.channel.peer_key.or(introduced);
        s.channel.accept(accepted);
        Ok(Applied::Applied { from: letter.from })
    }

    /// Once every seat has joined: the roster goes first on each seat's channel, and device 0
    /// plays on as a [`JointDevice`] over those channels. `None` while a seat is awaited.
    pub fn start(self, entropy: &DeviceEntropy) -> Option<Result<JointDevice, JointSetupError>> {
        let mut keys = vec![self.key.public()];
        keys.extend(self.seats.iter().map(|s| s.channel.peer_key).collect::<Option<Vec<_>>>()?);
        let roster = Roster { luminous: self.luminous, throws: self.throws, keys };
        let channels = (1..)
            .zip(self.seats)
            .map(|(n, mut s)| {
                s.channel.queue(roster.to_text());
                (Device::from_byte(n), s.channel)
            })
            .collect();
        Some(JointDevice::from_roster(self.table, self.key, roster, Device::from_byte(0), channels, entropy))
    }
}

/// A seat's device from its invite until the roster comes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Joining {
    table: TableId,
    seat: u8,
    key: DeviceKey,
    channel: Channel,
}

impl Joining {
    /// The device that opened `invite`, its letter key made from 32 bytes of `key_entropy`;
    /// its join waits in its channel to device 0.
    pub fn from_invite(invite: &str, key_entropy: &[u8]) -> Result<Joining, ReadError> {
        let invite = read_invite(invite)?;
        if invite.seat == 0 {
            return Err(ReadError::Invalid("seat"));
        }
        let key = DeviceKey::from_entropy(key_entropy).ok_or(ReadError::Invalid("entropy"))?;
        let mut channel = Channel::with_key(invite.host_key);
        channel.queue(join_text(invite.token));
        Ok(Joining { table: invite.table, seat: invite.seat, key, channel })
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }

    pub fn table(&self) -> TableId {
        self.table
    }

    /// The letter to device 0: the join, this device's key introduced.
    pub fn write(&mut self) -> Letter {
        let route = (party(Device::from_byte(self.seat)), party(Device::from_byte(0)));
        let introduce = !self.channel.acknowledged_any();
        self.channel.write(&self.key, self.table, route, introduce)
    }

    /// Opens device 0's letter with the roster: checked as every letter from it is, then the
    /// seat's [`JointDevice`] is made from the roster and takes the rest of the letter.
    pub fn open(&self, link: &str, entropy: &DeviceEntropy) -> Result<JointDevice, JoinError> {
        let letter = Letter::read(link).map_err(|e| JoinError::Letter(e.into()))?;
        let me = Device::from_byte(self.seat);
        let opened = self.channel.open(&letter, self.table, party(me), None).map_err(JoinError::Letter)?;
        let Opened::New(accepted) = opened else { return Err(JoinError::Roster(RosterError::NotARoster)) };
        let first = accepted.messages.first().map(String::as_str).unwrap_or_default();
        let roster = Roster::from_text(first).map_err(JoinError::Roster)?;
        if roster.keys.get(usize::from(self.seat)) != Some(&self.key.public())
            || self.channel.peer_key.as_ref() != roster.keys.first()
        {
            return Err(JoinError::Roster(RosterError::NotOurs));
        }
        let mut channels: Vec<(Device, Channel)> = Vec::new();
        for (device, key) in roster.peers(me) {
            let channel = if device.index() == 0 { self.channel.clone() } else { Channel::with_key(key) };
            channels.push((device, channel));
        }
        let mut device = JointDevice::from_roster(self.table, self.key.clone(), roster, me, channels, entropy)
            .map_err(JoinError::Setup)?;
        device.open(link).map_err(JoinError::Open)?;
        Ok(device)
    }
}

/// Why a seat's device cannot join with device 0's letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JoinError {
    Letter(OpenError),
    Roster(RosterError),
    Setup(JointSetupError),
    Open(JointOpenError),
}

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinError::Letter(e) => e.fmt(f),
            JoinError::Roster(e) => e.fmt(f),
            JoinError::Setup(e) => e.fmt(f),
            JoinError::Open(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for JoinError {}
