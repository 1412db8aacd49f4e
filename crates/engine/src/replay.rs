//! Replaying a game from what was recorded: the actions and what chance decided
//! ([`randomness`](super::randomness)), or, for a record of the first format, a seed.

use super::day::{Action, RuleError};
use super::game::{Game, GameOptions, ReplayError};
use super::randomness::{ChanceError, Drawn, Source};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::fmt;

/// A replay that stopped: the game as the refused action found it (no game when the first
/// Season's opening is at fault), and why.
pub(super) type Stopped = (Option<Box<Game>>, ReplayError);

impl Game {
    /// The game that the recorded outcomes of chance and `log` lead to; the first refused
    /// action (or outcome) otherwise. Every outcome must be used, each where it was drawn.
    pub fn replay(options: GameOptions, chances: &[Drawn], log: &[Action]) -> Result<Game, ReplayError> {
        Game::replay_watching(options, chances, log, None, |_, _, _| {}).map_err(|(_, e)| e)
    }

    /// [`Game::replay`], showing `visit` the game before each action is applied, with the
    /// action's index (for reviews that judge each position of a finished game).
    pub fn replay_visiting(
        options: GameOptions,
        chances: &[Drawn],
        log: &[Action],
        visit: impl FnMut(&Game, usize, Action),
    ) -> Result<Game, ReplayError> {
        Game::replay_watching(options, chances, log, None, visit).map_err(|(_, e)| e)
    }

    /// [`Game::replay`], showing `watch` the game before each action is applied (with the
    /// action's index), and on a refusal the game as it stood then. With `from`, the replay
    /// takes up again from a game it reached before: `from.0` before action `from.1`.
    pub(super) fn replay_watching(
        options: GameOptions,
        chances: &[Drawn],
        log: &[Action],
        from: Option<(&Game, usize)>,
        mut watch: impl FnMut(&Game, usize, Action),
    ) -> Result<Game, Stopped> {
        let (mut game, start, mut source) = match from {
            // The game records every outcome it drew, so it knows where to take them up.
            Some((game, start)) => (game.clone(), start, Source::Recorded(chances[game.chances().len()..].iter())),
            None => {
                let mut source: Source = Source::Recorded(chances.iter());
                let opening_error = |e| (None, ReplayError { index: 0, action: None, error: RuleError::Chance(e) });
                (Game::begin(options, &mut source).map_err(opening_error)?, 0, source)
            }
        };
        for (index, &action) in log.iter().enumerate().skip(start) {
            watch(&game, index, action);
            if let Err(error) = game.apply_from(action, &mut source) {
                return Err((Some(Box::new(game)), ReplayError { index, action: Some(action), error }));
            }
        }
        if !source.exhausted() {
            let error = ChanceError::Impossible("the record holds outcomes of chance that no action drew".into());
            return Err((
                Some(Box::new(game)),
                ReplayError { index: log.len(), action: None, error: RuleError::Chance(error) },
            ));
        }
        Ok(game)
    }

    /// The game a record of the first format (NOTATION.md, `LZR1`) stands for: all its
    /// chance came from one generator seeded with `seed`, drawn exactly as the engine then
    /// drew it. Also the generator as the game leaves it, for the page's `?seed=` testing
    /// aid, which keeps drawing from it.
    pub fn replay_seeded(options: GameOptions, seed: u64, log: &[Action]) -> Result<(Game, Pcg64Mcg), ReplayError> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(options, &mut rng);
        for (index, &action) in log.iter().enumerate() {
            game.apply(action, &mut rng).map_err(|error| ReplayError { index, action: Some(action), error })?;
        }
        Ok((game, rng))
    }

    /// A game read from untrusted data (a save, a shared record), accepted only when its
    /// recorded chance and log replay to exactly the same game: an edited or damaged game
    /// is refused.
    pub fn verified(self) -> Result<Game, VerifyError> {
        let replayed =
            Game::replay(self.options().clone(), self.chances(), self.log()).map_err(VerifyError::DoesNotReplay)?;
        if replayed != self {
            return Err(VerifyError::DoesNotMatch);
        }
        Ok(replayed)
    }
}

/// Why a saved game is refused ([`Game::verified`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// Its recorded actions or chance are refused when replayed.
    DoesNotReplay(ReplayError),
    /// Its actions replay, but to another game than the one saved: it was edited.
    DoesNotMatch,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::DoesNotReplay(e) => write!(f, "the saved actions do not replay: {e}"),
            VerifyError::DoesNotMatch => f.write_str("the saved game does not match its own action log"),
        }
    }
}

impl std::error::Error for VerifyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VerifyError::DoesNotReplay(e) => Some(e),
            VerifyError::DoesNotMatch => None,
        }
    }
}
