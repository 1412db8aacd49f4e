//! `lauzait rate-levels`: the computer players rated as a person is. Levels play seeded
//! games exactly as in `lauzait tournament` (the same deals, the seats rotated alike), and
//! every finished game is rated for every seat as the page's review rates a person's game
//! (`rating::rate_game`, docs/rating.md); per level, the figures summed up
//! ([`LevelFigures`]).
//!
//! Deterministic: the games follow from their numbers and the rating from the record, and
//! the ratings are gathered in game order, so the same arguments give the same figures
//! whatever the number of threads.

use super::level_figures::{by_level, LevelFigures};
use super::tournament::{play_game, TournamentConfig};
use super::tournament_error::TournamentError;
use lauzait_bots::Level;
use lauzait_engine::{GameOptions, Record};
use lauzait_rating::{rate_game, GameRating, RatingError};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// Every seat of one game rated, each with the seat's level.
type RatedGame = Vec<(Level, GameRating)>;

#[derive(Clone, Debug)]
pub struct RateLevelsConfig {
    /// The games, as a tournament plays them (its `playouts` are the Strong players').
    pub games: TournamentConfig,
    /// The rating's playouts per search (the page's review judges with
    /// `rate::DEFAULT_PLAYOUTS`).
    pub playouts: u32,
}

/// Why the levels were not rated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateLevelsError {
    /// No game to rate.
    NoGames,
    /// A search with no playout estimates nothing.
    NoPlayouts,
    /// The seats make no game, or a game stopped before its end.
    Games(TournamentError),
    /// The system would not start another thread (`--threads` asked for more than it gives).
    Threads { started: usize, error: String },
    /// The rating refused a finished game's full record: a fault of the tools, never of
    /// the arguments (the same arguments stop at it again).
    Rating { game: u64, seat: usize, error: RatingError },
}

impl fmt::Display for RateLevelsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateLevelsError::NoGames => f.write_str("--games: give at least one game to rate"),
            RateLevelsError::NoPlayouts => {
                f.write_str("--playouts: give at least one playout per search (the page's review uses 60)")
            }
            RateLevelsError::Games(e) => write!(f, "{e}"),
            RateLevelsError::Threads { started, error } => {
                write!(
                    f,
                    "--threads: the system started {started} threads and refused another ({error}); ask for fewer"
                )
            }
            RateLevelsError::Rating { game, seat, error } => write!(f, "game {game}, seat {}: {error}", seat + 1),
        }
    }
}

impl std::error::Error for RateLevelsError {}

/// Every level's figures over `config.games.games` games, played and rated on `threads`
/// threads (at least one). `progress` hears the number of games rated so far after each
/// game, from whichever thread rated it.
pub fn rate_levels(
    config: &RateLevelsConfig,
    threads: usize,
    progress: impl Fn(u64) + Sync,
) -> Result<BTreeMap<Level, LevelFigures>, RateLevelsError> {
    if config.games.games == 0 {
        return Err(RateLevelsError::NoGames);
    }
    if config.playouts == 0 {
        return Err(RateLevelsError::NoPlayouts);
    }
    let options = options(&config.games)?;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= config.games.games {
                return mine;
            }
            let result = rate_one(config, &options, g);
            let failed = result.is_err();
            mine.push((g, result));
            if failed {
                // Let the other threads run out of games quickly.
                next.store(config.games.games, Ordering::Relaxed);
                return mine;
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        }
    };
    // More threads than games would only wait.
    let threads = threads.clamp(1, usize::try_from(config.games.games).unwrap_or(usize::MAX));
    let (mut rated, spawned) = std::thread::scope(|scope| {
        let mut workers = Vec::new();
        let mut spawned = Ok(());
        for _ in 0..threads {
            match std::thread::Builder::new().spawn_scoped(scope, work) {
                Ok(worker) => workers.push(worker),
                Err(error) => {
                    next.store(config.games.games, Ordering::Relaxed);
                    spawned = Err(RateLevelsError::Threads { started: workers.len(), error: error.to_string() });
                    break;
                }
            }
        }
        let rated: Vec<(u64, Result<RatedGame, RateLevelsError>)> =
            workers.into_iter().flat_map(|w| w.join().expect("a rating thread does not panic")).collect();
        (rated, spawned)
    });
    spawned?;
    rated.sort_by_key(|(g, _)| *g);
    let mut all = Vec::new();
    for (_, game) in rated {
        all.extend(game?);
    }
    Ok(by_level(&all))
}

/// Game `g`'s full record once played to its end, with the level of each seat.
pub fn game_record(config: &TournamentConfig, g: u64) -> Result<(Vec<Level>, Record), RateLevelsError> {
    let options = options(config)?;
    played_record(config, &options, g)
}

fn options(config: &TournamentConfig) -> Result<GameOptions, RateLevelsError> {
    GameOptions::for_players(config.seats.len(), config.luminous)
        .map_err(|e| RateLevelsError::Games(TournamentError::Seats(e)))
}

fn played_record(
    config: &TournamentConfig,
    options: &GameOptions,
    g: u64,
) -> Result<(Vec<Level>, Record), RateLevelsError> {
    // No decision is timed here: the clock only feeds a tournament's timing.
    let (game, played) = play_game(config, options, g, &|| 0.0).map_err(RateLevelsError::Games)?;
    Ok((played.levels, Record::of(&game)))
}

/// Game `g` played and rated for every seat, each rating with the seat's level.
fn rate_one(config: &RateLevelsConfig, options: &GameOptions, g: u64) -> Result<RatedGame, RateLevelsError> {
    let (levels, record) = played_record(&config.games, options, g)?;
    levels
        .into_iter()
        .enumerate()
        .map(|(seat, level)| {
            rate_game(&record, seat, config.playouts)
                .map(|rating| (level, rating))
                .map_err(|error| RateLevelsError::Rating { game: g, seat, error })
        })
        .collect()
}
