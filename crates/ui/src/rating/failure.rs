//! Why the rating of a game stopped, as the results screen says it
//! ([`i18n::rating::failed`](crate::i18n::rating::failed)).

use super::wire::{RateRefusal, RateTextError};
use lauzait_autoplay::WorkerFailure;

/// Why the rating stopped before every item was rated (the figures so far stay).
#[derive(Clone, Debug, PartialEq)]
pub enum RatingFailure {
    /// The rater's worker, a module of its own fetched when a game is first rated, could
    /// not be loaded: offline before it was ever fetched (the offline install does not
    /// hold it until then), or a server's fault.
    NotLoaded,
    /// The rater's worker could not be started, or failed while rating.
    Rater(WorkerFailure),
    /// The rater refused the game, and why.
    Refused(RateRefusal),
    /// The rater's reply could not be read: the page and the rater no longer understand
    /// each other.
    Unreadable(RateTextError),
}

impl RatingFailure {
    /// The rater's failure as the rating tells it: a module that could not be loaded is the
    /// one failure a person can mend (by going online once).
    pub fn of_rater(failure: WorkerFailure) -> RatingFailure {
        match failure {
            WorkerFailure::NotLoaded => RatingFailure::NotLoaded,
            other => RatingFailure::Rater(other),
        }
    }
}
