//! The messages between a table's host and its guests (TABLE-PROTOCOL.md), version
//! [`VERSION`]. Each is one JSON text over a WebRTC data channel, with its kind in `"t"` and
//! the protocol version in `"v"`; unknown fields are refused so that a peer speaking another
//! version is told so rather than half understood.

use super::bytes::{Commitment, JoinToken, SeatKey, Secret, TableId};
use super::deal::TableRecord;
use lauzait_engine::{Action, SeatView};
use serde::{Deserialize, Serialize};

/// The protocol's version; a message of another version is refused ([`Refusal::Version`]).
/// Version 2: a deal round before each Season, and the record carries every round
/// (`rounds`, not `round`). Version 3: chance drawn by ChaCha12 from the whole 256-bit
/// digest ([`crate::deal::chance_for`]), the record's `abandoned` round, and a join or
/// rejoin only for the seat whose code opened the connection (`other-seat`). Version 4: a
/// seat's view as its text form, the form the computer players' worker reads.
pub const VERSION: u32 = 4;

/// The most a guest may send in one message, in bytes of JSON text: the longest real one
/// (a Form) is under 150.
pub const MAX_GUEST_BYTES: usize = 1024;

/// The most the host may send in one message: a seat's view late in a long Season (every
/// Day seen, the ledger) stays well under it.
pub const MAX_HOST_BYTES: usize = 256 * 1024;

/// A guest's message to the host.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum GuestMsg {
    /// Claims `seat` with the one-time token of its pairing link.
    Join { v: u32, table: TableId, seat: u8, token: JoinToken },
    /// Comes back to `seat` (after a reload or a dropped connection) with the key the host
    /// gave at the first join.
    Rejoin { v: u32, table: TableId, seat: u8, key: SeatKey },
    /// This device's commitment for deal round `round` (its attempt `attempt`: absent for
    /// the first, see [`HostMsg::CommitNow`]).
    Commit {
        v: u32,
        round: u32,
        #[serde(default, skip_serializing_if = "is_first_attempt")]
        attempt: u32,
        commitment: Commitment,
    },
    /// This device's secret for round `round`, once the host has shown every commitment.
    Reveal {
        v: u32,
        round: u32,
        #[serde(default, skip_serializing_if = "is_first_attempt")]
        attempt: u32,
        secret: Secret,
    },
    /// An action in the seat's Day, taken on the view numbered `seq`; `n` numbers the
    /// guest's actions, echoed in the answer.
    Act { v: u32, n: u32, seq: u32, action: Action },
    /// Asks for everything again: the seat's view, or the deal round under way.
    Resync { v: u32 },
}

/// The host's message to one guest. A phone reads it with a reader of its own
/// (host_msg_read.rs: each field as it comes, without serde's copy of the whole message),
/// which refuses an unknown field as [`GuestMsg`]'s derived reader does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum HostMsg {
    /// The seat is this guest's; `key` brings it back later. `names` are the seats' names.
    Welcome { v: u32, table: TableId, seat: u8, key: SeatKey, names: Vec<String> },
    /// The guest's message was refused, and why; `n` is the refused action's number.
    Refused { v: u32, reason: Refusal, n: Option<u32>, detail: String },
    /// An action was taken (the new view follows).
    Ack { v: u32, n: u32 },
    /// Deal round `round` (for Season `round`) begins: the host has committed (`host`);
    /// commit now. `attempt` (absent: 0) counts the times the round was dealt again after a
    /// seat withheld its secret and was given to a new phone: each attempt is a fresh round,
    /// every device committing anew.
    CommitNow {
        v: u32,
        round: u32,
        #[serde(default, skip_serializing_if = "is_first_attempt")]
        attempt: u32,
        host: Commitment,
    },
    /// Every commitment is in (the host's first, then the seats'): reveal now.
    RevealNow {
        v: u32,
        round: u32,
        #[serde(default, skip_serializing_if = "is_first_attempt")]
        attempt: u32,
        commitments: Vec<Commitment>,
    },
    /// The seat's view (R40), numbered: an action names the view it was taken on. It
    /// travels as its text form ([`crate::view_wire`]).
    View {
        v: u32,
        seq: u32,
        #[serde(with = "crate::view_wire")]
        view: Box<SeatView>,
    },
    /// The game is over: every round's commitments and secrets and every action, for the
    /// guest to check.
    Record { v: u32, record: Box<TableRecord> },
}

/// A round's first attempt, which its messages leave out: they read as before rounds were
/// ever dealt again.
fn is_first_attempt(attempt: &u32) -> bool {
    *attempt == 0
}

/// Why a guest's message is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    /// Longer than [`MAX_GUEST_BYTES`].
    TooLong,
    /// Not a message of this protocol.
    Malformed,
    /// Another protocol version.
    Version,
    /// A link of another table.
    WrongTable,
    /// No such seat at this table, or not one a person plays.
    NoSuchSeat,
    /// The seat is held by another device, or the join link was spent.
    SeatHeld,
    /// The seat's key is wrong.
    BadKey,
    /// A join or rejoin for another seat than the one whose code paired the connection.
    OtherSeat,
    /// The connection has not joined a seat yet.
    NotJoined,
    /// It is not this seat's Day, or no Day is under way.
    NotYourTurn,
    /// The action was taken on an old view.
    Stale,
    /// The engine refuses the action (the detail says which rule).
    Rule,
    /// A deal message out of place, or a secret that does not match its commitment.
    Deal,
    /// The host is not accepting this kind of action from a guest.
    NotAllowed,
}

impl Refusal {
    /// Its name on the wire (`not-your-turn`), as serde writes it (a test holds the two
    /// together): written out here, so that a phone's page shows a refusal without linking
    /// serde_json's whole `Value` writer.
    pub fn name(self) -> &'static str {
        match self {
            Refusal::TooLong => "too-long",
            Refusal::Malformed => "malformed",
            Refusal::Version => "version",
            Refusal::WrongTable => "wrong-table",
            Refusal::NoSuchSeat => "no-such-seat",
            Refusal::SeatHeld => "seat-held",
            Refusal::BadKey => "bad-key",
            Refusal::OtherSeat => "other-seat",
            Refusal::NotJoined => "not-joined",
            Refusal::NotYourTurn => "not-your-turn",
            Refusal::Stale => "stale",
            Refusal::Rule => "rule",
            Refusal::Deal => "deal",
            Refusal::NotAllowed => "not-allowed",
        }
    }
}

/// Its name on the wire (`not-your-turn`), for logs and messages.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Refusal;

    /// A refusal's name is the one serde writes on the wire, for every refusal.
    #[test]
    fn a_refusals_name_is_its_wire_name() {
        use Refusal::*;
        let all = [
            TooLong,
            Malformed,
            Version,
            WrongTable,
            NoSuchSeat,
            SeatHeld,
            BadKey,
            OtherSeat,
            NotJoined,
            NotYourTurn,
            Stale,
            Rule,
            Deal,
            NotAllowed,
        ];
        for r in all {
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{}\"", r.name()));
        }
    }
}
