//! Fixed-size random values that travel as lowercase hex text: the per-seat keys and the
//! deal's secrets and commitments. Reading one from a peer checks its length and alphabet,
//! so a malformed value is refused where it enters rather than deep in a rule.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// `N` bytes shown as `2 * N` lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bytes<const N: usize>(pub [u8; N]);

impl<const N: usize> Default for Bytes<N> {
    fn default() -> Bytes<N> {
        Bytes([0; N])
    }
}

/// A seat's key: handed to the guest that claimed the seat, asked for when it comes back.
pub type SeatKey = Bytes<16>;
/// The one-time token a seat's pairing link carries; spent by the first guest that joins.
pub type JoinToken = Bytes<8>;
/// A device's contribution to the deal.
pub type Secret = Bytes<32>;
/// SHA-256 of a contribution, sent before any contribution is shown.
pub type Commitment = Bytes<32>;
/// A table's identity, so that a link of another table is told apart.
pub type TableId = Bytes<8>;
/// SHA-256 of a seat's view's text form: what a phone keeps of each view it was shown, to
/// check the finished game's record against ([`crate::verify`]).
pub type ViewDigest = Bytes<32>;

impl<const N: usize> Bytes<N> {
    /// The value made of the first `N` bytes of `entropy` (the shell's randomness); missing
    /// bytes are zero, so a caller passes at least `N`.
    pub fn from_entropy(entropy: &[u8]) -> Bytes<N> {
        let mut b = [0u8; N];
        b.iter_mut().zip(entropy).for_each(|(d, s)| *d = *s);
        Bytes(b)
    }

    /// Reads `2 * N` hex digits.
    pub fn parse(text: &str) -> Result<Bytes<N>, HexError> {
        if text.len() != 2 * N {
            return Err(HexError::Length { expected: 2 * N, got: text.len() });
        }
        if !text.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err(HexError::NotHex);
        }
        let mut b = [0u8; N];
        for (i, d) in b.iter_mut().enumerate() {
            // Two ASCII hex digits, checked above.
            let pair = text.get(2 * i..2 * i + 2).ok_or(HexError::NotHex)?;
            *d = u8::from_str_radix(pair, 16).map_err(|_| HexError::NotHex)?;
        }
        Ok(Bytes(b))
    }
}

/// Hex text that is not a table's, seat's or device's value: a damaged save or message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexError {
    /// Not the value's number of hex digits.
    Length { expected: usize, got: usize },
    /// A character other than the hex digits 0-9 and a-f.
    NotHex,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::Length { expected, got } => write!(f, "{expected} hex digits were expected, not {got}"),
            HexError::NotHex => f.write_str("only the hex digits 0-9 and a-f may appear"),
        }
    }
}

impl std::error::Error for HexError {}

impl<const N: usize> fmt::Display for Bytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl<const N: usize> fmt::Debug for Bytes<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const N: usize> Serialize for Bytes<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de, const N: usize> Deserialize<'de> for Bytes<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes<N>, D::Error> {
        let text = String::deserialize(d)?;
        Bytes::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_bad_text() {
        let k = SeatKey::from_entropy(&[0xab; 20]);
        assert_eq!(SeatKey::parse(&k.to_string()), Ok(k));
        assert!(SeatKey::parse("abc").is_err());
        assert!(SeatKey::parse(&"zz".repeat(16)).is_err());
        assert!(SeatKey::parse(&"é".repeat(16)).is_err());
        assert_eq!(SeatKey::parse("abc"), Err(HexError::Length { expected: 32, got: 3 }));
        assert_eq!(SeatKey::parse(&"zz".repeat(16)), Err(HexError::NotHex));
        assert_eq!(SeatKey::parse(&"é".repeat(16)), Err(HexError::NotHex), "32 bytes, not hex");
    }
}
