//! The host's device at a remote table: table mode's [`Host`] (the authority: the engine,
//! the deal, every check), a letter channel to each remote seat, and, when its player
//! plays a seat too, that seat's [`Guest`], fed directly. A letter opened here is checked
//! ([`Channel::open`]), then each new message goes to [`Host::receive`] as if on that
//! seat's connection, so every check table mode makes on a live phone is made on a letter
//! too; what the host answers waits in the seat's channel for the next letter.

use crate::channel::{Channel, Opened};
use crate::error::OpenError;
use crate::identity::{DeviceKey, PublicKey};
use crate::invite::Invite;
use crate::letter::Letter;
use crate::party::Party;
use crate::turn::Awaited;
use lauzait_engine::{Action, GameOptions};
use lauzait_table_mode::bytes::SeatKey;
use lauzait_table_mode::computer_seats::{ComputerEffect, ComputerSeats};
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::guest_error::{GuestError, GuestSaveError};
use lauzait_table_mode::host::{Conn, Host, HostError, Out, Paired, Player, SaveError};
use lauzait_table_mode::protocol::{GuestMsg, HostMsg, VERSION};
use lauzait_table_mode::validate::{read_guest, write};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The connection the host's own seat talks on (remote seat `s` talks on connection `s`).
const LOCAL: Conn = 255;

/// What opening a letter did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Its messages, from `from`, were new, and applied.
    Applied { from: Party },
    /// It was opened before (or a later letter carried it): nothing changed.
    AlreadyApplied,
}

/// A refusal of something the host's own player did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressError {
    /// The engine does not offer that action to this seat now.
    NotOffered,
    /// The device's player plays no seat.
    NoSeat,
    /// The table refuses it (the detail says why).
    Table(String),
    /// The host refuses a decision of the table (the next Season, ending the game).
    Host(HostError),
}

/// Why a remote table cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Fewer bytes of entropy than the key needs.
    Entropy,
    /// The seat the host's player would play is not a person's seat of the table.
    NoSuchSeat,
    /// Table mode refuses the table.
    Table(HostError),
}

/// A save that cannot be resumed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// Not a device's save, or cut short.
    Unreadable,
    /// Table mode refuses the host's part.
    Host(SaveError),
    /// Table mode refuses the seat's part.
    Seat(GuestSaveError),
    /// Table mode refuses the game's record kept with the seat's part.
    SeatRecord(GuestError),
}

#[derive(Clone, Debug)]
pub struct HostDevice {
    host: Host,
    key: DeviceKey,
    /// The seat this device's player plays, if any.
    local: Option<Guest>,
    /// A channel for each remote person's seat.
    channels: BTreeMap<u8, Channel>,
    /// Each remote seat's key from the host's welcome: after a reload, the host (which
    /// keeps no connection) is told again which seat each channel is.
    seat_keys: BTreeMap<u8, SeatKey>,
}

/// What is saved: the host and the seat as table mode saves them.
#[derive(Serialize, Deserialize)]
struct Saved {
    host: String,
    key: DeviceKey,
    local: Option<String>,
    channels: BTreeMap<u8, Channel>,
    seat_keys: BTreeMap<u8, SeatKey>,
}

impl HostDevice {
    /// A new remote table. `host_entropy` makes the table ([`Host::new`]); `key_entropy`
    /// (32 bytes) the device's signing key; `local`: the seat this device's player plays
    /// (a person's seat) and 32 bytes for its secret.
    pub fn new(
        options: GameOptions,
        seats: Vec<(String, Player)>,
        host_entropy: &[u8],
        key_entropy: &[u8],
        local: Option<(u8, &[u8])>,
    ) -> Result<HostDevice, SetupError> {
        let host = Host::new(options, seats, host_entropy).map_err(SetupError::Table)?;
        let key = DeviceKey::from_entropy(key_entropy).ok_or(SetupError::Entropy)?;
        let local_seat = local.map(|(s, _)| s);
        let channels = (0..host.seats().len() as u8)
            .filter(|&s| host.seats()[s as usize].player == Player::Person && Some(s) != local_seat)
            .map(|s| (s, Channel::new()))
            .collect();
        let mut device = HostDevice { host, key, local: None, channels, seat_keys: BTreeMap::new() };
        if let Some((seat, entropy)) = local {
            let state = device.host.seats().get(seat as usize).filter(|s| s.player == Player::Person);
            let token = state.ok_or(SetupError::NoSuchSeat)?.token;
            let guest = Guest::new(device.host.table, seat, token, entropy);
            let hello = write(&guest.hello());
            device.local = Some(guest);
            let out = device.host.receive(Paired { conn: LOCAL, seat }, &hello);
            device.route(out);
        }
        Ok(device)
    }

    pub fn host(&self) -> &Host {
        &self.host
    }

    /// The seat this device's player plays.
    pub fn local(&self) -> Option<&Guest> {
        self.local.as_ref()
    }

    pub fn public_key(&self) -> PublicKey {
        self.key.public()
    }

    /// The invite for a remote seat (`None` for a seat that is not one).
    pub fn invite(&self, seat: u8) -> Option<Invite> {
        self.channels.get(&seat)?;
        let token = self.host.seats().get(seat as usize)?.token;
        Some(Invite { table: self.host.table, seat, token, host_key: self.key.public() })
    }

    /// Whose move it is.
    pub fn turn(&self) -> Awaited {
        if let Some(round) = self.host.dealing() {
            let waiting_for = self.host.waiting_for();
            if round.number == 1 && self.host.seats().iter().any(|s| s.player == Player::Person && !s.claimed) {
                return Awaited::Seating;
            }
            return Awaited::Dealing { waiting_for };
        }
        self.host.game().map_or(Awaited::Seating, Awaited::of_game)
    }

    /// Whether a letter to `seat` would carry something it has not been sent.
    pub fn has_news_for(&self, seat: u8) -> bool {
        self.channels.get(&seat).is_some_and(Channel::has_unsent)
    }

    /// Whether the last letter to `seat` is not acknowledged yet.
    pub fn letter_unanswered(&self, seat: u8) -> bool {
        self.channels.get(&seat).is_some_and(Channel::unanswered)
    }

    /// The seats played on other devices, in seat order.
    pub fn remote_seats(&self) -> Vec<u8> {
        self.channels.keys().copied().collect()
    }

    /// The next letter to `seat`: every message it has not acknowledged.
    pub fn write_to(&mut self, seat: u8) -> Option<Letter> {
        let table = self.host.table;
        let channel = self.channels.get_mut(&seat)?;
        Some(channel.write(&self.key, table, (Party::Host, Party::Seat(seat)), false))
    }

    /// Opens a letter from a seat's device (its link or its text): checked, then applied
    /// message by message through the host, as a live phone's messages are.
    pub fn open(&mut self, link: &str) -> Result<Applied, OpenError> {
        let letter = Letter::read(link)?;
        // Another game's letter says so first, whoever it is from.
        if letter.table != self.host.table {
            return Err(OpenError::WrongTable);
        }
        // A link meant for another device says so, whoever it is from.
        if letter.to != Party::Host {
            return Err(OpenError::WrongRecipient { to: letter.to });
        }
        let Party::Seat(seat) = letter.from else { return Err(OpenError::UnknownSender { from: letter.from }) };
        let channel = self.channels.get(&seat).ok_or(OpenError::UnknownSender { from: letter.from })?;
        let introduced = channel.peer_key.is_none().then(|| self.vouched(seat, &letter)).flatten();
        let accepted = match channel.open(&letter, self.host.table, Party::Host, introduced)? {
            Opened::AlreadyApplied => return Ok(Applied::AlreadyApplied),
            Opened::New(accepted) => accepted,
        };
        for message in &accepted.messages {
            // A message the host refuses is answered with the refusal (in the next letter),
            // as on a live connection; the letter itself stands.
            let out = self.host.receive(Paired { conn: Conn::from(seat), seat }, message);
            self.route(out);
        }
        if let Some(channel) = self.channels.get_mut(&seat) {
            channel.peer_key = channel.peer_key.or(introduced);
            channel.accept(accepted);
        }
        Ok(Applied::Applied { from: letter.from })
    }

    /// The key a seat's first letter introduces, if its first message is a join with the
    /// seat's unspent token: the invite vouches for it.
    fn vouched(&self, seat: u8, letter: &Letter) -> Option<PublicKey> {
        let state = self.host.seats().get(seat as usize)?;
        let first = letter.messages.first().filter(|_| letter.first == 1)?;
        match read_guest(first) {
            Ok(GuestMsg::Join { table, seat: s, token, .. })
                if table == self.host.table && s == seat && token == state.token && !state.claimed =>
            {
                letter.key
            }
            _ => None,
        }
    }

    /// The host's own player takes a step of their Day.
    pub fn press(&mut self, action: Action) -> Result<(), PressError> {
        let guest = self.local.as_mut().ok_or(PressError::NoSeat)?;
        let seat = guest.seat;
        let msg = guest.press(action).ok_or(PressError::NotOffered)?;
        let out = self.host.receive(Paired { conn: LOCAL, seat }, &write(&msg));
        self.route(out);
        match self.local.as_ref().and_then(|g| g.refused.clone()) {
            Some((reason, detail)) => Err(PressError::Table(format!("{reason}: {detail}"))),
            None => Ok(()),
        }
    }

    /// A decision the table takes on the host's screen: the next Season (its deal round's
    /// `commit-now` waits in each channel), or ending the game.
    /// Runs `step` on the table's computer seats (R40: each asks the worker with its own
    /// seat's view only): the host's messages a computer player's Day brings are routed as
    /// those of a seat's letter are, waiting in each person's channel for their next letter.
    /// Returns what is left for the page, and whether the table changed (to be saved).
    pub fn computers(
        &mut self,
        seats: &mut ComputerSeats,
        step: impl FnOnce(&mut ComputerSeats, &mut Host, &mut Vec<ComputerEffect>),
    ) -> (Vec<ComputerEffect>, bool) {
        let mut fx = Vec::new();
        step(seats, &mut self.host, &mut fx);
        let mut changed = false;
        let mut left = Vec::new();
        for effect in fx {
            match effect {
                ComputerEffect::Deliver(out) => {
                    self.route(out);
                    changed = true;
                }
                other => left.push(other),
            }
        }
        (left, changed)
    }

    pub fn table_action(&mut self, action: Action) -> Result<(), PressError> {
        let out = self.host.table_action(action).map_err(PressError::Host)?;
        self.route(out);
        Ok(())
    }

    /// Hands each of the host's messages to its seat: the local seat's at once (and its
    /// answers back to the host), a remote seat's into its channel.
    fn route(&mut self, out: Vec<Out>) {
        let mut queue: VecDeque<Out> = out.into();
        while let Some(out) = queue.pop_front() {
            let Out::Send(conn, msg) = out else { continue };
            if conn == LOCAL {
                let Some(guest) = self.local.as_mut() else { continue };
                let seat = guest.seat;
                // The host is this device's own: a message of it the seat refuses is a bug,
                // kept in the seat's state for the screen rather than lost.
                let answers = guest.receive(&write(&msg)).unwrap_or_else(|e| {
                    guest.refused = Some((lauzait_table_mode::protocol::Refusal::Malformed, e.to_string()));
                    Vec::new()
                });
                for answer in answers {
                    queue.extend(self.host.receive(Paired { conn: LOCAL, seat }, &write(&answer)));
                }
                continue;
            }
            let Ok(seat) = u8::try_from(conn) else { continue };
            if let HostMsg::Welcome { key, .. } = &msg {
                self.seat_keys.insert(seat, *key);
            }
            if let Some(channel) = self.channels.get_mut(&seat) {
                channel.queue(write(&msg));
            }
        }
    }

    /// The device's state, for its storage: everything it needs to go on after days.
    pub fn save(&self) -> String {
        let saved = Saved {
            host: self.host.save(),
            key: self.key.clone(),
            local: self.local.as_ref().map(Guest::save),
            channels: self.channels.clone(),
            seat_keys: self.seat_keys.clone(),
        };
        write(&saved)
    }

    /// The device read back from its save. The host keeps no connection across a reload,
    /// so each seated channel (and the local seat) is seated again with its key; what the
    /// host answers to that was delivered before the save, and is not sent again.
    pub fn resume(text: &str) -> Result<HostDevice, ResumeError> {
        let saved: Saved = serde_json::from_str(text).map_err(|_| ResumeError::Unreadable)?;
        let mut host = Host::resume(&saved.host).map_err(ResumeError::Host)?;
        let local = saved.local.as_deref().map(Guest::resume).transpose().map_err(ResumeError::Seat)?;
        for (&seat, &key) in &saved.seat_keys {
            let rejoin = GuestMsg::Rejoin { v: VERSION, table: host.table, seat, key };
            let _ = host.receive(Paired { conn: Conn::from(seat), seat }, &write(&rejoin));
        }
        if let Some(guest) = &local {
            let _ = host.receive(Paired { conn: LOCAL, seat: guest.seat }, &write(&guest.hello()));
        }
        Ok(HostDevice { host, key: saved.key, local, channels: saved.channels, seat_keys: saved.seat_keys })
    }
}
