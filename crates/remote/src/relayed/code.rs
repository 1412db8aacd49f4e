//! The table's code: what the people at a relayed table compare on their phones to know that
//! no device stands between them (module docs of [`super`]).
//!
//! It is a short authentication string made as Bluetooth's numeric comparison makes its own:
//! each phone draws a nonce and sends, with its letter key, only a commitment to it
//! ([`commit`]); the roster fixes every key and every commitment; each phone shows its nonce
//! only once it holds the roster, and checks every other's against its commitment. The code
//! is hashed from the roster and every nonce ([`TableCode::of`]). A device in the middle must
//! fix the commitments it gives each phone before it sees that phone's nonce, and each
//! phone's code depends on its own nonce, so it cannot steer two phones' codes to the same
//! value: they agree by chance only, one in a million.

use super::roster::TableRoster;
use lauzait_table_mode::bytes::TableId;
use sha2::{Digest as _, Sha256};
use std::fmt;

/// A phone's secret for the code, shown once the roster is fixed.
pub type Nonce = [u8; 32];
/// SHA-256 of a phone's nonce with its table, seat and key ([`commit`]).
pub type Commitment = [u8; 32];

/// How many values a code takes: six decimal digits.
const CODES: u32 = 1_000_000;

/// The commitment to `nonce` of the phone at `seat` with letter key `key`: bound to the table
/// and the seat, so that a commitment of one table or seat is none of another's.
pub fn commit(table: TableId, seat: u8, key: &[u8; 32], nonce: &Nonce) -> Commitment {
    let mut h = Sha256::new();
    h.update(b"lauzait-remote/table-code/commit/v1");
    h.update(table.0);
    h.update([seat]);
    h.update(key);
    h.update(nonce);
    h.finalize().into()
}

/// The table's code, six digits (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableCode(u32);

impl TableCode {
    /// The code of `roster` with every phone's nonce, in seat order.
    pub fn of(roster: &TableRoster, nonces: &[Nonce]) -> TableCode {
        let mut h = Sha256::new();
        h.update(b"lauzait-remote/table-code/v1");
        h.update(roster.to_text());
        nonces.iter().for_each(|n| h.update(n));
        let digest: [u8; 32] = h.finalize().into();
        // Eight bytes taken modulo a million: the bias is below one in 10^13.
        let wide = u64::from_le_bytes([
            digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
        ]);
        TableCode((wide % u64::from(CODES)) as u32)
    }

    /// The code as a number below a million.
    pub fn value(self) -> u32 {
        self.0
    }
}

impl fmt::Display for TableCode {
    /// Two groups of three digits, easy to read aloud: "042 917".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:03} {:03}", self.0 / 1000, self.0 % 1000)
    }
}
