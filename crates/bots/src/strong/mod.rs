//! The Strong player: determinized Monte Carlo search over whole-Day plans.
//!
//! 1. The Normal player lists every plan for the rest of the Day with its heuristic value;
//!    the best few (at most `candidates`, at most `per_outcome` leading to the same hand, so
//!    that both different hands and different board moves are compared) become the
//!    candidates. A declaration the Normal player would make is one of them.
//! 2. Each playout samples the hidden pieces consistently with what this seat has seen
//!    ([`PlayerView::sample_game_weighted`]: the others' concealed pieces, keeping those
//!    everyone saw them take, and the pool, and a fresh generator for the sticks). The
//!    others have been improving their hands Day by Day, so each hand is drawn from several
//!    uniform draws by its Normal hand value ([`HandModel`]). The playout plays the
//!    candidate, then lets every player play on with the Normal policy (a quicker setting
//!    of it) up to the end of this seat's next Day or of the Season, and scores the
//!    result: this seat's points minus the best other
//!    player's, counting for a Season still running each hand's Normal value; in the last
//!    Season a won game is worth `win_bonus` more (for a playout that stops early, in
//!    proportion to a logistic of the margin).
//! 3. The candidates share their samples (common random numbers) and successive halving
//!    spends the playouts: each round drops the worse half.
//!
//! Strength comes from the number of playouts, never from a clock, so a decision is a
//! function of the view and the generator only.

use super::normal::{self, Evaluator, HandMemo, Plan, Weights};
use lauzait_engine::{Action, Game, Piece, PlayerView, Reading, Status};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

mod halving;
mod settings;
mod settings_error;

pub use halving::{play, play_sample, Batch, Decision, RoundError, Search};
pub use settings::{Changes, PlayoutPolicy, Settings};
pub use settings_error::{SettingsError, ValueKind};

/// Playouts per decision by default (decision times in BOTS.md).
pub const DEFAULT_PLAYOUTS: u32 = 500;

/// The rest of this seat's Day, or `None` when it is not this seat's Day: the whole
/// [`Search`], every round's playouts played here.
pub fn plan_day_with(view: &PlayerView, rng: &mut impl Rng, playouts: u32, settings: Settings) -> Option<Vec<Action>> {
    // One memo of hand values for the whole decision: the playouts meet the same hands.
    let mut hands = HandMemo::new();
    let mut search = match Search::start(view, rng, playouts, settings, &mut hands)? {
        Decision::Made(plan) => return Some(plan),
        Decision::Searching(search) => search,
    };
    let model = HandModel::new(view, settings);
    loop {
        let values = play(view, &model, &search.batch(), settings, &mut hands);
        if let Some(plan) = search.record(&values).ok()? {
            return Some(plan);
        }
    }
}

/// The Strong player's estimate of each of `plans` for the seat of `view`: the mean over
/// the same `playouts` samples of the hidden pieces (drawn as the search draws them) of
/// the seat's margin after playing the plan and a short Normal playout — the number its
/// search ranks candidates by. For the post-game review, which compares the plan a person
/// played with the Strong player's.
pub fn estimate(
    view: &PlayerView,
    plans: &[Vec<Action>],
    rng: &mut impl Rng,
    playouts: u32,
    settings: Settings,
) -> Vec<f64> {
    let mut hands = HandMemo::new();
    let model = HandModel::new(view, settings);
    let base_seed: u64 = rng.random();
    let per = (playouts / plans.len().max(1) as u32).max(1);
    let batch = Batch { base_seed, samples: 0..per as u64, plans: plans.to_vec() };
    let values = play(view, &model, &batch, settings, &mut hands);
    let mut totals = vec![0.0; plans.len()];
    // Summed sample after sample, as the search sums them.
    for (i, value) in values.iter().enumerate() {
        totals[i % plans.len()] += value;
    }
    totals.into_iter().map(|t| t / per as f64).collect()
}

/// The whole-Day plans the Strong player's search would compare from the seat of `view`
/// (the Normal player's best plans, picked as [`Search::start`] picks them), best Normal
/// value first; `None` when it is not this seat's Day. The puzzle generator estimates every
/// one of them to see whether one Day stands out.
pub fn candidates(view: &PlayerView, settings: Settings) -> Option<Vec<Vec<Action>>> {
    view.my_day()?;
    let all = normal::plans_in(view, Weights::default(), &mut HandMemo::new());
    Some(pick_candidates(&all, settings).into_iter().map(|p| p.actions).collect())
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
        let prefix: Vec<Action> = plan
            .actions
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Move { .. } | Action::Capture { .. }))
            .collect();
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
fn playout(
    start: &Game,
    me: usize,
    plan: &[Action],
    policy_seed: u64,
    settings: Settings,
    hands: &mut HandMemo,
) -> f64 {
    let weights = settings.playout_weights;
    let horizon = if settings.horizon == 0 { start.scores().len() as u32 } else { settings.horizon };
    let mut game = start.clone();
    let mut rng = Pcg64Mcg::seed_from_u64(policy_seed);
    for &action in plan {
        // The plan's capture may throw the sticks: from the playout's own generator.
        if game.apply(action, &mut rng).is_err() {
            // Cannot happen with plans made from the same view; count it as very bad.
            return -1000.0;
        }
    }
    let mut days = 0;
    while game.status() == Status::Playing && days < horizon {
        let p = game.to_move();
        let view = game.view(p).expect("seated");
        let Some(plan) = normal::best_plan_in(&view, &mut rng, weights, hands) else { break };
        for action in plan.actions {
            if game.apply(action, &mut rng).is_err() {
                break;
            }
        }
        days += 1;
    }
    evaluate(&game, me, settings, weights, hands)
}

/// This seat's points minus the best other's, with the hand values of a running Season.
fn evaluate(game: &Game, me: usize, settings: Settings, weights: Weights, hands: &mut HandMemo) -> f64 {
    let n = game.scores().len();
    let running = game.status() == Status::Playing;
    let totals: Vec<f64> = (0..n)
        .map(|p| {
            let mut t = game.scores()[p] as f64;
            if running {
                t += settings.hand_weight * hand_value_in(game, p, weights, hands);
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
    } else if last && running && settings.win_scale > 0.0 {
        value += settings.win_bonus / (1.0 + (-(totals[me] - best_other) / settings.win_scale).exp());
    }
    value
}

/// The Normal hand value of player `p` in `game`, from their own view.
pub fn hand_value(game: &Game, p: usize, weights: Weights) -> f64 {
    hand_value_in(game, p, weights, &mut HandMemo::new())
}

/// [`hand_value`], remembered in `hands`.
fn hand_value_in(game: &Game, p: usize, weights: Weights, hands: &mut HandMemo) -> f64 {
    let view = game.view(p).expect("seated");
    let ev = Evaluator::from_view(&view, weights);
    let hand = &game.season().hands[p];
    let (fixed, board) = (normal::fixed_sets(&hand.departments), normal::board_counts(&view.board()));
    ev.value_in(hands, &hand.concealed, &fixed, &board, weights.slack).0
}

/// How the others' hidden hands are drawn: players improve their hands Day by Day, so a
/// uniform draw of the unseen pieces makes them look weaker than they are (in Normal
/// self-play, by about half of their hand value after two Days).
pub struct HandModel {
    evaluator: Evaluator,
    board: [u8; Piece::KINDS],
    /// Per player: the revealed Departments as the hand value reads them, and the Days
    /// played this Season (at most three).
    fixed: Vec<Vec<(Reading, [Piece; 3])>>,
    days: Vec<f64>,
    settings: Settings,
}

impl HandModel {
    pub fn new(view: &PlayerView, settings: Settings) -> HandModel {
        let n = view.scores().len();
        HandModel {
            evaluator: Evaluator::from_view(view, settings.playout_weights),
            board: normal::board_counts(&view.board()),
            fixed: (0..n).map(|p| normal::fixed_sets(view.departments(p))).collect(),
            days: (0..n).map(|p| view.seen_days().iter().filter(|d| d.player == p).count().min(3) as f64).collect(),
            settings,
        }
    }

    /// A game consistent with `view`, its other hands drawn by this model.
    pub fn sample(&self, view: &PlayerView, rng: &mut impl Rng) -> Game {
        self.sample_in(view, rng, &mut HandMemo::new())
    }

    /// [`Self::sample`], the values of the draws remembered in `hands`.
    pub fn sample_in(&self, view: &PlayerView, rng: &mut impl Rng, hands: &mut HandMemo) -> Game {
        // Without skill every draw weighs the same: one draw is a uniform deal.
        let proposals = if self.settings.skill == 0.0 { 1 } else { self.settings.proposals as usize };
        view.sample_game_weighted(rng, proposals, |p, concealed| {
            // A player who has not played this Season yet had no Day to improve the hand:
            // every draw weighs exp(0) whatever its value.
            if self.days[p] == 0.0 {
                return 1.0;
            }
            let slack = self.evaluator.weights().slack;
            let value = self.evaluator.value_in(hands, concealed, &self.fixed[p], &self.board, slack).0;
            (self.settings.skill * self.days[p] * value).min(50.0).exp()
        })
    }
}
