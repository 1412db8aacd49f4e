//! The Normal player's search for the three sets a hand is closest to (see the module
//! documentation of [`super`]): a depth-first split of the concealed pieces into targets,
//! pruned by cost, each target valued by its bonuses and formation patterns.

use super::hand_value::Evaluator;
use crate::engine::{Patterns, Piece, PieceCounts, Reading, SetKind};

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
pub(super) fn value(
    ev: &Evaluator,
    concealed: &PieceCounts,
    fixed: &[(Reading, [Piece; 3])],
    board: &[u8; Piece::KINDS],
    slack: f64,
    counted: &mut Option<Counted>,
) -> (f64, u32) {
    let mut avail = [0u8; Piece::KINDS];
    for p in Piece::all() {
        avail[p.index()] = ev.live[p.index()].saturating_sub(concealed.get(p));
    }
    let sets_needed = 3usize.saturating_sub(fixed.len());
    let mut search = Search {
        ev,
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
        let Counted { likeliest, nodes } = *counted.get_or_insert_with(|| {
            search.dfs();
            Counted { likeliest: search.likeliest, nodes: search.nodes }
        });
        (search.likeliest, search.nodes) = (likeliest, nodes);
        search.counting = false;
        search.limit = search.likeliest + slack;
    }
    search.dfs();
    let floor = search.best * ev.weights.wants_floor;
    let wants = search.leaves.iter().filter(|(v, _)| *v >= floor && *v > 0.0).fold(0, |m, (_, w)| m | w);
    (search.best, wants)
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
