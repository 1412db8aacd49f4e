//! Whose move it is, as a device shows it after opening a letter.

use lauzait_engine::{Action, Game, Status};
use rand_pcg::Pcg32;

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

/// `game` with a Day's steps kept on the page so far (a guest's or a seat of joint play's,
/// sent only once the Day is whole): none is a Day's last, so they draw nothing from the
/// generator. `None` if the game refuses one.
pub fn with_steps(mut game: Game, steps: &[Action]) -> Option<Game> {
    let mut no_chance = Pcg32::new(0, 0);
    for &step in steps {
        game.apply(step, &mut no_chance).ok()?;
    }
    Some(game)
}
