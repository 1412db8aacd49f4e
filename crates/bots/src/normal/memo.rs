//! Hand values remembered across one decision.
//!
//! The same hand is valued again and again while a decision is made: the Normal player
//! values a hand quickly and then exactly (both passes of the search start with the same
//! counting pass), the Dissolve/Form choices leave hands that the Hirings value again, and
//! the Strong player's playouts meet the same hands on the same boards in sample after
//! sample. The value is a pure function of the evaluator's inputs, the hand, its revealed
//! sets, the board and the slack, so a remembered value is exactly the one the search would
//! find again; the key holds all of them (no hash stands in for a key, so play cannot
//! change by a collision).

use super::evaluator::{Evaluator, EvaluatorKey};
use super::search::{self, Counted};
use lauzait_engine::{Piece, PieceCounts, Reading};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// One hand as the search sees it.
#[derive(Clone, PartialEq, Eq)]
struct HandKey {
    evaluator: EvaluatorKey,
    concealed: PieceCounts,
    fixed: [Option<(Reading, [Piece; 3])>; 3],
    board: [u8; Piece::KINDS],
}

impl Hash for HandKey {
    /// Only the parts that tell the hands of a decision apart (keys equal in these are
    /// told apart by their equality): the rest is mostly the same throughout a decision.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.concealed.hash(state);
        self.board.hash(state);
        self.evaluator.numbers[0].hash(state);
    }
}

/// A quick hasher for the keys (the default one is made to resist chosen keys, which
/// these are not), in the manner of rustc's FxHasher.
#[derive(Default)]
struct QuickHasher(u64);

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(last));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type QuickMap<K, V> = HashMap<K, V, BuildHasherDefault<QuickHasher>>;

/// The slacks one hand is valued with in a decision (the quick and the exact value of the
/// root's and of the playouts' weights); a hand valued with more is valued again.
const SLACKS: usize = 4;

/// What is known of one hand.
#[derive(Default)]
struct Known {
    /// Its counting pass (it does not depend on the slack).
    counted: Option<Counted>,
    /// Its value and wanted kinds at each slack (by the slack's bits).
    values: [Option<(u64, (f64, u32))>; SLACKS],
}

/// Hand values found during one decision: start one per decision and pass it to every
/// valuation of that decision ([`Evaluator::value_in`]).
#[derive(Default)]
pub struct HandMemo {
    hands: QuickMap<HandKey, Known>,
}

impl HandMemo {
    pub fn new() -> HandMemo {
        HandMemo::default()
    }

    /// [`Evaluator::value_with_slack`], remembered.
    pub(super) fn value(
        &mut self,
        ev: &Evaluator,
        concealed: &PieceCounts,
        fixed: &[(Reading, [Piece; 3])],
        board: &[u8; Piece::KINDS],
        slack: f64,
    ) -> (f64, u32) {
        if fixed.len() > 3 {
            return search::value(ev, concealed, fixed, board, slack, &mut None);
        }
        let mut sets = [None; 3];
        for (slot, set) in sets.iter_mut().zip(fixed) {
            *slot = Some(*set);
        }
        let hand = HandKey { evaluator: ev.key.clone(), concealed: *concealed, fixed: sets, board: *board };
        let known = self.hands.entry(hand).or_default();
        let bits = slack.to_bits();
        if let Some((_, found)) = known.values.iter().flatten().find(|(b, _)| *b == bits) {
            return *found;
        }
        let found = search::value(ev, concealed, fixed, board, slack, &mut known.counted);
        if let Some(free) = known.values.iter_mut().find(|v| v.is_none()) {
            *free = Some((bits, found));
        }
        found
    }
}
