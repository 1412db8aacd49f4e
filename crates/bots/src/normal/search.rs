//! The Normal player's search for the three sets a hand is closest to (see the module
//! documentation of [`super`]): a depth-first split of the concealed pieces into targets,
//! pruned by cost, each target valued by its bonuses and formation patterns.
//!
//! Most of a Strong decision is spent here (BOTS.md, "Profile"), so in the size-optimised
//! wasm build these functions alone are optimised for speed (`optimize(speed)`): the
//! computer players' worker is then 7 KB smaller than built for speed as a whole, and the
//! Strong player only about 1.1 times slower (BENCHMARKS.md, "Download size").

use super::evaluator::{slot_row, Evaluator, Slot};
use lauzait_engine::{Colour, Patterns, Piece, PieceCounts, Reading, SetKind};

/// What the counting pass of a hand found: the least cost of its targets, and the nodes it
/// visited (they count against the valuing pass's budget).
#[derive(Clone, Copy, Debug)]
pub(super) struct Counted {
    likeliest: f64,
    nodes: u32,
}

/// [`Evaluator::value_with_slack`]: the value of the best targets within `slack` of the
/// likeliest, and the kinds they are missing (a bit per kind). The counting pass is
/// skipped when `counted` holds its result for this hand; otherwise it is stored there.
#[cfg_attr(target_arch = "wasm32", optimize(speed))]
pub(super) fn value(
    ev: &Evaluator,
    concealed: &PieceCounts,
    fixed: &[(Reading, [Piece; 3])],
    board: &[u8; Piece::KINDS],
    slack: f64,
    counted: &mut Option<Counted>,
) -> (f64, u32) {
    // The copies of each numbered kind that may still come, and of them on the board.
    let counts = concealed.numbered_counts();
    let rows = std::array::from_fn(|k| slot_row(ev.live[k].saturating_sub(counts[k]), board[k]));
    let sets_needed = 3usize.saturating_sub(fixed.len());
    let mut search = Search {
        ev,
        counts,
        jokers: concealed.get(Piece::JOKER),
        rows,
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
        ln_payoff: [f64::NAN; LN_PAYOFFS],
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
        let Counted { likeliest, nodes } = *counted.get_or_insert_with(|| {
            search.dfs(0);
            Counted { likeliest: search.likeliest, nodes: search.nodes }
        });
        (search.likeliest, search.nodes) = (likeliest, nodes);
        search.counting = false;
        search.limit = search.likeliest + slack;
    }
    search.dfs(0);
    let floor = search.best * ev.weights.wants_floor;
    let wants = search.leaves.iter().filter(|(v, _)| *v >= floor && *v > 0.0).fold(0, |m, (_, w)| m | w);
    (search.best, wants)
}

/// A set being aimed at: its reading and which of its pieces are missing.
#[derive(Clone, Copy)]
struct Target {
    reading: Option<Reading>,
    /// The reading's bonus without Jokers (R15), read once.
    bonus: u8,
    /// The missing kinds (first `missing` entries).
    need: [u8; 3],
    missing: u8,
}

impl Target {
    fn new(reading: Reading) -> Target {
        Target { reading: Some(reading), bonus: reading.bonus(0), need: [0; 3], missing: 0 }
    }
}

const EMPTY_SET: Target = Target { reading: None, bonus: 0, need: [0; 3], missing: 0 };

/// The bonuses a search node may still hope for (see [`Search::ln_bound`]) stay below this:
/// three sets of at most 9 each.
const LN_PAYOFFS: usize = 28;

struct Search<'a> {
    ev: &'a Evaluator,
    counts: [u8; 20],
    jokers: u8,
    /// Per numbered kind, its row of [`Evaluator::slots`].
    rows: [u8; 20],
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
    /// ln of the most a node can pay, by its bonuses to come (NaN: not yet needed).
    ln_payoff: [f64; LN_PAYOFFS],
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
    /// The `i`-th missing copy (from 0) of numbered kind `k` in a target.
    fn slot(&self, k: usize, i: u8) -> Slot {
        // A fifth copy never comes.
        let none = Slot { factor: 0.0, cost: 1e9 };
        self.ev.slots[self.rows[k] as usize].get(i as usize).copied().unwrap_or(none)
    }

    /// The factor of a slot ([`Self::slot`]).
    fn factor(&self, k: usize, i: u8) -> f64 {
        self.slot(k, i).factor
    }

    /// −ln of the factor of a slot and of a Day's wait ([`Self::slot`]).
    fn slot_cost(&self, k: usize, i: u8) -> f64 {
        self.slot(k, i).cost
    }

    /// The two sets most worth building from nothing: likely to complete, and paying.
    fn scratch_sets(&self) -> [Target; 2] {
        let mut best = [(0.0, EMPTY_SET); 2];
        let lowest = self.ev.players.lowest_number();
        // The order of `Reading::all`: per colour, the triples, then the sequences.
        for (c, colour) in Colour::ALL.into_iter().enumerate() {
            let base = 10 * c;
            let triples = (lowest..=9).map(|n| (SetKind::Triple, n, [base + n as usize; 3], [0, 1, 2]));
            let sequences = (lowest..=7).map(|n| {
                let k = base + n as usize;
                (SetKind::Sequence, n, [k, k + 1, k + 2], [0; 3])
            });
            for (kind, low, kinds, copy) in triples.chain(sequences) {
                let mut product = 1.0;
                for slot in 0..3 {
                    product *= self.factor(kinds[slot], copy[slot]);
                }
                let r = Reading::new(kind, colour, low).expect("a set of 0–9");
                let score = product * (self.ev.weights.lambda * r.bonus(0) as f64 + 3.0);
                if score > best[1].0 {
                    let mut t = Target::new(r);
                    t.need = kinds.map(|k| k as u8);
                    t.missing = 3;
                    best[1] = (score, t);
                    if best[1].0 > best[0].0 {
                        best.swap(0, 1);
                    }
                }
            }
        }
        [best[0].1, best[1].1]
    }

    /// The cost of the chosen sets: −ln of the chance of filling each missing slot not
    /// left to a Joker, and of a Day's wait per exchange. A lower bound for every target
    /// below this node, since each piece given away is one more exchange.
    #[cfg_attr(target_arch = "wasm32", optimize(speed))]
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
    fn ln_bound(&mut self, cost: f64) -> f64 {
        let open = (self.sets_needed - self.n_chosen) as f64;
        // The bonuses are whole numbers: each ln is taken once per search.
        let bonuses = self.bonus_sum + 9.0 * open;
        let lambda = self.ev.weights.lambda;
        let ln = |bonuses: f64| (lambda * bonuses + 25.0).ln();
        let Some(&known) = self.ln_payoff.get(bonuses as usize) else { return ln(bonuses) - cost };
        let ln_payoff = if known.is_nan() {
            let fresh = ln(bonuses);
            self.ln_payoff[bonuses as usize] = fresh;
            fresh
        } else {
            known
        };
        ln_payoff - cost
    }

    /// Visits the node of the chosen sets so far; the kinds below `from` are all used.
    #[cfg_attr(target_arch = "wasm32", optimize(speed))]
    fn dfs(&mut self, from: usize) {
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
            let left: u8 = self.counts[from..].iter().sum();
            self.junk += left;
            self.finish();
            self.junk -= left;
            return;
        }
        let Some(k) = self.counts[from..].iter().position(|&c| c > 0).map(|i| from + i) else {
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
            let mut t = Target::new(r);
            for _ in used..3 {
                t.need[t.missing as usize] = k as u8;
                t.missing += 1;
            }
            self.push(t, k);
            self.counts[k] += used;
        }
        // …or to a sequence through it (lower numbers are no longer in the hand)…
        let base = k - n as usize;
        for start in n.saturating_sub(2).max(lowest)..=n.min(7) {
            let Some(r) = Reading::new(SetKind::Sequence, colour, start) else { continue };
            let mut t = Target::new(r);
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
            self.push(t, k);
            for (slot, m) in (start..start + 3).enumerate() {
                if took[slot] {
                    self.counts[base + m as usize] += 1;
                }
            }
        }
        // …or every remaining copy of it is given away.
        self.counts[k] = 0;
        self.junk += c;
        self.dfs(k + 1);
        self.junk -= c;
        self.counts[k] = c;
    }

    fn push(&mut self, t: Target, from: usize) {
        let saved = (self.cost_sum, self.bonus_sum, self.n_slots);
        self.add(t);
        self.dfs(from);
        self.remove(t, saved);
    }

    /// Chooses `t`, with the cost of its missing slots.
    #[cfg_attr(target_arch = "wasm32", optimize(speed))]
    fn add(&mut self, t: Target) {
        self.chosen[self.n_chosen] = t;
        self.n_chosen += 1;
        self.bonus_sum += t.bonus as f64;
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
    #[cfg_attr(target_arch = "wasm32", optimize(speed))]
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
        if v > self.best {
            self.best = v;
            self.ln_best = v.ln();
            self.drop_leaves_below_floor();
        }
        // A leaf below the share `wants_floor` of the best so far stays below it of the best.
        let floor = self.ev.weights.wants_floor;
        if v > 0.0 && (floor < 0.0 || v >= self.best * floor) {
            self.leaves.push((v, mask));
        }
    }

    /// Forgets the leaves that can no longer count among the wanted ones (the best only
    /// grows, so neither does a floor of a share of it).
    fn drop_leaves_below_floor(&mut self) {
        let share = self.ev.weights.wants_floor;
        if share >= 0.0 {
            let floor = self.best * share;
            self.leaves.retain(|&(v, _)| v >= floor);
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
            bonus += t.bonus as f64;
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
