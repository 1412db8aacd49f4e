//! The messages' compact binary form: a version byte, a kind byte, then the kind's fields
//! (integers little-endian). A step of a deal is the deal's own wire form
//! ([`lauzait_joint_deal::wire`]) after its Season's number and its sender's step; an action
//! is its record token (NOTATION.md) with the hand and the pieces it shows, each in the deal's
//! wire form for a shown piece; a vote to give the Season up names the devices that left.
//! Bytes from another device are untrusted: anything but exactly one message is
//! refused with a [`WireError`], never a panic, and no count is believed before the bytes it
//! promises are there.

use super::message::{Act, PlayMessage, Void};
use lauzait_engine::notation::{parse_actions, ActionToken};
use lauzait_engine::{Piece, PieceCounts};
use lauzait_joint_deal::wire as deal_wire;
use lauzait_joint_deal::{Device, Digest};
use std::fmt;

/// The wire form's version; a message of another is refused.
pub const PLAY_WIRE_VERSION: u8 = 1;

const DEAL: u8 = 1;
const ACT: u8 = 2;
const VOID: u8 = 3;

/// The longest action token: a Form's (`fR1R2R3=R1R2R3`) is 15 bytes.
const MAX_TOKEN: usize = 32;
/// The most concealed pieces a hand holds, and so the most one action shows (R6).
const MAX_PIECES: usize = 9;
/// The longest shown piece: its header and one key per device, four at most.
const MAX_SHOWN: usize = 6 + 4 * 32;
/// The most devices a vote to give a Season up names: every other device of four.
const MAX_LEFT: usize = 3;

/// Why bytes are not a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Fewer bytes than the field at `at` needs.
    Short {
        at: usize,
    },
    /// Bytes left over after the message.
    Trailing {
        extra: usize,
    },
    Version {
        got: u8,
    },
    Kind {
        got: u8,
    },
    /// A list longer than any action sends.
    TooLong {
        count: usize,
    },
    /// The action is not one record token (NOTATION.md).
    NotAnAction,
    /// An action, a hand or a vote written otherwise than a device writes it (a Form's pieces,
    /// a hand's pieces or a vote's devices out of order): the same message in other bytes; or a
    /// vote naming no device, or its own sender.
    NotAsWritten,
    /// A piece number that names no piece (R1).
    NotAPiece {
        got: u8,
    },
    /// The step of the deal does not read: why.
    Deal(deal_wire::WireError),
    /// A piece shown does not read: why.
    Shown(deal_wire::WireError),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Short { at } => write!(f, "the message is cut short at byte {at}: send it again whole"),
            WireError::Trailing { extra } => write!(f, "{extra} bytes follow the message: send it alone"),
            WireError::Version { got } => {
                write!(f, "the message is of play protocol version {got}, not {PLAY_WIRE_VERSION}: update the game")
            }
            WireError::Kind { got } => write!(f, "no message of play is of kind {got}"),
            WireError::TooLong { count } => write!(f, "a list of {count} entries is longer than any action's"),
            WireError::NotAnAction => f.write_str("the action is not one a record could hold"),
            WireError::NotAsWritten => {
                f.write_str("the action, the hand or the vote is not written as a device writes it")
            }
            WireError::NotAPiece { got } => write!(f, "piece number {got} names no piece"),
            WireError::Deal(e) => write!(f, "the step of the deal does not read: {e}"),
            WireError::Shown(e) => write!(f, "a piece shown does not read: {e}"),
        }
    }
}

impl std::error::Error for WireError {}

/// The byte reader's refusals ([`deal_wire::Reader`]): it reads no version, kind or key of
/// a play message, so only its own three can come of it.
impl From<deal_wire::WireError> for WireError {
    fn from(e: deal_wire::WireError) -> WireError {
        match e {
            deal_wire::WireError::Short { at } => WireError::Short { at },
            deal_wire::WireError::Trailing { extra } => WireError::Trailing { extra },
            deal_wire::WireError::TooLong { count } => WireError::TooLong { count },
            other => WireError::Deal(other),
        }
    }
}

/// The message's bytes.
pub fn encode(message: &PlayMessage) -> Vec<u8> {
    match message {
        PlayMessage::Deal { season, step, message } => {
            let mut out = vec![PLAY_WIRE_VERSION, DEAL, *season];
            out.extend(step.to_le_bytes());
            out.extend(deal_wire::encode(message));
            out
        }
        PlayMessage::Act(act) => {
            let mut out = vec![PLAY_WIRE_VERSION, ACT, act.from.to_byte()];
            out.extend(act.step.to_le_bytes());
            out.extend(act.state.0);
            let token = ActionToken(act.action).to_string();
            out.push(token.len() as u8);
            out.extend(token.as_bytes());
            match &act.hand {
                None => out.push(0),
                Some(hand) => {
                    out.extend([1, hand.total() as u8]);
                    out.extend(hand.pieces().map(|p| p.index() as u8));
                }
            }
            out.push(act.shown.len() as u8);
            for shown in &act.shown {
                let bytes = deal_wire::encode_shown(shown);
                out.extend((bytes.len() as u16).to_le_bytes());
                out.extend(bytes);
            }
            out
        }
        PlayMessage::Void(void) => {
            let mut out = vec![PLAY_WIRE_VERSION, VOID, void.from.to_byte(), void.season, void.left.len() as u8];
            out.extend(void.left.iter().map(|d| d.to_byte()));
            out
        }
    }
}

/// The message these bytes are, read as untrusted input. Whether its sender is at the table,
/// and whether it is right, is the receiving device's to check.
pub fn decode(bytes: &[u8]) -> Result<PlayMessage, WireError> {
    let mut r = deal_wire::Reader::new(bytes);
    let version = r.byte()?;
    if version != PLAY_WIRE_VERSION {
        return Err(WireError::Version { got: version });
    }
    let message = match r.byte()? {
        DEAL => {
            let season = r.byte()?;
            let step = u32::from_le_bytes(r.array()?);
            let message = deal_wire::decode(r.rest()).map_err(WireError::Deal)?;
            return Ok(PlayMessage::Deal { season, step, message });
        }
        ACT => {
            let from = Device::from_byte(r.byte()?);
            let step = u32::from_le_bytes(r.array()?);
            let state = Digest(r.array()?);
            let len = r.count(MAX_TOKEN)?;
            let token = std::str::from_utf8(r.take(len)?).map_err(|_| WireError::NotAnAction)?;
            let action = match parse_actions(token).map_err(|_| WireError::NotAnAction)?.as_slice() {
                [action] => *action,
                _ => return Err(WireError::NotAnAction),
            };
            // One message, one encoding: a token read another way than a device writes it (a
            // Form's pieces in another order) would be the same action in other bytes.
            if ActionToken(action).to_string() != token {
                return Err(WireError::NotAsWritten);
            }
            let hand = match r.byte()? {
                0 => None,
                1 => {
                    let count = r.count(MAX_PIECES)?;
                    let mut hand = PieceCounts::new();
                    let mut last = 0;
                    for _ in 0..count {
                        let got = r.byte()?;
                        // Pieces in the order a hand lists them, so that one hand has one form.
                        if got < last {
                            return Err(WireError::NotAsWritten);
                        }
                        last = got;
                        hand.add(Piece::from_index(usize::from(got)).ok_or(WireError::NotAPiece { got })?);
                    }
                    Some(hand)
                }
                got => return Err(WireError::Kind { got }),
            };
            let count = r.count(MAX_PIECES)?;
            let mut shown = Vec::with_capacity(count);
            for _ in 0..count {
                let len = usize::from(u16::from_le_bytes(r.array()?));
                if len > MAX_SHOWN {
                    return Err(WireError::TooLong { count: len });
                }
                shown.push(deal_wire::decode_shown(r.take(len)?).map_err(WireError::Shown)?);
            }
            PlayMessage::Act(Act { from, step, state, action, hand, shown })
        }
        VOID => {
            let from = Device::from_byte(r.byte()?);
            let season = r.byte()?;
            let count = r.count(MAX_LEFT)?;
            let left = r.take(count)?.iter().map(|&b| Device::from_byte(b)).collect::<Vec<_>>();
            // At least one device, in seat order, each once, never the voter: one vote, one
            // form.
            if left.is_empty() || left.windows(2).any(|w| w[0] >= w[1]) || left.contains(&from) {
                return Err(WireError::NotAsWritten);
            }
            PlayMessage::Void(Void { from, season, left })
        }
        got => return Err(WireError::Kind { got }),
    };
    r.end()?;
    Ok(message)
}
