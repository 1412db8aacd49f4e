//! A lesson's table from its position text (NOTATION.md's `LZP1`), through the engine: the
//! position is read as the view of the seat whose Day it is (its hand shown), and the
//! engine rebuilds a whole game from that view ([`SeatView::rebuild`]), filling the hands
//! it hides in a fixed order. So a lesson is written as a position, never as engine state.

use lauzait_engine::notation::{Concealed, NotationError, Position};
use lauzait_engine::{Game, GameOptions, OpenHand, OptionsError, RebuildError, SeatView, Status};
use std::fmt;

/// Why a lesson's position is no table a lesson can start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonSetupError {
    /// The text is no position.
    Notation(NotationError),
    /// The learner's concealed pieces are hidden.
    HandHidden,
    /// A score is not 0.
    Scored,
    /// The seats are no game's.
    Options(OptionsError),
    /// The engine finds the position no real table.
    Rebuild(RebuildError),
}

impl fmt::Display for LessonSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LessonSetupError::Notation(e) => e.fmt(f),
            LessonSetupError::HandHidden => f.write_str("the learner's concealed pieces must be shown"),
            LessonSetupError::Scored => f.write_str("a lesson position starts with every score at 0"),
            LessonSetupError::Options(e) => e.fmt(f),
            LessonSetupError::Rebuild(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LessonSetupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LessonSetupError::Notation(e) => Some(e),
            LessonSetupError::Options(e) => Some(e),
            LessonSetupError::Rebuild(e) => Some(e),
            LessonSetupError::HandHidden | LessonSetupError::Scored => None,
        }
    }
}

/// The game a lesson position stands for, with the seat to move as the learner. Refused
/// (with the reason) when the text is not a position, the learner's hand is not shown, a
/// score is not 0 (a lesson starts before any points), or the engine finds it no real table.
pub fn game_of_position(text: &str) -> Result<Game, LessonSetupError> {
    let pos = Position::parse(text).map_err(LessonSetupError::Notation)?;
    let me = pos.to_move;
    let Concealed::Shown(concealed) = pos.players[me].concealed else {
        return Err(LessonSetupError::HandHidden);
    };
    if pos.players.iter().any(|p| p.score != 0) {
        return Err(LessonSetupError::Scored);
    }
    let seats = pos.players.iter().map(|p| p.seat).collect();
    let options = GameOptions::new(seats, pos.luminous.is_some()).map_err(LessonSetupError::Options)?;
    let view = SeatView {
        seat: me,
        options,
        status: Status::Playing,
        scores: vec![0; pos.players.len()],
        ledger: Vec::new(),
        results: Vec::new(),
        season: pos.season,
        start_player: me,
        direction: pos.direction,
        luminous: pos.luminous,
        last_hire: None,
        seen_days: Vec::new(),
        to_move: me,
        day: pos.day,
        board: pos.board,
        hands: pos
            .players
            .iter()
            .map(|p| OpenHand { departments: p.departments.clone(), concealed: p.concealed.count() })
            .collect(),
        concealed,
        steps: Vec::new(),
    };
    view.rebuild().map_err(LessonSetupError::Rebuild)
}
