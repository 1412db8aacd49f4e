//! The protocol's messages (DEAL-PROTOCOL.md, "Messages"). Points travel compressed and are
//! read by the receiving device, which names the sender of one that is not a group element;
//! scalars travel in their canonical 32 bytes, refused by the wire reader otherwise.

use super::ids::{Device, Digest};
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::scalar::Scalar;

/// One message of the deal, from the device `from` names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    Hello(Hello),
    Shuffle(Shuffle),
    Lock(Lock),
    Reveal(Reveal),
    Sealed(Sealed),
    Publish(Publish),
    ThrowValue(ThrowValue),
}

impl Message {
    /// The device that sent it (as the transport authenticates it: DEAL-PROTOCOL.md).
    pub fn from(&self) -> Device {
        match self {
            Message::Hello(m) => m.from,
            Message::Shuffle(m) => m.from,
            Message::Lock(m) => m.from,
            Message::Reveal(m) => m.from,
            Message::Sealed(m) => m.from,
            Message::Publish(m) => m.from,
            Message::ThrowValue(m) => m.from,
        }
    }
}

/// Sent first, to everyone: the device's public identity key (sealed boxes to it are
/// agreed with it), its commitment to its global secret and its hash chain's head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub from: Device,
    pub identity: CompressedRistretto,
    pub global_commitment: Digest,
    pub chain_head: Digest,
}

/// The whole list raised to the device's global secret and permuted, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    pub from: Device,
    pub list: Vec<CompressedRistretto>,
}

/// The list with the device's global secret taken off and its key for each position put on,
/// with a commitment to each of those keys; in seat order after the last shuffle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lock {
    pub from: Device,
    pub list: Vec<CompressedRistretto>,
    pub key_commitments: Vec<Digest>,
}

/// The device's keys for the public positions (the board's 24, then the luminous piece):
/// these open to everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub from: Device,
    pub keys: Vec<Scalar>,
}

/// The device's keys for seat `to`'s nine positions, sealed so that only `to` can read them
/// (ChaCha20-Poly1305 under a key agreed from the two identity keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sealed {
    pub from: Device,
    pub to: Device,
    pub sealed: Vec<u8>,
}

/// At the Season's end (or when it is abandoned): every secret of the device, so that every
/// other device can check every step it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Publish {
    pub from: Device,
    pub global: Scalar,
    pub identity: Scalar,
    pub keys: Vec<Scalar>,
    /// Its shuffle's permutation: entry `i` of its list was entry `permutation[i]` before.
    pub permutation: Vec<u8>,
}

/// The device's value of its hash chain for throw `throw` (counted from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowValue {
    pub from: Device,
    pub throw: u32,
    pub value: Digest,
}

/// Who a message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipient {
    Everyone,
    Device(Device),
}

/// A message a device sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub to: Recipient,
    pub message: Message,
}
