//! `lauzait simulate`: Easy players play whole games while every invariant is checked
//! after every Day.

use super::stats::{derive_seed, MeanEstimate, Spread};
use lauzait_bots::easy;
use lauzait_engine::{Game, GameLoop, GameOptions, Outcome, SeasonEnd};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::ops::ControlFlow;

#[derive(Clone, Copy, Debug)]
pub struct SimulateConfig {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    /// A Season still running after this many Days ends by agreement (R20's spirit).
    pub max_days: u32,
}

/// The deterministic part of the summary (throughput is added by the caller).
#[derive(Clone, Debug, Serialize)]
pub struct SimulateSummary {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub max_days: u32,
    pub seasons: u64,
    pub days: u64,
    pub days_per_season: Spread,
    pub season_ends: SeasonEnds,
    /// In how many declarations each pattern scored.
    pub patterns: PatternCounts,
    pub scores: ScoreStats,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct SeasonEnds {
    pub concealed_declaration: u64,
    pub revealed_declaration: u64,
    pub stalemate: u64,
    pub day_cap: u64,
}

#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct PatternCounts {
    pub lauzait_cep: u64,
    pub specialized_experts: u64,
    pub great_sequence: u64,
    pub layered_bridges: u64,
    pub well_balanced: u64,
    pub stalemate: u64,
    pub luminous: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ScoreStats {
    /// Every player's final score.
    pub final_score: Spread,
    /// The winners' final scores.
    pub winning_score: MeanEstimate,
    /// Formation scores of declarations and stalemates.
    pub formation_score: Spread,
}

/// The first broken invariant, with where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub game: u64,
    pub seed: u64,
    pub actions: usize,
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {} (seed {}), after {} actions: {}", self.game, self.seed, self.actions, self.message)
    }
}

/// Plays `config.games` games; stops at the first violated invariant.
pub fn simulate(config: SimulateConfig) -> Result<SimulateSummary, Violation> {
    let options = GameOptions::for_players(config.players, true).map_err(|message| Violation {
        game: 0,
        seed: config.seed,
        actions: 0,
        message: message.to_string(),
    })?;
    let mut days_per_season = Vec::new();
    let mut ends = SeasonEnds::default();
    let mut patterns = PatternCounts::default();
    let mut final_scores = Vec::new();
    let mut winning = Vec::new();
    let mut formation = Vec::new();
    let mut days = 0;

    for g in 0..config.games {
        let seed = derive_seed(config.seed, g);
        let game = play_game(&options, seed, config.max_days, |outcome| {
            if let Outcome::SeasonEnded { result, .. } = outcome {
                days_per_season.push(result.days as f64);
                days += result.days as u64;
                match result.end {
                    SeasonEnd::Declared { concealed, patterns: p, .. } => {
                        if concealed {
                            ends.concealed_declaration += 1;
                        } else {
                            ends.revealed_declaration += 1;
                        }
                        patterns.count(&p);
                        formation.push(p.total() as f64);
                    }
                    SeasonEnd::Stalemate { patterns: p, .. } => {
                        ends.stalemate += 1;
                        patterns.count(&p);
                        formation.push(p.total() as f64);
                    }
                    SeasonEnd::ByAgreement => ends.day_cap += 1,
                }
            }
        })
        .map_err(|(actions, message)| Violation { game: g, seed, actions, message })?;
        final_scores.extend(game.scores().iter().map(|&s| s as f64));
        winning.push(game.scores()[game.leaders()[0]] as f64);
    }

    Ok(SimulateSummary {
        players: config.players,
        games: config.games,
        seed: config.seed,
        max_days: config.max_days,
        seasons: days_per_season.len() as u64,
        days,
        days_per_season: Spread::of(&days_per_season),
        season_ends: ends,
        patterns,
        scores: ScoreStats {
            final_score: Spread::of(&final_scores),
            winning_score: MeanEstimate::of(&winning),
            formation_score: Spread::of(&formation),
        },
    })
}

/// One whole game of Easy players, checking invariants after every Day and the replay at
/// the end. `on_outcome` sees every outcome. Errors carry the number of actions applied.
pub fn play_game(
    options: &GameOptions,
    seed: u64,
    max_days: u32,
    mut on_outcome: impl FnMut(&Outcome),
) -> Result<Game, (usize, String)> {
    // The game's chance comes from the tool's own generator, so that a seed repeats a run.
    let mut chance = Pcg64Mcg::seed_from_u64(seed);
    let mut game = Game::new(options.clone(), &mut chance);
    let mut bot_rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED_B075);
    let mut easy_players = |game: &Game, seat: usize| {
        let view = game.view(seat).expect("the player to move is seated");
        easy::choose(&view, &mut bot_rng).ok_or("the engine offered the player to move nothing to do")
    };
    GameLoop { day_cap: max_days, check_invariants: true }
        .run(&mut game, &mut easy_players, &mut chance, |_, _, outcome| {
            on_outcome(outcome);
            ControlFlow::Continue(())
        })
        .map_err(|e| (e.actions, e.fault.to_string()))?;
    let fail = |game: &Game, message: String| (game.log().len(), message);
    let replayed = Game::replay(options.clone(), game.chances(), game.log()).map_err(|e| fail(&game, e.to_string()))?;
    if replayed != game {
        return Err(fail(&game, "replaying the log and what chance decided gives a different game".into()));
    }
    Ok(game)
}

impl PatternCounts {
    fn count(&mut self, p: &lauzait_engine::Patterns) {
        let hit = |v: u32| u64::from(v > 0);
        self.lauzait_cep += hit(p.lauzait_cep);
        self.specialized_experts += hit(p.specialized_experts);
        self.great_sequence += hit(p.great_sequence);
        self.layered_bridges += hit(p.layered_bridges);
        self.well_balanced += hit(p.well_balanced);
        self.stalemate += hit(p.stalemate);
        self.luminous += hit(p.luminous);
    }
}
