//! Why a seat's view as text ([`crate::SeatView::from_text`]) is refused: the token at fault
//! and what belonged there. The text comes from another thread or program (the page writes
//! it for the computer players' worker), so a fault is reported, never a panic.

use crate::position::BoardError;
use crate::seat::OptionsError;
use crate::sets::NotASet;
use std::fmt;

/// A seat's view as text that could not be read: the number of the token at fault (1 for
/// the first) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewTextError {
    pub token: usize,
    pub why: ViewTextFault,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewTextFault {
    /// The text does not begin with the form's mark, `expected` (it is of another form, or
    /// no view).
    Mark {
        expected: &'static str,
    },
    /// The text ends before the view does.
    EndsEarly,
    /// A token that is not the number, piece or square that belongs there (its start).
    Misplaced {
        excerpt: String,
    },
    /// A flag that is not 0 or 1.
    Flag,
    /// A list longer than any view holds.
    ListTooLong {
        length: usize,
    },
    /// A seat that is not 0 to 3.
    SeatNumber,
    /// Seats that are no game's (R3).
    Options(OptionsError),
    Status,
    LedgerReason,
    SeasonEnd,
    Direction,
    /// Sticks that are not five of `d` (dark) and `l` (light) (R5).
    Sticks,
    /// A board without its one empty square.
    Board(BoardError),
    /// A set's reading that is no set (R14).
    NotASet(NotASet),
    /// More pieces counted than any view holds.
    TooManyPieces,
    Step,
    /// Tokens after the view's end.
    GoesOn,
}

impl fmt::Display for ViewTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat view, token {}: {}", self.token, self.why)
    }
}

impl std::error::Error for ViewTextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.why)
    }
}

impl fmt::Display for ViewTextFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ViewTextFault as F;
        match self {
            F::Mark { expected } => write!(f, "the text begins with {expected}"),
            F::EndsEarly => f.write_str("the text ends too early"),
            F::Misplaced { excerpt } => write!(f, "'{excerpt}' is not what belongs here"),
            F::Flag => f.write_str("a flag is 0 or 1"),
            F::ListTooLong { length } => write!(f, "a list of {length} is longer than any view holds"),
            F::SeatNumber => f.write_str("a seat is 0 to 3"),
            F::Options(e) => e.fmt(f),
            F::Status => f.write_str("a status is P, S, G or A"),
            F::LedgerReason => f.write_str("a ledger entry's reason is b, r or f"),
            F::SeasonEnd => f.write_str("a Season's end is d, s or a"),
            F::Direction => f.write_str("a direction is c or w"),
            F::Sticks => f.write_str("the sticks are five of d and l"),
            F::Board(e) => e.fmt(f),
            F::NotASet(e) => e.fmt(f),
            F::TooManyPieces => f.write_str("too many pieces"),
            F::Step => f.write_str("a step is x, f, d or m"),
            F::GoesOn => f.write_str("the seat view goes on after its end"),
        }
    }
}

impl std::error::Error for ViewTextFault {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ViewTextFault::Options(e) => Some(e),
            ViewTextFault::Board(e) => Some(e),
            ViewTextFault::NotASet(e) => Some(e),
            _ => None,
        }
    }
}
