//! Why a computer player's Day was not played, and why the worker it thinks in failed. The
//! pacer keeps the failure until a Day is played or the person retries; each page says it in
//! its own language (`lauzait_ui::i18n::computer`), these texts are for the console.

use super::bot_error::BotError;
use super::wire_error::ReplyError;
use std::fmt;

/// Why the worker failed, as the page's shell saw it. The browser's own words, where it gave
/// any, are kept: nothing else tells what went wrong inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerFailure {
    /// The browser would not start the worker.
    Start { said: String },
    /// The browser would not pass a request to it.
    Post { said: String },
    /// Its script could not be loaded (offline before the game was kept for offline play,
    /// or a server's fault).
    NotLoaded,
    /// It stopped while working (it trapped, or its script threw).
    Stopped { said: String },
    /// It posted a text that answers no request: the page and the worker no longer
    /// understand each other.
    Unreadable(ReplyError),
}

impl fmt::Display for WorkerFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerFailure::Start { said } => write!(f, "the browser would not start the worker ({said})"),
            WorkerFailure::Post { said } => write!(f, "the browser would not pass a request to the worker ({said})"),
            WorkerFailure::NotLoaded => f.write_str("the worker could not be loaded"),
            // The browser's message names what failed (a file that could not be loaded, a
            // trap) better than any words around it.
            WorkerFailure::Stopped { said } => f.write_str(said),
            WorkerFailure::Unreadable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for WorkerFailure {}

/// A request for a seat that is no player of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSuchSeat {
    pub seat: usize,
}

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "there is no seat {} in this game", self.seat)
    }
}

impl std::error::Error for NoSuchSeat {}

/// Why a computer player's Day was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayFailure {
    /// It was asked for when no Day is under way.
    NoDay,
    /// It was asked for a seat that is no player of the game.
    NoSeat(NoSuchSeat),
    /// The planner found no plan, as the worker's reply said why.
    Planner(BotError),
    /// Planned again from the current position, the plan still does not fit the Day.
    PlanDoesNotFit,
    /// The table refused the plan (a step the rules refuse, or not exactly one Day).
    PlanRefused,
    /// The worker failed.
    Worker(WorkerFailure),
}

impl fmt::Display for DayFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayFailure::NoDay => f.write_str("no Day is under way"),
            DayFailure::NoSeat(e) => e.fmt(f),
            DayFailure::Planner(e) => e.fmt(f),
            DayFailure::PlanDoesNotFit => f.write_str("the computer player's plan does not fit the Day"),
            DayFailure::PlanRefused => f.write_str("the table refused the computer player's plan"),
            DayFailure::Worker(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DayFailure {}

impl From<NoSuchSeat> for DayFailure {
    fn from(e: NoSuchSeat) -> DayFailure {
        DayFailure::NoSeat(e)
    }
}
