//! The Strong player: determinized Monte Carlo search over whole-Day plans.
//!
//! 1. The Normal player lists every plan for the rest of the Day with its heuristic value;
//!    a declaration it would make is made at once. Otherwise the best few plans (at most a
//!    few per resulting hand, so that both different hands and different board moves are
//!    compared) become the candidates.
//! 2. Each playout samples the hidden pieces consistently with what this seat has seen
//!    ([`PlayerView::sample_game`]: the others' concealed pieces and the pool, and a fresh
//!    generator for the sticks), plays the candidate, then lets every player play on with
//!    the Normal policy for a few Days (or to the end of the Season), and scores the
//!    result: this seat's points minus the best other player's, counting for a Season
//!    still running the Normal hand value of each hand.
//! 3. The candidates share their samples (common random numbers) and successive halving
//!    spends the playouts: each round drops the worse half.
//!
//! Strength comes from the number of playouts, never from a clock, so a decision is a
//! function of the view and the generator only.

use super::normal::{self, Evaluator, Plan, Weights};
use crate::engine::{Action, Game, PlayerView, Reading, Status};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Playouts per decision by default: about 0.1 s natively per Day (BOTS.md).
pub const DEFAULT_PLAYOUTS: u32 = 200;

/// The search's settings.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Candidate plans searched.
    pub candidates: usize,
    /// At most this many candidates leading to the same hand.
    pub per_outcome: usize,
    /// Days played after this seat's Day in each playout (all players together); 0: one
    /// round, up to the end of this seat's next Day.
    pub horizon: u32,
    /// Weight of the hand values when a playout stops before the Season ends.
    pub hand_weight: f64,
    /// The points a won game is worth on top of the margin, in the last Season.
    pub win_bonus: f64,
    /// Whom the margin is taken over: 1 the best other player, 0 the others' mean.
    pub rival: f64,
    /// The Normal policy that plays the playouts (the candidates come from the default).
    pub playout_weights: Weights,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            candidates: 8,
            per_outcome: 3,
            horizon: 0,
            hand_weight: 1.0,
            win_bonus: 20.0,
            rival: 1.0,
            playout_weights: Weights::default(),
        }
    }
}

/// The rest of this seat's Day, or `None` when it is not this seat's Day.
pub fn plan_day(view: &PlayerView, rng: &mut impl Rng, playouts: u32) -> Option<Vec<Action>> {
    plan_day_with(view, rng, playouts, Settings::default())
}

/// [`plan_day`] with explicit settings.
pub fn plan_day_with(view: &PlayerView, rng: &mut impl Rng, playouts: u32, settings: Settings) -> Option<Vec<Action>> {
    view.my_day()?;
    let weights = Weights::default();
    let all = normal::plans(view, weights);
    let Some(first) = all.first() else {
        return normal::best_plan(view, rng, weights).map(|p| p.actions);
    };
    // A declaration the Normal player would make (it refuses only losing ones).
    let ends = |p: &Plan| matches!(p.actions.last(), Some(Action::Declare | Action::DeclareStalemate));
    if ends(first) && first.value > 500.0 {
        return Some(first.actions.clone());
    }
    let candidates = pick_candidates(&all, settings);
    if candidates.len() == 1 || playouts == 0 {
        return Some(candidates[0].actions.clone());
    }

    // Successive halving over shared samples.
    let me = view.me();
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let mut totals = vec![0.0; candidates.len()];
    let mut counts = vec![0u32; candidates.len()];
    let rounds = (usize::BITS - (candidates.len() - 1).leading_zeros()).max(1);
    let mut used = 0u32;
    let mut sample = 0u64;
    let base_seed: u64 = rng.random();
    for round in 0..rounds {
        let left = playouts.saturating_sub(used);
        let per = (left / ((rounds - round) * alive.len() as u32)).max(1);
        for _ in 0..per {
            let seed = base_seed.wrapping_add(sample.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            sample += 1;
            let mut sample_rng = Pcg64Mcg::seed_from_u64(seed);
            let start = view.sample_game(&mut sample_rng);
            let policy_seed: u64 = sample_rng.random();
            for &c in &alive {
                let value = playout(&start, me, &candidates[c].actions, policy_seed, settings);
                totals[c] += value;
                counts[c] += 1;
                used += 1;
            }
        }
        if alive.len() == 1 {
            break;
        }
        alive.sort_by(|&a, &b| (totals[b] / counts[b] as f64).total_cmp(&(totals[a] / counts[a] as f64)).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&a, &b| {
            (totals[a] / counts[a] as f64).total_cmp(&(totals[b] / counts[b] as f64)).then(b.cmp(&a))
        })
        .expect("a candidate");
    Some(candidates[best].actions.clone())
}

/// The best plans by the Normal value, at most `per_outcome` leading to the same hand.
fn pick_candidates(all: &[Plan], settings: Settings) -> Vec<Plan> {
    let mut out: Vec<Plan> = Vec::new();
    let mut groups: Vec<(Vec<Action>, u64, usize)> = Vec::new();
    for plan in all {
        if out.len() >= settings.candidates {
            break;
        }
        // Plans leading to the same hand: the same steps before the Hiring and the same value.
        let prefix: Vec<Action> =
            plan.actions.iter().copied().filter(|a| !matches!(a, Action::Move { .. } | Action::Capture { .. })).collect();
        let key = plan.value.to_bits();
        match groups.iter_mut().find(|(p, v, _)| *p == prefix && *v == key) {
            Some((_, _, n)) if *n >= settings.per_outcome => continue,
            Some((_, _, n)) => *n += 1,
            None => groups.push((prefix, key, 1)),
        }
        out.push(plan.clone());
    }
    out
}

/// Plays `plan` in a copy of `start`, then Normal players for `settings.horizon` Days;
/// the margin of seat `me` over the best other seat.
fn playout(start: &Game, me: usize, plan: &[Action], policy_seed: u64, settings: Settings) -> f64 {
    let weights = settings.playout_weights;
    let horizon = if settings.horizon == 0 { start.scores().len() as u32 } else { settings.horizon };
    let mut game = start.clone();
    for &action in plan {
        if game.apply(action).is_err() {
            // Cannot happen with plans made from the same view; count it as very bad.
            return -1000.0;
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(policy_seed);
    let mut days = 0;
    while game.status() == Status::Playing && days < horizon {
        let p = game.to_move();
        let view = game.view(p).expect("seated");
        let Some(plan) = normal::best_plan(&view, &mut rng, weights) else { break };
        for action in plan.actions {
            if game.apply(action).is_err() {
                break;
            }
        }
        days += 1;
    }
    evaluate(&game, me, settings, weights)
}

/// This seat's points minus the best other's, with the hand values of a running Season.
fn evaluate(game: &Game, me: usize, settings: Settings, weights: Weights) -> f64 {
    let n = game.scores().len();
    let running = game.status() == Status::Playing;
    let totals: Vec<f64> = (0..n)
        .map(|p| {
            let mut t = game.scores()[p] as f64;
            if running {
                t += settings.hand_weight * hand_value(game, p, weights);
            }
            t
        })
        .collect();
    let best_other = (0..n).filter(|&p| p != me).map(|p| totals[p]).fold(f64::MIN, f64::max);
    let mean_other = (0..n).filter(|&p| p != me).map(|p| totals[p]).sum::<f64>() / (n - 1) as f64;
    let rival = settings.rival * best_other + (1.0 - settings.rival) * mean_other;
    let mut value = totals[me] - rival;
    let last = game.season().number as usize >= n;
    if last && !running && totals[me] >= best_other {
        value += settings.win_bonus;
    }
    value
}

/// The Normal hand value of player `p` in `game`, from their own view.
fn hand_value(game: &Game, p: usize, weights: Weights) -> f64 {
    let view = game.view(p).expect("seated");
    let ev = Evaluator::from_view(&view, weights);
    let hand = &game.season().hands[p];
    let fixed: Vec<(Reading, [crate::engine::Piece; 3])> = hand.departments.iter().map(|d| (d.reading, d.pieces)).collect();
    let counts = normal::board_counts(&view.board());
    ev.value(&hand.concealed, &fixed, &counts)
}
