//! Joint play's messages (crates/joint-play, DEAL-PROTOCOL.md "Play by turns") carried by
//! letters. Each message is one of a letter's texts: `j1.` then its wire form in base64url,
//! so a device's [`crate::channel::Channel`] to each other device numbers, bundles,
//! acknowledges and heals them exactly as it does table mode's messages, and the letter's
//! signature says which device sent them (the protocol's transport must: DEAL-PROTOCOL.md,
//! "Messages"). Base64 inside costs next to nothing: DEFLATE codes its 64 symbols in about
//! six bits each, so a letter's link is about as long as with the bytes carried raw.
//!
//! Joint play has no host: every device writes to every other. Device `d` is
//! [`Party::Seat`]`(d)`; a message for every device is queued on every channel, one sealed
//! to a seat on that seat's only ([`route`]). The receiving device reads each text
//! ([`from_text`], untrusted) and gives it to its inbox (`lauzait_joint_play::Inbox`), which
//! takes letters' messages in any order and once.

use crate::party::Party;
use lauzait_joint_deal::{Device, Recipient};
use lauzait_joint_play::wire::{decode, encode, WireError};
use lauzait_joint_play::{Outgoing, PlayMessage};
use lauzait_table_mode::code_error::CodeError;
use lauzait_table_mode::link::{base64url, from_base64url};
use std::fmt;

/// What starts a letter's text that carries a message of joint play (version 1 of the play
/// wire form inside).
pub const PREFIX: &str = "j1.";

/// The longest text of one message: the largest message of a four-device Season (a Lock,
/// 4 365 bytes with its Season and step) in base64url, with room to spare.
pub const MAX_TEXT: usize = 8192;

/// Why a letter's text is not a message of joint play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JointTextError {
    /// It does not start with [`PREFIX`]: a message of table mode, or of another version.
    NotJoint,
    /// Longer than any message of joint play.
    TooLong { chars: usize },
    /// Its base64url does not read.
    Code(CodeError),
    /// Its base64url reads, but is not as a device writes it (unused bits set in its last
    /// character): one message, one text.
    NotAsWritten,
    /// Its bytes are not one message.
    Wire(WireError),
}

impl fmt::Display for JointTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JointTextError::NotJoint => {
                f.write_str("a message in this letter is not one of joint play: update the game, or open it elsewhere")
            }
            JointTextError::TooLong { chars } => {
                write!(f, "a message of {chars} characters is longer than any of joint play")
            }
            JointTextError::Code(e) => write!(f, "a message in this letter was changed on the way: {e}"),
            JointTextError::NotAsWritten => f.write_str("a message in this letter was changed on the way"),
            JointTextError::Wire(e) => write!(f, "a message in this letter does not read: {e}"),
        }
    }
}

impl std::error::Error for JointTextError {}

/// The message as one of a letter's texts.
pub fn to_text(message: &PlayMessage) -> String {
    format!("{PREFIX}{}", base64url(&encode(message)))
}

/// The message a letter's text carries, read as untrusted input.
pub fn from_text(text: &str) -> Result<PlayMessage, JointTextError> {
    let coded = text.strip_prefix(PREFIX).ok_or(JointTextError::NotJoint)?;
    if text.len() > MAX_TEXT {
        return Err(JointTextError::TooLong { chars: text.len() });
    }
    let bytes = from_base64url(coded).map_err(JointTextError::Code)?;
    if base64url(&bytes) != coded {
        return Err(JointTextError::NotAsWritten);
    }
    decode(&bytes).map_err(JointTextError::Wire)
}

/// The letter party of a device of joint play.
pub fn party(device: Device) -> Party {
    Party::Seat(device.to_byte())
}

/// Where `me`'s outgoing messages go, as texts: for each other device of `devices`, in the
/// order sent, the texts to queue on its channel.
pub fn route(me: Device, devices: &[Device], out: &[Outgoing]) -> Vec<(Device, Vec<String>)> {
    devices
        .iter()
        .filter(|&&d| d != me)
        .map(|&to| {
            let texts = out
                .iter()
                .filter(|o| o.to == Recipient::Everyone || o.to == Recipient::Device(to))
                .map(|o| to_text(&o.message))
                .collect();
            (to, texts)
        })
        .collect()
}
