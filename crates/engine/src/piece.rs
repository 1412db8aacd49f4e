//! Pieces (R1–R3): two colours of numbered pieces plus Jokers.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The two colours of numbered pieces (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    /// Site Workers (兵, *kauk*), code `G`.
    Green,
    /// Administrative Officers (筆, *kua*), code `W`.
    White,
}

impl Colour {
    pub const ALL: [Colour; 2] = [Colour::Green, Colour::White];

    pub fn code(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::White => 'W',
        }
    }
}

/// How many players share the table (R3). The count decides which pieces are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum PlayerCount {
    Two,
    Three,
    Four,
}

impl PlayerCount {
    pub fn get(self) -> usize {
        match self {
            PlayerCount::Two => 2,
            PlayerCount::Three => 3,
            PlayerCount::Four => 4,
        }
    }

    /// Zeros are removed with fewer than four players (R3), so no Joker may stand for one (R14).
    pub fn zeros_in_play(self) -> bool {
        self == PlayerCount::Four
    }

    /// The lowest number in play.
    pub fn lowest_number(self) -> u8 {
        if self.zeros_in_play() {
            0
        } else {
            1
        }
    }
}

impl TryFrom<u8> for PlayerCount {
    type Error = PlayerCountError;
    fn try_from(n: u8) -> Result<Self, PlayerCountError> {
        match n {
            2 => Ok(PlayerCount::Two),
            3 => Ok(PlayerCount::Three),
            4 => Ok(PlayerCount::Four),
            _ => Err(PlayerCountError { count: n }),
        }
    }
}

impl From<PlayerCount> for u8 {
    fn from(p: PlayerCount) -> u8 {
        p.get() as u8
    }
}

/// One kind of piece: a numbered piece of a colour, or a Joker.
///
/// Stored as an index 0..21 (G0–G9, W0–W9, J) so that hands can be counted in flat
/// arrays; the field is private, so every `Piece` is a real kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(u8);

impl Piece {
    /// Number of distinct kinds, the length of a [`crate::PieceCounts`].
    pub const KINDS: usize = 21;
    pub const JOKER: Piece = Piece(20);

    /// A numbered piece; `None` when `number` is above 9.
    pub fn numbered(colour: Colour, number: u8) -> Option<Piece> {
        (number <= 9).then(|| Piece(colour_base(colour) + number))
    }

    pub fn from_index(index: usize) -> Option<Piece> {
        (index < Self::KINDS).then_some(Piece(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn is_joker(self) -> bool {
        self == Piece::JOKER
    }

    pub fn colour(self) -> Option<Colour> {
        match self.0 {
            0..=9 => Some(Colour::Green),
            10..=19 => Some(Colour::White),
            _ => None,
        }
    }

    pub fn number(self) -> Option<u8> {
        (self.0 < 20).then_some(self.0 % 10)
    }

    /// Every kind, G0…G9, W0…W9, J.
    pub fn all() -> impl Iterator<Item = Piece> {
        (0..Self::KINDS as u8).map(Piece)
    }

    /// Copies of this kind in the game for `players` (R1, R3).
    pub fn copies(self, players: PlayerCount) -> u8 {
        match self.number() {
            None => {
                if players == PlayerCount::Two {
                    2
                } else {
                    4
                }
            }
            Some(0) if !players.zeros_in_play() => 0,
            Some(n) => 5 - dots(n),
        }
    }

    pub fn is_in_play(self, players: PlayerCount) -> bool {
        self.copies(players) > 0
    }

    /// Whether discarding `self` lets the player move `other` (R12.2): same colour and a
    /// number one apart, or a Joker on either side.
    pub fn lets_move(self, other: Piece) -> bool {
        if self.is_joker() || other.is_joker() {
            return true;
        }
        self.colour() == other.colour() && self.0.abs_diff(other.0) == 1
    }
}

fn colour_base(colour: Colour) -> u8 {
    match colour {
        Colour::Green => 0,
        Colour::White => 10,
    }
}

/// The dots printed on a number, its point value (R2).
pub fn dots(number: u8) -> u8 {
    match number {
        0..=3 => 1,
        4..=7 => 2,
        _ => 3,
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.colour(), self.number()) {
            (Some(c), Some(n)) => write!(f, "{}{}", c.code(), n),
            _ => f.write_str("J"),
        }
    }
}

/// Pieces written as their codes one after another (`G1G2J`), as the notation writes a set,
/// for messages: the browser build prints no `{:?}` (`-Zfmt-debug=none`, BENCHMARKS.md
/// "Download size"), so a message names pieces through this.
pub struct Codes<'a>(pub &'a [Piece]);

impl fmt::Display for Codes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|p| write!(f, "{p}"))
    }
}

/// The pieces counted, each as often as it is counted (`G1G1W3`), in piece order, as the
/// record writes a hand (nothing for no pieces).
impl fmt::Display for PieceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pieces().try_for_each(|p| write!(f, "{p}"))
    }
}

/// The longest stretch of untrusted text an error message quotes.
const QUOTED_CHARS: usize = 40;

/// `text` as an error message may quote it: whole when short, else its first 40 characters
/// and its length, so that a megabyte of input never comes back as a megabyte of message.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// A piece code that is not `G0`–`G9`, `W0`–`W9` or `J` (quoted as [`excerpt`] cuts it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPiece(pub String);

impl fmt::Display for BadPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad piece '{}'", self.0)
    }
}

impl std::error::Error for BadPiece {}

impl FromStr for Piece {
    type Err = BadPiece;
    fn from_str(s: &str) -> Result<Piece, BadPiece> {
        let bad = || BadPiece(excerpt(s));
        let bytes = s.as_bytes();
        match bytes {
            [b'J'] => Ok(Piece::JOKER),
            [c @ (b'G' | b'W'), d @ b'0'..=b'9'] => {
                let colour = if *c == b'G' { Colour::Green } else { Colour::White };
                Piece::numbered(colour, d - b'0').ok_or_else(bad)
            }
            _ => Err(bad()),
        }
    }
}

/// Debug output and serde both use a type's text code (`G3`, `c3`): the notation, the
/// analyze protocol and saved games all speak in codes.
macro_rules! text_code {
    ($t:ty) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(self, f)
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use text_code;

text_code!(Piece);

/// A multiset of pieces, counted per kind: a hand, the pool, or the pieces of a set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PieceCounts([u8; Piece::KINDS]);

impl PieceCounts {
    pub fn new() -> PieceCounts {
        PieceCounts::default()
    }

    /// Every piece of the game for `players` (R1, R3).
    pub fn full_set(players: PlayerCount) -> PieceCounts {
        let mut counts = PieceCounts::new();
        for p in Piece::all() {
            counts.0[p.index()] = p.copies(players);
        }
        counts
    }

    pub fn get(&self, piece: Piece) -> u8 {
        self.0[piece.index()]
    }

    /// Adds one `piece`. A count stops at 255 rather than wrapping: only untrusted input can
    /// get near that (the game has at most 4 of a kind, R1), and a saturated count still
    /// fails [`Self::first_excess`], where a wrapped one could pass for a small valid count.
    pub fn add(&mut self, piece: Piece) {
        let slot = &mut self.0[piece.index()];
        *slot = slot.saturating_add(1);
    }

    /// Removes one `piece`; `false` (and no change) when there is none.
    pub fn remove(&mut self, piece: Piece) -> bool {
        let slot = &mut self.0[piece.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn contains(&self, piece: Piece) -> bool {
        self.get(piece) > 0
    }

    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Whether `self` holds at least every piece of `other`.
    pub fn contains_all(&self, other: &PieceCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Adds every piece of `other`; saturating as [`Self::add`] does.
    pub fn add_all(&mut self, other: &PieceCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a = a.saturating_add(*b);
        }
    }

    /// The first kind (in kind order) held more times than the game for `players` has
    /// (R1, R3), or `None` when every count is possible.
    pub fn first_excess(&self, players: PlayerCount) -> Option<Piece> {
        self.kinds().find(|p| self.get(*p) > p.copies(players))
    }

    /// Pieces read from outside are pieces one game of `players` has (R1, R3): the reason
    /// when a kind is held more often than the game has it, or not at all.
    pub fn check_in_game(&self, players: PlayerCount) -> Result<(), ExcessPieces> {
        match self.first_excess(players) {
            None => Ok(()),
            Some(piece) if piece.copies(players) == 0 => Err(ExcessPieces::NotInGame { piece, players }),
            Some(piece) => Err(ExcessPieces::TooMany { piece, count: self.get(piece), copies: piece.copies(players) }),
        }
    }

    /// `self` less every piece of `other`, or `None` when `other` holds a piece more often
    /// than `self` does (for counts read from untrusted input).
    pub fn without(&self, other: &PieceCounts) -> Option<PieceCounts> {
        let mut rest = *self;
        for (a, b) in rest.0.iter_mut().zip(other.0.iter()) {
            *a = a.checked_sub(*b)?;
        }
        Some(rest)
    }

    /// Removes every piece of `other`; the caller checks [`Self::contains_all`] first
    /// (or uses [`Self::without`]).
    pub fn remove_all(&mut self, other: &PieceCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
    }

    /// The distinct kinds present, in kind order.
    pub fn kinds(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::all().filter(|&p| self.contains(p))
    }

    /// Every piece, repeated by its count, in kind order.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        Piece::all().flat_map(|p| std::iter::repeat_n(p, self.get(p) as usize))
    }

    /// The counts of the twenty numbered kinds (G0…G9, W0…W9), Jokers left out.
    pub fn numbered_counts(self) -> [u8; 20] {
        std::array::from_fn(|i| self.0[i])
    }

    /// Sum of the numbers of one colour's pieces (Jokers have no number).
    pub fn number_sum(&self, colour: Colour) -> u32 {
        Piece::all()
            .filter(|p| p.colour() == Some(colour))
            .map(|p| p.number().unwrap_or(0) as u32 * self.get(p) as u32)
            .sum()
    }
}

impl FromIterator<Piece> for PieceCounts {
    fn from_iter<I: IntoIterator<Item = Piece>>(iter: I) -> PieceCounts {
        let mut counts = PieceCounts::new();
        for p in iter {
            counts.add(p);
        }
        counts
    }
}

impl fmt::Debug for PieceCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.pieces()).finish()
    }
}

impl Serialize for PieceCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.pieces())
    }
}

impl<'de> Deserialize<'de> for PieceCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PieceCounts, D::Error> {
        let pieces = Vec::<Piece>::deserialize(d)?;
        if pieces.len() > 68 {
            return Err(serde::de::Error::custom("more pieces than the game has"));
        }
        Ok(pieces.into_iter().collect())
    }
}

/// A number of players that is not 2, 3 or 4 (R3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCountError {
    pub count: u8,
}

impl fmt::Display for PlayerCountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "players must be 2, 3 or 4, not {}", self.count)
    }
}

impl std::error::Error for PlayerCountError {}

/// order, held more often than the game has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExcessPieces {
    /// A kind the game leaves out (the zeros with fewer than four players).
    NotInGame { piece: Piece, players: PlayerCount },
    /// More copies of a kind than the game has.
    TooMany { piece: Piece, count: u8, copies: u8 },
}

impl fmt::Display for ExcessPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExcessPieces::NotInGame { piece, players } => {
                write!(f, "{piece} is not in a game of {} players (R3)", players.get())
            }
            ExcessPieces::TooMany { piece, count, copies } => {
                write!(f, "{count} copies of {piece}, but the game has {copies} (R1, R3)")
            }
        }
    }
}

impl std::error::Error for ExcessPieces {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_sixty_eight_pieces_with_four_players() {
        assert_eq!(PieceCounts::full_set(PlayerCount::Four).total(), 68);
    }

    #[test]
    fn r3_fewer_players_remove_zeros_and_jokers() {
        assert_eq!(PieceCounts::full_set(PlayerCount::Three).total(), 60);
        assert_eq!(PieceCounts::full_set(PlayerCount::Two).total(), 58);
    }

    #[test]
    fn r2_dots_equal_five_minus_copies() {
        for n in 0..=9 {
            let p = Piece::numbered(Colour::White, n).unwrap();
            assert_eq!(dots(n), 5 - p.copies(PlayerCount::Four));
        }
    }

    #[test]
    fn codes_round_trip_and_reject_lower_case() {
        for p in Piece::all() {
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
        }
        assert_eq!("g3".parse::<Piece>(), Err(BadPiece("g3".into())));
        assert!("G10".parse::<Piece>().is_err());
        assert!("".parse::<Piece>().is_err());
    }

    #[test]
    fn bad_codes_are_quoted_short() {
        let long = "é".repeat(100_000);
        let BadPiece(quoted) = long.parse::<Piece>().unwrap_err();
        assert_eq!(quoted, format!("{}… (100000 characters)", "é".repeat(40)));
        assert_eq!(excerpt("G10"), "G10");
    }

    #[test]
    fn r1_counts_saturate_and_stay_in_excess() {
        let counts: PieceCounts = std::iter::repeat_n(Piece::JOKER, 300).collect();
        assert_eq!(counts.get(Piece::JOKER), 255);
        assert_eq!(counts.first_excess(PlayerCount::Four), Some(Piece::JOKER));
        assert_eq!(PieceCounts::full_set(PlayerCount::Two).first_excess(PlayerCount::Two), None);
    }

    #[test]
    fn r12_2_discard_moves_same_colour_plus_or_minus_one() {
        let g3: Piece = "G3".parse().unwrap();
        assert!(g3.lets_move("G4".parse().unwrap()));
        assert!(g3.lets_move("G2".parse().unwrap()));
        assert!(!g3.lets_move("W4".parse().unwrap()));
        assert!(!g3.lets_move("G3".parse().unwrap()));
        assert!(!"G9".parse::<Piece>().unwrap().lets_move("W0".parse().unwrap()));
        assert!(g3.lets_move(Piece::JOKER));
        assert!(Piece::JOKER.lets_move(g3));
    }
}
