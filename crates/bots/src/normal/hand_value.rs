//! The Normal player's hand value: [`Evaluator`]'s methods that value a hand, by the
//! search ([`super::search`]) or through a memo of values ([`super::memo`]). What the
//! evaluator knows is in [`super::evaluator`].

use super::evaluator::Evaluator;
use super::memo::HandMemo;
use super::search;
use lauzait_engine::{Department, Piece, PieceCounts, Reading};

impl Evaluator {
    /// The expected points still to come from a hand of `concealed` pieces and revealed
    /// Departments read as `fixed` (with those physical pieces), with `board` holding the
    /// counts of each kind on the board.
    pub fn value(&self, concealed: &PieceCounts, fixed: &[(Reading, [Piece; 3])], board: &[u8; Piece::KINDS]) -> f64 {
        self.value_and_wants(concealed, fixed, board).0
    }

    /// [`Self::value_and_wants`].
    pub fn value_and_wants(
        &self,
        concealed: &PieceCounts,
        fixed: &[(Reading, [Piece; 3])],
        board: &[u8; Piece::KINDS],
    ) -> (f64, u32) {
        self.value_with_slack(concealed, fixed, board, self.weights.slack)
    }

    /// [`Self::value`] valuing only targets within `slack` of the likeliest (−ln of their
    /// chance), and the kinds the hand's best targets are missing (a bit per kind): a
    /// piece of any other kind gained in exchange is worth little to this hand.
    pub fn value_with_slack(
        &self,
        concealed: &PieceCounts,
        fixed: &[(Reading, [Piece; 3])],
        board: &[u8; Piece::KINDS],
        slack: f64,
    ) -> (f64, u32) {
        search::value(self, concealed, fixed, board, slack, &mut None)
    }

    /// [`Self::value_with_slack`], remembered in `memo` (the same value, found once).
    pub fn value_in(
        &self,
        memo: &mut HandMemo,
        concealed: &PieceCounts,
        fixed: &[(Reading, [Piece; 3])],
        board: &[u8; Piece::KINDS],
        slack: f64,
    ) -> (f64, u32) {
        memo.value(self, concealed, fixed, board, slack)
    }
}

/// Revealed Departments as [`Evaluator::value`] reads them: each reading with its pieces.
pub fn fixed_sets(departments: &[Department]) -> Vec<(Reading, [Piece; 3])> {
    departments.iter().map(|d| (d.reading, d.pieces)).collect()
}
