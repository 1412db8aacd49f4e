//! Puzzles: Days from self-play where one whole Day is clearly the best, for a person to
//! find (docs/puzzles.md). A puzzle is the position as the seat whose Day it is saw it at
//! the Day's start (R40: its own hand, nothing hidden of the others), the solution Day, by
//! how much the Strong player's estimate puts it above every other candidate Day, what the
//! Day turns on ([`Theme`]) and which computer player would have found it ([`Difficulty`]).
//!
//! - [`select`]: the rule that makes a Day a puzzle (the margin, checked by a deeper search),
//!   and [`select::find`], which judges one position.
//! - [`text`]: one puzzle a line, versioned, read back with the line and the fault.
//! - [`themes`]: what a solution turns on, read from the position and the solution.

pub mod select;
pub mod text;
pub mod themes;

use lauzait_engine::{Action, SeatView};
use std::fmt;

pub use select::{find, Effort, FindError, MARGIN};
pub use text::{PuzzleTextError, PuzzleTextFault};
pub use themes::{themes_of, Theme};

/// One puzzle (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The seat's view at the Day's start (no step taken yet).
    pub view: SeatView,
    /// The Day to find, first step first; its last step ends the Day.
    pub solution: Vec<Action>,
    /// How far the solution's estimate is above the next candidate's, in the deeper search.
    pub margin: Margin,
    /// What the solution turns on, in [`Theme`]'s order, each once.
    pub themes: Vec<Theme>,
    pub difficulty: Difficulty,
}

/// Points of estimate (the Strong player's unit: this seat's margin over the best other
/// player), kept in tenths so that a puzzle reads back exactly equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Margin {
    pub tenths: u32,
}

impl Margin {
    /// `points` rounded to a tenth (negative or not-a-number margins are 0).
    pub fn from_points(points: f64) -> Margin {
        let tenths = (points * 10.0).round();
        Margin { tenths: if tenths.is_finite() && tenths > 0.0 { tenths.min(u32::MAX as f64) as u32 } else { 0 } }
    }

    pub fn points(self) -> f64 {
        self.tenths as f64 / 10.0
    }
}

impl fmt::Display for Margin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.tenths / 10, self.tenths % 10)
    }
}

/// Which computer player finds the solution from the puzzle's position (each planning the
/// Day as it does in a game, from the puzzle's own seed): a measure of how far the answer is
/// from the obvious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// The Easy player plays the solution.
    Easy,
    /// The Normal player does, the Easy one does not.
    Normal,
    /// Neither does: only the Strong player's search finds it.
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The word the text format writes.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_keep_a_tenth_and_refuse_nothing() {
        assert_eq!(Margin::from_points(4.26), Margin { tenths: 43 });
        assert_eq!(Margin::from_points(4.26).to_string(), "4.3");
        assert_eq!(Margin::from_points(-1.0), Margin { tenths: 0 });
        assert_eq!(Margin::from_points(f64::NAN), Margin { tenths: 0 });
        assert_eq!(Margin { tenths: 7 }.to_string(), "0.7");
        assert_eq!(Margin { tenths: 120 }.points(), 12.0);
    }
}
