//! How far a hand is from declaring (R11): how many of its three sets are still missing,
//! and how many pieces it must still exchange, with the pieces that would bring it closer.
//! Like a mahjong "tiles away" count, it ignores whether the pieces can actually be had;
//! the coach adds how many of each are still unseen (R40).
//!
//! It works on the sets the engine lists ([`Reading::all`]) and the rule that a Joker may
//! stand for any piece of a set (R14), exactly: every choice of the missing sets is tried.

use lauzait_engine::{Piece, PieceCounts, PlayerCount, Reading};

/// How far a hand is from Lauzait-Cep! (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Distance {
    /// Sets still to complete: 3 less the revealed Departments and the most complete sets
    /// the concealed pieces hold at once.
    pub sets_away: u8,
    /// The fewest concealed pieces to exchange before the hand splits into three sets.
    pub pieces_away: u8,
}

impl Distance {
    /// The hand may declare now (as far as its pieces go: R11 also asks for no or three
    /// revealed Departments).
    pub fn complete(self) -> bool {
        self.pieces_away == 0
    }
}

/// The distance of a hand with `concealed` pieces beside `revealed` Departments. Extra
/// pieces (a hand of ten, mid-Hiring) are simply left over.
pub fn distance(concealed: &PieceCounts, revealed: usize, players: PlayerCount) -> Distance {
    let need = 3usize.saturating_sub(revealed);
    let sets: Vec<[usize; 3]> = Reading::all(players).map(|r| r.pieces().map(Piece::index)).collect();
    let mut counts = [0u8; Piece::KINDS];
    for p in concealed.kinds() {
        counts[p.index()] = concealed.get(p);
    }
    let jokers = counts[Piece::JOKER.index()];
    counts[Piece::JOKER.index()] = 0;
    let mut walk = Walk { sets: &sets, need, counts, jokers, best_missing: u8::MAX, most_complete: 0 };
    walk.go(0, 0, 0, true);
    Distance { sets_away: (need - walk.most_complete) as u8, pieces_away: walk.best_missing.min(3 * need as u8) }
}

/// The pieces that would bring the hand closer (one fewer piece to exchange) if it had
/// one more of them, in kind order.
pub fn helpful(concealed: &PieceCounts, revealed: usize, players: PlayerCount) -> Vec<Piece> {
    let now = distance(concealed, revealed, players).pieces_away;
    if now == 0 {
        return Vec::new();
    }
    Piece::all()
        .filter(|p| p.is_in_play(players))
        .filter(|&p| {
            let mut more = *concealed;
            more.add(p);
            distance(&more, revealed, players).pieces_away < now
        })
        .collect()
}

/// Tries every multiset of `need` sets (in list order, so each once), filling each set's
/// places from the hand's pieces of that kind first and Jokers after: a Joker fits any
/// place, so where pieces and Jokers both fit, which fills which changes no count.
struct Walk<'a> {
    sets: &'a [[usize; 3]],
    need: usize,
    counts: [u8; Piece::KINDS],
    jokers: u8,
    best_missing: u8,
    most_complete: usize,
}

impl Walk<'_> {
    fn go(&mut self, from: usize, depth: usize, missing: u8, all_complete: bool) {
        if all_complete {
            self.most_complete = self.most_complete.max(depth);
        }
        if depth == self.need {
            self.best_missing = self.best_missing.min(missing);
            return;
        }
        if missing >= self.best_missing && !all_complete {
            return;
        }
        for i in from..self.sets.len() {
            let set = self.sets[i];
            let (saved, jokers) = (self.counts, self.jokers);
            let mut miss = 0;
            for k in set {
                if self.counts[k] > 0 {
                    self.counts[k] -= 1;
                } else if self.jokers > 0 {
                    self.jokers -= 1;
                } else {
                    miss += 1;
                }
            }
            self.go(i, depth + 1, missing + miss, all_complete && miss == 0);
            self.counts = saved;
            self.jokers = jokers;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_engine::sets::splits_into_sets;

    fn hand(codes: &str) -> PieceCounts {
        codes.split_whitespace().map(|c| c.parse::<Piece>().unwrap()).collect()
    }

    #[test]
    fn r11b_complete_hands_are_zero_away() {
        let h = hand("G1 G2 G3 W5 W5 J G7 G8 G9");
        assert_eq!(distance(&h, 0, PlayerCount::Two), Distance { sets_away: 0, pieces_away: 0 });
        assert!(helpful(&h, 0, PlayerCount::Two).is_empty());
    }

    #[test]
    fn r14_counts_missing_pieces_and_sets() {
        // G1 G2 G3 is a set; W5 W5 wants a third W5 (or a Joker), G7 G9 a G8 (or a
        // Joker); W1 and W9 go in the exchanges: two pieces away, two sets to complete.
        let h = hand("G1 G2 G3 W5 W5 G7 G9 W1 W9");
        let d = distance(&h, 0, PlayerCount::Two);
        assert_eq!(d.sets_away, 2);
        assert_eq!(d.pieces_away, 2);
        let help = helpful(&h, 0, PlayerCount::Two);
        for p in ["G8", "W5", "J"] {
            assert!(help.contains(&p.parse().unwrap()), "{p} helps");
        }
        assert!(!help.contains(&"G5".parse().unwrap()));
    }

    #[test]
    fn zero_away_exactly_when_the_engine_says_the_hand_splits() {
        // Against the engine's own complete-hand test on many hands.
        let players = PlayerCount::Two;
        let kinds: Vec<Piece> = Piece::all().filter(|p| p.is_in_play(players)).collect();
        let mut x: u64 = 7;
        for _ in 0..400 {
            let mut h = PieceCounts::new();
            while h.total() < 9 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let p = kinds[(x >> 33) as usize % kinds.len()];
                if h.get(p) < p.copies(players) {
                    h.add(p);
                }
            }
            let d = distance(&h, 0, players);
            assert_eq!(d.complete(), splits_into_sets(&h, players), "{h:?}");
            assert_eq!(d.sets_away == 0, d.complete());
        }
    }
}
