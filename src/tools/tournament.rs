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
//! Deterministic: the same arguments give the same summary. The time each decision takes
//! is measured with a clock the caller passes in (the binary owns timing).

use super::stats::{derive_seed, MeanEstimate, Proportion};
use crate::bots::{Bot, Level};
use crate::engine::{Action, Game, GameOptions, Outcome, SeasonEnd, Status};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The level of each seat, in the order given (rotated from game to game).
    pub seats: Vec<Level>,
    pub games: u64,
    pub seed: u64,
    /// The Strong players' playouts per decision.
    pub playouts: u32,
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

/// Plays the games. `clock` returns seconds since any fixed instant; it only feeds the
/// timing, never a decision.
pub fn tournament(
    config: &TournamentConfig,
    mut clock: impl FnMut() -> f64,
) -> Result<(TournamentSummary, BTreeMap<Level, LevelTiming>), String> {
    let n = config.seats.len();
    let options = GameOptions::for_players(n, config.luminous)?;
    let mut wins: BTreeMap<Level, (u64, u64, u64, u64, u64)> = BTreeMap::new(); // games, wins, sole, seat wins, seats
    let mut scores: BTreeMap<Level, Vec<f64>> = BTreeMap::new();
    let mut decisions: BTreeMap<Level, u64> = BTreeMap::new();
    let mut timing: BTreeMap<Level, LevelTiming> = BTreeMap::new();
    let mut seasons = SeasonStats::default();

    for g in 0..config.games {
        let deal = derive_seed(config.seed, g / n as u64);
        let rotation = (g % n as u64) as usize;
        let levels: Vec<Level> = (0..n).map(|p| config.seats[(p + rotation) % n]).collect();
        let mut bots: Vec<Bot> =
            (0..n).map(|p| Bot::new(levels[p], derive_seed(deal ^ 0xB075_B075, p as u64), config.playouts)).collect();
        let mut game = Game::new(options.clone(), deal);
        loop {
            let action = match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => Action::NextSeason,
                Status::Playing if game.day().number > config.max_days => Action::EndSeasonByAgreement,
                Status::Playing => {
                    let p = game.to_move();
                    let view = game.view(p).expect("the player to move is seated");
                    let planning = bots[p].needs_planning(&view);
                    let start = if planning { clock() } else { 0.0 };
                    let action = bots[p]
                        .choose(&view)
                        .ok_or_else(|| format!("game {g}: the {} player found nothing to do", levels[p]))?;
                    if planning {
                        let ms = (clock() - start) * 1000.0;
                        *decisions.entry(levels[p]).or_default() += 1;
                        let t = timing.entry(levels[p]).or_default();
                        t.decisions += 1;
                        t.seconds += ms / 1000.0;
                        t.max_ms_per_decision = t.max_ms_per_decision.max(ms);
                    }
                    action
                }
            };
            let outcome = game.apply(action).map_err(|e| format!("game {g}: {action:?} refused: {e}"))?;
            if let Outcome::SeasonEnded { result, .. } = outcome {
                seasons.seasons += 1;
                seasons.days += result.days as u64;
                match result.end {
                    SeasonEnd::Declared { .. } => seasons.declared += 1,
                    SeasonEnd::Stalemate { .. } => seasons.stalemate += 1,
                    SeasonEnd::ByAgreement => seasons.day_cap += 1,
                }
            }
        }
        let leaders = game.leaders();
        for level in config.seats.iter().copied().collect::<std::collections::BTreeSet<_>>() {
            let mine: Vec<usize> = (0..n).filter(|&p| levels[p] == level).collect();
            let e = wins.entry(level).or_default();
            e.0 += 1;
            let won = mine.iter().any(|p| leaders.contains(p));
            e.1 += u64::from(won);
            e.2 += u64::from(won && leaders.iter().all(|p| levels[*p] == level) && leaders.len() == 1);
            e.3 += mine.iter().filter(|p| leaders.contains(p)).count() as u64;
            e.4 += mine.len() as u64;
            scores.entry(level).or_default().extend(mine.iter().map(|&p| game.scores()[p] as f64));
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
                decisions: decisions.get(&level).copied().unwrap_or(0),
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
        max_days: config.max_days,
        luminous: config.luminous,
        levels,
        seasons,
    };
    Ok((summary, timing))
}
