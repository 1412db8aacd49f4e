//! `lauzait puzzles`: Normal players play seeded games; the position at the start of every
//! Day, as the seat whose Day it is sees it, is judged ([`lauzait_learn::puzzles::find`]),
//! and the Days where one plan clearly stands out are kept as puzzles (docs/puzzles.md).
//!
//! Deterministic: game `g` deals from `derive_seed(seed, g)`, its players and each Day's
//! judging are seeded from that, and the puzzles are the first `count` of the games in
//! order, whatever the number of threads playing them.

use super::stats::derive_seed;
use lauzait_bots::whole_day::{day_seed, plan_whole_day, PlanError};
use lauzait_bots::Level;
use lauzait_engine::{DayPlanners, Game, GameLoop, GameLoopError, GameOptions, SeatView};
use lauzait_learn::puzzles::{find, Effort, FindError, Puzzle};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// How many players the games have: one count, or 2, 3 and 4 in turn from game to game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tables {
    Players(usize),
    Mixed,
}

impl Tables {
    /// The players of game `g`.
    pub fn players(self, g: u64) -> usize {
        match self {
            Tables::Players(n) => n,
            Tables::Mixed => 2 + (g % 3) as usize,
        }
    }
}

impl fmt::Display for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tables::Players(n) => write!(f, "{n}"),
            Tables::Mixed => f.write_str("mixed"),
        }
    }
}

/// `--players` given neither 2, 3, 4 nor `mixed`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTables {
    pub found: String,
}

impl fmt::Display for UnknownTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a table: 2, 3, 4 or mixed", self.found)
    }
}

impl std::error::Error for UnknownTables {}

impl FromStr for Tables {
    type Err = UnknownTables;
    fn from_str(text: &str) -> Result<Tables, UnknownTables> {
        match text.trim() {
            "2" => Ok(Tables::Players(2)),
            "3" => Ok(Tables::Players(3)),
            "4" => Ok(Tables::Players(4)),
            "mixed" => Ok(Tables::Mixed),
            _ => Err(UnknownTables { found: lauzait_engine::piece::excerpt(text) }),
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct PuzzlesConfig {
    pub seed: u64,
    /// Puzzles wanted.
    pub count: usize,
    pub tables: Tables,
    pub effort: Effort,
    /// A Season still running after this many Days ends by agreement.
    pub max_days: u32,
}

/// How far the generation has come, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub games: u64,
    pub days: u64,
    /// Puzzles kept so far (those of the games finished without a gap from the first).
    pub puzzles: usize,
}

/// Why a Day of the self-play could not be played or judged: a fault of the bots or the
/// judge, never of the arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayFault {
    Judge(FindError),
    Plan(PlanError),
}

impl fmt::Display for DayFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayFault::Judge(e) => write!(f, "judging the Day: {e}"),
            DayFault::Plan(e) => write!(f, "playing the Day: {e}"),
        }
    }
}

/// Game `game` stopped before its end; the same arguments stop at it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzlesError {
    pub game: u64,
    pub error: GameLoopError<lauzait_engine::DayPlanError<DayFault>>,
}

impl fmt::Display for PuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, {}", self.game, self.error)
    }
}

impl std::error::Error for PuzzlesError {}

/// Each finished game's puzzles (or why it stopped), by game number.
type Finished = BTreeMap<u64, Result<Vec<Puzzle>, PuzzlesError>>;

/// What the threads have gathered: the games finished out of order wait until every game
/// before them is in, so the puzzles are kept in the games' order.
struct Gathered {
    waiting: Finished,
    /// The first game not yet kept.
    next_game: u64,
    kept: Vec<Puzzle>,
    failed: Option<PuzzlesError>,
    games: u64,
    days: u64,
}

/// The first `config.count` puzzles of the games in order, played on `threads` threads (at
/// least one). `keep` hears of each puzzle as soon as it is sure to be among them (so a run
/// stopped early has kept the first ones), `progress` of every finished game.
pub fn puzzles(
    config: &PuzzlesConfig,
    threads: usize,
    keep: impl FnMut(&Puzzle) + Send,
    progress: impl Fn(Progress) + Sync,
) -> Result<Vec<Puzzle>, PuzzlesError> {
    let next = AtomicU64::new(0);
    let enough = AtomicBool::new(config.count == 0);
    let gathered =
        Gathered { waiting: BTreeMap::new(), next_game: 0, kept: Vec::new(), failed: None, games: 0, days: 0 };
    let shared = Mutex::new((gathered, keep));
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while !enough.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    let (found, days) = match play_game(config, g) {
                        Ok((found, days)) => (Ok(found), days),
                        Err(e) => (Err(e), 0),
                    };
                    let mut guard = shared.lock().expect("a puzzle thread does not panic");
                    let (gathered, keep) = &mut *guard;
                    gathered.games += 1;
                    gathered.days += days;
                    gathered.waiting.insert(g, found);
                    // Later games cannot change the first ones: enough once the games
                    // without a gap from the first hold `count` puzzles, or one failed.
                    while let Some(game) = gathered.waiting.remove(&gathered.next_game) {
                        gathered.next_game += 1;
                        match game {
                            Ok(found) => {
                                for puzzle in found.into_iter().take(config.count - gathered.kept.len()) {
                                    keep(&puzzle);
                                    gathered.kept.push(puzzle);
                                }
                            }
                            Err(e) => gathered.failed = Some(e),
                        }
                        if gathered.kept.len() >= config.count || gathered.failed.is_some() {
                            enough.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    progress(Progress { games: gathered.games, days: gathered.days, puzzles: gathered.kept.len() });
                }
            });
        }
    });
    let (gathered, _) = shared.into_inner().expect("a puzzle thread does not panic");
    match gathered.failed {
        Some(e) => Err(e),
        None => Ok(gathered.kept),
    }
}

/// Game `g`: its puzzles in the order of its Days, and the Days judged.
fn play_game(config: &PuzzlesConfig, g: u64) -> Result<(Vec<Puzzle>, u64), PuzzlesError> {
    let n = config.tables.players(g);
    let deal = derive_seed(config.seed, g);
    let bot_seed = derive_seed(deal, 0xB075);
    let judge_seed = derive_seed(deal, 0x0090_221e);
    let options = GameOptions::for_players(n, true).expect("two to four players make a game");
    let mut chance = lauzait_engine::randomness::seeded(deal);
    let mut game = Game::new(options, &mut chance);
    let mut found = Vec::new();
    let mut days = 0u64;
    let mut planners = DayPlanners::new(|game: &Game, seat: usize| {
        let (season, day) = (game.season().number, game.day().number);
        let view = game.view(seat).ok_or(DayFault::Plan(PlanError::NoSeat { seat }))?;
        let position = SeatView::new(&view);
        let seed = day_seed(judge_seed, season, day, seat);
        if let Some(puzzle) = find(&position, seed, config.effort).map_err(DayFault::Judge)? {
            found.push(puzzle);
        }
        days += 1;
        let seed = day_seed(bot_seed, season, day, seat);
        plan_whole_day(game, seat, Level::Normal, seed, 0).map(|(actions, _)| actions).map_err(DayFault::Plan)
    });
    GameLoop { day_cap: config.max_days, check_invariants: false }
        .run(&mut game, &mut planners, &mut chance, |_, _, _| ControlFlow::Continue(()))
        .map_err(|error| PuzzlesError { game: g, error })?;
    drop(planners);
    Ok((found, days))
}
