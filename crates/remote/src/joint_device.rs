//! One device of joint play by turns (DEAL-PROTOCOL.md, "Play by turns"): its seat's device
//! of joint play behind its inbox (`lauzait_joint_play::Inbox`), its letters' signing key,
//! and a letter channel to each other device. There is no host: every device writes to every
//! other, each message queued on the channels [`crate::joint::route`] picks, and a letter
//! opened here is checked by its channel (the table, the recipient, the sender's known key,
//! the number) before each of its messages goes to the inbox, which takes them in any order
//! and once. What the pages of play by turns will run for joint play; pure, like the host's
//! and the guests' devices: keys and entropy come in, letters go out as values.
//!
//! Every device's letter key is known from the start: the table's roster names them, and the
//! game's setup is derived from it ([`crate::joint_table`], where the keys are gathered).

use crate::channel::{Channel, Opened};
use crate::error::{OpenError, ReadError};
use crate::host_device::Applied;
use crate::identity::DeviceKey;
use crate::joint::{from_text, party, route, JointTextError};
use crate::joint_table::{Roster, RosterError, ROSTER_PREFIX};
use crate::letter::Letter;
use lauzait_engine::Action;
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{Inbox, InboxError, Outgoing, PlayDevice, PlayError, SaveError, Waiting};
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::link::{base64url, from_base64url};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A device of joint play by turns (module docs).
#[derive(Clone)]
pub struct JointDevice {
    table: TableId,
    key: DeviceKey,
    /// The roster's text ([`Roster::to_text`]): device 0's letters carry it first, until the
    /// device has acknowledged it.
    roster: String,
    inbox: Inbox,
    /// A channel to each other device, in device order, each with that device's key.
    channels: Vec<(Device, Channel)>,
}

/// Why a device of joint play cannot be made or reopened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JointSetupError {
    /// The device refuses the setup or the entropy.
    Play(PlayError),
    /// The channels do not go to every other device of the roster, each with the key the
    /// roster names (or this device's key is not the roster's at its seat, or a save's game is
    /// not its roster's).
    Peers,
    /// The saved text does not read back as a device of joint play.
    Unreadable,
    /// The saved inbox does not restore.
    Save(SaveError),
    /// The roster describes no game.
    Roster(RosterError),
}

/// Why a letter is not taken: nothing on the device changed, unless the game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JointOpenError {
    /// The letter is not one this device can take from its sender (another table, another
    /// recipient, an unknown key, an altered or missing letter).
    Letter(OpenError),
    /// A text of the letter is not a message of joint play.
    Text(JointTextError),
    /// The device refused a message: a fault of its sender, or a cheat that stopped the game.
    Play(InboxError),
    /// Device 0's letter carries a roster other than this device's.
    Roster(RosterError),
}

impl From<OpenError> for JointOpenError {
    fn from(e: OpenError) -> JointOpenError {
        JointOpenError::Letter(e)
    }
}

impl From<ReadError> for JointOpenError {
    fn from(e: ReadError) -> JointOpenError {
        JointOpenError::Letter(OpenError::Read(e))
    }
}

impl fmt::Display for JointSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JointSetupError::Play(e) => e.fmt(f),
            JointSetupError::Peers => f.write_str("the table's devices are not every other seat's, once each"),
            JointSetupError::Unreadable => f.write_str("this device's saved game does not read: start a new table"),
            JointSetupError::Save(e) => e.fmt(f),
            JointSetupError::Roster(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for JointOpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JointOpenError::Letter(e) => e.fmt(f),
            JointOpenError::Text(e) => e.fmt(f),
            JointOpenError::Play(e) => e.fmt(f),
            JointOpenError::Roster(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for JointSetupError {}
impl std::error::Error for JointOpenError {}

/// What a device keeps between visits: its inbox as bytes (base64url), the rest as it is.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    table: TableId,
    key: DeviceKey,
    roster: String,
    inbox: String,
    channels: Vec<(u8, Channel)>,
}

impl JointDevice {
    /// Device `me` of the game `roster` describes at `table`, signing its letters with `key`;
    /// `channels` go to every other device, each with its key as the roster names it (device
    /// 0's and a seat's channels carry on from the table's setup: `crate::joint_table`). Its
    /// greeting waits in every channel.
    pub fn from_roster(
        table: TableId,
        key: DeviceKey,
        roster: Roster,
        me: Device,
        mut channels: Vec<(Device, Channel)>,
        entropy: &DeviceEntropy,
    ) -> Result<JointDevice, JointSetupError> {
        let setup = roster.setup(table).map_err(JointSetupError::Roster)?;
        channels.sort_by_key(|(d, _)| d.index());
        if roster.keys.get(me.index()) != Some(&key.public()) || !matches_roster(&channels, &roster, me) {
            return Err(JointSetupError::Peers);
        }
        let (device, out) = PlayDevice::new(setup, me, entropy).map_err(JointSetupError::Play)?;
        let mut joint = JointDevice { table, key, roster: roster.to_text(), inbox: Inbox::new(device), channels };
        joint.queue(&out);
        Ok(joint)
    }

    /// The table's roster: every device's key and the game's rules for the deal.
    pub fn roster(&self) -> Option<Roster> {
        Roster::from_text(&self.roster).ok()
    }

    /// The table this device plays at.
    pub fn table(&self) -> TableId {
        self.table
    }

    /// This device.
    pub fn me(&self) -> Device {
        self.inbox.device().me()
    }

    /// The device of joint play behind the inbox: its phase, its game as its seat knows it.
    pub fn device(&self) -> &PlayDevice {
        self.inbox.device()
    }

    /// What the device waits for, and from whom.
    pub fn waiting(&self) -> Waiting {
        self.inbox.waiting()
    }

    /// The devices a letter from here would carry something new to.
    pub fn news_for(&self) -> Vec<Device> {
        self.channels.iter().filter(|(_, c)| c.has_unsent()).map(|&(d, _)| d).collect()
    }

    /// The devices whose last letter from here is not acknowledged yet: its link may have
    /// been lost, so the page keeps it on show.
    pub fn unanswered(&self) -> Vec<Device> {
        self.channels.iter().filter(|(_, c)| c.unanswered()).map(|&(d, _)| d).collect()
    }

    /// The next letter to `to`: every message it has not acknowledged. `None` for a device
    /// not at this table.
    pub fn write(&mut self, to: Device) -> Option<Letter> {
        let me = party(self.me());
        let (table, key) = (self.table, &self.key);
        let (_, channel) = self.channels.iter_mut().find(|(d, _)| *d == to)?;
        Some(channel.write(key, table, (me, party(to)), false))
    }

    /// This seat's player's action: taken by the device, its messages queued for the others.
    pub fn act(&mut self, action: Action) -> Result<(), PlayError> {
        let out = self.inbox.act(action)?;
        self.queue(&out);
        Ok(())
    }

    /// This seat's vote to give the Season up, `left` the devices that left.
    pub fn give_up(&mut self, left: Vec<Device>) -> Result<(), PlayError> {
        let out = self.inbox.give_up(left)?;
        self.queue(&out);
        Ok(())
    }

    /// Opens a letter (what it did: applied, from whom, or nothing new): checked by the sender's channel, then each new message through the
    /// inbox, whose answers are queued for the others. A letter that does not read, or any of
    /// whose texts is not a message of joint play, changes nothing; a message the device
    /// refuses refuses the rest of the letter, which stays unopened (the inbox keeps what the
    /// messages before it did: each was taken once, and a cheat stops the game for good).
    pub fn open(&mut self, link: &str) -> Result<Applied, JointOpenError> {
        let letter = Letter::read(link)?;
        if letter.table != self.table {
            return Err(OpenError::WrongTable.into());
        }
        let me = party(self.me());
        let Some(index) = self.channels.iter().position(|&(d, _)| party(d) == letter.from) else {
            return Err(OpenError::UnknownSender { from: letter.from }.into());
        };
        let accepted = match self.channels[index].1.open(&letter, self.table, me, None)? {
            Opened::AlreadyApplied => return Ok(Applied::AlreadyApplied),
            Opened::New(accepted) => accepted,
        };
        // Device 0's first message to each device is the roster, carried again until
        // acknowledged: the same is skipped, another refused.
        let mut messages = Vec::new();
        for text in &accepted.messages {
            if text.starts_with(ROSTER_PREFIX) {
                if *text != self.roster {
                    return Err(JointOpenError::Roster(RosterError::Changed));
                }
                continue;
            }
            messages.push(from_text(text).map_err(JointOpenError::Text)?);
        }
        for message in messages {
            let out = self.inbox.receive(message).map_err(JointOpenError::Play)?;
            self.queue(&out);
        }
        self.channels[index].1.accept(accepted);
        Ok(Applied::Applied { from: letter.from })
    }

    /// The device as text, for the browser's storage ([`JointDevice::resume`]).
    pub fn save(&self) -> String {
        let saved = Saved {
            table: self.table,
            key: self.key.clone(),
            roster: self.roster.clone(),
            inbox: base64url(&self.inbox.save()),
            channels: self.channels.iter().map(|(d, c)| (d.to_byte(), c.clone())).collect(),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// A device saved by [`JointDevice::save`], read as untrusted text.
    pub fn resume(text: &str) -> Result<JointDevice, JointSetupError> {
        let saved: Saved = serde_json::from_str(text).map_err(|_| JointSetupError::Unreadable)?;
        let bytes = from_base64url(&saved.inbox).map_err(|_| JointSetupError::Unreadable)?;
        let inbox = Inbox::restore(&bytes).map_err(JointSetupError::Save)?;
        let me = inbox.device().me();
        let channels: Vec<(Device, Channel)> =
            saved.channels.into_iter().map(|(d, c)| (Device::from_byte(d), c)).collect();
        let roster = Roster::from_text(&saved.roster).map_err(JointSetupError::Roster)?;
        // The inbox's game must be the roster's, and the channels its devices'.
        let setup = roster.setup(saved.table).map_err(JointSetupError::Roster)?;
        if setup.table() != inbox.device().setup().table()
            || roster.keys.get(me.index()) != Some(&saved.key.public())
            || !matches_roster(&channels, &roster, me)
        {
            return Err(JointSetupError::Peers);
        }
        Ok(JointDevice { table: saved.table, key: saved.key, roster: saved.roster, inbox, channels })
    }

    /// Queues `out` on the channels of the devices each message is for.
    fn queue(&mut self, out: &[Outgoing]) {
        let devices: Vec<Device> = std::iter::once(self.me()).chain(self.channels.iter().map(|&(d, _)| d)).collect();
        for (to, texts) in route(self.me(), &devices, out) {
            if let Some((_, channel)) = self.channels.iter_mut().find(|(d, _)| *d == to) {
                texts.into_iter().for_each(|t| channel.queue(t));
            }
        }
    }
}

/// Whether `channels` (in device order) go to every device of `roster` but `me`, each with the
/// key the roster names for it.
fn matches_roster(channels: &[(Device, Channel)], roster: &Roster, me: Device) -> bool {
    let expected = (0..roster.keys.len() as u8).map(Device::from_byte).filter(|&d| d != me);
    channels.len() == roster.keys.len() - 1
        && channels.iter().zip(expected).all(|((d, c), e)| *d == e && c.peer_key.as_ref() == roster.keys.get(e.index()))
}
