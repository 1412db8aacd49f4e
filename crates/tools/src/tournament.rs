//! `lauzait tournament`: computer players of given levels play seeded games against each
//! other; per level, the win rate and the mean final score with 95% intervals.
//!
//! Seats rotate so that no level keeps the same seat: game `g` deals from seed
//! `derive_seed(seed, g / n)` (n players) and seats the levels rotated by `g % n`, so each
//! deal is played with every rotation (in two-player games the two levels swap seats and
//! so who starts). A game is a win for a level when one of its seats is among the leaders
//! (R20, ties included); with several seats of one level, `seat_win_rate` also counts each
//! seat on its own (wins of its seats ÷ its seats played).
//!
//! Deterministic: the same arguments give the same summary, whatever the number of threads
//! playing the games. The time each decision takes is measured with a clock the caller
//! passes in (the binary owns timing).

use super::stats::{derive_seed, MeanEstimate, Proportion};
use super::tournament_error::{NothingToDo, TournamentError};
use lauzait_bots::{strong, Bot, Level};
use lauzait_engine::{Game, GameLoop, GameOptions, Outcome, SeasonEnd};
use serde::Serialize;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The level of each seat, in the order given (rotated from game to game).
    pub seats: Vec<Level>,
    pub games: u64,
    pub seed: u64,
    /// The Strong players' playouts per decision.
    pub playouts: u32,
    /// How the Strong players' search differs from the one for the table's number of players.
    pub strong: strong::Changes,
    /// A Season still running after this many Days ends by agreement.
    pub max_days: u32,
    /// R30, the luminous piece.
    pub luminous: bool,
}

/// The deterministic summary.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentSummary {
    pub seats: Vec<Level>,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub playouts: u32,
    /// The Strong players' search settings (`key=value` pairs).
    pub strong: String,
    pub max_days: u32,
    pub luminous: bool,
    pub levels: BTreeMap<Level, LevelStats>,
    pub seasons: SeasonStats,
}

#[derive(Clone, Debug, Serialize)]
pub struct LevelStats {
    /// Seats of this level at each table.
    pub seats: usize,
    /// Games in which one of its seats is among the leaders (ties count for every leader).
    pub win_rate: Proportion,
    /// Games it won alone (no tie, so no other level shares the win).
    pub sole_win_rate: Proportion,
    /// Each seat counted on its own: wins of its seats ÷ seats played.
    pub seat_win_rate: Proportion,
    /// Final scores of its seats.
    pub mean_score: MeanEstimate,
    /// Days it planned (a decision is one Day's plan, taken at the Day's first step).
    pub decisions: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct SeasonStats {
    pub seasons: u64,
    pub days: u64,
    pub declared: u64,
    pub stalemate: u64,
    pub day_cap: u64,
}

/// Time spent deciding, per level (not deterministic, reported apart).
#[derive(Clone, Debug, Default, Serialize)]
pub struct LevelTiming {
    pub decisions: u64,
    pub seconds: f64,
    pub decisions_per_second: f64,
    pub mean_ms_per_decision: f64,
    pub max_ms_per_decision: f64,
}

/// One finished game, as the summary needs it.
pub(crate) struct PlayedGame {
    /// The level of each seat.
    pub(crate) levels: Vec<Level>,
    leaders: Vec<usize>,
    scores: Vec<i32>,
    seasons: SeasonStats,
    /// Per level: decisions made and the milliseconds each took.
    decision_ms: BTreeMap<Level, Vec<f64>>,
}

/// Plays the games on `threads` threads (at least one). Games are independent and seeded
/// by their number, and their results are gathered in game order, so the summary does not
/// depend on the thread count. `clock` returns seconds since any fixed instant; it only
/// feeds the timing, never a decision.
pub fn tournament(
    config: &TournamentConfig,
    threads: usize,
    clock: impl Fn() -> f64 + Sync,
) -> Result<(TournamentSummary, BTreeMap<Level, LevelTiming>), TournamentError> {
    let n = config.seats.len();
    let options = GameOptions::for_players(n, config.luminous).map_err(TournamentError::Seats)?;
    let next = AtomicU64::new(0);
    let mut played: Vec<(u64, Result<PlayedGame, TournamentError>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= config.games {
                            return mine;
                        }
                        let result = play_game(config, &options, g, &clock).map(|(_, played)| played);
                        let failed = result.is_err();
                        mine.push((g, result));
                        if failed {
                            // Let the other threads run out of games quickly.
                            next.store(config.games, Ordering::Relaxed);
                            return mine;
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a tournament thread does not panic")).collect()
    });
    played.sort_by_key(|(g, _)| *g);

    let mut wins: BTreeMap<Level, (u64, u64, u64, u64, u64)> = BTreeMap::new(); // games, wins, sole, seat wins, seats
    let mut scores: BTreeMap<Level, Vec<f64>> = BTreeMap::new();
    let mut timing: BTreeMap<Level, LevelTiming> = BTreeMap::new();
    let mut seasons = SeasonStats::default();
    for (_, game) in played {
        let game = game?;
        seasons.seasons += game.seasons.seasons;
        seasons.days += game.seasons.days;
        seasons.declared += game.seasons.declared;
        seasons.stalemate += game.seasons.stalemate;
        seasons.day_cap += game.seasons.day_cap;
        for (level, times) in &game.decision_ms {
            let t = timing.entry(*level).or_default();
            t.decisions += times.len() as u64;
            t.seconds += times.iter().sum::<f64>() / 1000.0;
            t.max_ms_per_decision = times.iter().copied().fold(t.max_ms_per_decision, f64::max);
        }
        let leaders = &game.leaders;
        let levels = &game.levels;
        for level in config.seats.iter().copied().collect::<std::collections::BTreeSet<_>>() {
            let mine: Vec<usize> = (0..n).filter(|&p| levels[p] == level).collect();
            let e = wins.entry(level).or_default();
            e.0 += 1;
            let won = mine.iter().any(|p| leaders.contains(p));
            e.1 += u64::from(won);
            e.2 += u64::from(won && leaders.iter().all(|p| levels[*p] == level) && leaders.len() == 1);
            e.3 += mine.iter().filter(|p| leaders.contains(p)).count() as u64;
            e.4 += mine.len() as u64;
            scores.entry(level).or_default().extend(mine.iter().map(|&p| game.scores[p] as f64));
        }
    }

    let levels = wins
        .iter()
        .map(|(&level, &(games, won, sole, seat_wins, seats))| {
            let stats = LevelStats {
                seats: config.seats.iter().filter(|&&l| l == level).count(),
                win_rate: Proportion::new(won, games),
                sole_win_rate: Proportion::new(sole, games),
                seat_win_rate: Proportion::new(seat_wins, seats),
                mean_score: MeanEstimate::of(&scores[&level]),
                decisions: timing.get(&level).map_or(0, |t| t.decisions),
            };
            (level, stats)
        })
        .collect();
    for t in timing.values_mut() {
        t.decisions_per_second = if t.seconds > 0.0 { t.decisions as f64 / t.seconds } else { 0.0 };
        t.mean_ms_per_decision = if t.decisions > 0 { t.seconds * 1000.0 / t.decisions as f64 } else { 0.0 };
    }
    let summary = TournamentSummary {
        seats: config.seats.clone(),
        players: n,
        games: config.games,
        seed: config.seed,
        playouts: config.playouts,
        strong: config.strong.apply(strong::Settings::for_players(n)).to_string(),
        max_days: config.max_days,
        luminous: config.luminous,
        levels,
        seasons,
    };
    Ok((summary, timing))
}

/// Game `g` of the tournament played to its end: its deal, its seating and its bots all
/// follow from `g`. The finished game is returned too, for `rate-levels` to rate it.
pub(crate) fn play_game(
    config: &TournamentConfig,
    options: &GameOptions,
    g: u64,
    clock: &impl Fn() -> f64,
) -> Result<(Game, PlayedGame), TournamentError> {
    let n = config.seats.len();
    let deal = derive_seed(config.seed, g / n as u64);
    let rotation = (g % n as u64) as usize;
    let levels: Vec<Level> = (0..n).map(|p| config.seats[(p + rotation) % n]).collect();
    let mut bots: Vec<Bot> = (0..n)
        .map(|p| {
            let mut bot = Bot::new(levels[p], derive_seed(deal ^ 0xB075_B075, p as u64), config.playouts);
            bot.strong = config.strong.clone();
            bot
        })
        .collect();
    // The tool's own generator decides deals and throws, so that a seed repeats a run.
    let mut chance = lauzait_engine::randomness::seeded(deal);
    let mut game = Game::new(options.clone(), &mut chance);
    let mut seasons = SeasonStats::default();
    let mut decision_ms: BTreeMap<Level, Vec<f64>> = BTreeMap::new();
    let mut timed_bots = |game: &Game, p: usize| {
        let view = game.view(p).expect("the player to move is seated");
        let planning = bots[p].needs_planning(&view);
        let start = if planning { clock() } else { 0.0 };
        let action = bots[p].choose(&view).ok_or(NothingToDo { level: levels[p] })?;
        if planning {
            decision_ms.entry(levels[p]).or_default().push((clock() - start) * 1000.0);
        }
        Ok(action)
    };
    GameLoop { day_cap: config.max_days, check_invariants: false }
        .run(&mut game, &mut timed_bots, &mut chance, |_, _, outcome| {
            if let Outcome::SeasonEnded { result, .. } = outcome {
                seasons.seasons += 1;
                seasons.days += result.days as u64;
                match result.end {
                    SeasonEnd::Declared { .. } => seasons.declared += 1,
                    SeasonEnd::Stalemate { .. } => seasons.stalemate += 1,
                    SeasonEnd::ByAgreement => seasons.day_cap += 1,
                }
            }
            ControlFlow::Continue(())
        })
        .map_err(|error| TournamentError::Game { game: g, error })?;
    let played = PlayedGame { leaders: game.leaders(), scores: game.scores().to_vec(), levels, seasons, decision_ms };
    Ok((game, played))
}
