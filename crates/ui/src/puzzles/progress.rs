//! Which puzzles this device has solved and tried without success, as stored under
//! [`PROGRESS_KEY`] (docs/puzzles.md, "The puzzle screen"): a text of its own, versioned and
//! read exactly, as your record's games are (`lauzait_history`):
//!
//! ```text
//! LZQ1
//! solved 3 17 250
//! failed 4
//! ```
//!
//! Each number is a puzzle's place in the shipped set, counted from 1, in increasing order.
//! Any other text is refused with a typed [`ProgressError`], never a panic.

use std::fmt;

/// The storage key (SECURITY.md, "Storage"), beside the save's, the lessons' and your
/// record's.
pub const PROGRESS_KEY: &str = "lauzait-cep/puzzles/v1";

const MARK: &str = "LZQ1";

/// The longest text read: 1,000 puzzles' numbers in both lists fit in about 8 KB.
const MAX_BYTES: usize = 64 * 1024;

/// The puzzles solved, and those tried without success and not solved since.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    solved: Vec<u32>,
    failed: Vec<u32>,
}

/// A stored progress that is not [`Progress::to_text`]'s form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Longer than any progress can be.
    TooLong { bytes: usize },
    /// The first line is not `LZQ1` (another version, or not this text at all).
    Mark { found: String },
    /// A line that is not `solved …` or `failed …` in its place (its number, from 1).
    Line { line: usize, excerpt: String },
    /// A puzzle's number that is not a number from 1, or not after the one before it.
    Number { line: usize, excerpt: String },
}

impl fmt::Display for ProgressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgressError::TooLong { bytes } => write!(f, "{bytes} bytes, more than any progress"),
            ProgressError::Mark { found } => write!(f, "the first line is `{found}`, not `{MARK}`"),
            ProgressError::Line { line, excerpt } => write!(f, "line {line} is `{excerpt}`"),
            ProgressError::Number { line, excerpt } => write!(f, "line {line}: `{excerpt}` is not a puzzle's number"),
        }
    }
}

impl std::error::Error for ProgressError {}

fn excerpt(text: &str) -> String {
    text.chars().take(20).collect()
}

impl Progress {
    pub const NONE: Progress = Progress { solved: Vec::new(), failed: Vec::new() };

    pub fn solved(&self) -> &[u32] {
        &self.solved
    }

    pub fn failed(&self) -> &[u32] {
        &self.failed
    }

    pub fn is_solved(&self, number: u32) -> bool {
        self.solved.binary_search(&number).is_ok()
    }

    /// Puzzle `number` was solved: no longer among those failed.
    pub fn solve(&mut self, number: u32) {
        if let Err(at) = self.solved.binary_search(&number) {
            self.solved.insert(at, number);
        }
        self.failed.retain(|&n| n != number);
    }

    /// Puzzle `number` was tried without success (one solved before stays solved).
    pub fn fail(&mut self, number: u32) {
        if self.is_solved(number) {
            return;
        }
        if let Err(at) = self.failed.binary_search(&number) {
            self.failed.insert(at, number);
        }
    }

    pub fn to_text(&self) -> String {
        let list = |key: &str, numbers: &[u32]| {
            numbers.iter().fold(String::from(key), |mut s, n| {
                s.push(' ');
                s.push_str(&n.to_string());
                s
            })
        };
        format!("{MARK}\n{}\n{}", list("solved", &self.solved), list("failed", &self.failed))
    }

    pub fn from_text(text: &str) -> Result<Progress, ProgressError> {
        if text.len() > MAX_BYTES {
            return Err(ProgressError::TooLong { bytes: text.len() });
        }
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("");
        if first != MARK {
            return Err(ProgressError::Mark { found: excerpt(first) });
        }
        let mut read = |key: &str, line: usize| -> Result<Vec<u32>, ProgressError> {
            let text = lines.next().unwrap_or("");
            let mut words = text.split(' ');
            if words.next() != Some(key) {
                return Err(ProgressError::Line { line, excerpt: excerpt(text) });
            }
            let mut numbers: Vec<u32> = Vec::new();
            for word in words {
                let bad = || ProgressError::Number { line, excerpt: excerpt(word) };
                let n = word.parse::<u32>().map_err(|_| bad())?;
                if n == 0 || numbers.last().is_some_and(|&last| last >= n) {
                    return Err(bad());
                }
                numbers.push(n);
            }
            Ok(numbers)
        };
        let solved = read("solved", 2)?;
        let failed = read("failed", 3)?;
        if let Some(extra) = lines.next() {
            return Err(ProgressError::Line { line: 4, excerpt: excerpt(extra) });
        }
        Ok(Progress { solved, failed })
    }
}
