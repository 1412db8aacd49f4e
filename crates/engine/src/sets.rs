//! Sets (Departments) and their bonus (R14, R15), and the complete-hand check (R11b).

use super::piece::{dots, Codes, Colour, Piece, PieceCounts, PlayerCount};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetKind {
    /// Three of the same number.
    Triple,
    /// Three consecutive numbers; 9 and 0 do not connect.
    Sequence,
}

/// What three pieces are read as: a set of one colour, described by its lowest number.
/// Every value is a real set, since the constructor checks the numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ReadingPieces", into = "ReadingPieces")]
pub struct Reading {
    kind: SetKind,
    colour: Colour,
    low: u8,
}

impl Reading {
    pub fn new(kind: SetKind, colour: Colour, low: u8) -> Option<Reading> {
        let top = match kind {
            SetKind::Triple => low,
            SetKind::Sequence => low.checked_add(2)?,
        };
        (top <= 9).then_some(Reading { kind, colour, low })
    }

    /// The set that three pieces spell (the form records and saves write a reading in:
    /// `G1G2G3`), in any order; an error when they are no set of one colour.
    pub fn from_pieces(mut p: [Piece; 3]) -> Result<Reading, NotASet> {
        p.sort();
        let not_a_set = || NotASet { pieces: p };
        let colour = p[0].colour().ok_or_else(not_a_set)?;
        let numbers = p.map(|x| x.number());
        let kind = match numbers {
            [Some(a), Some(b), Some(c)] if a == b && b == c => SetKind::Triple,
            [Some(a), Some(b), Some(c)] if b == a + 1 && c == b + 1 => SetKind::Sequence,
            _ => return Err(not_a_set()),
        };
        if p.iter().any(|x| x.colour() != Some(colour)) {
            return Err(not_a_set());
        }
        Reading::new(kind, colour, numbers[0].unwrap_or(0)).ok_or_else(not_a_set)
    }

    pub fn kind(self) -> SetKind {
        self.kind
    }

    pub fn colour(self) -> Colour {
        self.colour
    }

    /// The three numbers, lowest first.
    pub fn numbers(self) -> [u8; 3] {
        match self.kind {
            SetKind::Triple => [self.low; 3],
            SetKind::Sequence => [self.low, self.low + 1, self.low + 2],
        }
    }

    /// The three pieces as read, lowest first.
    pub fn pieces(self) -> [Piece; 3] {
        self.numbers().map(|n| Piece::numbered(self.colour, n).expect("a reading's numbers are 0–9"))
    }

    /// The pieces this reading stands for, when `set` (the pieces read) holds a Joker: the
    /// same pieces can then make different sets (R14), told apart only by this, so it is
    /// shown and said. `None` for a set read as itself.
    pub fn joker_stands_for(self, set: &[Piece; 3]) -> Option<[Piece; 3]> {
        set.iter().any(|p| p.is_joker()).then(|| self.pieces())
    }

    /// Whether every piece of this reading is in play (no 0 with 2–3 players, R14).
    pub fn is_in_play(self, players: PlayerCount) -> bool {
        self.low >= players.lowest_number()
    }

    /// R15: the dots of the largest number, ×3 for a triple, −1 per Joker, never below 0.
    pub fn bonus(self, jokers: u8) -> u8 {
        let top = self.numbers()[2];
        let base = dots(top) * if self.kind == SetKind::Triple { 3 } else { 1 };
        base.saturating_sub(jokers)
    }

    /// R15: the bonus of the physical `pieces` read this way (−1 for each Joker among them).
    pub fn bonus_for(self, pieces: [Piece; 3]) -> u8 {
        self.bonus(pieces.iter().filter(|p| p.is_joker()).count() as u8)
    }

    /// Every set in play for `players`.
    pub fn all(players: PlayerCount) -> impl Iterator<Item = Reading> {
        Colour::ALL.into_iter().flat_map(move |colour| {
            let triples = (0..=9).filter_map(move |n| Reading::new(SetKind::Triple, colour, n));
            let sequences = (0..=7).filter_map(move |n| Reading::new(SetKind::Sequence, colour, n));
            triples.chain(sequences).filter(move |r| r.is_in_play(players))
        })
    }

    /// Whether `pieces` can be read this way: the numbered pieces must be pieces of the
    /// reading, and the Jokers fill the rest.
    pub fn fits(self, pieces: [Piece; 3]) -> bool {
        let mut wanted: PieceCounts = self.pieces().into_iter().collect();
        pieces.into_iter().filter(|p| !p.is_joker()).all(|p| wanted.remove(p))
    }
}

/// The serialised shape of a [`Reading`]: its three pieces, as the analyze protocol
/// writes them.
#[derive(Serialize, Deserialize)]
struct ReadingPieces([Piece; 3]);

impl From<Reading> for ReadingPieces {
    fn from(r: Reading) -> Self {
        ReadingPieces(r.pieces())
    }
}

impl TryFrom<ReadingPieces> for Reading {
    type Error = NotASet;
    fn try_from(ReadingPieces(p): ReadingPieces) -> Result<Reading, NotASet> {
        Reading::from_pieces(p)
    }
}

/// Three physical pieces read as a set, with the bonus that reading earns (R15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetReading {
    pub reading: Reading,
    pub bonus: u8,
}

/// The Joker readings of three pieces: every distinct way they can be read as a set, best
/// bonus first (R14, R15). Empty when they make no set.
pub fn readings(pieces: [Piece; 3], players: PlayerCount) -> Vec<SetReading> {
    let mut out: Vec<SetReading> = candidate_readings(pieces, players)
        .filter(|r| r.is_in_play(players) && r.fits(pieces))
        .map(|reading| SetReading { reading, bonus: reading.bonus_for(pieces) })
        .collect();
    out.sort_by_key(|r| std::cmp::Reverse(r.bonus));
    out
}

/// The only sets that can contain the numbered pieces among `pieces`: one colour, and
/// numbers within a span of three. Cheap, because forming and declaring call it often.
fn candidate_readings(pieces: [Piece; 3], players: PlayerCount) -> Box<dyn Iterator<Item = Reading>> {
    let mut numbered = pieces.iter().filter_map(|p| Some((p.colour()?, p.number()?)));
    let Some((colour, first)) = numbered.next() else {
        return Box::new(Reading::all(players));
    };
    let (mut lo, mut hi) = (first, first);
    for (c, n) in numbered {
        if c != colour {
            return Box::new(std::iter::empty());
        }
        lo = lo.min(n);
        hi = hi.max(n);
    }
    let triple = (lo == hi).then(|| Reading::new(SetKind::Triple, colour, lo)).flatten();
    let sequences = (hi.saturating_sub(2)..=lo).filter_map(move |start| Reading::new(SetKind::Sequence, colour, start));
    Box::new(triple.into_iter().chain(sequences))
}

/// Whether the pieces split into sets with none left over (R11b; nine pieces → three
/// sets). Fast: it works on counts and tries the fewest possible arrangements.
///
/// Why it is exact: take the lowest numbered piece left; it must belong to some set,
/// either a triple of its number or one of the (at most three) sequences through it. Where
/// a slot of that set can be filled by a numbered piece or by a Joker, using the numbered
/// piece never hurts: any solution that used the Joker there can swap the two.
pub fn splits_into_sets(hand: &PieceCounts, players: PlayerCount) -> bool {
    if hand.total() % 3 != 0 {
        return false;
    }
    split_counts(&mut hand.numbered_counts(), hand.get(Piece::JOKER), players.lowest_number())
}

fn split_counts(counts: &mut [u8; 20], jokers: u8, lowest: u8) -> bool {
    let Some(k) = counts.iter().position(|&c| c > 0) else {
        // Only Jokers left: any three of them form a set.
        return jokers % 3 == 0;
    };
    let base = k - k % 10;
    let n = (k % 10) as u8;

    let take = counts[k].min(3);
    let need = 3 - take;
    if need <= jokers {
        counts[k] -= take;
        let ok = split_counts(counts, jokers - need, lowest);
        counts[k] += take;
        if ok {
            return true;
        }
    }

    for start in n.saturating_sub(2).max(lowest)..=n.min(7) {
        let mut used = [false; 3];
        let mut jokers_used = 0;
        for (slot, m) in (start..start + 3).enumerate() {
            if counts[base + m as usize] > 0 {
                used[slot] = true;
                counts[base + m as usize] -= 1;
            } else {
                jokers_used += 1;
            }
        }
        let ok = jokers_used <= jokers && split_counts(counts, jokers - jokers_used, lowest);
        for (slot, m) in (start..start + 3).enumerate() {
            if used[slot] {
                counts[base + m as usize] += 1;
            }
        }
        if ok {
            return true;
        }
    }
    false
}

/// Three pieces that spell no set of one colour (R14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotASet {
    /// The pieces, lowest first.
    pub pieces: [Piece; 3],
}

impl fmt::Display for NotASet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a set", Codes(&self.pieces))
    }
}

impl std::error::Error for NotASet {}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces<const N: usize>(codes: [&str; N]) -> [Piece; N] {
        codes.map(|c| c.parse().unwrap())
    }

    fn hand(codes: &[&str]) -> PieceCounts {
        codes.iter().map(|c| c.parse::<Piece>().unwrap()).collect()
    }

    #[test]
    fn r15_rulebook_examples() {
        let r = readings(pieces(["G3", "G4", "G5"]), PlayerCount::Four);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].bonus, 2);
        let r = readings(pieces(["W3", "W3", "J"]), PlayerCount::Four);
        assert_eq!(r[0].reading.kind(), SetKind::Triple);
        assert_eq!(r[0].bonus, 2);
    }

    #[test]
    fn r14_sets_are_one_colour_and_nine_does_not_connect_to_zero() {
        assert!(readings(pieces(["G3", "W4", "G5"]), PlayerCount::Four).is_empty());
        assert!(readings(pieces(["G8", "G9", "G0"]), PlayerCount::Four).is_empty());
    }

    #[test]
    fn r14_jokers_never_stand_for_a_zero_with_fewer_than_four_players() {
        let four = readings(pieces(["G1", "G2", "J"]), PlayerCount::Four);
        let three = readings(pieces(["G1", "G2", "J"]), PlayerCount::Three);
        assert_eq!(four.len(), 2);
        assert_eq!(three.len(), 1);
        assert_eq!(three[0].reading.pieces(), pieces(["G1", "G2", "G3"]));
    }

    #[test]
    fn r15_bonus_never_below_zero() {
        let r = readings(pieces(["G0", "G2", "J"]), PlayerCount::Four);
        assert_eq!(r[0].bonus, 0);
    }

    #[test]
    fn r11b_complete_hands() {
        let four = PlayerCount::Four;
        assert!(splits_into_sets(&hand(&["G1", "G2", "G3", "W1", "W2", "W3", "J", "G8", "G9"]), four));
        assert!(splits_into_sets(&hand(&["J", "J", "J", "J", "G5", "G5", "W1", "W2", "W3"]), four));
        assert!(!splits_into_sets(&hand(&["G7", "W7", "G7", "G3", "G7", "W6", "G5", "G3", "W8"]), four));
        assert!(splits_into_sets(&hand(&["G8", "G9", "J", "G8", "G9", "J", "G1", "G1", "G1"]), four));
        // 1-1-1-2-3-4 style: needs the triple and a sequence in the right order.
        assert!(splits_into_sets(&hand(&["G1", "G1", "G1", "G2", "G3", "G4", "W5", "W5", "W5"]), four));
        assert!(splits_into_sets(&hand(&["G1", "G1", "G2", "G2", "G3", "G3", "W5", "W5", "W5"]), four));
        assert!(!splits_into_sets(&hand(&["G1", "G2"]), four));
    }
}
