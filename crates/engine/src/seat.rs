//! Seats at the cloth's four edges and the direction of play (R4, R7).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The coloured edges of the cloth, in clockwise order seen from above: red at the
/// bottom, blue on the left, black at the top, yellow on the right (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Red,
    Blue,
    Black,
    Yellow,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Blue, Seat::Black, Seat::Yellow];

    /// Where the seat stands in [`Seat::ALL`]: an index into a per-seat array of four.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::Red => "red",
            Seat::Blue => "blue",
            Seat::Black => "black",
            Seat::Yellow => "yellow",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Clockwise,
    Counterclockwise,
}

impl Direction {
    /// The player after `player` among `count` players sitting in seat order.
    pub fn next(self, player: usize, count: usize) -> usize {
        match self {
            Direction::Clockwise => (player + 1) % count,
            Direction::Counterclockwise => (player + count - 1) % count,
        }
    }
}

/// Seats that are no game's (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// Fewer than two seats or more than four.
    PlayerCount { count: usize },
    /// A seat named twice.
    SharedSeat,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::PlayerCount { count } => write!(f, "a game has 2 to 4 players, not {count} (R3)"),
            OptionsError::SharedSeat => f.write_str("two players cannot share a seat"),
        }
    }
}

impl std::error::Error for OptionsError {}
