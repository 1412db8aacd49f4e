//! The player's own mistakes as puzzles (docs/puzzles.md, "Your mistakes"): each costly
//! choice of a person's finished game at this device that the Strong player puts at least
//! the puzzles' margin below its best Day becomes a puzzle in a queue, offered again on a
//! spaced-repetition schedule ([`schedule`]) until solved twice.
//!
//! The page keeps the queue's text ([`queue`], under [`MINE_KEY`]) without reading it and
//! hands it to the rater with each request; the rater makes the mistakes of a game it rates
//! ([`rater::of_rating`]), adds them to the next queue the page sends, reads it, schedules,
//! judges with the shipped puzzles' own judge and answers with the text to store, the
//! words and the picker's row to show ([`rater::answer`]).

pub mod queue;
pub mod rater;
pub mod schedule;

pub use self::queue::{Mistake, Queue, QueueError, MARK, MAX_MISTAKES, MINE_KEY};

#[cfg(test)]
mod tests;
