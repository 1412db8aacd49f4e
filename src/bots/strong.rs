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
use crate::engine::{Action, Game, Piece, PlayerView, Reading, Status};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::fmt;
use std::str::FromStr;

/// Playouts per decision by default (decision times in BOTS.md).
pub const DEFAULT_PLAYOUTS: u32 = 500;

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
    /// Whether, with three or four players, a declaration the Normal player would make is
    /// searched like any other plan (otherwise it is made at once).
    pub search_declarations: bool,
    /// In the last Season, the won-game bonus is also given, smoothly, to a playout that
    /// stops early: `win_bonus` × logistic(margin / `win_scale`) (0: only finished games).
    pub win_scale: f64,
    /// Whom the margin is taken over: 1 the best other player, 0 the others' mean.
    pub rival: f64,
    /// The Normal policy that plays the playouts (the candidates come from the default).
    pub playout_weights: Weights,
    /// Each other hand is one of this many random draws (1: a uniform draw)…
    pub proposals: u32,
    /// …picked in proportion to exp(`skill` × Days it has played this Season (at most
    /// three) × its Normal hand value): the others' hands have been improving.
    pub skill: f64,
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
            search_declarations: true,
            win_scale: 3.0,
            playout_weights: Weights { refine: 2, slack: 0.7, prefixes: 1, ..Weights::default() },
            proposals: 16,
            skill: 0.8,
        }
    }
}

impl Settings {
    /// The settings the Strong player plays with in a game of `players`. With two players
    /// each playout looks two rounds ahead instead of one, over sixteen candidates instead
    /// of eight (at most four to a hand): against Normal it won 70.6% of 1000 games where
    /// the default won 63.5%, and 69.7% against 64.0% over 1000 other deals (BOTS.md), for
    /// decisions about 1.5 times as long, still the shortest of any table. With three or
    /// four players a round is longer and the default's decisions already take most of the
    /// browser's second at four, so they keep it.
    pub fn for_players(players: usize) -> Settings {
        let default = Settings::default();
        if players == 2 {
            Settings { horizon: 4, candidates: 16, per_outcome: 4, ..default }
        } else {
            default
        }
    }
}

/// The settings `lauzait tournament --strong` can change, as `key=value` text.
const KEYS: &str =
    "candidates, per_outcome, horizon, hand_weight, win_bonus, search_declarations, win_scale, rival, proposals, skill";

impl fmt::Display for Settings {
    /// `key=value` pairs, comma-separated, that [`Settings::from_str`] reads back (the
    /// playout policy is not among them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "candidates={},per_outcome={},horizon={},hand_weight={},win_bonus={},search_declarations={},win_scale={},rival={},proposals={},skill={}",
            self.candidates,
            self.per_outcome,
            self.horizon,
            self.hand_weight,
            self.win_bonus,
            self.search_declarations,
            self.win_scale,
            self.rival,
            self.proposals,
            self.skill
        )
    }
}

impl FromStr for Settings {
    type Err = String;

    /// The default settings with some changed: `hand_weight=1.5,rival=0`.
    fn from_str(text: &str) -> Result<Settings, String> {
        Ok(text.parse::<Changes>()?.apply(Settings::default()))
    }
}

/// Changes to some of the [`Settings`], read from `key=value` text: `lauzait tournament
/// --strong` applies them to the settings for the game's number of players
/// ([`Settings::for_players`]), so `horizon=2` changes only the horizon of a two-player game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes(Vec<Change>);

/// One setting changed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Change {
    Candidates(usize),
    PerOutcome(usize),
    Horizon(u32),
    HandWeight(f64),
    WinBonus(f64),
    SearchDeclarations(bool),
    WinScale(f64),
    Rival(f64),
    Proposals(u32),
    Skill(f64),
}

impl Changes {
    /// `settings` with these changes, in the order given.
    pub fn apply(&self, mut settings: Settings) -> Settings {
        for change in &self.0 {
            match *change {
                Change::Candidates(n) => settings.candidates = n,
                Change::PerOutcome(n) => settings.per_outcome = n,
                Change::Horizon(n) => settings.horizon = n,
                Change::HandWeight(x) => settings.hand_weight = x,
                Change::WinBonus(x) => settings.win_bonus = x,
                Change::SearchDeclarations(b) => settings.search_declarations = b,
                Change::WinScale(x) => settings.win_scale = x,
                Change::Rival(x) => settings.rival = x,
                Change::Proposals(n) => settings.proposals = n,
                Change::Skill(x) => settings.skill = x,
            }
        }
        settings
    }
}

impl FromStr for Changes {
    type Err = String;

    /// Comma-separated `key=value` pairs (keys: [`KEYS`]); an empty text changes nothing.
    fn from_str(text: &str) -> Result<Changes, String> {
        let mut changes = Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) =
                pair.split_once('=').ok_or_else(|| format!("'{pair}' is not key=value (keys: {KEYS})"))?;
            let (key, value) = (key.trim(), value.trim());
            let bad = |what: &str| format!("{key}={value}: {what}");
            let number = || value.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad("not a number"));
            let count = || value.parse::<u32>().map_err(|_| bad("not a whole number"));
            changes.push(match key {
                "candidates" => Change::Candidates(count()?.max(1) as usize),
                "per_outcome" => Change::PerOutcome(count()?.max(1) as usize),
                "horizon" => Change::Horizon(count()?),
                "hand_weight" => Change::HandWeight(number()?),
                "win_bonus" => Change::WinBonus(number()?),
                "search_declarations" => {
                    Change::SearchDeclarations(value.parse().map_err(|_| bad("not true or false"))?)
                }
                "win_scale" => Change::WinScale(number()?.max(0.0)),
                "rival" => Change::Rival(number()?),
                "proposals" => Change::Proposals(count()?.max(1)),
                "skill" => Change::Skill(number()?),
                _ => return Err(format!("unknown setting '{key}' (keys: {KEYS})")),
            });
        }
        Ok(Changes(changes))
    }
}

/// The rest of this seat's Day, or `None` when it is not this seat's Day.
pub fn plan_day_with(view: &PlayerView, rng: &mut impl Rng, playouts: u32, settings: Settings) -> Option<Vec<Action>> {
    view.my_day()?;
    let weights = Weights::default();
    // One memo of hand values for the whole decision: the playouts meet the same hands.
    let mut hands = HandMemo::new();
    let all = normal::plans_in(view, weights, &mut hands);
    let Some(first) = all.first() else {
        return normal::best_plan(view, rng, weights).map(|p| p.actions);
    };
    // A declaration the Normal player would make (it refuses only losing ones).
    let ends = |p: &Plan| matches!(p.actions.last(), Some(Action::Declare | Action::DeclareStalemate));
    // With two players, ending the Season when the Normal player would is kept: it was
    // measured no worse than searching it (BOTS.md).
    let search_declarations = settings.search_declarations && view.scores().len() > 2;
    if ends(first) && first.value > 500.0 && !search_declarations {
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
    let others = HandModel::new(view, settings);
    for round in 0..rounds {
        let left = playouts.saturating_sub(used);
        let per = (left / ((rounds - round) * alive.len() as u32)).max(1);
        for _ in 0..per {
            let seed = base_seed.wrapping_add(sample.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            sample += 1;
            let mut sample_rng = Pcg64Mcg::seed_from_u64(seed);
            let start = others.sample_in(view, &mut sample_rng, &mut hands);
            let policy_seed: u64 = sample_rng.random();
            for &c in &alive {
                let value = playout(&start, me, &candidates[c].actions, policy_seed, settings, &mut hands);
                totals[c] += value;
                counts[c] += 1;
                used += 1;
            }
        }
        if alive.len() == 1 {
            break;
        }
        alive.sort_by(|&a, &b| {
            (totals[b] / counts[b] as f64).total_cmp(&(totals[a] / counts[a] as f64)).then(a.cmp(&b))
        });
        alive.truncate(alive.len().div_ceil(2));
    }
    let best = alive
        .iter()
        .copied()
        .max_by(|&a, &b| (totals[a] / counts[a] as f64).total_cmp(&(totals[b] / counts[b] as f64)).then(b.cmp(&a)))
        .expect("a candidate");
    Some(candidates[best].actions.clone())
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
    let others = HandModel::new(view, settings);
    let base_seed: u64 = rng.random();
    let per = (playouts / plans.len().max(1) as u32).max(1);
    let mut totals = vec![0.0; plans.len()];
    for sample in 0..per as u64 {
        let seed = base_seed.wrapping_add(sample.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut sample_rng = Pcg64Mcg::seed_from_u64(seed);
        let start = others.sample_in(view, &mut sample_rng, &mut hands);
        let policy_seed: u64 = sample_rng.random();
        for (total, plan) in totals.iter_mut().zip(plans) {
            *total += playout(&start, view.me(), plan, policy_seed, settings, &mut hands);
        }
    }
    totals.into_iter().map(|t| t / per as f64).collect()
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
