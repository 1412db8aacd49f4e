//! What one seat knows that matters for valuing a hand (the Normal player's [`Evaluator`]),
//! and the tunable constants of that value. Plain data made from a view: the search that
//! values hands with it is in [`super::search`], the methods that run it in
//! [`super::hand_value`], and the memo of values in [`super::memo`]; this file imports none
//! of them, so that the three read it without going round in a circle.

use lauzait_engine::{Piece, PlayerCount, PlayerView};

/// The tunable constants of the hand value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Factor per missing piece (on top of the Day's discount).
    pub gamma: f64,
    /// Share of a not-yet-formed set's bonus counted in the hand value.
    pub lambda: f64,
    /// Chance-like weight of one copy on the board of a missing piece.
    pub board_ease: f64,
    /// The same for one copy not seen (in another hand, or the pool).
    pub unseen_ease: f64,
    /// Discount per Day until the declaration (one exchange and one Form per Day).
    pub delay: f64,
    /// Targets less likely than the likeliest by more than this (in −ln of their chance)
    /// are not valued (infinite: all are).
    pub slack: f64,
    /// The kinds wanted are those missing from targets worth this share of the best.
    pub wants_floor: f64,
    /// The slack of the quick value every hand left by a Hiring gets…
    pub fast_slack: f64,
    /// …before the best this many get the full value.
    pub refine: usize,
    /// At most this many Dissolve/Form choices are followed by a Hiring…
    pub prefixes: usize,
    /// (ranked by the hand they leave, valued with this slack)…
    pub prefix_slack: f64,
    /// …and only those within this many points of the best.
    pub prefix_margin: f64,
    /// The most search nodes one hand value may visit.
    pub max_nodes: u32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            gamma: 1.0,
            lambda: 0.9,
            board_ease: 0.55,
            unseen_ease: 0.2,
            delay: 0.6,
            slack: 1.4,
            wants_floor: 0.5,
            fast_slack: 0.0,
            refine: 6,
            prefixes: 2,
            prefix_slack: 0.0,
            prefix_margin: 3.0,
            max_nodes: 2_000,
        }
    }
}

/// What one seat knows that matters for valuing its hand.
#[derive(Clone, Debug)]
pub struct Evaluator {
    pub(super) players: PlayerCount,
    /// Copies of each kind that may still reach a hand: not in any revealed Department and
    /// not the luminous piece.
    pub(super) live: [u8; Piece::KINDS],
    pub(super) luminous: Option<Piece>,
    pub(super) weights: Weights,
    /// The chance of filling each missing copy of a kind, by how many copies may still come
    /// and how many of those are on the board ([`slot_row`]).
    pub(super) slots: [[Slot; COPIES]; COPIES * COPIES],
    /// The least cost of an exchange (−ln of the best factor and a Day).
    pub(super) cheapest: f64,
    /// All the above comes from this ([`HandMemo`]'s key).
    pub(super) key: EvaluatorKey,
}

impl Evaluator {
    /// For the seat of `view`.
    pub fn from_view(view: &PlayerView, weights: Weights) -> Evaluator {
        let players = view.players();
        let mut live = [0u8; Piece::KINDS];
        for p in Piece::all() {
            live[p.index()] = p.copies(players);
        }
        for seat in 0..view.scores().len() {
            for d in view.departments(seat) {
                for p in d.pieces {
                    live[p.index()] -= 1;
                }
            }
        }
        if let Some(l) = view.luminous() {
            live[l.index()] = live[l.index()].saturating_sub(1);
        }
        let others: usize = (0..view.scores().len()).filter(|&s| s != view.me()).map(|s| view.concealed_count(s)).sum();
        let unseen = others + view.pool_count();
        // The chance that an unseen piece is in another hand rather than the pool.
        let in_hand_share = if unseen == 0 { 0.0 } else { others as f64 / unseen as f64 };
        let luminous = view.scoring_luminous();
        let w = &weights;
        let board_factor: [f64; COPIES] =
            std::array::from_fn(|b| w.gamma * (1.0 - (1.0 - w.board_ease).powi(b as i32)));
        let unseen_factor: [f64; COPIES] =
            std::array::from_fn(|m| w.gamma * (1.0 - (1.0 - w.unseen_ease).powf(m as f64 * in_hand_share)));
        let cost = |f: f64| if f > 0.0 { -(f * w.delay).ln() } else { 1e9 };
        let board_cost = board_factor.map(cost);
        let unseen_cost = unseen_factor.map(cost);
        let cheapest = board_cost[4];
        let slots = std::array::from_fn(|row| {
            let (avail, board) = ((row / COPIES) as u8, (row % COPIES) as u8);
            std::array::from_fn(|i| {
                let i = i as u8;
                // The board's copies are the likeliest to come, so they fill the first slots.
                if i >= avail {
                    Slot { factor: 0.0, cost: 1e9 }
                } else if i < board {
                    let b = (board - i).min(4) as usize;
                    Slot { factor: board_factor[b], cost: board_cost[b] }
                } else {
                    let m = (avail - i).min(4) as usize;
                    Slot { factor: unseen_factor[m], cost: unseen_cost[m] }
                }
            })
        });
        let numbers = [in_hand_share, w.gamma, w.lambda, w.board_ease, w.unseen_ease, w.delay, w.wants_floor];
        let key = EvaluatorKey { players, live, luminous, numbers: numbers.map(f64::to_bits), max_nodes: w.max_nodes };
        Evaluator { players, live, luminous, weights, slots, cheapest, key }
    }

    /// The weights this evaluator values hands with.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }
}

/// A kind has at most four copies: 0–4 may still come.
pub(super) const COPIES: usize = 5;

/// The row of [`Evaluator::slots`] for a kind of which `avail` copies may still come, `board`
/// of them on the board (both at most 4).
pub(super) fn slot_row(avail: u8, board: u8) -> u8 {
    debug_assert!((avail as usize) < COPIES);
    avail * COPIES as u8 + board.min(avail)
}

/// One missing copy of a kind: the chance of getting it (a factor of the target's value)
/// and its cost, −ln of that chance and of a Day's wait (infinite-like when it cannot come).
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot {
    pub(super) factor: f64,
    pub(super) cost: f64,
}

/// What an [`Evaluator`]'s search depends on: the seat's knowledge and the weights the
/// search reads (two evaluators with the same key value every hand alike).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct EvaluatorKey {
    pub(super) players: PlayerCount,
    pub(super) live: [u8; Piece::KINDS],
    pub(super) luminous: Option<Piece>,
    /// The bits of the share of unseen pieces in other hands, and of the weights `gamma`,
    /// `lambda`, `board_ease`, `unseen_ease`, `delay` and `wants_floor`.
    pub(super) numbers: [u64; 7],
    pub(super) max_nodes: u32,
}
