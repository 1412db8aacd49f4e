//! Why the worker made no plan for a request it read, as its reply carries it ([`crate::BotReply`]'s
//! `error`): a kind the page matches on and words for the console. On the wire it is a
//! keyword and its number, if any (`error not-its-day 1`). A kind this page does not know —
//! from a worker of another version — is read as [`BotError::Unknown`] with the worker's
//! words, so that an older worker still answers a newer page.

use lauzait_bots::strong::RoundError;
use lauzait_bots::whole_day::PlanError;
use std::fmt;

/// The longest of a worker's own words a reply brings to the page, in bytes: longer ones are
/// cut, so that no text from the worker fills the page's status bar.
const MAX_SAID_BYTES: usize = 300;

/// Why no plan came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The seat's view does not rebuild into a game (R40: it is all the worker is sent).
    ViewRefused,
    /// The game is not under way, or the Day is another seat's.
    NotItsDay { seat: usize },
    /// The seat is no player of the game.
    NoSeat { seat: usize },
    /// The planner found no plan.
    NoPlan,
    /// The planner's plan has no step.
    EmptyPlan,
    /// A planned step the rules refuse.
    PlanRefused,
    /// Plans that keep stopping before the Day ends.
    Unfinished,
    /// The Day to judge stops before its end, or goes on past it.
    NotAWholeDay,
    /// The helper's values do not fit the search's round.
    ValueCount { got: usize, expected: usize },
    /// The search has no candidate plan left.
    NoCandidate,
    /// A kind this version does not know, with the worker's words (one line, bounded).
    Unknown { said: String },
}

impl BotError {
    /// The reply's `error` line after its key.
    pub(crate) fn to_text(&self) -> String {
        use BotError as E;
        match self {
            E::ViewRefused => "view-refused".into(),
            E::NotItsDay { seat } => format!("not-its-day {seat}"),
            E::NoSeat { seat } => format!("no-seat {seat}"),
            E::NoPlan => "no-plan".into(),
            E::EmptyPlan => "empty-plan".into(),
            E::PlanRefused => "plan-refused".into(),
            E::Unfinished => "unfinished".into(),
            E::NotAWholeDay => "not-a-whole-day".into(),
            E::ValueCount { got, expected } => format!("value-count {got} {expected}"),
            E::NoCandidate => "no-candidate".into(),
            E::Unknown { said } => format!("unknown {}", one_bounded_line(said)),
        }
    }

    /// Reads what [`BotError::to_text`] writes; anything else is [`BotError::Unknown`]
    /// with the text as said, never refused.
    pub(crate) fn from_text(text: &str) -> BotError {
        use BotError as E;
        let (kind, rest) = text.split_once(' ').unwrap_or((text, ""));
        let numbers: Option<Vec<usize>> = rest.split_whitespace().map(|n| n.parse().ok()).collect();
        let known = match (kind, numbers.as_deref()) {
            ("view-refused", Some([])) => Some(E::ViewRefused),
            ("not-its-day", Some(&[seat])) => Some(E::NotItsDay { seat }),
            ("no-seat", Some(&[seat])) => Some(E::NoSeat { seat }),
            ("no-plan", Some([])) => Some(E::NoPlan),
            ("empty-plan", Some([])) => Some(E::EmptyPlan),
            ("plan-refused", Some([])) => Some(E::PlanRefused),
            ("unfinished", Some([])) => Some(E::Unfinished),
            ("not-a-whole-day", Some([])) => Some(E::NotAWholeDay),
            ("value-count", Some(&[got, expected])) => Some(E::ValueCount { got, expected }),
            ("no-candidate", Some([])) => Some(E::NoCandidate),
            _ => None,
        };
        let said = if kind == "unknown" { rest } else { text };
        known.unwrap_or_else(|| E::Unknown { said: one_bounded_line(said) })
    }
}

/// `said` on one line, cut to [`MAX_SAID_BYTES`] at a character's boundary and marked with an
/// ellipsis.
pub fn one_bounded_line(said: &str) -> String {
    let said = said.replace(['\n', '\r'], " ");
    if said.len() <= MAX_SAID_BYTES {
        return said;
    }
    let cut = (0..=MAX_SAID_BYTES).rev().find(|&i| said.is_char_boundary(i)).unwrap_or(0);
    format!("{}…", &said[..cut])
}

impl From<PlanError> for BotError {
    fn from(e: PlanError) -> BotError {
        match e {
            PlanError::NotItsDay { seat } => BotError::NotItsDay { seat },
            PlanError::NoSeat { seat } => BotError::NoSeat { seat },
            PlanError::NoPlan => BotError::NoPlan,
            PlanError::EmptyPlan => BotError::EmptyPlan,
            PlanError::Refused(_) => BotError::PlanRefused,
            PlanError::Unfinished => BotError::Unfinished,
        }
    }
}

impl From<RoundError> for BotError {
    fn from(e: RoundError) -> BotError {
        match e {
            RoundError::ValueCount { got, expected } => BotError::ValueCount { got, expected },
            RoundError::NoCandidate => BotError::NoCandidate,
        }
    }
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BotError as E;
        match self {
            E::ViewRefused => f.write_str("the seat's view is refused"),
            E::NotItsDay { seat } => PlanError::NotItsDay { seat: *seat }.fmt(f),
            E::NoSeat { seat } => PlanError::NoSeat { seat: *seat }.fmt(f),
            E::NoPlan => PlanError::NoPlan.fmt(f),
            E::EmptyPlan => PlanError::EmptyPlan.fmt(f),
            E::PlanRefused => f.write_str("the computer player's plan is refused"),
            E::Unfinished => PlanError::Unfinished.fmt(f),
            E::NotAWholeDay => f.write_str("the plan to judge is not a whole Day"),
            E::ValueCount { got, expected } => RoundError::ValueCount { got: *got, expected: *expected }.fmt(f),
            E::NoCandidate => RoundError::NoCandidate.fmt(f),
            E::Unknown { said } => f.write_str(said),
        }
    }
}

impl std::error::Error for BotError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_comes_back_from_the_wire() {
        let all = [
            BotError::ViewRefused,
            BotError::NotItsDay { seat: 1 },
            BotError::NoSeat { seat: 3 },
            BotError::NoPlan,
            BotError::EmptyPlan,
            BotError::PlanRefused,
            BotError::Unfinished,
            BotError::NotAWholeDay,
            BotError::ValueCount { got: 4, expected: 6 },
            BotError::NoCandidate,
            BotError::Unknown { said: "no-plan 3".into() },
        ];
        for e in all {
            assert_eq!(BotError::from_text(&e.to_text()), e, "{}", e.to_text());
        }
        assert_eq!(BotError::NotItsDay { seat: 1 }.to_string(), "it is not the Day of seat 1");
    }

    #[test]
    fn an_older_workers_words_are_an_unknown_kind_not_a_refusal() {
        let said = "it is not the Day of seat 1";
        assert_eq!(BotError::from_text(said), BotError::Unknown { said: said.into() });
        assert_eq!(BotError::from_text("not-its-day x"), BotError::Unknown { said: "not-its-day x".into() });
        assert_eq!(BotError::from_text("no-plan 2"), BotError::Unknown { said: "no-plan 2".into() });
        assert_eq!(BotError::from_text("").to_string(), "");
    }
}
