//! Why the host refuses what its own page (or a tool) asks of it: setting a table, a
//! decision of the table between Days, dealing a round again, a computer player's Day. Each
//! says what to do in words about the table (the page shows them in its language:
//! `lauzait_ui::i18n::table_mode::host_error`); a guest's message is refused otherwise
//! ([`crate::validate::Refused`]), on the wire.

use crate::deal::RevealError;
use lauzait_bots::whole_day::PlanError;
use lauzait_engine::RuleError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostError {
    /// The browser gave fewer bytes of entropy than the table's secrets need.
    NoEntropy { needed: usize, got: usize },
    /// A seat was described for each of `described` players, for a game of `players`.
    SeatCount { described: usize, players: usize },
    /// The game has not been dealt yet (the phones are still pairing or dealing).
    NotBegun,
    /// A player's Day is played on that player's phone, not on the host's screen.
    OnPlayersPhone,
    /// The next Season's deal round is under way already.
    DealUnderWay,
    /// The engine refuses the table's decision now.
    Rule(RuleError),
    /// The deal round of the Season is not complete.
    DealIncomplete,
    /// It is no computer player's Day.
    NoComputerDay,
    /// The computer player's plan came for seat `.0`, whose Day it no longer is.
    NotComputersDay(u8),
    /// The computer player's plan is not exactly its Day.
    NotOneDay,
    /// The engine refuses a step of the computer player's plan.
    ComputerStep(RuleError),
    /// The computer player could not plan its Day.
    Planner(PlanError),
    /// No deal round waits for a revealed secret, so there is nothing to deal again.
    NothingWithheld,
    /// The round was dealt again [`crate::restart::MAX_ATTEMPTS`] times already.
    TooManyAttempts(u32),
    /// The host's own secret did not open its commitment (a damaged save).
    HostSecret(RevealError),
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostError::NoEntropy { needed, got } => write!(
                f,
                "this browser gave {got} random bytes where the table needs {needed}: open the page in another browser"
            ),
            HostError::SeatCount { described, players } => {
                write!(f, "{described} seats were described for a game of {players}: set the table again")
            }
            HostError::NotBegun => f.write_str("the game has not begun: wait until every phone is paired and dealt"),
            HostError::OnPlayersPhone => f.write_str("a player's Day is played on that player's phone"),
            HostError::DealUnderWay => f.write_str("the next Season's deal is under way: wait for every phone"),
            HostError::Rule(why) => write!(f, "the rules refuse it now ({why})"),
            HostError::DealIncomplete => f.write_str("the Season's deal is not complete: wait for every phone"),
            HostError::NoComputerDay => f.write_str("it is no computer player's Day"),
            HostError::NotComputersDay(seat) => {
                write!(f, "it is no longer the computer player's Day (seat {seat}); its plan is dropped")
            }
            HostError::NotOneDay => f.write_str(
                "the computer player's plan is not exactly its Day (stopping early, or going on past it); it is asked again",
            ),
            HostError::ComputerStep(why) => write!(f, "the computer player's step is refused ({why}); it is asked again"),
            HostError::Planner(why) => write!(f, "the computer player could not plan its Day ({why})"),
            HostError::NothingWithheld => {
                f.write_str("no phone is holding back the deal: there is nothing to deal again")
            }
            HostError::TooManyAttempts(n) => write!(
                f,
                "this deal was already started again {n} times: end the game, or wait for the phones to reveal"
            ),
            HostError::HostSecret(e) => write!(f, "the table's save is damaged ({e}): set a new table"),
        }
    }
}
