//! Computer players. Each decides from a [`PlayerView`] only (R40), with its own seeded
//! generator, so its choices replay exactly. No threads and no clock: the Strong player's
//! effort is a number of playouts, so the same view and seed give the same choice anywhere
//! (natively and in the browser).
//!
//! - [`easy`]: legal and plausible, not clever.
//! - [`normal`]: a one-Day heuristic planner (hand progress towards three sets, patterns,
//!   bonus versus flexibility, Water risk).
//! - [`strong`]: determinized Monte Carlo search over the Normal player's best plans,
//!   with truncated Normal playouts.
//!
//! [`choose`] is the stateless entry point; [`Bot`] plans a whole Day at its first step and
//! hands the steps out one by one (it keeps only the plan, which it derived from the view).

// The wasm build is size-optimised (`opt-level = "z"`) but keeps the hot search optimised for
// speed (`#[optimize(speed)]`, normal/search.rs): the wasm build already runs the nightly
// features of the shared toolchain notes (build-std), the native one never sees this.
#![cfg_attr(target_arch = "wasm32", feature(optimize_attribute))]

pub mod easy;
pub mod judge;
pub mod normal;
mod player;
pub mod self_play;
pub mod strong;
pub mod whole_day;

pub use player::Player;

use lauzait_engine::{Action, PlayerView};
use rand::Rng;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How strongly a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level's name that is none of the levels' (quoted as an excerpt: the worker reads a
/// level from untrusted text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel {
    pub name: String,
}

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level '{}' (easy, normal or strong)", self.name)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| UnknownLevel { name: lauzait_engine::piece::excerpt(s) })
    }
}

/// The Strong player's default effort: playouts per decision (see BOTS.md for the time
/// this takes).
pub const DEFAULT_PLAYOUTS: u32 = strong::DEFAULT_PLAYOUTS;

/// The rest of this seat's Day as the player would play it, first step first; `None` when
/// it is not this seat's Day. `playouts` matters only for [`Level::Strong`].
pub fn plan_day(level: Level, view: &PlayerView, rng: &mut impl Rng, playouts: u32) -> Option<Vec<Action>> {
    plan_day_with(level, view, rng, playouts, strong::Settings::for_players(view.scores().len()))
}

/// [`plan_day`] with a Strong player searching with `strong` settings.
pub fn plan_day_with(
    level: Level,
    view: &PlayerView,
    rng: &mut impl Rng,
    playouts: u32,
    strong: strong::Settings,
) -> Option<Vec<Action>> {
    view.my_day()?;
    match level {
        Level::Easy => easy::choose(view, rng).map(|a| vec![a]),
        Level::Normal => normal::best_plan(view, rng, normal::Weights::default()).map(|p| p.actions),
        Level::Strong => strong::plan_day_with(view, rng, playouts, strong),
    }
}

/// The next action for the seat of `view`, or `None` when it is not this seat's Day.
pub fn choose(level: Level, view: &PlayerView, rng: &mut impl Rng, playouts: u32) -> Option<Action> {
    plan_day(level, view, rng, playouts).and_then(|plan| plan.first().copied())
}

/// A computer player with its own generator. It plans the Day at its first step and then
/// returns the planned steps one by one; the plan comes from the view and the generator
/// only, and is dropped as soon as the Day is not the one it was made for.
#[derive(Clone, Debug)]
pub struct Bot {
    pub level: Level,
    pub playouts: u32,
    /// How a Strong player's search differs from the one for the game's number of players
    /// ([`strong::Settings::for_players`]; other levels ignore it).
    pub strong: strong::Changes,
    rng: Pcg64Mcg,
    planned: Vec<Action>,
    planned_for: Option<PlanKey>,
}

/// Which Day, and how many of its steps were taken, a plan continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlanKey {
    season: u8,
    day: u32,
    player: usize,
    steps: usize,
}

impl Bot {
    pub fn new(level: Level, seed: u64, playouts: u32) -> Bot {
        Bot {
            level,
            playouts,
            strong: strong::Changes::default(),
            rng: Pcg64Mcg::seed_from_u64(seed),
            planned: Vec::new(),
            planned_for: None,
        }
    }

    /// Whether the next [`Bot::choose`] for `view` has to plan (rather than continue a plan).
    pub fn needs_planning(&self, view: &PlayerView) -> bool {
        self.planned.is_empty() || self.planned_for != Some(key(view))
    }

    /// The next action for the seat of `view`, or `None` when it is not this seat's Day.
    pub fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let day = view.my_day()?;
        if !self.needs_planning(view) {
            let next = self.planned[0];
            if day.legal_actions(view.players()).contains(&next) {
                self.planned.remove(0);
                self.planned_for = Some(PlanKey { steps: day.steps.len() + 1, ..key(view) });
                return Some(next);
            }
        }
        let strong = self.strong.apply(strong::Settings::for_players(view.scores().len()));
        let mut plan = plan_day_with(self.level, view, &mut self.rng, self.playouts, strong)?;
        let first = plan.remove(0);
        self.planned = plan;
        self.planned_for = Some(PlanKey { steps: day.steps.len() + 1, ..key(view) });
        Some(first)
    }
}

fn key(view: &PlayerView) -> PlanKey {
    PlanKey { season: view.season_number(), day: view.day_number(), player: view.me(), steps: view.day_steps().len() }
}
