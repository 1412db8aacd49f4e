//! Why a phone refuses a message from the host ([`crate::guest::Guest::receive`]) or its own
//! save ([`crate::guest::Guest::resume`]). A host that breaks the deal's rules (a changed
//! commitment, a round no game has) is named for what it did, so the page can say the deal
//! cannot be trusted.

use super::validate::Refused;
use lauzait_engine::RebuildError;
use std::fmt;

/// A message from the host that the phone refuses; nothing changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestError {
    /// Not a message of the protocol.
    Unreadable(Refused),
    /// A welcome to another table or seat.
    OtherTable,
    /// A deal round that no game has (round n deals Season n), or an attempt past the
    /// last a round may have.
    RoundOfNoGame { round: u32, attempt: u32 },
    /// The host's commitment for a round changed.
    CommitmentChanged,
    /// A reveal for a round (or an attempt of it) that never began.
    RevealBeforeCommit { round: u32, attempt: u32 },
    /// An attempt of a round that was dealt again since.
    AttemptDealtAgain { round: u32, attempt: u32 },
    /// The round's commitments leave out this device's, or change the host's.
    CommitmentsLeaveOut,
    /// The round's commitments changed between reveals.
    CommitmentsChanged,
    /// Another seat's view (R40: a view is its seat's only).
    OtherSeatsView { view_seat: usize, seat: u8 },
    /// A view that is no real position.
    View(RebuildError),
}

impl fmt::Display for GuestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GuestError as E;
        match self {
            E::Unreadable(r) => write!(f, "{}: {}", r.reason, r.detail),
            E::OtherTable => f.write_str("the host welcomed this device to another table or seat"),
            E::RoundOfNoGame { round, attempt } => {
                write!(f, "the host asks for deal round {round} (attempt {attempt}), which no game has")
            }
            E::CommitmentChanged => f.write_str("the host changed its commitment: this deal cannot be trusted"),
            E::RevealBeforeCommit { round, attempt } => {
                write!(f, "the host asks to reveal round {round} (attempt {attempt}), which never began")
            }
            E::AttemptDealtAgain { round, attempt } => {
                write!(f, "the host asks again for round {round}'s attempt {attempt}, dealt again since")
            }
            E::CommitmentsLeaveOut => {
                f.write_str("the host's list of commitments leaves out this device's or changes its own")
            }
            E::CommitmentsChanged => {
                f.write_str("the host changed the round's commitments: this deal cannot be trusted")
            }
            E::OtherSeatsView { view_seat, seat } => write!(f, "the host sent seat {view_seat}'s view to seat {seat}"),
            E::View(e) => write!(f, "the host's view is refused: {e}"),
        }
    }
}

impl std::error::Error for GuestError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GuestError::View(e) => Some(e),
            _ => None,
        }
    }
}

/// A phone's save that cannot be resumed (the phone then pairs afresh).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestSaveError {
    /// Not a save (the reader's reason, cut short).
    Unreadable {
        why: String,
    },
    OtherSeatsView,
    RoundOfNoGame {
        round: u32,
    },
    TooManyActions {
        count: u32,
    },
    /// A deal round dealt again more often than a table can.
    TooManyAttempts,
}

impl fmt::Display for GuestSaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GuestSaveError::Unreadable { why } => write!(f, "the seat's save is unreadable: {why}"),
            GuestSaveError::OtherSeatsView => f.write_str("the seat's save holds another seat's view"),
            GuestSaveError::RoundOfNoGame { round } => {
                write!(f, "the seat's save holds deal round {round}, which no game has")
            }
            GuestSaveError::TooManyAttempts => {
                f.write_str("the seat's save holds a deal round dealt again more often than a table can")
            }
            GuestSaveError::TooManyActions { count } => {
                write!(f, "the seat's save has numbered {count} actions, more than a game can")
            }
        }
    }
}

impl std::error::Error for GuestSaveError {}
