//! The computer players' part of the app state: their pacer (the request in flight, the
//! plan being shown and the pace of its steps, shared with table mode's tablet:
//! [`lauzait_autoplay::pacing`]), whether their worker was started, and the measured
//! decision times. What is done with them: `driver/mod.rs`.

use lauzait_autoplay::pacing::Pacer;
pub use lauzait_autoplay::pacing::{step_due, DayKey, StepsToShow};
use lauzait_bots::Level;
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

/// The computer players' side of the app: their pacer (the request in flight, the plan
/// being shown, when the last step was shown, the last failure), and measured decision
/// times.
#[derive(Clone, Debug, Default)]
pub struct Driver {
    pub pacer: Pacer,
    /// The worker was asked to start (and has not failed since).
    pub worker_started: bool,
    /// Easy, Normal, Strong.
    pub stats: [ThinkStats; 3],
}

impl Driver {
    /// Why the computer players stopped, until the person retries.
    pub fn error(&self) -> Option<&lauzait_autoplay::DayFailure> {
        self.pacer.failed()
    }
}

pub fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Normal => 1,
        Level::Strong => 2,
    }
}
