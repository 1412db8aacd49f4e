//! Who writes or reads a letter: the table's host device, or the device of a person's seat.

use serde::{Deserialize, Serialize};

/// A device at a remote table, as a letter names its sender and its recipient.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Party {
    /// The device that runs the engine (it may also play a seat of its own).
    Host,
    /// The device of the person playing this seat (0–3).
    Seat(u8),
}

/// The byte that stands for the host in a letter; a seat is its number.
const HOST_BYTE: u8 = 0xff;

impl Party {
    pub(crate) fn to_byte(self) -> u8 {
        match self {
            Party::Host => HOST_BYTE,
            Party::Seat(s) => s,
        }
    }

    /// `None` for a byte that names nobody (a seat past the fourth).
    pub(crate) fn from_byte(b: u8) -> Option<Party> {
        match b {
            HOST_BYTE => Some(Party::Host),
            0..=3 => Some(Party::Seat(b)),
            _ => None,
        }
    }
}

impl std::fmt::Display for Party {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Party::Host => f.write_str("the host"),
            Party::Seat(s) => write!(f, "seat {s}"),
        }
    }
}
