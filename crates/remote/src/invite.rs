//! The invite to a remote seat: a link the host's player sends to the person who will play
//! that seat. It names the table and the seat, carries the seat's one-time join token
//! (TABLE-PROTOCOL.md) and the host device's public key, so the guest's device knows from
//! the start which key every letter of the host must be signed with.

use crate::error::ReadError;
use crate::identity::PublicKey;
use crate::letter::FORMAT;
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::link::{base64url, from_base64url};

/// The prefix of an invite in a link's fragment.
pub const INVITE_PREFIX: &str = "r=";

const INVITE_LEN: usize = 1 + 8 + 1 + 8 + 32;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub table: TableId,
    pub seat: u8,
    pub token: JoinToken,
    pub host_key: PublicKey,
}

impl Invite {
    /// The link fragment `r=…`.
    pub fn fragment(&self) -> String {
        let mut b = vec![FORMAT];
        b.extend(self.table.0);
        b.push(self.seat);
        b.extend(self.token.0);
        b.extend(self.host_key);
        format!("{INVITE_PREFIX}{}", base64url(&b))
    }

    /// Reads an invite, with or without `#r=` before it.
    pub fn read(text: &str) -> Result<Invite, ReadError> {
        let text = text.trim();
        let text = text.strip_prefix('#').unwrap_or(text);
        let text = text.strip_prefix(INVITE_PREFIX).ok_or(ReadError::NotALetter)?;
        if text.len() > INVITE_LEN * 2 {
            return Err(ReadError::TooLong { chars: text.len() });
        }
        let b = from_base64url(text).map_err(|_| ReadError::NotALetter)?;
        match b.first() {
            Some(&FORMAT) => {}
            Some(&other) => return Err(ReadError::Format(other)),
            None => return Err(ReadError::Truncated),
        }
        if b.len() != INVITE_LEN {
            return Err(ReadError::Truncated);
        }
        let seat = b[9];
        if seat > 3 {
            return Err(ReadError::Invalid("seat"));
        }
        let host_key = b[18..].try_into().map_err(|_| ReadError::Truncated)?;
        Ok(Invite {
            table: TableId::from_entropy(&b[1..9]),
            seat,
            token: JoinToken::from_entropy(&b[10..18]),
            host_key,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invite_round_trips_and_a_cut_one_is_refused() {
        let invite = Invite {
            table: TableId::from_entropy(&[1; 8]),
            seat: 1,
            token: JoinToken::from_entropy(&[2; 8]),
            host_key: [3; 32],
        };
        let link = invite.fragment();
        assert_eq!(Invite::read(&format!("#{link}")), Ok(invite));
        assert_eq!(Invite::read(&link[..link.len() - 4]), Err(ReadError::Truncated));
        assert_eq!(Invite::read("l=AAAA"), Err(ReadError::NotALetter));
    }
}
