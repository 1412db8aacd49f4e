//! Why a text between the page and the computer players' worker (or between the worker and
//! its helper) is refused ([`crate::wire`]): the kind of text and the line or value at
//! fault. The words are the protocol's (a reply to a request that could not be read carries
//! them back to the page), so each variant shows exactly what the readers always said.

use lauzait_bots::UnknownLevel;
use lauzait_engine::notation::NotationError;
use lauzait_engine::ViewTextError;
use std::fmt;

/// Which of the protocol's texts was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireText {
    BotRequest,
    BotReply,
    HelpRequest,
    HelpReply,
    /// A finished game to rate, and the rater's news of it (`ui::rating::wire`).
    RateRequest,
    RateReply,
    /// The games kept for your record, and the rater's screen of them (`ui::stats::wire`).
    RecordRequest,
    RecordReply,
    /// A puzzle asked for or a Day to judge, and the rater's answer (`ui::puzzles::wire`).
    PuzzleRequest,
    PuzzleReply,
}

impl fmt::Display for WireText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WireText::BotRequest => "bot request",
            WireText::BotReply => "bot reply",
            WireText::HelpRequest => "help request",
            WireText::HelpReply => "help reply",
            WireText::RateRequest => "rate request",
            WireText::RateReply => "rate reply",
            WireText::RecordRequest => "record request",
            WireText::RecordReply => "record reply",
            WireText::PuzzleRequest => "puzzle request",
            WireText::PuzzleReply => "puzzle reply",
        })
    }
}

/// A text of the protocol that is not as its writer writes it. Quoted values are cut to
/// their first 20 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The first line is not the text's mark.
    Mark {
        text: WireText,
        mark: &'static str,
    },
    /// A line that must come next is missing.
    Expected {
        text: WireText,
        key: &'static str,
    },
    /// A value that must be a number is not.
    NotANumber {
        text: WireText,
        key: &'static str,
        value: String,
    },
    /// A line after the text's end (its number, from 1).
    Unexpected {
        text: WireText,
        line: usize,
        excerpt: String,
    },
    /// A float that is not the 16 hex digits of its bits.
    NotHex {
        excerpt: String,
    },
    /// A help request's samples that are not two numbers, the first at most the second.
    Samples {
        excerpt: String,
    },
    TooManyPlans {
        max: usize,
    },
    /// A help request's plan that is not action tokens.
    Plan(NotationError),
    NoPlan,
    /// A help request for more playouts than a request may ask.
    HelpPlayouts {
        count: usize,
        max: u32,
    },
    /// A bot request for more playouts than a request may ask.
    BotPlayouts {
        playouts: u32,
        max: u32,
    },
    /// The seat's view that is not its text form.
    View(ViewTextError),
    /// An `id` that is not a [`crate::RequestId`]'s form.
    RequestId {
        text: WireText,
        error: crate::request_id::RequestIdError,
    },
    Level(UnknownLevel),
    /// The Day to judge that is not action tokens.
    Judge(NotationError),
    /// The reply's actions that are not action tokens.
    ReplyActions(NotationError),
    /// A reply's `values` that are not two estimates.
    Estimates,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WireError as E;
        match self {
            E::Mark { text, mark } => write!(f, "{text}: the first line is not {mark}"),
            E::Expected { text, key } => write!(f, "{text}: `{key}` expected"),
            E::NotANumber { text, key, value } => write!(f, "{text}: `{key}` is not a number: {value}"),
            E::Unexpected { text, line, excerpt } => write!(f, "{text}: line {line} is not expected: {excerpt}"),
            E::NotHex { excerpt } => write!(f, "{excerpt} is not 16 hex digits"),
            E::Samples { excerpt } => write!(f, "help request: `samples` is not two numbers in order: {excerpt}"),
            E::TooManyPlans { max } => write!(f, "help request: more than {max} plans"),
            E::Plan(e) => write!(f, "help request: plan: {e}"),
            E::NoPlan => f.write_str("help request: no plan"),
            E::HelpPlayouts { count, max } => write!(f, "help request: {count} playouts is over {max}"),
            E::BotPlayouts { playouts, max } => write!(f, "bot request: `playouts` {playouts} is over {max}"),
            E::View(e) => e.fmt(f),
            E::RequestId { text, error } => write!(f, "{text}: {error}"),
            E::Level(e) => write!(f, "bot request: {e}"),
            E::Judge(e) => write!(f, "bot request: judge: {e}"),
            E::ReplyActions(e) => write!(f, "bot reply: {e}"),
            E::Estimates => f.write_str("bot reply: two estimates expected"),
        }
    }
}

impl std::error::Error for WireError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WireError::Plan(e) | WireError::Judge(e) | WireError::ReplyActions(e) => Some(e),
            WireError::View(e) => Some(e),
            WireError::Level(e) => Some(e),
            _ => None,
        }
    }
}

/// A worker's text that answers no request the page waits for ([`crate::BotReply::from_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyError {
    /// It is no reply.
    Unreadable(WireError),
    /// The worker's reply to a request it could not read, with the worker's words when it
    /// gave any.
    NoRequest { error: Option<String> },
}

impl fmt::Display for ReplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplyError::Unreadable(e) => write!(f, "unreadable reply: {e}"),
            ReplyError::NoRequest { error: Some(e) } => f.write_str(e),
            ReplyError::NoRequest { error: None } => f.write_str("a reply to no request"),
        }
    }
}

impl std::error::Error for ReplyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReplyError::Unreadable(e) => Some(e),
            ReplyError::NoRequest { .. } => None,
        }
    }
}

/// The first 20 characters of `text`, as an error quotes an untrusted value.
pub fn cut(text: &str) -> String {
    text.chars().take(20).collect()
}
