//! The 5×5 cloth (R4): squares, the Mountain, Water, and how a piece may move (R12.4).

use std::fmt;
use std::str::FromStr;

/// One of the 25 squares. Files a–e run left→right and ranks 1–5 bottom→top as seen from
/// the red (bottom) edge; the index is `(rank − 1) × 5 + file`, so a1 = 0 and e5 = 24.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 25;
    /// c3, the centre: green on the cloth, not Water (R4).
    pub const MOUNTAIN: Square = Square(12);

    pub fn from_index(index: usize) -> Option<Square> {
        (index < Self::COUNT).then_some(Square(index as u8))
    }

    /// `file` and `rank` counted from 0.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 5 && rank < 5).then_some(Square(rank * 5 + file))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn file(self) -> u8 {
        self.0 % 5
    }

    pub fn rank(self) -> u8 {
        self.0 / 5
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    pub fn is_mountain(self) -> bool {
        self == Self::MOUNTAIN
    }

    /// The blue cross: the middle row and column without the Mountain (R4).
    pub fn is_water(self) -> bool {
        (self.file() == 2 || self.rank() == 2) && !self.is_mountain()
    }

    /// Where a piece standing here may move (R12.4): the eight surrounding squares, and
    /// from the Mountain also the four squares two steps straight away (the Tam shape).
    pub fn destinations(self) -> &'static [Square] {
        // Computed once so that move generation allocates nothing.
        static TABLE: std::sync::OnceLock<[Vec<Square>; Square::COUNT]> = std::sync::OnceLock::new();
        &TABLE.get_or_init(|| std::array::from_fn(|i| compute_destinations(Square(i as u8))))[self.index()]
    }
}

fn compute_destinations(from: Square) -> Vec<Square> {
    let steps: &[(i8, i8)] = if from.is_mountain() {
        &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, -2), (-2, 0), (2, 0), (0, 2)]
    } else {
        &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    };
    let mut out: Vec<Square> = steps
        .iter()
        .filter_map(|&(df, dr)| {
            let f = u8::try_from(from.file() as i8 + df).ok()?;
            let r = u8::try_from(from.rank() as i8 + dr).ok()?;
            Square::new(f, r)
        })
        .collect();
    out.sort();
    out
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A square code that is not `a1`–`e5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad square '{}'", self.0)
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Square {
    type Err = BadSquare;
    fn from_str(s: &str) -> Result<Square, BadSquare> {
        match s.as_bytes() {
            [f @ b'a'..=b'e', r @ b'1'..=b'5'] => Ok(Square((r - b'1') * 5 + (f - b'a'))),
            _ => Err(BadSquare(super::piece::excerpt(s))),
        }
    }
}

super::piece::text_code!(Square);

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn r4_mountain_is_c3_and_water_is_the_blue_cross() {
        assert_eq!(Square::MOUNTAIN, sq("c3"));
        let water: Vec<String> = Square::all().filter(|s| s.is_water()).map(|s| s.to_string()).collect();
        let mut expected = vec!["c1", "c2", "c4", "c5", "a3", "b3", "d3", "e3"];
        expected.sort_by_key(|s| sq(s));
        assert_eq!(water, expected);
        assert!(!Square::MOUNTAIN.is_water());
    }

    #[test]
    fn r12_4_ordinary_pieces_move_to_the_surrounding_squares() {
        assert_eq!(sq("a1").destinations(), &[sq("b1"), sq("a2"), sq("b2")]);
        assert_eq!(sq("b2").destinations().len(), 8);
        assert_eq!(sq("c1").destinations().len(), 5);
    }

    #[test]
    fn r12_4_from_the_mountain_a_piece_moves_in_the_tam_shape() {
        let d = Square::MOUNTAIN.destinations();
        assert_eq!(d.len(), 12);
        for s in ["c1", "a3", "e3", "c5", "b2", "d4"] {
            assert!(d.contains(&sq(s)), "{s}");
        }
        assert!(!d.contains(&sq("a1")));
    }

    #[test]
    fn codes_round_trip() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert!("f1".parse::<Square>().is_err());
        assert!("A1".parse::<Square>().is_err());
    }
}
