//! A device's inbox: what stands between a carrier that delivers messages in any order, some
//! more than once, and the device ([`PlayDevice`]), which takes each step in its turn. A
//! message that comes before the device can use it is held, and given to the device once its
//! turn comes; an exact repeat is ignored; a second, different message from one device for the
//! same step is a cheat that stops the game, naming that device. The inbox also says what the
//! device still waits for, and from whom. Nothing here depends on how messages travel.

use super::device::{Awaited, PlayDevice};
use super::error::PlayError;
use super::journal::Input;
use super::message::{Outgoing, PlayMessage};
use super::save::{self, SaveError};
use super::slot::Slot;
use super::wire;
use lauzait_engine::Action;
use lauzait_joint_deal::{Device, Digest};
use sha2::{Digest as _, Sha256};
use std::collections::HashMap;
use std::fmt;

/// The most messages held from one device: more than a Season's deal and its Days send
/// before another device can answer, few enough that a flood cannot fill a phone.
pub const MAX_HELD_PER_DEVICE: usize = 256;

/// Why the inbox refuses a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InboxError {
    /// The device refuses it for good, or the game has stopped (on it, maybe).
    Refused(PlayError),
    /// `from` has sent [`MAX_HELD_PER_DEVICE`] messages the device cannot use yet: deliver
    /// this one again once the device has caught up.
    TooManyHeld { from: Device },
}

impl fmt::Display for InboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InboxError::Refused(e) => e.fmt(f),
            InboxError::TooManyHeld { from } => write!(
                f,
                "{from} has sent {MAX_HELD_PER_DEVICE} messages this device cannot use yet: deliver it again later"
            ),
        }
    }
}

impl std::error::Error for InboxError {}

/// What the device waits for, and what the inbox holds meanwhile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub awaited: Awaited,
    /// How many messages from each device are held for later, for devices with some.
    pub held: Vec<(Device, usize)>,
}

/// A device behind its inbox.
#[derive(Clone)]
pub struct Inbox {
    device: PlayDevice,
    /// Messages the device cannot use yet, in the order they came.
    held: Vec<PlayMessage>,
    /// The digest of the message the device took for each step.
    taken: HashMap<Slot, Digest>,
}

impl Inbox {
    /// `device` behind an inbox; the messages it took already count as taken.
    pub fn new(device: PlayDevice) -> Inbox {
        let (_, _, _, inputs) = device.saved_parts();
        let taken = inputs
            .iter()
            .filter_map(|input| match input {
                Input::Received(message) => Some((Slot::of(message), digest(message))),
                _ => None,
            })
            .collect();
        Inbox { device, held: Vec::new(), taken }
    }

    pub fn device(&self) -> &PlayDevice {
        &self.device
    }

    /// The messages held for later, in the order they came.
    pub fn held(&self) -> &[PlayMessage] {
        &self.held
    }

    /// What the device waits for, and from whom, with what is held meanwhile.
    pub fn waiting(&self) -> Waiting {
        let mut held: Vec<(Device, usize)> = Vec::new();
        for message in &self.held {
            match held.iter_mut().find(|(d, _)| *d == message.from()) {
                Some((_, count)) => *count += 1,
                None => held.push((message.from(), 1)),
            }
        }
        held.sort();
        Waiting { awaited: self.device.awaited(), held }
    }

    /// Takes a message from the carrier, in whatever order it comes: given to the device now
    /// if it can use it (and then every held message that has become usable), held if it
    /// comes early, ignored if the device has it already. Returns what the device sends in
    /// turn.
    pub fn receive(&mut self, message: PlayMessage) -> Result<Vec<Outgoing>, InboxError> {
        let slot = Slot::of(&message);
        let this = digest(&message);
        let earlier =
            self.taken.get(&slot).copied().or_else(|| self.held.iter().find(|held| Slot::of(held) == slot).map(digest));
        match earlier {
            Some(earlier) if earlier == this => return Ok(Vec::new()),
            Some(_) => return Err(InboxError::Refused(self.device.refuse_conflicting(message))),
            None => {}
        }
        let mut out = Vec::new();
        match self.device.receive(message.clone()) {
            Ok(sent) => {
                self.taken.insert(slot, this);
                out.extend(sent);
            }
            Err(e) if e.is_early() => {
                let from = message.from();
                if self.held.iter().filter(|m| m.from() == from).count() >= MAX_HELD_PER_DEVICE {
                    return Err(InboxError::TooManyHeld { from });
                }
                self.held.push(message);
                return Ok(out);
            }
            Err(e) => {
                if !e.changes_nothing() {
                    self.taken.insert(slot, this);
                }
                return Err(InboxError::Refused(e));
            }
        }
        self.deliver_held(&mut out).map_err(InboxError::Refused)?;
        Ok(out)
    }

    /// The device's player's action ([`PlayDevice::act`]), then every held message it made
    /// usable.
    pub fn act(&mut self, action: Action) -> Result<Vec<Outgoing>, PlayError> {
        let mut out = self.device.act(action)?;
        self.deliver_held(&mut out)?;
        Ok(out)
    }

    /// The device's player's vote to give the Season up ([`PlayDevice::give_up`]).
    pub fn give_up(&mut self, left: Vec<Device>) -> Result<Vec<Outgoing>, PlayError> {
        self.device.give_up(left)
    }

    /// The device and the messages held, as bytes ([`crate::save`]).
    pub fn save(&self) -> Vec<u8> {
        let (setup, me, entropy, inputs) = self.device.saved_parts();
        save::encode(setup, me, entropy, inputs, &self.held)
    }

    /// The inbox saved in `bytes` ([`Inbox::save`]); a device's own save restores here with
    /// nothing held.
    pub fn restore(bytes: &[u8]) -> Result<Inbox, SaveError> {
        let (device, held) = save::replay(save::decode(bytes)?)?;
        let mut inbox = Inbox::new(device);
        inbox.held = held;
        Ok(inbox)
    }

    /// Gives the device every held message it can use now, again and again until none is
    /// left that it can; a held message refused for good is dropped.
    fn deliver_held(&mut self, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        loop {
            let mut progressed = false;
            let mut i = 0;
            while i < self.held.len() {
                match self.device.receive(self.held[i].clone()) {
                    Err(e) if e.is_early() => i += 1,
                    outcome => {
                        let message = self.held.remove(i);
                        progressed = true;
                        match outcome {
                            Ok(sent) => {
                                self.taken.insert(Slot::of(&message), digest(&message));
                                out.extend(sent);
                            }
                            Err(e @ PlayError::Stopped(_)) => return Err(e),
                            Err(_) => {}
                        }
                    }
                }
            }
            if !progressed {
                return Ok(());
            }
        }
    }
}

/// SHA-256 of the message's wire form: two messages are the same when these are.
fn digest(message: &PlayMessage) -> Digest {
    Digest(Sha256::digest(wire::encode(message)).into())
}
