//! Hiring (R12): discard, move a piece of the same colour and ±1, capture; Water throws.

use super::piece::{Piece, PieceCounts};
use super::position::Board;
use super::square::Square;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// One complete Hiring: discard `discard` onto the empty square, then move the piece on
/// `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hire {
    pub discard: Piece,
    pub from: Square,
    pub to: Square,
}

impl Hire {
    /// R12.6: entering Water needs a throw, wherever the move starts.
    pub fn needs_throw(&self) -> bool {
        self.to.is_water()
    }

    /// The order of the three codes as strings ("G…" < "J" < "W…", "a1" < "a2" < "b1"),
    /// the order the analyze protocol lists hires in.
    fn code_order(&self) -> (u8, u8, u8) {
        let piece = match (self.discard.colour(), self.discard.number()) {
            (Some(super::piece::Colour::Green), Some(n)) => n,
            (Some(super::piece::Colour::White), Some(n)) => 11 + n,
            _ => 10,
        };
        let square = |s: Square| s.file() * 5 + s.rank();
        (piece, square(self.from), square(self.to))
    }
}

/// The kinds a discarded `piece` lets the player move (R12.2), as a kind bit mask.
fn movable_mask(discard: Piece) -> u32 {
    if discard.is_joker() {
        return (1 << Piece::KINDS) - 1;
    }
    let mut mask = 1 << Piece::JOKER.index();
    for other in [discard.index().wrapping_sub(1), discard.index() + 1] {
        if let Some(p) = Piece::from_index(other) {
            if discard.lets_move(p) {
                mask |= 1 << other;
            }
        }
    }
    mask
}

/// Whether discarding `piece` onto the empty square leaves something to move (R12.3).
/// The discard itself lands on the empty square and may not move (R12.2), so only the
/// pieces already on the board count.
pub fn may_discard(board: &Board, piece: Piece) -> bool {
    board.kind_mask() & movable_mask(piece) != 0
}

/// The concealed kinds that may be discarded (R12.3), in kind order.
pub fn discards<'a>(board: &'a Board, concealed: &'a PieceCounts) -> impl Iterator<Item = Piece> + 'a {
    let on_board = board.kind_mask();
    concealed.kinds().filter(move |&p| on_board & movable_mask(p) != 0)
}

/// Whether any Hiring is possible: cheaper than listing them.
pub fn can_hire(board: &Board, concealed: &PieceCounts) -> bool {
    discards(board, concealed).next().is_some()
}

/// R19, Stalemate: no concealed piece may be discarded (R12.3), and dissolving any one of
/// the `revealed` Departments (their physical pieces) at the start of the Day would not have
/// made one discardable either.
pub fn stalemated(board: &Board, concealed: &PieceCounts, revealed: impl IntoIterator<Item = [Piece; 3]>) -> bool {
    !can_hire(board, concealed)
        && revealed.into_iter().all(|d| {
            let mut more = *concealed;
            d.iter().for_each(|&p| more.add(p));
            !can_hire(board, &more)
        })
}

/// The squares whose piece may move after discarding `discard` (R12.2). `board` is the
/// board before the discard; its empty square is where the discard lands.
pub fn movers(board: &Board, discard: Piece) -> impl Iterator<Item = Square> + '_ {
    Square::all().filter(move |&s| board.get(s).is_some_and(|p| discard.lets_move(p)))
}

/// Every legal Hiring, sorted, one entry per kind of discard (R12).
pub fn legal_hires(board: &Board, concealed: &PieceCounts) -> Vec<Hire> {
    let mut out = Vec::new();
    for discard in discards(board, concealed) {
        for from in movers(board, discard) {
            for &to in from.destinations() {
                out.push(Hire { discard, from, to });
            }
        }
    }
    out.sort_by_key(Hire::code_order);
    out
}

/// Five two-sided sticks thrown together (R5); the result is the number of dark faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sticks(pub [bool; 5]);

impl Sticks {
    pub fn throw(rng: &mut impl Rng) -> Sticks {
        Sticks(std::array::from_fn(|_| rng.random()))
    }

    pub fn dark_faces(&self) -> u8 {
        self.0.iter().filter(|&&d| d).count() as u8
    }

    /// R12.6: 3–5 dark faces let the moving piece arrive.
    pub fn lets_piece_arrive(&self) -> bool {
        self.dark_faces() >= 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with(pieces: &[(&str, &str)], empty: &str) -> Board {
        // Fill with W9s (which only W8/Jokers move), then place the named pieces.
        let mut b = Board([Some("W9".parse().unwrap()); 25]);
        for (sq, p) in pieces {
            b.set(sq.parse().unwrap(), Some(p.parse().unwrap()));
        }
        b.set(empty.parse().unwrap(), None);
        b
    }

    fn hand(codes: &[&str]) -> PieceCounts {
        codes.iter().map(|c| c.parse::<Piece>().unwrap()).collect()
    }

    #[test]
    fn r12_2_discard_moves_same_colour_plus_minus_one() {
        let b = board_with(&[("a1", "G4"), ("b1", "G2"), ("c1", "W3")], "e5");
        let hires = legal_hires(&b, &hand(&["G3"]));
        let froms: std::collections::BTreeSet<String> = hires.iter().map(|h| h.from.to_string()).collect();
        assert_eq!(froms.into_iter().collect::<Vec<_>>(), ["a1", "b1"]);
    }

    #[test]
    fn r12_3_no_discard_without_a_movable_piece() {
        let b = board_with(&[], "e5");
        assert!(!can_hire(&b, &hand(&["G3", "W1"])));
        assert!(legal_hires(&b, &hand(&["G3", "W1"])).is_empty());
        // A W8 discard moves the W9s.
        assert!(can_hire(&b, &hand(&["W8"])));
    }

    #[test]
    fn r12_2_jokers_move_anything_and_are_moved_by_anything() {
        let b = board_with(&[("a1", "J")], "e5");
        let hires = legal_hires(&b, &hand(&["G3"]));
        assert!(hires.iter().all(|h| h.from.to_string() == "a1"));
        assert_eq!(hires.len(), 3);
        let all = legal_hires(&b, &hand(&["J"]));
        let froms: std::collections::BTreeSet<Square> = all.iter().map(|h| h.from).collect();
        assert_eq!(froms.len(), 24, "every piece but the discard itself");
    }

    #[test]
    fn r12_4_from_the_mountain_twelve_destinations_and_r12_7_own_discard_may_be_taken() {
        let b = board_with(&[("c3", "G4")], "c5");
        let hires = legal_hires(&b, &hand(&["G3"]));
        assert_eq!(hires.len(), 12);
        assert!(hires.iter().any(|h| h.to.to_string() == "c5"), "onto the discard's square");
    }

    #[test]
    fn r12_6_water_needs_a_throw_even_from_water() {
        let h = Hire { discard: Piece::JOKER, from: "c2".parse().unwrap(), to: "c1".parse().unwrap() };
        assert!(h.needs_throw());
        let h = Hire { discard: Piece::JOKER, from: "c2".parse().unwrap(), to: "b1".parse().unwrap() };
        assert!(!h.needs_throw());
        let h = Hire { discard: Piece::JOKER, from: "c2".parse().unwrap(), to: "c3".parse().unwrap() };
        assert!(!h.needs_throw(), "the Mountain is not Water");
    }

    #[test]
    fn r5_sticks_arrive_on_three_or_more() {
        assert!(Sticks([true, true, true, false, false]).lets_piece_arrive());
        assert!(!Sticks([true, true, false, false, false]).lets_piece_arrive());
    }
}
