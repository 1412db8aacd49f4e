//! What lies on the table during a Season: the board, every hand and its Departments.

use super::piece::{Piece, PieceCounts};
use super::sets::Reading;
use super::square::Square;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The cloth with what stands on each square. Between Days exactly one square is empty
/// (R12.1); right after a discard none is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board(pub(crate) [Option<Piece>; Square::COUNT]);

impl Board {
    pub fn get(&self, square: Square) -> Option<Piece> {
        self.0[square.index()]
    }

    /// Puts `piece` on `square` (or empties it). A board is plain data: the engine's steps
    /// keep a game's board legal, and the Season log redraws past boards with it.
    pub fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.0[square.index()] = piece;
    }

    /// The empty squares, in square order.
    pub fn empty_squares(&self) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(|&s| self.get(s).is_none())
    }

    /// The single empty square between Days, or `None` when the board is full or has several.
    pub fn the_empty_square(&self) -> Option<Square> {
        let mut empty = self.empty_squares();
        let first = empty.next()?;
        empty.next().is_none().then_some(first)
    }

    pub fn pieces(&self) -> PieceCounts {
        self.0.iter().flatten().copied().collect()
    }

    /// A bit per kind present on the board (bit = kind index), for fast Hiring checks.
    pub(crate) fn kind_mask(&self) -> u32 {
        self.0.iter().flatten().fold(0, |m, p| m | 1 << p.index())
    }

    /// The board as the analyze protocol writes it: a1, b1, … e5.
    pub fn squares(&self) -> &[Option<Piece>; Square::COUNT] {
        &self.0
    }

    /// A board from 25 entries with exactly one empty square.
    pub fn from_squares(squares: [Option<Piece>; Square::COUNT]) -> Result<Board, BoardError> {
        let board = Board(squares);
        match board.empty_squares().count() {
            1 => Ok(board),
            empty_squares => Err(BoardError { empty_squares }),
        }
    }

    /// A board as it stands within a Day: one empty square, or none once the Day's discard
    /// filled it (R12.1).
    pub fn within_day(squares: [Option<Piece>; Square::COUNT]) -> Result<Board, BoardError> {
        let board = Board(squares);
        match board.empty_squares().count() {
            0 | 1 => Ok(board),
            empty_squares => Err(BoardError { empty_squares }),
        }
    }
}

/// A revealed set (R10). The bonus received is recorded so that dissolving pays back
/// exactly that (R9), however its Jokers are read later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Department {
    /// The physical pieces, sorted.
    pub pieces: [Piece; 3],
    /// How the Jokers were read when it was formed.
    pub reading: Reading,
    pub bonus: u8,
}

/// A player's nine pieces: the concealed ones and up to three revealed Departments.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    pub concealed: PieceCounts,
    pub departments: Vec<Department>,
}

impl Hand {
    pub fn total(&self) -> usize {
        self.concealed.total() + 3 * self.departments.len()
    }

    /// Every physical piece of the hand, concealed and revealed.
    pub fn all_pieces(&self) -> PieceCounts {
        let mut all = self.concealed;
        for d in &self.departments {
            for p in d.pieces {
                all.add(p);
            }
        }
        all
    }

    pub fn department_pieces(&self) -> Vec<[Piece; 3]> {
        self.departments.iter().map(|d| d.pieces).collect()
    }
}

/// A board without exactly one empty square (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub empty_squares: usize,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board must have exactly one empty square, not {}", self.empty_squares)
    }
}

impl std::error::Error for BoardError {}
