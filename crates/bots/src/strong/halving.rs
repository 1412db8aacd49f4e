//! The Strong player's successive halving, one round at a time.
//!
//! A round plays every alive candidate on the same new samples of the hidden pieces
//! (common random numbers), then drops the worse half. Each sample is a function of the
//! decision's base seed and its number only ([`sample_seed`]), so a round's samples can be
//! played anywhere — the browser's worker hands some of them to a helper on another core —
//! and the decision is the same as long as the values are folded back sample after sample
//! ([`Search::record`]), which keeps every float sum in the order of a search played in one
//! place ([`super::plan_day_with`]).

use super::{pick_candidates, playout, HandModel, Settings};
use crate::normal::{self, HandMemo, Plan, Weights};
use lauzait_engine::{Action, PlayerView};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::fmt;
use std::ops::Range;

/// Why a round's values were not taken ([`Search::record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// Not as many values as the round's playouts (a helper's reply for another round, or
    /// cut short).
    ValueCount { got: usize, expected: usize },
    /// The search has no candidate plan left to choose.
    NoCandidate,
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::ValueCount { got, expected } => write!(f, "{got} playout values for a round of {expected}"),
            RoundError::NoCandidate => f.write_str("no candidate left"),
        }
    }
}

impl std::error::Error for RoundError {}

/// How a decision starts: made at once, or a search to run.
#[derive(Clone, Debug)]
pub enum Decision {
    /// One candidate only, no playouts to spend, or a declaration made at once.
    Made(Vec<Action>),
    Searching(Search),
}

/// A Strong decision under way between rounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    candidates: Vec<Vec<Action>>,
    /// The candidates still in, best first after each round.
    alive: Vec<usize>,
    totals: Vec<f64>,
    counts: Vec<u32>,
    rounds: u32,
    round: u32,
    playouts: u32,
    used: u32,
    /// The number of the next round's first sample.
    next_sample: u64,
    base_seed: u64,
}

/// Playouts to play: each sample of `samples`, drawn from `base_seed`, with each of `plans`.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    pub base_seed: u64,
    pub samples: Range<u64>,
    pub plans: Vec<Vec<Action>>,
}

impl Batch {
    /// The values [`play`] gives for this batch: one per sample and plan.
    pub fn len(&self) -> usize {
        // Counted in u64: on wasm32 a usize of the sample count alone could wrap to a small
        // number and let a request for billions of playouts pass a reader's limit.
        let samples = self.samples.end.saturating_sub(self.samples.start);
        usize::try_from(samples.saturating_mul(self.plans.len() as u64)).unwrap_or(usize::MAX)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Splits off the last `n` samples (all of them if there are fewer) as a batch of
    /// their own; this batch keeps the first ones.
    pub fn split_off(&mut self, n: u64) -> Batch {
        let n = n.min(self.samples.end.saturating_sub(self.samples.start));
        let cut = self.samples.end - n;
        let rest = Batch { base_seed: self.base_seed, samples: cut..self.samples.end, plans: self.plans.clone() };
        self.samples.end = cut;
        rest
    }
}

/// The generator's seed of sample `n` of a decision.
fn sample_seed(base_seed: u64, n: u64) -> u64 {
    base_seed.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The playouts of `batch` from the seat of `view`, sample after sample, each sample's
/// plans in the batch's order.
pub fn play(view: &PlayerView, model: &HandModel, batch: &Batch, settings: Settings, hands: &mut HandMemo) -> Vec<f64> {
    let mut values = Vec::with_capacity(batch.len());
    for n in batch.samples.clone() {
        play_sample(view, model, batch.base_seed, n, &batch.plans, settings, hands, &mut values);
    }
    values
}

/// The playouts of sample `n` of a decision, one per plan in order, pushed onto `values`.
#[allow(clippy::too_many_arguments)] // a batch of one sample, without copying its plans
pub fn play_sample(
    view: &PlayerView,
    model: &HandModel,
    base_seed: u64,
    n: u64,
    plans: &[Vec<Action>],
    settings: Settings,
    hands: &mut HandMemo,
    values: &mut Vec<f64>,
) {
    let mut sample_rng = Pcg64Mcg::seed_from_u64(sample_seed(base_seed, n));
    let start = model.sample_in(view, &mut sample_rng, hands);
    let policy_seed: u64 = sample_rng.random();
    for plan in plans {
        values.push(playout(&start, view.me(), plan, policy_seed, settings, hands));
    }
}

impl Search {
    /// Starts the decision of the seat of `view`: `None` when it is not its Day. The
    /// candidates come from the Normal player's plans (their hand values remembered in
    /// `hands`), and the search's base seed is drawn from `rng`.
    pub fn start(
        view: &PlayerView,
        rng: &mut impl Rng,
        playouts: u32,
        settings: Settings,
        hands: &mut HandMemo,
    ) -> Option<Decision> {
        view.my_day()?;
        let weights = Weights::default();
        let all = normal::plans_in(view, weights, hands);
        let Some(first) = all.first() else {
            return normal::best_plan(view, rng, weights).map(|p| Decision::Made(p.actions));
        };
        // A declaration the Normal player would make (it refuses only losing ones).
        let ends = |p: &Plan| matches!(p.actions.last(), Some(Action::Declare | Action::DeclareStalemate));
        // With two players, ending the Season when the Normal player would is kept: it was
        // measured no worse than searching it (BOTS.md).
        let search_declarations = settings.search_declarations && view.scores().len() > 2;
        if ends(first) && first.value > 500.0 && !search_declarations {
            return Some(Decision::Made(first.actions.clone()));
        }
        let candidates: Vec<Vec<Action>> = pick_candidates(&all, settings).into_iter().map(|p| p.actions).collect();
        if candidates.len() == 1 || playouts == 0 {
            return Some(Decision::Made(candidates[0].clone()));
        }
        let n = candidates.len();
        Some(Decision::Searching(Search {
            alive: (0..n).collect(),
            totals: vec![0.0; n],
            counts: vec![0; n],
            rounds: (usize::BITS - (n - 1).leading_zeros()).max(1),
            round: 0,
            playouts,
            used: 0,
            next_sample: 0,
            base_seed: rng.random(),
            candidates,
        }))
    }

    /// Samples in this round: the playouts left, spread over the rounds left.
    fn per_candidate(&self) -> u32 {
        let left = self.playouts.saturating_sub(self.used);
        (left / (self.rounds.saturating_sub(self.round).max(1) * self.alive.len().max(1) as u32)).max(1)
    }

    /// This round's playouts: its samples with every candidate still in.
    pub fn batch(&self) -> Batch {
        let first = self.next_sample;
        Batch {
            base_seed: self.base_seed,
            samples: first..first + self.per_candidate() as u64,
            plans: self.alive.iter().map(|&c| self.candidates[c].clone()).collect(),
        }
    }

    /// Folds in the values of this round's [`Search::batch`], in its order, and drops the
    /// worse half; the plan chosen once the last round is in. An error, and nothing
    /// changed, when `values` are not as many as the batch's playouts.
    pub fn record(&mut self, values: &[f64]) -> Result<Option<Vec<Action>>, RoundError> {
        let per = self.per_candidate();
        let expected = per as usize * self.alive.len();
        if values.len() != expected {
            return Err(RoundError::ValueCount { got: values.len(), expected });
        }
        for (i, &value) in values.iter().enumerate() {
            let c = self.alive[i % self.alive.len()];
            self.totals[c] += value;
            self.counts[c] += 1;
        }
        self.used += expected as u32;
        self.next_sample += per as u64;
        self.round += 1;
        if self.alive.len() > 1 {
            let mean = |c: usize| self.totals[c] / self.counts[c] as f64;
            self.alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
            self.alive.truncate(self.alive.len().div_ceil(2));
            if self.round < self.rounds {
                return Ok(None);
            }
        }
        let mean = |c: usize| self.totals[c] / self.counts[c] as f64;
        let best = self.alive.iter().copied().max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)));
        best.map(|c| Some(self.candidates[c].clone())).ok_or(RoundError::NoCandidate)
    }
}
