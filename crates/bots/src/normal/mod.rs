//! The Normal player: a one-Day heuristic planner.
//!
//! At its Day it lists every way to finish the Day from where it stands (optional Dissolve,
//! optional Form, then Lauzait-Cep!, a Stalemate or a Hiring), values each, and plays the
//! best. A plan's value is the points it banks today (bonus − refund, or the formation
//! score) plus the expected value of the hand it leaves ([`Evaluator::value`]); a Hiring
//! into Water is worth ½ of each outcome (R12.6: 3+ dark faces of five sticks, p = ½, let
//! the mover arrive; otherwise the mover itself comes to hand). It declares whenever it
//! may, except in the last Season when that would leave another player ahead (R20), and
//! always takes a Stalemate (forming first when a Form is possible).
//!
//! The hand value looks for the three sets (Departments) the hand is closest to: a
//! depth-first split of the concealed pieces into triples, sequences and pieces to give
//! away, with sets started from nothing where too few are started. Each such target is
//! worth the bonuses of its sets still to form (only a share `lambda` of them while
//! unformed, so a complete set is formed at once: bonus versus flexibility) and the
//! formation patterns it would score (R17, R30), times the chance of filling each missing
//! piece (higher for copies on the board, low for copies not seen, nothing for copies in
//! others' Departments), and a discount per Day until it can be declared (one exchange
//! and one Form per Day; a concealed hand may declare without forming). Jokers fill the
//! hardest gaps. The search is pruned by cost (−ln of a target's chance) and bounded in
//! nodes, so a decision takes a fraction of a millisecond.
//!
//! It decides only from its seat's [`PlayerView`] (R40); its generator only breaks ties.

mod evaluator;
mod hand_value;
mod memo;
mod search;

pub use evaluator::{Evaluator, Weights};
pub use hand_value::fixed_sets;
pub use memo::HandMemo;

use lauzait_engine::hiring::{discards, movers};
use lauzait_engine::{Action, Board, Day, Phase, Piece, PieceCounts, PlayerView, Square};
use rand::Rng;
use std::collections::HashMap;

/// A way to finish the Day from where it stands, with its heuristic value.
#[derive(Clone, Debug)]
pub struct Plan {
    pub actions: Vec<Action>,
    pub value: f64,
}

/// Counts of each kind on `board`.
pub fn board_counts(board: &Board) -> [u8; Piece::KINDS] {
    let mut out = [0u8; Piece::KINDS];
    for p in board.squares().iter().flatten() {
        out[p.index()] += 1;
    }
    out
}

/// Whether this is the last Season of the game (R20).
fn last_season(view: &PlayerView) -> bool {
    view.season_number() as usize >= view.scores().len()
}

/// The value of ending the Season now with `gain` more points for me: above any Hiring,
/// except in the last Season when it would leave someone else ahead (then below).
fn ending_value(view: &PlayerView, gain: f64) -> f64 {
    if !last_season(view) {
        return gain + 1000.0;
    }
    let me = view.me();
    let mine = view.scores()[me] as f64 + gain;
    let best_other = (0..view.scores().len()).filter(|&s| s != me).map(|s| view.scores()[s]).max().unwrap_or(0) as f64;
    if mine >= best_other {
        gain + 1000.0
    } else {
        gain - 1000.0
    }
}

/// Every complete plan for the rest of this seat's Day, each with its value, best first.
/// Empty when it is not this seat's Day.
pub fn plans(view: &PlayerView, weights: Weights) -> Vec<Plan> {
    plans_in(view, weights, &mut HandMemo::new())
}

/// [`plans`], with the hand values remembered in `hands` (shared by a whole decision).
pub fn plans_in(view: &PlayerView, weights: Weights, hands: &mut HandMemo) -> Vec<Plan> {
    let drafts = drafts(view, weights, hands);
    drafts.drafts.iter().map(|d| drafts.plan(d)).collect()
}

/// A plan before its actions are written out (most plans are only compared): the steps it
/// starts with and how it ends.
#[derive(Clone, Copy, Debug)]
struct Draft {
    /// An index into [`Drafts::prefixes`].
    prefix: usize,
    ending: Ending,
    value: f64,
}

#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Lauzait-Cep! or a Stalemate.
    Declare(Action),
    Hire {
        discard: Piece,
        from: Square,
        to: Square,
    },
}

/// Every plan of the Day as drafts, best first.
struct Drafts {
    /// The Dissolve/Form steps the drafts start with.
    prefixes: Vec<Vec<Action>>,
    drafts: Vec<Draft>,
    /// The steps of a Hiring already taken (the discard, and the move).
    taken: usize,
}

impl Drafts {
    fn plan(&self, draft: &Draft) -> Plan {
        let mut actions = Vec::with_capacity(self.prefixes[draft.prefix].len() + 3);
        actions.extend_from_slice(&self.prefixes[draft.prefix]);
        match draft.ending {
            Ending::Declare(ending) => actions.push(ending),
            Ending::Hire { discard, from, to } => {
                let hiring = [Action::Discard { piece: discard }, Action::Move { from }, Action::Capture { to }];
                actions.extend_from_slice(&hiring[self.taken..]);
            }
        }
        Plan { actions, value: draft.value }
    }
}

/// [`plans_in`] as drafts.
fn drafts(view: &PlayerView, weights: Weights, hands: &mut HandMemo) -> Drafts {
    let mut out = Vec::new();
    let Some(day) = view.my_day() else { return Drafts { prefixes: Vec::new(), drafts: out, taken: 0 } };
    let ev = Evaluator::from_view(view, weights);
    let mut taken = 0;
    let mut prefix_actions = vec![Vec::new()];
    let mut memo: HashMap<(PieceCounts, usize), f64> = HashMap::new();
    let players = view.players();
    match day.phase() {
        Phase::Beginning { dissolved, formed } => {
            let mut prefixes: Vec<(Vec<Action>, Day)> = vec![(Vec::new(), day.clone())];
            if !dissolved && !formed {
                for d in day.dissolvable(players) {
                    let mut next = day.clone();
                    if next.step(Action::Dissolve { department: d }, players).is_ok() {
                        prefixes.push((vec![Action::Dissolve { department: d }], next));
                    }
                }
            }
            if !formed {
                let mut formed_prefixes = Vec::new();
                for (actions, state) in &prefixes {
                    for form in state.forms(players) {
                        let reading = form.readings[0].reading;
                        let action = Action::Form { pieces: form.pieces, reading };
                        let mut next = state.clone();
                        if next.step(action, players).is_ok() {
                            let mut a = actions.clone();
                            a.push(action);
                            formed_prefixes.push((a, next));
                        }
                    }
                }
                prefixes.extend(formed_prefixes);
            }
            let luminous = view.scoring_luminous();
            for (i, (_, state)) in prefixes.iter().enumerate() {
                let pending = state.pending_points() as f64;
                for ending in [Action::Declare, Action::DeclareStalemate] {
                    if let Some(p) = state.declaration(ending, luminous, players) {
                        let value = ending_value(view, pending + p.total() as f64);
                        out.push(Draft { prefix: i, ending: Ending::Declare(ending), value });
                    }
                }
            }
            // Hirings only after the most promising Dissolve/Form choices, judged by the
            // points they bank and the hand they leave before the Hiring.
            let counts = board_counts(&day.board);
            let mut ranked: Vec<(f64, usize)> = prefixes
                .iter()
                .enumerate()
                .filter(|(_, (_, state))| !state.discards().is_empty())
                .map(|(i, (_, state))| {
                    let fixed = fixed_sets(&state.hand.departments);
                    (
                        state.pending_points() as f64
                            + ev.value_in(hands, &state.hand.concealed, &fixed, &counts, weights.prefix_slack).0,
                        i,
                    )
                })
                .collect();
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let top = ranked.first().map_or(0.0, |r| r.0);
            for &(v, i) in ranked.iter().take(weights.prefixes) {
                if v < top - weights.prefix_margin {
                    break;
                }
                let state = &prefixes[i].1;
                hire_plans(&ev, state, i, state.pending_points() as f64, None, None, &mut memo, hands, &mut out);
            }
            prefix_actions = prefixes.into_iter().map(|(actions, _)| actions).collect();
        }
        Phase::Discarded { piece, .. } => {
            let state = day.before_hiring();
            hire_plans(&ev, &state, 0, day.pending_points() as f64, Some(piece), None, &mut memo, hands, &mut out);
            taken = 1;
        }
        Phase::Moving { piece, from } => {
            let state = day.before_hiring();
            hire_plans(
                &ev,
                &state,
                0,
                day.pending_points() as f64,
                Some(piece),
                Some(from),
                &mut memo,
                hands,
                &mut out,
            );
            taken = 2;
        }
    }
    // Stable sort: equal values keep the engine's order.
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    Drafts { prefixes: prefix_actions, drafts: out, taken }
}

/// Every Hiring from `state` (a Day before its discard), appended to `out` after the steps
/// of prefix `prefix`.
#[allow(clippy::too_many_arguments)]
fn hire_plans(
    ev: &Evaluator,
    state: &Day,
    prefix: usize,
    pending: f64,
    only_discard: Option<Piece>,
    only_from: Option<Square>,
    memo: &mut HashMap<(PieceCounts, usize), f64>,
    hands: &mut HandMemo,
    out: &mut Vec<Draft>,
) {
    let board = &state.board;
    let Some(empty) = board.the_empty_square() else { return };
    let base_counts = board_counts(board);
    let fixed = fixed_sets(&state.hand.departments);
    let fixed_key = state.hand.departments.len();
    // A gained piece that none of the hand's targets wants is worth the same as any other
    // such piece: value one of them per discard and reuse it.
    let (_, wants) = ev.value_in(hands, &state.hand.concealed, &fixed, &base_counts, ev.weights.slack);
    let relevant =
        |discard: Piece, gained: Piece| gained == discard || gained.is_joker() || wants & (1 << gained.index()) != 0;
    let outcome = |discard: Piece, gained: Piece| {
        if relevant(discard, gained) {
            (discard, gained)
        } else {
            (discard, Piece::JOKER)
        }
    };
    let hand_after = |discard: Piece, gained: Piece| {
        let mut hand = state.hand.concealed;
        hand.remove(discard);
        hand.add(gained);
        let mut counts = base_counts;
        counts[discard.index()] += 1;
        counts[gained.index()] -= 1;
        (hand, counts)
    };

    // Every Hiring and the hands it may leave (two for a move into Water).
    let discard_kinds: Vec<Piece> = match only_discard {
        Some(d) => vec![d],
        None => discards(board, &state.hand.concealed).collect(),
    };
    // (discard, mover, destination, the outcome it always has, the second outcome of a Water throw)
    type Hire = (Piece, Square, Square, (Piece, Piece), Option<(Piece, Piece)>);
    let mut hires: Vec<Hire> = Vec::new();
    // Each outcome (discard, gained; an unwanted gain stands for all) and a gained piece
    // that realises it.
    let mut outcomes: Vec<((Piece, Piece), Piece)> = Vec::new();
    let note = |discard: Piece, gained: Piece, outcomes: &mut Vec<((Piece, Piece), Piece)>| {
        let key = outcome(discard, gained);
        if !outcomes.iter().any(|(k, _)| *k == key) {
            outcomes.push((key, gained));
        }
        key
    };
    for discard in discard_kinds {
        for from in movers(board, discard) {
            if only_from.is_some_and(|f| f != from) {
                continue;
            }
            let mover = board.get(from).expect("a mover stands on its square");
            for &to in from.destinations() {
                let captured = if to == empty { discard } else { board.get(to).expect("the board is full") };
                let arrive = note(discard, captured, &mut outcomes);
                let back = to.is_water().then(|| note(discard, mover, &mut outcomes));
                hires.push((discard, from, to, arrive, back));
            }
        }
    }

    // A quick value of every outcome, then the exact value of the best few.
    let mut values = vec![0.0; outcomes.len()];
    for (i, &((discard, _), gained)) in outcomes.iter().enumerate() {
        let (hand, counts) = hand_after(discard, gained);
        values[i] = match memo.get(&(hand, fixed_key)) {
            Some(&v) => v,
            None => ev.value_in(hands, &hand, &fixed, &counts, ev.weights.fast_slack).0,
        };
    }
    let mut order: Vec<usize> = (0..outcomes.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    for &i in order.iter().take(ev.weights.refine) {
        let ((discard, _), gained) = outcomes[i];
        let (hand, counts) = hand_after(discard, gained);
        values[i] = *memo
            .entry((hand, fixed_key))
            .or_insert_with(|| ev.value_in(hands, &hand, &fixed, &counts, ev.weights.slack).0);
    }
    let value_of = |key: (Piece, Piece)| values[outcomes.iter().position(|(k, _)| *k == key).expect("noted")];

    for (discard, from, to, arrive, back) in hires {
        let ev_after = match back {
            Some(back) => 0.5 * value_of(arrive) + 0.5 * value_of(back),
            None => value_of(arrive),
        };
        out.push(Draft { prefix, ending: Ending::Hire { discard, from, to }, value: pending + ev_after });
    }
}

/// The best plan, ties broken by `rng`.
pub fn best_plan(view: &PlayerView, rng: &mut impl Rng, weights: Weights) -> Option<Plan> {
    best_plan_in(view, rng, weights, &mut HandMemo::new())
}

/// [`best_plan`], with the hand values remembered in `hands`.
pub fn best_plan_in(view: &PlayerView, rng: &mut impl Rng, weights: Weights, hands: &mut HandMemo) -> Option<Plan> {
    let all = drafts(view, weights, hands);
    let Some(first) = all.drafts.first() else {
        return fallback(view).map(|a| Plan { actions: vec![a], value: 0.0 });
    };
    let top = first.value;
    let ties = all.drafts.iter().take_while(|p| p.value >= top - 1e-9).count();
    let pick = if ties > 1 { rng.random_range(0..ties) } else { 0 };
    Some(all.plan(&all.drafts[pick]))
}

/// Whatever the engine offers, when no plan was found (it should not happen).
fn fallback(view: &PlayerView) -> Option<Action> {
    let day = view.my_day()?;
    day.legal_actions(view.players()).first().copied()
}

/// The next action for the seat of `view`, or `None` when it is not this seat's Day.
pub fn choose(view: &PlayerView, rng: &mut impl Rng) -> Option<Action> {
    best_plan(view, rng, Weights::default()).and_then(|p| p.actions.first().copied())
}
