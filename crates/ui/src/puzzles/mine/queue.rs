//! The queue of the player's mistakes as stored under [`MINE_KEY`] (docs/puzzles.md, "Your
//! mistakes"): a text of its own, versioned, which only the rater reads (the page keeps it
//! as an opaque text, `puzzles::Puzzles`):
//!
//! ```text
//! LZM1|0 0 43;G5 b2 >c3;fW6W7W8=W6W7W8 !;sv1 0 2 0 1 …|1800086400000 1 120;…
//! ```
//!
//! One line, so that it travels to the rater as one line of its texts: `LZM1`, then one
//! entry a mistake after a `|`, oldest first: when it is due (ms since 1970, 0 at once) and
//! its solves in a row (`schedule`), what it cost in tenths of a point, the Day played in the
//! game, the Strong player's best Day (the solution), and the seat's view before the Day
//! (`sv1 …`, `SeatView::to_text`, the shipped puzzles' form; neither it nor a record's tokens
//! has a `|`). Read as untrusted: a text that does not start with `LZM1` is refused whole
//! (another version's, or not this text), and is then left alone; a damaged entry refuses
//! that mistake only, which is dropped and said.

use super::schedule::Schedule;
use lauzait_engine::notation::{actions_text, parse_actions};
use lauzait_engine::{Action, SeatView, ViewTextError};
use lauzait_learn::puzzles::Margin;
use std::fmt;

/// The storage key (SECURITY.md, "Storage"), beside the puzzles' progress.
pub const MINE_KEY: &str = "lauzait-cep/mistakes/v1";

/// The text's start, before the first `|`.
pub const MARK: &str = "LZM1";

/// The most mistakes kept: the most recent, the oldest going as a new one comes. A line is
/// 300–700 bytes (the view is most of it), so 100 keep the text under about 70 KB, which the
/// page posts to the rater with each request; a player has rarely a hundred mistakes left
/// unsolved that are worth more than the newest.
pub const MAX_MISTAKES: usize = 100;

/// The longest text read (a hundred of the longest lines with room to spare).
const MAX_BYTES: usize = 512 * 1024;

/// One mistake: a costly choice of a person's, as a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    pub schedule: Schedule,
    /// How much less the Strong player estimated the Day played than its best Day.
    pub cost: Margin,
    pub played: Vec<Action>,
    /// The Strong player's best Day: the solution.
    pub best: Vec<Action>,
    /// The seat's view before the Day.
    pub view: SeatView,
}

/// A stored queue, or a line of it, that is not [`Queue::to_text`]'s form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueueError {
    /// Longer than any queue can be.
    TooLong { bytes: usize },
    /// The text does not start with `LZM1`: another version of the game's queue, or not one.
    Mark { found: String },
    /// A mistake's entry (its number, from 1) that does not have its fields.
    Fields { line: usize },
    /// A due time, a count of solves or a cost that is not a whole number.
    Number { line: usize, excerpt: String },
    /// A Day that is not a record's tokens.
    Day { line: usize },
    /// The seat's view that is not one.
    View { line: usize, error: ViewTextError },
}

impl fmt::Display for QueueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueueError::TooLong { bytes } => write!(f, "{bytes} bytes, more than any queue"),
            QueueError::Mark { found } => write!(f, "it starts with `{found}`, not `{MARK}`"),
            QueueError::Fields { line } => write!(f, "mistake {line} has not the four fields of one"),
            QueueError::Number { line, excerpt } => write!(f, "mistake {line}: `{excerpt}` is not a whole number"),
            QueueError::Day { line } => write!(f, "mistake {line}: a Day that is not a record's tokens"),
            QueueError::View { line, error } => write!(f, "mistake {line}: {error}"),
        }
    }
}

impl std::error::Error for QueueError {}

/// The player's mistakes, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Queue {
    pub mistakes: Vec<Mistake>,
}

impl Mistake {
    /// The same mistake, whatever its schedule: the same position, Days and cost.
    pub fn same(&self, other: &Mistake) -> bool {
        (self.cost, &self.played, &self.best, &self.view) == (other.cost, &other.played, &other.best, &other.view)
    }

    /// Its entry in the stored text.
    pub fn line(&self) -> String {
        format!(
            "{} {} {};{};{};{}",
            self.schedule.due,
            self.schedule.solves,
            self.cost.tenths,
            actions_text(&self.played),
            actions_text(&self.best),
            self.view.to_text()
        )
    }

    /// Entry `line` (counted from 1) read back.
    fn read(text: &str, line: usize) -> Result<Mistake, QueueError> {
        let mut fields = text.splitn(4, ';');
        let mut field = || fields.next().ok_or(QueueError::Fields { line });
        let (numbers, played, best, view) = (field()?, field()?, field()?, field()?);
        let mut words = numbers.split(' ');
        let mut number = || {
            let word = words.next().ok_or(QueueError::Fields { line })?;
            // Digits only: no sign, no space, as `line` writes them.
            match word.bytes().all(|b| b.is_ascii_digit()) {
                true => word.parse::<u64>().map_err(|_| QueueError::Number { line, excerpt: excerpt(word) }),
                false => Err(QueueError::Number { line, excerpt: excerpt(word) }),
            }
        };
        let due = number()?;
        let solves = u8::try_from(number()?).map_err(|_| QueueError::Number { line, excerpt: excerpt(numbers) })?;
        let tenths = u32::try_from(number()?).map_err(|_| QueueError::Number { line, excerpt: excerpt(numbers) })?;
        if words.next().is_some() {
            return Err(QueueError::Fields { line });
        }
        let day = |tokens| parse_actions(tokens).ok().filter(|d| Action::is_one_day(d)).ok_or(QueueError::Day { line });
        Ok(Mistake {
            schedule: Schedule { due, solves },
            cost: Margin { tenths },
            played: day(played)?,
            best: day(best)?,
            view: SeatView::from_text(view).map_err(|error| QueueError::View { line, error })?,
        })
    }
}

fn excerpt(text: &str) -> String {
    text.chars().take(20).collect()
}

impl Queue {
    /// The stored text read: `Err` when the text as a whole is not a queue of this version
    /// (it is then left alone), else the mistakes read, with each damaged entry's fault (that
    /// mistake dropped). At most [`MAX_MISTAKES`], the most recent.
    pub fn read(text: &str) -> Result<(Queue, Vec<QueueError>), QueueError> {
        if text.len() > MAX_BYTES {
            return Err(QueueError::TooLong { bytes: text.len() });
        }
        let mut entries = text.split('|');
        match entries.next() {
            Some(MARK) => {}
            found => return Err(QueueError::Mark { found: excerpt(found.unwrap_or("")) }),
        }
        let (mut mistakes, mut faults) = (Vec::new(), Vec::new());
        for (i, entry) in entries.enumerate() {
            match Mistake::read(entry, i + 1) {
                Ok(m) => mistakes.push(m),
                Err(e) => faults.push(e),
            }
        }
        let extra = mistakes.len().saturating_sub(MAX_MISTAKES);
        mistakes.drain(..extra);
        Ok((Queue { mistakes }, faults))
    }

    pub fn to_text(&self) -> String {
        let mut text = MARK.to_string();
        for m in &self.mistakes {
            text.push('|');
            text.push_str(&m.line());
        }
        text
    }

    pub fn schedules(&self) -> Vec<Schedule> {
        self.mistakes.iter().map(|m| m.schedule).collect()
    }
}
