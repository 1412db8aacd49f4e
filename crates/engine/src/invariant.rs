//! The invariants a game keeps between Days ([`crate::Game::invariant_violation`]), and which
//! one a position breaks: a fault of the engine (or of a position read from outside, such as
//! a seat's view), never of a player's move.

use super::notation::BoardText;
use super::piece::PieceCounts;
use super::position::Board;
use std::fmt;

/// The first invariant a position breaks, with what was counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invariant {
    /// The board, hands, pool and luminous piece do not hold the game's pieces (R1, R3).
    PiecesNotConserved { season: u8, counted: PieceCounts },
    /// Between Days the board holds 24 pieces and one empty square (R12.1).
    BoardNotFull { board: Board },
    /// A hand is nine pieces (R6).
    HandSize { player: usize, pieces: usize },
    /// Pieces everyone saw enter a player's concealed pieces are among them.
    KnownNotConcealed { player: usize, known: PieceCounts },
    /// A player's score is the sum of their ledger's entries.
    ScoreOffLedger { player: usize, score: i32, ledger: i64 },
}

impl fmt::Display for Invariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invariant::PiecesNotConserved { season, counted } => {
                write!(f, "pieces not conserved in Season {season}: {counted}")
            }
            Invariant::BoardNotFull { board } => {
                write!(f, "board does not hold 24 pieces and one empty square: {}", BoardText(board))
            }
            Invariant::HandSize { player, pieces } => write!(f, "hand of player {player} holds {pieces} pieces, not 9"),
            Invariant::KnownNotConcealed { player, known } => {
                write!(f, "player {player}'s known pieces {known} are not all among their concealed pieces")
            }
            Invariant::ScoreOffLedger { player, score, ledger } => {
                write!(f, "score of player {player} is {score} but the ledger sums to {ledger}")
            }
        }
    }
}

impl std::error::Error for Invariant {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PlayerCount;
    use crate::square::Square;

    #[test]
    fn each_broken_invariant_says_what_was_counted() {
        let full = PieceCounts::full_set(PlayerCount::Two);
        let said = [
            (Invariant::HandSize { player: 1, pieces: 8 }, "hand of player 1 holds 8 pieces, not 9".to_string()),
            (
                Invariant::ScoreOffLedger { player: 0, score: 5, ledger: 3 },
                "score of player 0 is 5 but the ledger sums to 3".into(),
            ),
            (
                Invariant::PiecesNotConserved { season: 2, counted: full },
                format!("pieces not conserved in Season 2: {full}"),
            ),
            (
                Invariant::KnownNotConcealed { player: 1, known: full },
                format!("player 1's known pieces {full} are not all among their concealed pieces"),
            ),
        ];
        for (invariant, words) in said {
            assert_eq!(invariant.to_string(), words);
        }
        let board = Board([None; Square::COUNT]);
        let empty = Invariant::BoardNotFull { board }.to_string();
        assert!(empty.starts_with("board does not hold 24 pieces and one empty square: "), "{empty}");
    }
}
