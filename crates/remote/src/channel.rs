//! One direction pair of letters between this device and one other: what this device has
//! sent and not seen acknowledged, and what it has opened. Writing a letter bundles every
//! message the other device has not acknowledged; opening one checks its sender's key and
//! its number and gives the messages not applied yet, in order (REMOTE-PROTOCOL.md,
//! "What each device checks").

use crate::error::OpenError;
use crate::identity::{DeviceKey, PublicKey};
use crate::letter::Letter;
use crate::party::Party;
use lauzait_table_mode::bytes::TableId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The state of the letters exchanged with one device; saved with the device's state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Channel {
    /// The other device's public key, once known (from the invite, or the guest's first
    /// letter once its token was taken).
    pub peer_key: Option<PublicKey>,
    /// The number of the last letter written to it.
    sent: u32,
    /// The messages it has not acknowledged, the first numbered `out_first`.
    outbox: Vec<String>,
    out_first: u32,
    /// For each letter written and not yet acknowledged: the number of its last message.
    letter_ends: BTreeMap<u32, u32>,
    /// The highest of our letter numbers it has acknowledged.
    acked: u32,
    /// The highest letter number opened from it.
    received: u32,
    /// How many of its messages were applied.
    applied: u32,
    /// Each opened letter's digest, by number: the same letter again is a harmless
    /// duplicate, another with the same number is a replay of an older state.
    opened: BTreeMap<u32, [u8; 32]>,
}

/// What opening a letter found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// Already opened (the same link twice), or everything in it came in a later letter:
    /// nothing to do.
    AlreadyApplied,
    /// These messages are new, in order; [`Channel::accept`] once they are applied.
    New(Accepted),
}

/// A letter checked and its new messages, to be applied, then accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub messages: Vec<String>,
    seq: u32,
    ack: u32,
    last: u32,
    digest: [u8; 32],
}

impl Channel {
    /// A channel to a device whose key is known (a guest's channel to the host).
    pub fn with_key(peer_key: PublicKey) -> Channel {
        Channel { peer_key: Some(peer_key), ..Channel::new() }
    }

    pub fn new() -> Channel {
        Channel { out_first: 1, ..Channel::default() }
    }

    /// The number of the last message queued (arithmetic that saturates: a save read back
    /// may hold anything).
    fn last_queued(&self) -> u32 {
        self.out_first.saturating_add(self.outbox.len() as u32).saturating_sub(1)
    }

    /// Queues a message for the next letter.
    pub fn queue(&mut self, message: String) {
        self.outbox.push(message);
    }

    /// Whether a message waits to be sent.
    pub fn has_unsent(&self) -> bool {
        let carried = self.letter_ends.values().next_back().copied().unwrap_or(self.out_first.saturating_sub(1));
        carried < self.last_queued()
    }

    /// Whether the other device has acknowledged a letter of ours.
    pub fn acknowledged_any(&self) -> bool {
        self.acked > 0
    }

    /// Whether a letter written to the other device has not been answered yet: its link
    /// may have been lost, so the page keeps it on show until an answer acknowledges it.
    pub fn unanswered(&self) -> bool {
        self.acked < self.sent
    }

    /// The next letter: every message not acknowledged, signed by `key`.
    pub fn write(&mut self, key: &DeviceKey, table: TableId, route: (Party, Party), introduce: bool) -> Letter {
        self.sent = self.sent.saturating_add(1);
        self.letter_ends.insert(self.sent, self.last_queued());
        let numbers = (self.sent, self.received, self.out_first);
        Letter::sign(key, table, route, numbers, introduce, self.outbox.clone())
    }

    /// Checks `letter` from `from` to `me` at `table`, signed by the known key or, for a
    /// first letter, by `introduced` (the key the caller vouched for with the invite's
    /// token); returns its new messages. Nothing changes here.
    pub fn open(
        &self,
        letter: &Letter,
        table: TableId,
        me: Party,
        introduced: Option<PublicKey>,
    ) -> Result<Opened, OpenError> {
        if letter.table != table {
            return Err(OpenError::WrongTable);
        }
        if letter.to != me {
            return Err(OpenError::WrongRecipient { to: letter.to });
        }
        let key = match (self.peer_key, letter.key) {
            (Some(known), Some(claimed)) if known != claimed => {
                return Err(OpenError::UnknownKey { from: letter.from })
            }
            (Some(known), _) => known,
            (None, _) => introduced.ok_or(OpenError::UnknownKey { from: letter.from })?,
        };
        if !letter.signed_by(&key) {
            return Err(OpenError::BadSignature);
        }
        let digest = letter.digest();
        if let Some(seen) = self.opened.get(&letter.seq) {
            return if *seen == digest {
                Ok(Opened::AlreadyApplied)
            } else {
                Err(OpenError::SeqReused { seq: letter.seq })
            };
        }
        let last = letter.first as u64 + letter.messages.len() as u64 - 1;
        if letter.seq < self.received {
            // Skipped: a later letter carried all of its messages, unless it is forged.
            return if last <= self.applied as u64 {
                Ok(Opened::AlreadyApplied)
            } else {
                Err(OpenError::SeqReused { seq: letter.seq })
            };
        }
        if letter.first > self.applied.saturating_add(1) {
            return Err(OpenError::Gap { open_first: self.received + 1 });
        }
        if letter.ack > self.sent {
            return Err(OpenError::AckUnsent { ack: letter.ack, sent: self.sent });
        }
        let skip = (self.applied - (letter.first - 1)) as usize;
        Ok(Opened::New(Accepted {
            messages: letter.messages.iter().skip(skip).cloned().collect(),
            seq: letter.seq,
            ack: letter.ack,
            last: u32::try_from(last).unwrap_or(u32::MAX).max(self.applied),
            digest,
        }))
    }

    /// Records an opened letter whose messages were applied: they count as received, and
    /// what it acknowledges leaves the outbox.
    pub fn accept(&mut self, accepted: Accepted) {
        self.received = accepted.seq;
        self.applied = accepted.last;
        self.opened.insert(accepted.seq, accepted.digest);
        self.acked = self.acked.max(accepted.ack);
        if let Some(&end) = self.letter_ends.get(&accepted.ack) {
            let drop = end.saturating_add(1).saturating_sub(self.out_first) as usize;
            self.outbox.drain(..drop.min(self.outbox.len()));
            self.out_first = end.saturating_add(1);
            self.letter_ends.retain(|&seq, _| seq > accepted.ack);
        }
    }
}
