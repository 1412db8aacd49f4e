//! Why a record cannot be rated, in words a person can act on.

use lauzait_engine::ReplayError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingError {
    /// A record made while the game was under way keeps the hands hidden: the person's own
    /// hand, which every judgement starts from, is not in it.
    PublicRecord,
    /// The seat asked for is not at the table.
    NoSuchSeat { seat: usize, seats: usize },
    /// The record does not replay: the action or outcome at fault.
    Unplayable(ReplayError),
    /// The item was not listed from this record for this seat ([`crate::items`]).
    NotAnItem,
}

impl fmt::Display for RatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingError::PublicRecord => {
                f.write_str("the record keeps the hands hidden: rate the finished game's full record")
            }
            RatingError::NoSuchSeat { seat, seats } => {
                write!(f, "there is no seat {} at a table of {seats}", seat + 1)
            }
            RatingError::Unplayable(e) => write!(f, "the record does not replay: {e}"),
            RatingError::NotAnItem => f.write_str("this item is not one of the record's for this seat"),
        }
    }
}

impl std::error::Error for RatingError {}
