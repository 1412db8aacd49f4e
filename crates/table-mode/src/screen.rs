//! What the host's and the guests' screens ([`super::host_screen`], [`super::guest_screen`])
//! share: the problem a page shows, and the budget that keeps one connection from taking
//! the page's time.

use super::guest_error::GuestError;
use super::host::{HostError, SaveError};
use super::pairing::AnswerProblem;
use lauzait_engine::OptionsError;

/// A problem the page shows above everything else, until the next one or until it is
/// solved. Typed, so that each page says it in its own language (the words:
/// `lauzait_ui::i18n::table_mode`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The browser could not set up a direct connection; its own words.
    ConnectionFailed(String),
    /// A code read for a seat is not that seat's answer; why, when the reader said.
    BadCode(Option<String>),
    /// The camera could not be started.
    CameraFailed,
    /// The browser gives no cryptographic randomness: the table's keys, tokens and
    /// secrets cannot be made, and guessable ones would let anyone take a seat.
    NoEntropy,
    /// A phone opened a pairing code it had already connected through (its page reloaded on
    /// an old link, after the board reloaded, say): a browser's offer connects once, so
    /// only the seat's new code on the board can pair it.
    SpentCode,
    /// A message from the host that this phone refuses (unreadable, or one the table's
    /// game or deal cannot have).
    HostMessage(GuestError),
}

/// A problem the board's page shows: one either page can have, or one only the board has.
/// Apart, so that a phone's page, which can meet neither of the board's own, carries none of
/// their words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostProblem {
    Page(Problem),
    /// The saved table could not be resumed: why, and that a new table must be set.
    Save(SaveError),
    /// The host refused what its page asked (a decision of the table, dealing again).
    Host(HostError),
    /// The table's setup could not be made into a game's seats.
    Setup(OptionsError),
}

impl From<Problem> for HostProblem {
    fn from(p: Problem) -> HostProblem {
        HostProblem::Page(p)
    }
}

impl From<AnswerProblem> for Problem {
    fn from(p: AnswerProblem) -> Problem {
        match p {
            AnswerProblem::OtherSeat => Problem::BadCode(None),
            // What is wrong with the code, so the person knows whether to rescan or recopy.
            AnswerProblem::Unreadable(why) => Problem::BadCode(Some(why.to_string())),
        }
    }
}

/// How many messages a connection may send per second, on average.
pub const MESSAGES_PER_SECOND: f64 = 20.0;
/// How many messages a connection may send at once after a quiet while. A real phone sends
/// a handful a second at most (a join, a commitment, a reveal, its steps); a deal round's
/// burst is a few.
pub const MESSAGE_BURST: f64 = 40.0;

/// A token bucket: each message takes a token, and tokens come back at
/// [`MESSAGES_PER_SECOND`] up to [`MESSAGE_BURST`]. A message without a token is dropped
/// unread, so that a flood costs the page a counter's increment and nothing more.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bucket {
    tokens: f64,
    at: f64,
}

impl Bucket {
    /// A full bucket at `now` (ms).
    pub fn new(now: f64) -> Bucket {
        Bucket { tokens: MESSAGE_BURST, at: now }
    }

    /// Whether a message arriving at `now` (ms) may be read; takes its token if so.
    pub fn take(&mut self, now: f64) -> bool {
        // A clock that goes back (it should not) refills nothing rather than draining.
        let elapsed = (now - self.at).max(0.0);
        self.tokens = (self.tokens + elapsed * MESSAGES_PER_SECOND / 1000.0).min(MESSAGE_BURST);
        self.at = self.at.max(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
