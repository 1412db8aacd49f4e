//! Why an embed's address, or a demonstration's pieces in it, is refused: the parameter to
//! mend, for whoever writes the page that embeds the board. The English words are each
//! error's `Display`; the page's words in either language, `i18n::embed::embed_error`.

use lauzait_engine::notation::{NotationCause, NotationError};
use lauzait_engine::square::BadSquare;
use lauzait_engine::ExcessPieces;
use std::fmt;

/// A parameter of the address that is refused ([`super::params::EmbedParams::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmbedParamError {
    /// `from=` of `demo=moves` is not a square.
    From(BadSquare),
    /// `demo=` names no demonstration.
    NotADemo { name: String },
    /// The position given (`embed=` or `position=`) is not an LZP1 position.
    Position(NotationError),
}

impl fmt::Display for EmbedParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbedParamError::From(e) => write!(f, "from: {e}"),
            EmbedParamError::NotADemo { name } => {
                write!(f, "demo={name}: not a demonstration (mountain, moves, throw, readings, scoring)")
            }
            EmbedParamError::Position(e) => write!(f, "Position: {e}"),
        }
    }
}

impl std::error::Error for EmbedParamError {}

/// Why the scoring demonstration's `hand=` or `lum=` is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringHandError {
    /// `hand=` is not a hand's pieces.
    Hand(NotationCause),
    /// `hand=` holds a piece more often than the game has it.
    HandCounts(ExcessPieces),
    /// `lum=` with the hand holds a piece more often than the game has it.
    Luminous(ExcessPieces),
}

impl fmt::Display for ScoringHandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoringHandError::Hand(e) => write!(f, "hand: {e}"),
            ScoringHandError::HandCounts(e) => write!(f, "hand: {e}"),
            ScoringHandError::Luminous(e) => write!(f, "lum: {e}"),
        }
    }
}

impl std::error::Error for ScoringHandError {}

/// The first mistake a caption shows: in the address, or in a demonstration's pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmbedError {
    Param(EmbedParamError),
    /// The readings demonstration's `pieces=` is not three pieces the game has.
    Pieces(NotationCause),
    Scoring(ScoringHandError),
}

impl fmt::Display for EmbedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmbedError::Param(e) => e.fmt(f),
            EmbedError::Pieces(e) => write!(f, "pieces: {e}"),
            EmbedError::Scoring(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EmbedError {}
