//! Who asked the worker, carried by each request and echoed unchanged in its reply, so that
//! the page routes a reply by matching on it rather than by ranges of numbers: a computer
//! player's Day, the coach's hint, the review's Day, the rating of a finished game's item or your
//! record's screen. Each asker numbers its own requests,
//! so that it can tell the answer it still wants from an earlier one it gave up on.

/// Who asked the worker, and the asker's own number for the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestId {
    /// A computer player's Day ([`crate::pacing::Pacer`]).
    ComputerDay(u32),
    /// The coach's hint for a person's Day.
    Hint(u32),
    /// The post-game review's judgement of a person's Day.
    Review(u32),
    /// The rating of one item of a finished game (docs/rating.md), in its own request.
    Rating(u32),
    /// Your record's screen, worked out by the rater (docs/history.md).
    Record(u32),
    /// A puzzle offered or judged by the rater (docs/puzzles.md, "The puzzle screen").
    Puzzle(u32),
}

impl RequestId {
    /// The value of a request's and a reply's `id` line: the asker's word and its number,
    /// as in `id day 7`, `id hint 2`, `id review 12`, `id rating 3`.
    pub fn to_text(self) -> String {
        match self {
            RequestId::ComputerDay(n) => format!("day {n}"),
            RequestId::Hint(n) => format!("hint {n}"),
            RequestId::Review(n) => format!("review {n}"),
            RequestId::Rating(n) => format!("rating {n}"),
            RequestId::Record(n) => format!("record {n}"),
            RequestId::Puzzle(n) => format!("puzzle {n}"),
        }
    }

    /// Reads [`RequestId::to_text`]'s form; anything else is refused with what is wrong.
    pub fn from_text(text: &str) -> Result<RequestId, RequestIdError> {
        let (asker, number) = text.split_once(' ').unwrap_or((text, ""));
        let excerpt = || text.chars().take(20).collect();
        let n = number.parse::<u32>().map_err(|_| RequestIdError::NoNumber { excerpt: excerpt() })?;
        match asker {
            "day" => Ok(RequestId::ComputerDay(n)),
            "hint" => Ok(RequestId::Hint(n)),
            "review" => Ok(RequestId::Review(n)),
            "rating" => Ok(RequestId::Rating(n)),
            "record" => Ok(RequestId::Record(n)),
            "puzzle" => Ok(RequestId::Puzzle(n)),
            _ => Err(RequestIdError::NoAsker { excerpt: excerpt() }),
        }
    }
}

/// An `id` line's value that is not [`RequestId::to_text`]'s form (quoted to 20 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestIdError {
    /// No number after the asker's word.
    NoNumber { excerpt: String },
    /// A word that names none of the askers.
    NoAsker { excerpt: String },
}

impl std::fmt::Display for RequestIdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RequestIdError::NoNumber { excerpt } => write!(f, "`id` has no number: {excerpt}"),
            RequestIdError::NoAsker { excerpt } => write!(f, "`id` names no asker: {excerpt}"),
        }
    }
}

impl std::error::Error for RequestIdError {}

#[cfg(test)]
mod tests {
    use super::RequestId;

    #[test]
    fn an_id_reads_back_as_it_was_written_and_nothing_else_reads() {
        for id in [
            RequestId::ComputerDay(7),
            RequestId::Hint(0),
            RequestId::Review(u32::MAX),
            RequestId::Rating(3),
            RequestId::Record(1),
            RequestId::Puzzle(2),
        ] {
            assert_eq!(RequestId::from_text(&id.to_text()), Ok(id));
        }
        for bad in ["", "day", "day x", "7", "coach 1", "day 1 2", "day -1"] {
            assert!(RequestId::from_text(bad).is_err(), "{bad}");
        }
    }
}
