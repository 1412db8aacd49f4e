//! The names the protocol uses: a device (one per seat), a deal, a hash.

use std::fmt;

/// A device at the table: the one that holds the seat of the same index (counted from 0, in
/// seat order, as the engine counts players). Computer seats are played by a device too, one
/// that holds only that seat's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Device(pub(crate) u8);

impl Device {
    /// The device of seat `seat` (counted from 0); whether it is at the table is the
    /// setup's to say ([`crate::DealSetup::device`]).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub(crate) fn byte(self) -> u8 {
        self.0
    }
}

/// `device 2`: counted from 1, as players are named on the screens.
impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "device {}", u16::from(self.0) + 1)
    }
}

/// What names one deal among all others (a table and a Season, say): every commitment, key
/// and sealed box is bound to it, so nothing of one deal can be replayed into another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealId(pub [u8; 32]);

/// A SHA-256 value: a commitment, or a hash chain's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digest(pub [u8; 32]);
