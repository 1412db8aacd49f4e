//! Text notation for game records and positions (NOTATION.md), so games can be saved to a
//! file, shared as a link and replayed, and positions shown on other pages.
//!
//! This module is the grammar both formats share: the tokens (actions, pieces, seats, the
//! board, the turn, the luminous piece), their errors and the limits on a text's length. The
//! records are read and written by `record.rs`, the positions (`LZP1`) by `notation/position.rs`.
//!
//! Both formats are whitespace-separated tokens. Every error says which token and why, and
//! quotes at most an [`excerpt`] of the text: records and positions come from files and
//! links, so they may be anything, of any length.

mod cause;
mod position;

pub use cause::{NoDeal, NotationCause};
pub use position::{Concealed, Position, PositionPlayer};

use super::day::Action;
use super::piece::{excerpt, Piece};
use super::position::Board;
use super::seat::{Direction, Seat};
use super::sets::Reading;
use super::square::Square;
use std::fmt;

/// Where a text failed to parse and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based index of the token at fault (0: the text as a whole).
    pub token: usize,
    pub text: String,
    pub why: NotationCause,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token == 0 {
            self.why.fmt(f)
        } else {
            write!(f, "token {} '{}': {}", self.token, self.text, self.why)
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.why)
    }
}

pub(super) fn error(token: usize, text: &str, why: impl Into<NotationCause>) -> NotationError {
    NotationError { token, text: excerpt(text), why: why.into() }
}

/// The longest record read, in bytes. A Day takes about a dozen characters (`G3 a1 >b2`),
/// so this is some 40,000 Days: far beyond any game played, yet a limit that a pasted file
/// or link reaches long before replaying it could take noticeable time.
pub const MAX_RECORD_BYTES: usize = 512 * 1024;

/// The longest position read, in bytes. The longest valid one (four players, shown hands,
/// every score at its widest) is under 500 bytes; the rest is room for spacing.
pub const MAX_POSITION_BYTES: usize = 4096;

/// Refuses a text over `max` bytes before any of it is read, so the cost of a refusal
/// never grows with the text.
pub(super) fn check_length(text: &str, what: &'static str, max: usize) -> Result<(), NotationError> {
    if text.len() > max {
        return Err(error(0, "", NotationCause::TooLong { what, len: text.len(), max }));
    }
    Ok(())
}

pub(super) fn seat_list(seats: &[Seat]) -> String {
    seats.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

pub(super) fn parse_seat(text: &str) -> Result<Seat, NotationCause> {
    Seat::ALL
        .into_iter()
        .find(|s| s.to_string() == text)
        .ok_or_else(|| NotationCause::UnknownSeat { text: excerpt(text) })
}

pub(super) fn parse_seats(text: &str) -> Result<Vec<Seat>, NotationCause> {
    text.split(',').map(parse_seat).collect()
}

/// An action as one token.
pub struct ActionToken(pub Action);

impl fmt::Display for ActionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Action::Dissolve { department } => write!(f, "x{department}"),
            Action::Form { pieces, reading } => {
                let [a, b, c] = pieces;
                let [x, y, z] = reading.pieces();
                write!(f, "f{a}{b}{c}={x}{y}{z}")
            }
            Action::Declare => f.write_str("!"),
            Action::DeclareStalemate => f.write_str("#"),
            Action::Discard { piece } => write!(f, "{piece}"),
            Action::Move { from } => write!(f, "{from}"),
            Action::Capture { to } => write!(f, ">{to}"),
            Action::Undo => f.write_str("u"),
            Action::NextSeason => f.write_str("n"),
            Action::EndSeasonByAgreement => f.write_str("~"),
            Action::EndGameByAgreement => f.write_str("end"),
        }
    }
}

/// Actions as record tokens separated by spaces (`G5 b2 >c3 !`, NOTATION.md): what
/// [`parse_actions`] reads.
pub fn actions_text(actions: &[Action]) -> String {
    let tokens: Vec<String> = actions.iter().map(|&a| ActionToken(a).to_string()).collect();
    tokens.join(" ")
}

/// Actions written as record tokens (`G5 b2 >c3 !`, NOTATION.md), read one by one without a
/// game to check them against (the caller applies them: a lesson's solution, say). The
/// token at fault and why otherwise.
pub fn parse_actions(tokens: &str) -> Result<Vec<Action>, NotationError> {
    check_length(tokens, "list of actions", MAX_RECORD_BYTES)?;
    tokens.split_whitespace().enumerate().map(|(i, t)| parse_action(t).map_err(|why| error(i + 1, t, why))).collect()
}

pub(super) fn parse_action(token: &str) -> Result<Action, NotationCause> {
    Ok(match token {
        "!" => Action::Declare,
        "#" => Action::DeclareStalemate,
        "u" => Action::Undo,
        "n" => Action::NextSeason,
        "~" => Action::EndSeasonByAgreement,
        "end" => Action::EndGameByAgreement,
        _ => {
            if let Some(n) = token.strip_prefix('x') {
                let department = n.parse().map_err(|_| NotationCause::DissolveNumber)?;
                Action::Dissolve { department }
            } else if let Some(form) = token.strip_prefix('f') {
                let (pieces, reading) = form.split_once('=').ok_or(NotationCause::FormShape)?;
                let pieces = three_pieces(pieces)?;
                let reading = Reading::from_pieces(three_pieces(reading)?)?;
                Action::Form { pieces, reading }
            } else if let Some(to) = token.strip_prefix('>') {
                Action::Capture { to: to.parse::<Square>()? }
            } else if let Ok(piece) = token.parse::<Piece>() {
                Action::Discard { piece }
            } else if let Ok(from) = token.parse::<Square>() {
                Action::Move { from }
            } else {
                return Err(NotationCause::NotAnAction);
            }
        }
    })
}

/// Splits "G1G2J" into pieces (records, positions, and the embeds' `pieces=` and `hand=`);
/// a mistake is named with an excerpt of the text, never the whole of it.
pub fn pieces_in(text: &str) -> Result<Vec<Piece>, NotationCause> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let len = if bytes[i] == b'J' { 1 } else { 2 };
        let code = text.get(i..i + len).ok_or_else(|| NotationCause::UnfinishedPiece { text: excerpt(&text[i..]) })?;
        out.push(code.parse::<Piece>()?);
        i += len;
    }
    Ok(out)
}

/// A hand's concealed pieces, as "G1G2J", at most nine (R6).
pub fn hand_pieces(text: &str) -> Result<Vec<Piece>, NotationCause> {
    let pieces = pieces_in(text)?;
    if pieces.len() > HAND {
        return Err(NotationCause::HandTooLarge { count: pieces.len() });
    }
    Ok(pieces)
}

/// Exactly three pieces, as "G3G4J" (a set).
pub fn three_pieces(text: &str) -> Result<[Piece; 3], NotationCause> {
    pieces_in(text)?.try_into().map_err(|_| NotationCause::NotThreePieces { text: excerpt(text) })
}

/// `red+`: the seat whose Day it is (its index among `seats`) and the direction, `+`
/// clockwise or `-` counterclockwise.
pub(super) fn parse_turn(turn: &str, seats: &[Seat]) -> Result<(usize, Direction), NotationCause> {
    let (seat, direction) = match (turn.strip_suffix('+'), turn.strip_suffix('-')) {
        (Some(s), _) => (s, Direction::Clockwise),
        (_, Some(s)) => (s, Direction::Counterclockwise),
        _ => return Err(NotationCause::TurnShape),
    };
    let seat = parse_seat(seat)?;
    let to_move = seats.iter().position(|&s| s == seat).ok_or(NotationCause::SeatNotPlaying)?;
    Ok((to_move, direction))
}

/// The turn as [`parse_turn`] reads it.
pub(super) fn turn_text(seat: Seat, direction: Direction) -> String {
    let dir = if direction == Direction::Clockwise { "+" } else { "-" };
    format!("{seat}{dir}")
}

/// `lum=G8` or `lum=off`: the luminous piece (R30), or none.
pub(super) fn parse_luminous(text: &str) -> Result<Option<Piece>, NotationCause> {
    match text.strip_prefix("lum=") {
        Some("off") => Ok(None),
        Some(code) => Ok(Some(code.parse::<Piece>()?)),
        None => Err(NotationCause::LuminousShape),
    }
}

/// The luminous piece as [`parse_luminous`] reads it.
pub(super) fn luminous_text(luminous: Option<Piece>) -> String {
    match luminous {
        Some(l) => format!("lum={l}"),
        None => "lum=off".into(),
    }
}

/// The board in a position's form: ranks 5 down to 1, files a→e, `-` for empty.
pub(super) struct BoardText<'a>(pub &'a Board);

impl fmt::Display for BoardText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            for file in 0..5 {
                match self.0.get(Square::new(file, rank).expect("5×5")) {
                    Some(p) => write!(f, "{p}")?,
                    None => f.write_str("-")?,
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

pub(super) fn parse_board(text: &str) -> Result<Board, NotationCause> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        return Err(NotationCause::Ranks { count: ranks.len() });
    }
    let mut squares = [None; Square::COUNT];
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = 4 - r as u8;
        let mut cells = Vec::new();
        for chunk in rank_text.split_inclusive('-') {
            let (pieces, empty) = match chunk.strip_suffix('-') {
                Some(p) => (p, true),
                None => (chunk, false),
            };
            cells.extend(pieces_in(pieces)?.into_iter().map(Some));
            if empty {
                cells.push(None);
            }
        }
        if cells.len() != 5 {
            return Err(NotationCause::RankSquares { rank: rank + 1, count: cells.len() });
        }
        for (file, cell) in cells.into_iter().enumerate() {
            squares[Square::new(file as u8, rank).expect("5×5").index()] = cell;
        }
    }
    Ok(Board::from_squares(squares)?)
}

/// The pieces of a hand between Days (R6: nine are dealt, and a Hiring gives back one for one).
pub(super) const HAND: usize = 9;
