//! A lesson's table from its position text (NOTATION.md's `LZP1`), through the engine: the
//! position is read as the view of the seat whose Day it is (its hand shown), and the
//! engine rebuilds a whole game from that view ([`SeatView::rebuild`]), filling the hands
//! it hides in a fixed order. So a lesson is written as a position, never as engine state.

use lauzait_engine::notation::{Concealed, Position};
use lauzait_engine::{Game, GameOptions, OpenHand, SeatView, Status};

/// The game a lesson position stands for, with the seat to move as the learner. Refused
/// (with the reason) when the text is not a position, the learner's hand is not shown, a
/// score is not 0 (a lesson starts before any points), or the engine finds it no real table.
pub fn game_of_position(text: &str) -> Result<Game, String> {
    let pos = Position::parse(text).map_err(|e| e.to_string())?;
    let me = pos.to_move;
    let Concealed::Shown(concealed) = pos.players[me].concealed else {
        return Err("the learner's concealed pieces must be shown".into());
    };
    if pos.players.iter().any(|p| p.score != 0) {
        return Err("a lesson position starts with every score at 0".into());
    }
    let seats = pos.players.iter().map(|p| p.seat).collect();
    let options = GameOptions::new(seats, pos.luminous.is_some())?;
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
    view.rebuild()
}
