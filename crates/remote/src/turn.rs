//! Whose move it is, as a device shows it after opening a letter.

use lauzait_engine::{Game, Status};

/// What the table waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// The guest has not been seated yet (its first letter has not been opened), or the
    /// guest's device waits for the host's welcome.
    Seating,
    /// A deal round is under way (before a Season): it waits for these seats' letters.
    Dealing {
        waiting_for: Vec<u8>,
    },
    /// This seat plays its Day.
    Day {
        seat: u8,
    },
    /// The Season is over: the host's player decides the next Season.
    SeasonOver,
    GameOver,
}

impl Awaited {
    /// The turn a game shows (a game under way, between Seasons, or over).
    pub fn of_game(game: &Game) -> Awaited {
        match game.status() {
            Status::Playing => Awaited::Day { seat: game.to_move() as u8 },
            Status::SeasonOver => Awaited::SeasonOver,
            Status::GameOver { .. } => Awaited::GameOver,
        }
    }
}
