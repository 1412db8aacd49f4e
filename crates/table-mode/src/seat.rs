//! Who sits where: what the host keeps of a seat (who plays it is the one [`Player`] of
//! every table), and the connection a
//! seat's pairing code opened, through which alone that seat can be joined.

use super::bytes::{JoinToken, SeatKey};
use super::host::Conn;
use super::protocol::Refusal;
use super::validate::Refused;
pub use lauzait_bots::Player;
use serde::{Deserialize, Serialize};

/// A connection with the seat whose pairing code opened it. Every message reaches the host
/// as from one of these (`Host::receive`), and a join or a rejoin is taken only for that
/// seat: a phone seated in one seat cannot claim another over its own connection, even
/// with that seat's token read off the shared screen. The shell makes it from its pairing
/// (`Pairing::paired`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paired {
    pub conn: Conn,
    pub seat: u8,
}

impl Paired {
    /// Refuses a join or rejoin for any seat but the one this connection was paired for.
    pub(crate) fn check_seat(self, seat: u8) -> Result<(), Refused> {
        if seat == self.seat {
            return Ok(());
        }
        Err(Refused::new(
            Refusal::OtherSeat,
            format!("this connection was paired with seat {}'s code, not seat {seat}'s", self.seat),
        ))
    }
}

/// One seat of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub name: String,
    /// A person (on their phone, joined with the token) or a computer player, run by the host.
    pub player: Player,
    /// The token of the seat's pairing link, spent by the first join.
    pub token: JoinToken,
    /// The key handed to the guest that joined; asked for when it comes back.
    pub(crate) key: SeatKey,
    /// Whether a guest holds the seat (its link is spent).
    pub claimed: bool,
}
