//! The computer players' pace at the table: how long their thinking cue, each step, the
//! sticks and the pause between Seasons last, as a pure function of the chosen speed. The
//! pacer ([`crate::pacing`]) and the page's driver compare these with the `now` every
//! message brings.

use serde::{Deserialize, Serialize};

/// How fast the computer players' Days are shown (a preference, saved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    #[default]
    Normal,
    Fast,
    /// Every step at once, no sticks animation: for tests and impatient players.
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 3] = [Speed::Normal, Speed::Fast, Speed::Instant];

    pub fn code(self) -> &'static str {
        match self {
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn from_code(code: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.code() == code)
    }

    pub fn is_normal(&self) -> bool {
        *self == Speed::Normal
    }

    /// Milliseconds between two steps of a computer player's Day (and between two Days).
    pub fn step_ms(self) -> f64 {
        match self {
            Speed::Normal => 900.0,
            Speed::Fast => 300.0,
            Speed::Instant => 0.0,
        }
    }

    /// The "thinking…" cue shows at least this long before the first step of a Day.
    pub fn think_ms(self) -> f64 {
        match self {
            Speed::Normal => 700.0,
            Speed::Fast => 200.0,
            Speed::Instant => 0.0,
        }
    }

    /// The sticks animation of a computer player's Water move; `None`: not shown.
    pub fn sticks_ms(self) -> Option<f64> {
        match self {
            Speed::Normal => Some(1600.0),
            Speed::Fast => Some(800.0),
            Speed::Instant => None,
        }
    }

    /// How long the scoring and Season screens stay up when nobody is at the table.
    pub fn pause_ms(self) -> f64 {
        match self {
            Speed::Normal => 3000.0,
            Speed::Fast => 1200.0,
            Speed::Instant => 0.0,
        }
    }
}
