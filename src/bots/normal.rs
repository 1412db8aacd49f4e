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

use crate::engine::hiring::{discards, movers};
use crate::engine::{
    Action, Board, Day, Department, Patterns, Phase, Piece, PieceCounts, PlayerCount, PlayerView, Reading, SetKind,
    Square,
};
use rand::Rng;
use std::collections::HashMap;

/// The tunable constants of the hand value.
#[derive(Clone, Copy, Debug)]
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
    players: PlayerCount,
    /// Copies of each kind that may still reach a hand: not in any revealed Department and
    /// not the luminous piece.
    live: [u8; Piece::KINDS],
    luminous: Option<Piece>,
    weights: Weights,
    /// The factor of a missing slot with this many copies on the board…
    board_factor: [f64; 5],
    /// …or, with none there, this many copies unseen.
    unseen_factor: [f64; 5],
    /// The least cost of an exchange (−ln of the best factor and a Day).
    cheapest: f64,
    /// −ln of the factors and a Day.
    board_cost: [f64; 5],
    unseen_cost: [f64; 5],
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
        let board_factor = std::array::from_fn(|b| w.gamma * (1.0 - (1.0 - w.board_ease).powi(b as i32)));
        let unseen_factor =
            std::array::from_fn(|m| w.gamma * (1.0 - (1.0 - w.unseen_ease).powf(m as f64 * in_hand_share)));
        let cost = |f: f64| if f > 0.0 { -(f * w.delay).ln() } else { 1e9 };
        let board_cost = board_factor.map(cost);
        let unseen_cost = unseen_factor.map(cost);
        let cheapest = board_cost[4];
        Evaluator { players, live, luminous, weights, board_factor, unseen_factor, cheapest, board_cost, unseen_cost }
    }

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
        let mut avail = [0u8; Piece::KINDS];
        for p in Piece::all() {
            avail[p.index()] = self.live[p.index()].saturating_sub(concealed.get(p));
        }
        let sets_needed = 3usize.saturating_sub(fixed.len());
        let mut search = Search {
            ev: self,
            counts: concealed.numbered_counts(),
            jokers: concealed.get(Piece::JOKER),
            avail,
            board: *board,
            fixed,
            chosen: [EMPTY_SET; 3],
            n_chosen: 0,
            sets_needed,
            junk: 0,
            limit: f64::INFINITY,
            likeliest: f64::INFINITY,
            counting: slack.is_finite(),
            scratch: [EMPTY_SET; 2],
            leaves: Vec::new(),
            best: 0.0,
            ln_best: f64::NEG_INFINITY,
            nodes: 0,
            taken: [0; Piece::KINDS],
            slot_costs: [0.0; 9],
            n_slots: 0,
            cost_sum: 0.0,
            bonus_sum: 0.0,
        };
        search.scratch = search.scratch_sets();
        if search.counting {
            // First the likeliest target (the least cost, −ln of its chance); then only
            // targets within `slack` of it are valued.
            search.dfs();
            search.counting = false;
            search.limit = search.likeliest + slack;
        }
        search.dfs();
        let floor = search.best * self.weights.wants_floor;
        let wants = search.leaves.iter().filter(|(v, _)| *v >= floor && *v > 0.0).fold(0, |m, (_, w)| m | w);
        (search.best, wants)
    }
}

/// Revealed Departments as [`Evaluator::value`] reads them: each reading with its pieces.
pub fn fixed_sets(departments: &[Department]) -> Vec<(Reading, [Piece; 3])> {
    departments.iter().map(|d| (d.reading, d.pieces)).collect()
}

/// A set being aimed at: its reading and which of its pieces are missing.
#[derive(Clone, Copy)]
struct Target {
    reading: Option<Reading>,
    /// The missing kinds (first `missing` entries).
    need: [u8; 3],
    missing: u8,
}

const EMPTY_SET: Target = Target { reading: None, need: [0; 3], missing: 0 };

struct Search<'a> {
    ev: &'a Evaluator,
    counts: [u8; 20],
    jokers: u8,
    avail: [u8; Piece::KINDS],
    board: [u8; Piece::KINDS],
    fixed: &'a [(Reading, [Piece; 3])],
    chosen: [Target; 3],
    n_chosen: usize,
    sets_needed: usize,
    /// Numbered pieces given away so far: each must be exchanged for a missing one.
    junk: u8,
    /// Targets costing more than this are not valued.
    limit: f64,
    /// The least cost found by the counting pass.
    likeliest: f64,
    /// The first pass: only costs are counted.
    counting: bool,
    /// The best sets to build from nothing in hand (when the hand has too few started).
    scratch: [Target; 2],
    /// Every target valued: its value and the kinds it misses.
    leaves: Vec<(f64, u32)>,
    best: f64,
    ln_best: f64,
    /// Nodes visited (both passes).
    nodes: u32,
    /// Missing slots so far of each kind, their costs, and the bonuses of the sets chosen.
    taken: [u8; Piece::KINDS],
    slot_costs: [f64; 9],
    n_slots: usize,
    cost_sum: f64,
    bonus_sum: f64,
}

impl Search<'_> {
    /// The factor of the `i`-th missing copy (from 0) of kind `k` in a target.
    fn factor(&self, k: usize, i: u8) -> f64 {
        let avail = self.avail[k];
        let board = self.board[k].min(avail);
        if i >= avail {
            0.0
        } else if i < board {
            self.ev.board_factor[(board - i).min(4) as usize]
        } else {
            self.ev.unseen_factor[(avail - i).min(4) as usize]
        }
    }

    /// −ln of the factor of a slot and of a Day's wait ([`Self::factor`]).
    fn slot_cost(&self, k: usize, i: u8) -> f64 {
        let avail = self.avail[k];
        let board = self.board[k].min(avail);
        if i >= avail {
            1e9
        } else if i < board {
            self.ev.board_cost[(board - i).min(4) as usize]
        } else {
            self.ev.unseen_cost[(avail - i).min(4) as usize]
        }
    }

    /// The two sets most worth building from nothing: likely to complete, and paying.
    fn scratch_sets(&self) -> [Target; 2] {
        let mut best = [(0.0, EMPTY_SET); 2];
        for r in Reading::all(self.ev.players) {
            let mut t = Target { reading: Some(r), need: [0; 3], missing: 3 };
            let mut taken = [0u8; 3];
            let mut product = 1.0;
            for (slot, p) in r.pieces().iter().enumerate() {
                let k = p.index();
                t.need[slot] = k as u8;
                let i = (0..slot).filter(|&j| t.need[j] as usize == k).count() as u8;
                taken[slot] = i;
                product *= self.factor(k, i);
            }
            let score = product * (self.ev.weights.lambda * r.bonus(0) as f64 + 3.0);
            if score > best[1].0 {
                best[1] = (score, t);
                if best[1].0 > best[0].0 {
                    best.swap(0, 1);
                }
            }
        }
        [best[0].1, best[1].1]
    }

    /// The cost of the chosen sets: −ln of the chance of filling each missing slot not
    /// left to a Joker, and of a Day's wait per exchange. A lower bound for every target
    /// below this node, since each piece given away is one more exchange.
    fn cost(&self) -> f64 {
        let mut cost = self.cost_sum;
        let jokers = (self.jokers as usize).min(self.n_slots);
        if jokers > 0 {
            // The Jokers take the dearest slots.
            let mut costs = self.slot_costs;
            for j in 0..jokers {
                let mut top = j;
                for i in j + 1..self.n_slots {
                    if costs[i] > costs[top] {
                        top = i;
                    }
                }
                costs.swap(j, top);
                cost -= costs[j];
            }
        }
        let known = self.n_slots - jokers;
        if (self.junk as usize) > known {
            cost += (self.junk as usize - known) as f64 * self.ev.cheapest;
        }
        cost
    }

    /// −ln of an upper bound of the value of every target below this node: the most it
    /// could pay, discounted by its least cost (the Days' discount is part of the cost).
    fn ln_bound(&self, cost: f64) -> f64 {
        let open = (self.sets_needed - self.n_chosen) as f64;
        let payoff = self.ev.weights.lambda * (self.bonus_sum + 9.0 * open) + 25.0;
        payoff.ln() - cost
    }

    fn dfs(&mut self) {
        // A fixed budget of nodes keeps the rare slow hand (many Jokers) quick.
        if self.nodes >= self.ev.weights.max_nodes {
            return;
        }
        self.nodes += 1;
        let cost = self.cost();
        if cost > self.limit || (self.counting && cost >= self.likeliest) {
            return;
        }
        if !self.counting && self.best > 0.0 && self.ln_bound(cost) <= self.ln_best {
            return;
        }
        if self.n_chosen >= self.sets_needed {
            // Everything left is given away.
            let left: u8 = self.counts.iter().sum();
            self.junk += left;
            self.finish();
            self.junk -= left;
            return;
        }
        let Some(k) = self.counts.iter().position(|&c| c > 0) else {
            self.finish();
            return;
        };
        let c = self.counts[k];
        let piece = Piece::from_index(k).expect("numbered kind");
        let (colour, n) = (piece.colour().expect("numbered"), piece.number().expect("numbered"));
        let lowest = self.ev.players.lowest_number();
        // The lowest kind belongs to a triple…
        if let Some(r) = Reading::new(SetKind::Triple, colour, n).filter(|r| r.is_in_play(self.ev.players)) {
            let used = c.min(3);
            self.counts[k] -= used;
            let mut t = Target { reading: Some(r), need: [0; 3], missing: 0 };
            for _ in used..3 {
                t.need[t.missing as usize] = k as u8;
                t.missing += 1;
            }
            self.push(t);
            self.counts[k] += used;
        }
        // …or to a sequence through it (lower numbers are no longer in the hand)…
        let base = k - n as usize;
        for start in n.saturating_sub(2).max(lowest)..=n.min(7) {
            let Some(r) = Reading::new(SetKind::Sequence, colour, start) else { continue };
            let mut t = Target { reading: Some(r), need: [0; 3], missing: 0 };
            let mut took = [false; 3];
            for (slot, m) in (start..start + 3).enumerate() {
                let idx = base + m as usize;
                if self.counts[idx] > 0 {
                    self.counts[idx] -= 1;
                    took[slot] = true;
                } else {
                    t.need[t.missing as usize] = idx as u8;
                    t.missing += 1;
                }
            }
            self.push(t);
            for (slot, m) in (start..start + 3).enumerate() {
                if took[slot] {
                    self.counts[base + m as usize] += 1;
                }
            }
        }
        // …or every remaining copy of it is given away.
        self.counts[k] = 0;
        self.junk += c;
        self.dfs();
        self.junk -= c;
        self.counts[k] = c;
    }

    fn push(&mut self, t: Target) {
        let saved = (self.cost_sum, self.bonus_sum, self.n_slots);
        self.add(t);
        self.dfs();
        self.remove(t, saved);
    }

    /// Chooses `t`, with the cost of its missing slots.
    fn add(&mut self, t: Target) {
        self.chosen[self.n_chosen] = t;
        self.n_chosen += 1;
        self.bonus_sum += t.reading.expect("a set").bonus(0) as f64;
        for &k in &t.need[..t.missing as usize] {
            let k = k as usize;
            let c = self.slot_cost(k, self.taken[k]);
            self.taken[k] += 1;
            self.slot_costs[self.n_slots] = c;
            self.n_slots += 1;
            self.cost_sum += c;
        }
    }

    fn remove(&mut self, t: Target, saved: (f64, f64, usize)) {
        for &k in &t.need[..t.missing as usize] {
            self.taken[k as usize] -= 1;
        }
        (self.cost_sum, self.bonus_sum, self.n_slots) = saved;
        self.n_chosen -= 1;
    }

    /// Values the chosen sets, completed with sets from nothing.
    fn finish(&mut self) {
        let open = self.sets_needed - self.n_chosen;
        let n = self.n_chosen;
        let saved = (self.cost_sum, self.bonus_sum, self.n_slots);
        for i in 0..open {
            self.add(self.scratch[i.min(1)]);
        }
        let v = if self.counting {
            self.likeliest = self.likeliest.min(self.cost());
            None
        } else {
            Some(self.leaf())
        };
        for i in (0..open).rev() {
            self.remove(self.chosen[n + i], saved);
        }
        let Some(v) = v else { return };
        let mut mask = 0u32;
        for t in &self.chosen[..n + open] {
            for &k in &t.need[..t.missing as usize] {
                mask |= 1 << k;
            }
        }
        self.leaves.push((v, mask));
        if v > self.best {
            self.best = v;
            self.ln_best = v.ln();
        }
    }

    /// The value of aiming at the chosen sets.
    fn leaf(&self) -> f64 {
        let w = &self.ev.weights;
        // Each missing slot: its set, its kind, and how likely it is to be filled.
        let mut factors = [0f64; 9];
        let mut slot_set = [0usize; 9];
        let mut slot_kind = [0u8; 9];
        let mut nf = 0;
        let mut taken = [0u8; Piece::KINDS];
        for (ti, t) in self.chosen[..self.n_chosen].iter().enumerate() {
            for &k in &t.need[..t.missing as usize] {
                let ki = k as usize;
                factors[nf] = self.factor(ki, taken[ki]);
                taken[ki] += 1;
                slot_set[nf] = ti;
                slot_kind[nf] = k;
                nf += 1;
            }
        }
        let jokers = self.jokers as usize;
        if jokers > nf {
            return 0.0;
        }
        // Jokers fill the hardest slots.
        let mut order: [usize; 9] = std::array::from_fn(|i| i);
        order[..nf].sort_by(|&a, &b| factors[a].total_cmp(&factors[b]));
        let mut joker_slot = [false; 9];
        for &i in &order[..jokers] {
            joker_slot[i] = true;
        }
        let mut product = 1.0;
        let mut exchanges = 0;
        for i in 0..nf {
            if !joker_slot[i] {
                product *= factors[i];
                exchanges += 1;
            }
        }
        if product <= 0.0 {
            return 0.0;
        }

        // Bonuses of the sets still to form (R15: −1 per Joker).
        let mut bonus = -(jokers as f64);
        for t in &self.chosen[..self.n_chosen] {
            bonus += t.reading.expect("chosen").bonus(0) as f64;
        }
        let bonus = bonus.max(0.0);

        // The formation patterns, once all three sets are known (R17, R30).
        let decl = {
            let mut sets = [None; 3];
            for (i, (r, _)) in self.fixed.iter().enumerate() {
                sets[i] = Some(*r);
            }
            for (i, t) in self.chosen[..self.n_chosen].iter().enumerate() {
                sets[self.fixed.len() + i] = t.reading;
            }
            let sets = sets.map(|s| s.expect("three sets"));
            // Well-Balanced (R17): the physical numbered pieces of each colour.
            let mut sums = [0i32; 2];
            for (_, pieces) in self.fixed {
                for p in pieces {
                    if let (Some(c), Some(n)) = (p.colour(), p.number()) {
                        sums[c as usize] += n as i32;
                    }
                }
            }
            for t in &self.chosen[..self.n_chosen] {
                let r = t.reading.expect("chosen");
                sums[r.colour() as usize] += r.numbers().iter().map(|&n| n as i32).sum::<i32>();
            }
            for i in 0..nf {
                if joker_slot[i] {
                    let p = Piece::from_index(slot_kind[i] as usize).expect("numbered");
                    let r = self.chosen[slot_set[i]].reading.expect("chosen");
                    sums[r.colour() as usize] -= p.number().unwrap_or(0) as i32;
                }
            }
            let mut luminous = 0;
            if let Some(l) = self.ev.luminous {
                for (_, pieces) in self.fixed {
                    luminous += pieces.iter().filter(|&&p| p == l).count();
                }
                if l.is_joker() {
                    luminous += jokers;
                } else {
                    for t in &self.chosen[..self.n_chosen] {
                        luminous += t.reading.expect("chosen").pieces().iter().filter(|&&p| p == l).count();
                    }
                }
            }
            Patterns::of_sets(&sets, sums[0] == sums[1], luminous as u32).total() as f64
        };

        // Days until the declaration: one exchange per Day, then a Day to form the last set
        // and declare; and one Form per Day.
        let formed_days = (exchanges + 1).max(self.sets_needed);
        let mut formed_path = w.lambda * bonus + decl;
        for _ in 1..formed_days {
            formed_path *= w.delay;
        }
        // With nothing revealed, a complete concealed hand may declare without forming.
        let mut concealed_path = 0.0;
        if self.fixed.is_empty() {
            concealed_path = decl;
            for _ in 0..exchanges {
                concealed_path *= w.delay;
            }
        }
        formed_path.max(concealed_path) * product
    }
}

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
    let Some(day) = view.my_day() else { return Vec::new() };
    let ev = Evaluator::from_view(view, weights);
    let mut out = Vec::new();
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
            for (actions, state) in &prefixes {
                let pending = state.pending_points() as f64;
                for ending in [Action::Declare, Action::DeclareStalemate] {
                    if let Some(p) = state.declaration(ending, luminous, players) {
                        let mut a = actions.clone();
                        a.push(ending);
                        out.push(Plan { actions: a, value: ending_value(view, pending + p.total() as f64) });
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
                            + ev.value_with_slack(&state.hand.concealed, &fixed, &counts, weights.prefix_slack).0,
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
                let (actions, state) = &prefixes[i];
                hire_plans(&ev, state, actions, state.pending_points() as f64, None, None, &mut memo, &mut out);
            }
        }
        Phase::Discarded { piece, .. } => {
            let state = day.before_hiring();
            hire_plans(&ev, &state, &[], day.pending_points() as f64, Some(piece), None, &mut memo, &mut out);
            for plan in &mut out {
                plan.actions.remove(0);
            }
        }
        Phase::Moving { piece, from } => {
            let state = day.before_hiring();
            hire_plans(&ev, &state, &[], day.pending_points() as f64, Some(piece), Some(from), &mut memo, &mut out);
            for plan in &mut out {
                plan.actions.drain(..2);
            }
        }
    }
    // Stable sort: equal values keep the engine's order.
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out
}

/// Every Hiring from `state` (a Day before its discard), appended to `out` after `prefix`.
#[allow(clippy::too_many_arguments)]
fn hire_plans(
    ev: &Evaluator,
    state: &Day,
    prefix: &[Action],
    pending: f64,
    only_discard: Option<Piece>,
    only_from: Option<Square>,
    memo: &mut HashMap<(PieceCounts, usize), f64>,
    out: &mut Vec<Plan>,
) {
    let board = &state.board;
    let Some(empty) = board.the_empty_square() else { return };
    let base_counts = board_counts(board);
    let fixed = fixed_sets(&state.hand.departments);
    let fixed_key = state.hand.departments.len();
    // A gained piece that none of the hand's targets wants is worth the same as any other
    // such piece: value one of them per discard and reuse it.
    let (_, wants) = ev.value_and_wants(&state.hand.concealed, &fixed, &base_counts);
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
            None => ev.value_with_slack(&hand, &fixed, &counts, ev.weights.fast_slack).0,
        };
    }
    let mut order: Vec<usize> = (0..outcomes.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    for &i in order.iter().take(ev.weights.refine) {
        let ((discard, _), gained) = outcomes[i];
        let (hand, counts) = hand_after(discard, gained);
        values[i] = *memo.entry((hand, fixed_key)).or_insert_with(|| ev.value(&hand, &fixed, &counts));
    }
    let value_of = |key: (Piece, Piece)| values[outcomes.iter().position(|(k, _)| *k == key).expect("noted")];

    for (discard, from, to, arrive, back) in hires {
        let ev_after = match back {
            Some(back) => 0.5 * value_of(arrive) + 0.5 * value_of(back),
            None => value_of(arrive),
        };
        let mut actions = prefix.to_vec();
        actions.extend([Action::Discard { piece: discard }, Action::Move { from }, Action::Capture { to }]);
        out.push(Plan { actions, value: pending + ev_after });
    }
}

/// The best plan, ties broken by `rng`.
pub fn best_plan(view: &PlayerView, rng: &mut impl Rng, weights: Weights) -> Option<Plan> {
    let mut all = plans(view, weights);
    if all.is_empty() {
        return fallback(view).map(|a| Plan { actions: vec![a], value: 0.0 });
    }
    let top = all[0].value;
    let ties = all.iter().take_while(|p| p.value >= top - 1e-9).count();
    let pick = if ties > 1 { rng.random_range(0..ties) } else { 0 };
    Some(all.swap_remove(pick))
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
