//! The scoring drill: seeded hands of nine, about half of them complete, for the learner to
//! say whether the hand may declare and what it scores; the engine's own scoring answers
//! ([`best_declaration`], R11, R16–R18, R30) and the answer is explained pattern by pattern.

use lauzait_engine::scoring::best_declaration;
use lauzait_engine::{Pattern, Patterns, Piece, PieceCounts, PlayerCount, Reading, Rule};

// Shuffles and single draws only (what the deal already uses): a sampling routine of its own
// would add to the page's download for nothing.
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// One drill question: nine concealed pieces (no revealed Department) and the luminous
/// piece, if the rule is on, with the engine's answer worked out once when it is made (the
/// screen asks for it on every redraw). The fields are read through methods, so the answer
/// always belongs to the hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    hand: PieceCounts,
    luminous: Option<Piece>,
    players: PlayerCount,
    answer: Option<Patterns>,
}

impl Drill {
    /// The `seed`-th question for a game of `players`.
    pub fn generate(seed: u64, players: PlayerCount) -> Drill {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let full = PieceCounts::full_set(players);
        let mut sets: Vec<Reading> = Reading::all(players).collect();
        let mut hand = PieceCounts::new();
        if rng.random_bool(0.55) {
            // Three sets whose pieces the game has, a Joker standing in now and then (R14).
            for _ in 0..100 {
                sets.shuffle(&mut rng);
                hand = sets[..3].iter().flat_map(|r| r.pieces()).collect();
                if full.contains_all(&hand) {
                    break;
                }
            }
            if rng.random_bool(0.3) {
                if let Some(p) = hand.pieces().filter(|p| !p.is_joker()).collect::<Vec<_>>().choose(&mut rng) {
                    hand.remove(*p);
                    hand.add(Piece::JOKER);
                }
            }
        }
        if hand.total() != 9 || !full.contains_all(&hand) {
            let mut all: Vec<Piece> = full.pieces().collect();
            all.shuffle(&mut rng);
            hand = all[..9].iter().copied().collect();
        }
        let mut rest = full;
        rest.remove_all(&hand);
        let rest: Vec<Piece> = rest.pieces().collect();
        let luminous = if rng.random_bool(0.5) { rest.choose(&mut rng).copied() } else { None };
        let answer = best_declaration(&hand, &[], luminous, players);
        Drill { hand, luminous, players, answer }
    }

    /// The nine pieces of the question.
    pub fn hand(&self) -> &PieceCounts {
        &self.hand
    }

    /// The luminous piece, when the rule is on (R30).
    pub fn luminous(&self) -> Option<Piece> {
        self.luminous
    }

    pub fn players(&self) -> PlayerCount {
        self.players
    }

    /// The engine's answer: the best formation score, or `None` when the hand may not
    /// declare.
    pub fn answer(&self) -> Option<Patterns> {
        self.answer
    }

    /// The patterns that score, with their points, in the order of the summary sheet.
    pub fn explain(&self) -> Vec<(Pattern, u32)> {
        let Some(p) = self.answer() else { return Vec::new() };
        Pattern::ALL.into_iter().map(|x| (x, p.get(x))).filter(|&(_, n)| n > 0).collect()
    }

    /// Whether the learner's answer (may it declare; if so, its points) is right.
    pub fn check(&self, declares: bool, points: u32) -> bool {
        match self.answer() {
            Some(p) => declares && p.total() == points,
            None => !declares,
        }
    }
}

/// The rule a scoring line of the explanation cites: Lauzait-Cep! itself (R11), the
/// patterns of a complete hand (R17), Stalemate (R19), the luminous bonus (R30).
pub fn pattern_rule(p: Pattern) -> Rule {
    match p {
        Pattern::LauzaitCep => Rule::R11,
        Pattern::SpecializedExperts | Pattern::GreatSequence | Pattern::LayeredBridges | Pattern::WellBalanced => {
            Rule::R17
        }
        Pattern::Stalemate => Rule::R19,
        Pattern::Luminous => Rule::R30,
    }
}
