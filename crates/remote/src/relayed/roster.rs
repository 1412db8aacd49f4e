//! A relayed table's roster: the table, the game's rules for the deal, and every phone's letter
//! key with its commitment to its code's nonce, in seat order. The tablet sends the same text
//! to every phone; each phone makes its device of joint play from the [`Roster`] inside, so
//! the deal's context holds every key ([`Roster::setup`]), and the code is hashed from this
//! text ([`super::code::TableCode`]).

use super::code::Commitment;
use crate::identity::PublicKey;
use crate::joint_table::Roster;
use lauzait_table_mode::bytes::{Bytes, TableId};
use lauzait_table_mode::link::{base64url, from_base64url};
use std::fmt;

/// What starts a relayed table's roster text (version 1).
pub const PREFIX: &str = "jt1.";
/// The table's id, the luminous rule and the throws.
const HEAD: usize = 8 + 1 + 4;
/// A phone's key and commitment.
const ENTRY: usize = 32 + 32;

/// A relayed table's roster (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRoster {
    pub table: TableId,
    /// The rules and every phone's letter key, as a table by turns has them.
    pub roster: Roster,
    /// Each phone's commitment to its code's nonce, in seat order.
    pub commitments: Vec<Commitment>,
}

/// Why a roster's text is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableRosterError {
    /// Not a relayed table's roster of this version.
    NotARoster,
    /// Cut short or too long, or not of 2 to 4 phones.
    Damaged,
}

impl fmt::Display for TableRosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableRosterError::NotARoster => {
                f.write_str("the tablet's list of players is not one this game reads: update the game on every device")
            }
            TableRosterError::Damaged => f.write_str("the tablet's list of players is damaged: join the table again"),
        }
    }
}

impl std::error::Error for TableRosterError {}

impl TableRoster {
    pub fn to_text(&self) -> String {
        let mut b = Vec::with_capacity(HEAD + ENTRY * self.commitments.len());
        b.extend(self.table.0);
        b.push(u8::from(self.roster.luminous));
        b.extend(self.roster.throws.to_le_bytes());
        for (key, commitment) in self.roster.keys.iter().zip(&self.commitments) {
            b.extend(key);
            b.extend(commitment);
        }
        format!("{PREFIX}{}", base64url(&b))
    }

    /// A roster's text, read as untrusted input: exactly as [`Self::to_text`] writes one.
    pub fn from_text(text: &str) -> Result<TableRoster, TableRosterError> {
        let coded = text.strip_prefix(PREFIX).ok_or(TableRosterError::NotARoster)?;
        if coded.len() > (HEAD + 4 * ENTRY) * 4 / 3 + 4 {
            return Err(TableRosterError::Damaged);
        }
        let b = from_base64url(coded).map_err(|_| TableRosterError::Damaged)?;
        let (Some(head), Some(entries)) = (b.get(..HEAD), b.get(HEAD..)) else {
            return Err(TableRosterError::Damaged);
        };
        if entries.len() % ENTRY != 0 || !(2..=4).contains(&(entries.len() / ENTRY)) || head[8] > 1 {
            return Err(TableRosterError::Damaged);
        }
        let at = |slice: &[u8]| -> Result<[u8; 32], TableRosterError> {
            slice.try_into().map_err(|_| TableRosterError::Damaged)
        };
        let table = Bytes(head[..8].try_into().map_err(|_| TableRosterError::Damaged)?);
        let throws = u32::from_le_bytes(head[9..13].try_into().map_err(|_| TableRosterError::Damaged)?);
        let mut keys: Vec<PublicKey> = Vec::new();
        let mut commitments = Vec::new();
        for entry in entries.chunks(ENTRY) {
            keys.push(at(&entry[..32])?);
            commitments.push(at(&entry[32..])?);
        }
        let roster = TableRoster { table, roster: Roster { luminous: head[8] == 1, throws, keys }, commitments };
        if roster.to_text() != text {
            return Err(TableRosterError::Damaged);
        }
        Ok(roster)
    }
}
