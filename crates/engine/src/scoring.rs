//! Lauzait-Cep! and the formation score (R11, R16–R19, R30).

use super::piece::{Colour, Piece, PieceCounts, PlayerCount};
use super::sets::{readings, Reading};
use serde::{Deserialize, Serialize};

/// The points of each formation pattern in one declaration (R17, R19, R30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Patterns {
    pub lauzait_cep: u32,
    pub specialized_experts: u32,
    pub great_sequence: u32,
    pub layered_bridges: u32,
    pub well_balanced: u32,
    pub stalemate: u32,
    pub luminous: u32,
}

/// One formation pattern (R17, R19) or the luminous bonus (R30), in the order of the summary
/// sheet, the luminous bonus last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    LauzaitCep,
    SpecializedExperts,
    GreatSequence,
    LayeredBridges,
    WellBalanced,
    Stalemate,
    Luminous,
}

impl Pattern {
    pub const ALL: [Pattern; 7] = [
        Pattern::LauzaitCep,
        Pattern::SpecializedExperts,
        Pattern::GreatSequence,
        Pattern::LayeredBridges,
        Pattern::WellBalanced,
        Pattern::Stalemate,
        Pattern::Luminous,
    ];

    /// The points the pattern scores (R17, R19); the luminous bonus scores this per piece (R30).
    pub const fn points(self) -> u32 {
        match self {
            Pattern::LauzaitCep | Pattern::SpecializedExperts | Pattern::GreatSequence => 3,
            // [decision] in RULES.md R17: 2, not the English summary's 3.
            Pattern::LayeredBridges => 2,
            Pattern::WellBalanced => 10,
            Pattern::Stalemate => 15,
            Pattern::Luminous => 1,
        }
    }
}

impl Patterns {
    pub fn total(&self) -> u32 {
        Pattern::ALL.iter().map(|&p| self.get(p)).sum()
    }

    /// The points `pattern` scored in this declaration.
    pub fn get(&self, pattern: Pattern) -> u32 {
        match pattern {
            Pattern::LauzaitCep => self.lauzait_cep,
            Pattern::SpecializedExperts => self.specialized_experts,
            Pattern::GreatSequence => self.great_sequence,
            Pattern::LayeredBridges => self.layered_bridges,
            Pattern::WellBalanced => self.well_balanced,
            Pattern::Stalemate => self.stalemate,
            Pattern::Luminous => self.luminous,
        }
    }

    /// R19: a stalemate scores Lauzait-Cep! and Stalemate (and the luminous pieces), none of
    /// the patterns of a complete hand.
    pub fn stalemate(luminous: u32) -> Patterns {
        Patterns {
            lauzait_cep: Pattern::LauzaitCep.points(),
            stalemate: Pattern::Stalemate.points(),
            luminous: luminous * Pattern::Luminous.points(),
            ..Patterns::default()
        }
    }

    /// R17: the patterns of nine pieces read as the three `sets`, with Well-Balanced (which
    /// depends on the physical pieces, not the reading) and the count of luminous pieces
    /// (R30) given, since they do not depend on how the Jokers are read.
    pub fn of_sets(sets: &[Reading; 3], well_balanced: bool, luminous: u32) -> Patterns {
        let colour = sets[0].colour();
        let specialized = sets.iter().all(|s| s.colour() == colour);
        let mut numbers = [0u8; 9];
        for (i, s) in sets.iter().enumerate() {
            numbers[3 * i..3 * i + 3].copy_from_slice(&s.numbers());
        }
        numbers.sort_unstable();
        let great = numbers.windows(2).all(|w| w[1] == w[0] + 1);
        let bridges = (0..3).any(|i| (i + 1..3).any(|j| sets[i].numbers() == sets[j].numbers()));
        let scored = |p: Pattern, yes: bool| if yes { p.points() } else { 0 };
        Patterns {
            lauzait_cep: Pattern::LauzaitCep.points(),
            specialized_experts: scored(Pattern::SpecializedExperts, specialized),
            great_sequence: scored(Pattern::GreatSequence, great),
            layered_bridges: scored(Pattern::LayeredBridges, bridges),
            well_balanced: scored(Pattern::WellBalanced, well_balanced),
            stalemate: 0,
            luminous: luminous * Pattern::Luminous.points(),
        }
    }
}

/// R30: how many of a declarer's pieces (`all`, concealed and revealed) are luminous: of the
/// luminous piece's kind, a Joker only when the luminous piece is one. 0 without one.
pub fn luminous_pieces(all: &PieceCounts, luminous: Option<Piece>) -> u32 {
    luminous.map_or(0, |l| all.get(l) as u32)
}

/// R17 Well-Balanced: the White numbers add up to the Green numbers, Jokers ignored.
pub fn well_balanced(all: &PieceCounts) -> bool {
    all.number_sum(Colour::White) == all.number_sum(Colour::Green)
}

/// Whether a hand may declare (R11): exactly three revealed Departments, or none and nine
/// concealed pieces that split into three sets.
pub fn may_declare(concealed: &PieceCounts, revealed: usize, players: PlayerCount) -> bool {
    match revealed {
        3 => concealed.is_empty(),
        0 => concealed.total() == 9 && super::sets::splits_into_sets(concealed, players),
        _ => false,
    }
}

/// The best formation score of a declaring hand (R16–R18, R30), or `None` when the hand
/// may not declare (R11). `revealed` holds the physical pieces of each revealed Department;
/// their Jokers may be read anew (R16).
pub fn best_declaration(
    concealed: &PieceCounts,
    revealed: &[[Piece; 3]],
    luminous: Option<Piece>,
    players: PlayerCount,
) -> Option<Patterns> {
    if !may_declare(concealed, revealed.len(), players) {
        return None;
    }
    let mut all = *concealed;
    for dept in revealed {
        all.extend_from(dept);
    }
    let (balanced, lit) = (well_balanced(&all), luminous_pieces(&all, luminous));

    let mut best: Option<Patterns> = None;
    let mut keep = |sets: &[Reading; 3]| {
        let p = Patterns::of_sets(sets, balanced, lit);
        if best.is_none_or(|b| p.total() > b.total()) {
            best = Some(p);
        }
    };
    let dept_readings: Vec<Vec<Reading>> =
        revealed.iter().map(|d| readings(*d, players).into_iter().map(|r| r.reading).collect()).collect();
    let mut chosen = Vec::with_capacity(3);
    for_each_dept_choice(&dept_readings, &mut chosen, &mut |chosen| {
        let mut rest = concealed.numbered_counts();
        for_each_split(&mut rest, concealed.get(Piece::JOKER), players, &mut chosen.clone(), &mut |sets| {
            keep(&[sets[0], sets[1], sets[2]])
        });
    });
    best
}

fn for_each_dept_choice(options: &[Vec<Reading>], chosen: &mut Vec<Reading>, f: &mut dyn FnMut(&Vec<Reading>)) {
    match options.split_first() {
        None => f(chosen),
        Some((first, rest)) => {
            for r in first {
                chosen.push(*r);
                for_each_dept_choice(rest, chosen, f);
                chosen.pop();
            }
        }
    }
}

/// Calls `f` with every way the concealed pieces (numbered counts plus Jokers) split into
/// sets, each with every Joker reading, appended to `chosen`. Unlike the fast check in
/// `sets`, this must try a Joker even where a numbered piece would fit, because
/// the patterns depend on which pieces end up together.
fn for_each_split(
    counts: &mut [u8; 20],
    jokers: u8,
    players: PlayerCount,
    chosen: &mut Vec<Reading>,
    f: &mut dyn FnMut(&[Reading]),
) {
    let Some(k) = counts.iter().position(|&c| c > 0) else {
        if jokers == 0 {
            f(chosen);
        } else if jokers == 3 {
            for r in Reading::all(players) {
                chosen.push(r);
                f(chosen);
                chosen.pop();
            }
        }
        return;
    };
    let piece = Piece::from_index(k).expect("numbered kind");
    let (colour, n) = (piece.colour().expect("numbered"), piece.number().expect("numbered"));
    let candidates = Reading::all(players).filter(|r| r.colour() == colour && r.numbers().contains(&n));
    for reading in candidates {
        // The piece `k` fills one slot; each other slot takes a numbered piece or a Joker.
        let mut others: Vec<usize> = reading.pieces().iter().map(|p| p.index()).collect();
        let pos = others.iter().position(|&i| i == k).expect("reading contains the piece");
        others.remove(pos);
        counts[k] -= 1;
        for mask in 0..4u8 {
            let use_numbered = [mask & 1 != 0, mask & 2 != 0];
            let mut taken = [false; 2];
            let mut jokers_needed = 0;
            let mut possible = true;
            for slot in 0..2 {
                if use_numbered[slot] {
                    if counts[others[slot]] > 0 {
                        counts[others[slot]] -= 1;
                        taken[slot] = true;
                    } else {
                        possible = false;
                    }
                } else {
                    jokers_needed += 1;
                }
            }
            // Identical slots (a triple) would list the same split twice.
            let duplicate = others[0] == others[1] && use_numbered[0] && !use_numbered[1];
            if possible && !duplicate && jokers_needed <= jokers {
                chosen.push(reading);
                for_each_split(counts, jokers - jokers_needed, players, chosen, f);
                chosen.pop();
            }
            for slot in 0..2 {
                if taken[slot] {
                    counts[others[slot]] += 1;
                }
            }
        }
        counts[k] += 1;
    }
}

impl PieceCounts {
    fn extend_from(&mut self, pieces: &[Piece; 3]) {
        for p in pieces {
            self.add(*p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(codes: &[&str]) -> PieceCounts {
        codes.iter().map(|c| c.parse::<Piece>().unwrap()).collect()
    }

    fn dept(codes: [&str; 3]) -> [Piece; 3] {
        codes.map(|c| c.parse().unwrap())
    }

    #[test]
    fn r17_layered_bridges_and_luminous_r30() {
        let h = hand(&["G1", "G2", "G3", "W1", "W2", "W3", "J", "G8", "G9"]);
        let p = best_declaration(&h, &[], Some("G1".parse().unwrap()), PlayerCount::Four).unwrap();
        assert_eq!(p.layered_bridges, 2);
        assert_eq!(p.luminous, 1);
        assert_eq!(p.total(), 6);
    }

    #[test]
    fn r17_well_balanced_ignores_jokers() {
        let h = hand(&["G4", "G6", "W7", "W7", "G2", "G2", "W7", "G5", "G2"]);
        let p = best_declaration(&h, &[], None, PlayerCount::Four).unwrap();
        assert_eq!(p.well_balanced, 10);
        assert_eq!(p.total(), 13);
    }

    #[test]
    fn r16_revealed_jokers_may_be_read_anew() {
        let revealed = [dept(["J", "G1", "J"]), dept(["W1", "W1", "W1"]), dept(["G8", "J", "G8"])];
        let p = best_declaration(&PieceCounts::new(), &revealed, None, PlayerCount::Four).unwrap();
        assert_eq!(p.layered_bridges, 2);
        assert_eq!(p.total(), 5);
    }

    #[test]
    fn r17_specialized_experts_and_great_sequence() {
        let revealed = [dept(["G4", "G5", "G6"]), dept(["G1", "G2", "G3"]), dept(["G7", "J", "G7"])];
        let p =
            best_declaration(&PieceCounts::new(), &revealed, Some("W4".parse().unwrap()), PlayerCount::Four).unwrap();
        assert_eq!(p.specialized_experts, 3);
        assert_eq!(p.great_sequence, 0);
        let h = hand(&["G1", "G2", "G3", "W4", "W5", "W6", "G7", "J", "G9"]);
        let p = best_declaration(&h, &[], None, PlayerCount::Four).unwrap();
        assert_eq!(p.great_sequence, 3);
        assert_eq!(p.specialized_experts, 0);
    }

    #[test]
    fn r11_only_three_revealed_or_none() {
        let h = hand(&["G1", "G2", "G3", "W1", "W2", "W3"]);
        assert!(best_declaration(&h, &[dept(["G5", "G5", "G5"])], None, PlayerCount::Four).is_none());
        assert!(!may_declare(&hand(&["G1", "G2", "G3", "W1", "W2", "W3"]), 0, PlayerCount::Four));
    }

    #[test]
    fn r19_stalemate_scores_eighteen() {
        assert_eq!(Patterns::stalemate(0).total(), 18);
    }
}
