//! The computer players' part of the app state: the request in flight, the plan being
//! shown, the measured decision times, and the pace of their steps as a function of the
//! clock ([`step_due`]). What is done with them: `driver.rs`.

use crate::play::pace::Speed;
use lauzait_bots::Level;
use lauzait_engine::Action;
use std::collections::VecDeque;

/// The Strong player's playouts per decision in the browser: the tournament's own setting,
/// so the Strong player at the table is the one `lauzait tournament` measures (BOTS.md).
/// The worker is built for size with its search built for speed (Cargo.toml); the time
/// of a Day at this count is measured by `bots.test.mjs` over 40 Days of four Strong players
/// (BENCHMARKS.md, "In the browser").
pub const BOT_PLAYOUTS: u32 = lauzait_bots::DEFAULT_PLAYOUTS;

/// A Season without a person at the table that has lasted this many Days is ended by the
/// computer players' agreement (as `lauzait tournament --max-days` does), so that a game of
/// computer players alone always ends.
pub const BOTS_ONLY_DAY_CAP: u32 = 200;

/// Which Day a computer player's plan is for: the Season, the Day, the seat and the length
/// of the game's log when the Day began (unique within a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayKey {
    pub season: u8,
    pub day: u32,
    pub seat: usize,
    pub start: usize,
}

/// A request to the worker that has not been answered yet.
#[derive(Clone, Debug)]
pub struct Pending {
    pub id: u32,
    pub key: DayKey,
    pub level: Level,
    /// The Day's steps already taken in the position sent (0: sent from the Day's start).
    pub base: usize,
    /// Sent from the current position because a plan from the Day's start did not fit.
    pub fallback: bool,
}

/// The computer player's planned steps still to be shown.
#[derive(Clone, Debug)]
pub struct Plan {
    pub key: DayKey,
    pub actions: VecDeque<Action>,
    /// A step of it has been applied.
    pub started: bool,
}

/// Decision times measured in the worker, per level.
#[derive(Clone, Debug, Default)]
pub struct ThinkStats {
    pub count: u32,
    pub total_ms: f64,
    pub max_ms: f64,
    pub last_ms: f64,
    /// The last few, oldest first.
    pub recent: VecDeque<f64>,
}

/// The computer players' side of the app: the request in flight, the plan being shown,
/// when the last step was shown, an error, and measured decision times.
#[derive(Clone, Debug, Default)]
pub struct Driver {
    pub pending: Option<Pending>,
    pub plan: Option<Plan>,
    pub next_id: u32,
    /// The worker was asked to start (and has not failed since).
    pub worker_started: bool,
    pub think_started: f64,
    pub last_step_at: f64,
    pub error: Option<String>,
    /// Easy, Normal, Strong.
    pub stats: [ThinkStats; 3],
}

pub fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Normal => 1,
        Level::Strong => 2,
    }
}

/// When the next step of a computer player's plan is due: a step's pause after the last
/// one, and for a Day's first step not before the thinking cue has shown long enough.
pub fn step_due(speed: Speed, last_step_at: f64, think_started: f64, started: bool) -> f64 {
    let due = last_step_at + speed.step_ms();
    if started {
        due
    } else {
        due.max(think_started + speed.think_ms())
    }
}
