//! What a relayed table's phones and tablet say to each other over their data channels, as
//! texts: each kind its prefix (the version in it), then its fields. Every text from the other
//! end is untrusted: anything but exactly one message as the other end writes it is a typed
//! [`RelayTextError`], never a panic.

use super::code::{Commitment, Nonce};
use super::roster::{TableRoster, TableRosterError};
use crate::error::ReadError;
use crate::identity::PublicKey;
use crate::letter::{Letter, MAX_LINK_CHARS};
use lauzait_engine::{SpectatorView, ViewTextError};
use lauzait_joint_deal::Device;
use lauzait_table_mode::link::{base64url, from_base64url};
use std::fmt;

const JOIN: &str = "tj1.";
const REVEAL: &str = "tn1.";
const LETTER: &str = "tl1.";
const VIEW: &str = "pv1";
const REVEALED: &str = "fn1.";
const DELIVERED: &str = "fl1.";
/// The longest public view a phone sends: a Season's whole log of four players, with room.
pub const MAX_VIEW_CHARS: usize = 64 * 1024;

/// A phone's message to the tablet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToTablet {
    /// The phone's letter key and its commitment to its code's nonce: its seat is its data
    /// channel's.
    Join { key: PublicKey, commitment: Commitment },
    /// The phone's nonce, once it holds the roster: for every other phone.
    Reveal(Nonce),
    /// A letter of joint play for another phone.
    Letter { to: Device, letter: Letter },
    /// The public view of the phone's game, for the tablet to show.
    View(SpectatorView),
}

/// The tablet's message to a phone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromTablet {
    Roster(TableRoster),
    /// Another phone's nonce.
    Reveal {
        from: Device,
        nonce: Nonce,
    },
    /// Another phone's letter to this one.
    Letter(Letter),
}

/// Why a text from the other end of a data channel is not a message of a relayed table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayTextError {
    /// No message of this version begins so: the other device runs another version.
    Unknown,
    TooLong {
        chars: usize,
    },
    /// Its fields do not read.
    Damaged,
    Letter(ReadError),
    View(ViewTextError),
    Roster(TableRosterError),
}

impl fmt::Display for RelayTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayTextError::Unknown => {
                f.write_str("a message of another version came: update the game on every device")
            }
            RelayTextError::TooLong { chars } => {
                write!(f, "a message of {chars} characters is longer than any of this table")
            }
            RelayTextError::Damaged => f.write_str("a message was damaged on the way"),
            RelayTextError::Letter(e) => write!(f, "a letter does not read: {e}"),
            RelayTextError::View(e) => write!(f, "a phone's view of the board does not read: {e}"),
            RelayTextError::Roster(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RelayTextError {}

impl ToTablet {
    pub fn to_text(&self) -> String {
        match self {
            ToTablet::Join { key, commitment } => format!("{JOIN}{}", base64url(&[&key[..], &commitment[..]].concat())),
            ToTablet::Reveal(nonce) => format!("{REVEAL}{}", base64url(nonce)),
            ToTablet::Letter { to, letter } => format!("{LETTER}{}.{}", to.to_byte(), letter.encode()),
            ToTablet::View(view) => view.to_text(),
        }
    }

    /// A phone's text, read as untrusted input.
    pub fn from_text(text: &str) -> Result<ToTablet, RelayTextError> {
        if text.len() > MAX_LINK_CHARS {
            return Err(RelayTextError::TooLong { chars: text.len() });
        }
        if let Some(coded) = text.strip_prefix(JOIN) {
            let b: [u8; 64] = exact(coded)?;
            let (key, commitment) = b.split_at(32);
            return Ok(ToTablet::Join { key: array(key)?, commitment: array(commitment)? });
        }
        if let Some(coded) = text.strip_prefix(REVEAL) {
            return Ok(ToTablet::Reveal(exact(coded)?));
        }
        if let Some(rest) = text.strip_prefix(LETTER) {
            let (to, coded) = rest.split_once('.').ok_or(RelayTextError::Damaged)?;
            let to = device(to)?;
            let letter = letter(coded)?;
            return Ok(ToTablet::Letter { to, letter });
        }
        if text.starts_with(VIEW) {
            if text.len() > MAX_VIEW_CHARS {
                return Err(RelayTextError::TooLong { chars: text.len() });
            }
            return SpectatorView::from_text(text).map(ToTablet::View).map_err(RelayTextError::View);
        }
        Err(RelayTextError::Unknown)
    }
}

impl FromTablet {
    pub fn to_text(&self) -> String {
        match self {
            FromTablet::Roster(roster) => roster.to_text(),
            FromTablet::Reveal { from, nonce } => {
                format!("{REVEALED}{}", base64url(&[&[from.to_byte()][..], nonce].concat()))
            }
            FromTablet::Letter(letter) => format!("{DELIVERED}{}", letter.encode()),
        }
    }

    /// The tablet's text, read as untrusted input.
    pub fn from_text(text: &str) -> Result<FromTablet, RelayTextError> {
        if text.len() > MAX_LINK_CHARS {
            return Err(RelayTextError::TooLong { chars: text.len() });
        }
        if text.starts_with(super::roster::PREFIX) {
            return TableRoster::from_text(text).map(FromTablet::Roster).map_err(RelayTextError::Roster);
        }
        if let Some(coded) = text.strip_prefix(REVEALED) {
            let b: [u8; 33] = exact(coded)?;
            return Ok(FromTablet::Reveal { from: device_of(b[0])?, nonce: array(&b[1..])? });
        }
        if let Some(coded) = text.strip_prefix(DELIVERED) {
            return letter(coded).map(FromTablet::Letter);
        }
        Err(RelayTextError::Unknown)
    }
}

/// A letter's text as [`Letter::encode`] writes it: base64url alone (the letter's reader also
/// takes a link's `#l=` and spaces around, which a data channel never carries).
fn letter(coded: &str) -> Result<Letter, RelayTextError> {
    if !coded.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(RelayTextError::Damaged);
    }
    Letter::read(coded).map_err(RelayTextError::Letter)
}

/// Exactly `N` bytes in base64url, written as a device writes them.
fn exact<const N: usize>(coded: &str) -> Result<[u8; N], RelayTextError> {
    if coded.len() > N * 2 {
        return Err(RelayTextError::Damaged);
    }
    let b = from_base64url(coded).map_err(|_| RelayTextError::Damaged)?;
    if base64url(&b) != coded {
        return Err(RelayTextError::Damaged);
    }
    array(&b)
}

fn array<const N: usize>(b: &[u8]) -> Result<[u8; N], RelayTextError> {
    b.try_into().map_err(|_| RelayTextError::Damaged)
}

/// A device's number as a text writes it: one digit, 0 to 3.
fn device(text: &str) -> Result<Device, RelayTextError> {
    match text.as_bytes() {
        [d @ b'0'..=b'9'] => device_of(d - b'0'),
        _ => Err(RelayTextError::Damaged),
    }
}

/// A device's number as a byte: 0 to 3 (a table seats at most four).
fn device_of(byte: u8) -> Result<Device, RelayTextError> {
    (byte < 4).then(|| Device::from_byte(byte)).ok_or(RelayTextError::Damaged)
}
