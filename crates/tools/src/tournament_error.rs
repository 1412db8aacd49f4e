//! Why `lauzait tournament` stopped: seats that make no game, or a game that could not be
//! played to its end.

use lauzait_bots::Level;
use lauzait_engine::{GameLoopError, OptionsError};
use std::fmt;

/// A computer player that found no step on its Day: a fault of the bots, never of the
/// seats or settings given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NothingToDo {
    pub level: Level,
}

impl fmt::Display for NothingToDo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} player found nothing to do", self.level)
    }
}

/// Why a tournament stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentError {
    /// The seats given make no game (`--seats` names 2 to 4 levels).
    Seats(OptionsError),
    /// Game `game` stopped before its end; the same arguments stop at it again.
    Game { game: u64, error: GameLoopError<NothingToDo> },
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::Seats(e) => write!(f, "--seats: {e}"),
            TournamentError::Game { game, error } => write!(f, "game {game}, {error}"),
        }
    }
}

impl std::error::Error for TournamentError {}

#[cfg(test)]
mod tests {
    use super::super::deal_stats::deal_stats;
    use super::super::tournament::{tournament, TournamentConfig};
    use super::*;
    use lauzait_engine::{Action, GameLoopFault};

    fn config(seats: Vec<Level>) -> TournamentConfig {
        TournamentConfig {
            seats,
            games: 1,
            seed: 0,
            playouts: 1,
            strong: Default::default(),
            max_days: 1,
            luminous: true,
        }
    }

    /// R3: a game has two to four players, so one or five seats are refused before any game.
    #[test]
    fn seats_that_make_no_game_are_refused_with_how_many_there_may_be() {
        for seats in [vec![Level::Easy], vec![Level::Easy; 5]] {
            let count = seats.len();
            let err = tournament(&config(seats), 1, || 0.0).unwrap_err();
            assert_eq!(err, TournamentError::Seats(OptionsError::PlayerCount { count }));
            assert_eq!(err.to_string(), format!("--seats: a game has 2 to 4 players, not {count} (R3)"));
        }
        assert!(tournament(&config(vec![Level::Easy; 2]), 1, || 0.0).is_ok());
        assert_eq!(deal_stats(1, 10, 0).unwrap_err(), OptionsError::PlayerCount { count: 1 });
        assert_eq!(deal_stats(5, 10, 0).unwrap_err(), OptionsError::PlayerCount { count: 5 }, "not cut to four");
    }

    #[test]
    fn a_stopped_game_says_which_and_why() {
        let error = GameLoopError { actions: 12, fault: GameLoopFault::Player(NothingToDo { level: Level::Normal }) };
        let said = TournamentError::Game { game: 3, error }.to_string();
        assert_eq!(said, "game 3, after 12 actions: the normal player found nothing to do");
        let refused = GameLoopError::<NothingToDo> {
            actions: 0,
            fault: GameLoopFault::Refused { action: Action::Undo, error: lauzait_engine::RuleError::NothingToUndo },
        };
        assert!(TournamentError::Game { game: 0, error: refused }.to_string().contains("refused"));
    }
}
