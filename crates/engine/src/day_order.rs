//! The order of a Day's steps as a refusal names it (A Day, R9–R12): which step was tried
//! ([`DayStep`]) and what the Day needs first or has already passed ([`DayMoment`]). Typed,
//! so that a page translates a refusal by its kind rather than by the engine's words.

use std::fmt;

/// A step of a Day tried out of order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayStep {
    Dissolving,
    Forming,
    Discarding,
    ChoosingAMove,
    Capturing,
}

/// Where the Day stands that refuses the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayMoment {
    /// The Hiring has begun: Dissolving and Forming come before it (R9, R10).
    HiringBegun,
    /// The Day's one discard is made (R12.1).
    AlreadyDiscarded,
    /// A piece is moved only after the discard (R12.2).
    DiscardFirst,
    /// A capture needs the piece to move chosen first (R12.4).
    ChooseMoveFirst,
}

impl fmt::Display for DayStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DayStep::Dissolving => "dissolving",
            DayStep::Forming => "forming",
            DayStep::Discarding => "discarding",
            DayStep::ChoosingAMove => "choosing a piece to move",
            DayStep::Capturing => "capturing",
        })
    }
}

impl fmt::Display for DayMoment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DayMoment::HiringBegun => "the Hiring has begun",
            DayMoment::AlreadyDiscarded => "a piece was already discarded",
            DayMoment::DiscardFirst => "discard first",
            DayMoment::ChooseMoveFirst => "choose a piece to move first",
        })
    }
}
