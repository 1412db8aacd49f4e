//! The player's own mistakes as puzzles (docs/puzzles.md, "Your mistakes"): each costly
//! choice of a person's finished game at this device that the Strong player puts at least
//! the puzzles' margin below its best Day becomes a puzzle in a queue, offered again on a
//! spaced-repetition schedule ([`schedule`]) until solved twice.
//!
//! The page keeps the queue's text ([`queue`], under [`MINE_KEY`]) without reading it: the
//! rater makes the mistakes of a game it rates ([`rater::of_rating`]), the page adds their
//! lines to the text ([`append`]) and hands the text to the rater with each request, and
//! the rater reads it, schedules, judges with the shipped puzzles' own judge and answers
//! with the text to store and the words to show ([`rater::answer`]).

pub mod queue;
pub mod rater;
pub mod schedule;

pub use self::queue::{Mistake, Queue, QueueError, MARK, MAX_MISTAKES, MINE_KEY};

/// The stored text with the rater's new mistakes' `lines` added at its end, the oldest
/// dropped past [`MAX_MISTAKES`]; `None` when it is to be left alone: nothing new, or a text
/// another version of the game wrote (its first line `LZM…`, not [`MARK`]). Any other text
/// that is not a queue is started again.
pub fn append(stored: Option<&str>, lines: &[String]) -> Option<String> {
    let kept = match stored.map(|t| t.split('\n').next().unwrap_or("")) {
        _ if lines.is_empty() => return None,
        Some(MARK) => stored.unwrap_or("").split('\n').skip(1).collect(),
        Some(first) if first.starts_with("LZM") => return None,
        _ => Vec::new(),
    };
    let all: Vec<&str> = kept.into_iter().chain(lines.iter().map(String::as_str)).collect();
    let from = all.len().saturating_sub(MAX_MISTAKES);
    Some(std::iter::once(MARK).chain(all[from..].iter().copied()).collect::<Vec<_>>().join("\n"))
}

#[cfg(test)]
mod tests;
