//! Where each piece of a shuffled Season goes (R6, R30): the first nine to the first seat,
//! the next nine to the next, then one to every square but the Mountain in square order,
//! then the luminous piece when the rule is on, and the rest face down in the pool.
//!
//! The engine deals from this layout ([`DealLayout::opening`]), and so does a deal made by
//! several devices together, which must open to a Season the engine would have dealt: one
//! layout for both, so that the two can never disagree about which position is whose.

use super::piece::{Piece, PieceCounts, PlayerCount};
use super::position::Board;
use super::randomness::Opening;
use super::seat::Direction;
use super::square::Square;
use std::ops::Range;

/// Pieces dealt to each hand (R6).
pub const HAND_SIZE: usize = 9;

/// The board's pieces at a Season's start: every square but the Mountain (R6).
pub const BOARD_PIECES: usize = Square::COUNT - 1;

/// The positions of a shuffled Season's pieces, for a number of players and the luminous
/// rule (R30).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealLayout {
    players: PlayerCount,
    luminous: bool,
}

/// Where one position of the shuffled list goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Into the hand of the player in this seat (counted from 0, in seat order).
    Hand(usize),
    /// Face up on this square.
    Square(Square),
    /// Turned face up from the pool (R30).
    Luminous,
    /// Face down, out of play.
    Pool,
}

impl DealLayout {
    pub fn new(players: PlayerCount, luminous: bool) -> DealLayout {
        DealLayout { players, luminous }
    }

    pub fn players(&self) -> PlayerCount {
        self.players
    }

    pub fn luminous_rule(&self) -> bool {
        self.luminous
    }

    /// How many pieces the Season shuffles (R1, R3): 58, 60 or 68.
    pub fn pieces(&self) -> usize {
        PieceCounts::full_set(self.players).total()
    }

    /// The positions dealt to the player in `seat` (empty for a seat not at the table).
    pub fn hand(&self, seat: usize) -> Range<usize> {
        if seat >= self.players.get() {
            return 0..0;
        }
        seat * HAND_SIZE..(seat + 1) * HAND_SIZE
    }

    /// The board's positions, each with its square, in square order.
    pub fn board(&self) -> impl Iterator<Item = (usize, Square)> {
        let first = self.players.get() * HAND_SIZE;
        Square::all().filter(|s| !s.is_mountain()).enumerate().map(move |(i, s)| (first + i, s))
    }

    /// The luminous piece's position, when the rule is on (R30).
    pub fn luminous(&self) -> Option<usize> {
        self.luminous.then_some(self.players.get() * HAND_SIZE + BOARD_PIECES)
    }

    /// The positions left face down.
    pub fn pool(&self) -> Range<usize> {
        let first = self.players.get() * HAND_SIZE + BOARD_PIECES + usize::from(self.luminous);
        first..self.pieces()
    }

    /// Where `position` goes; `None` past the last piece.
    pub fn place(&self, position: usize) -> Option<Place> {
        let hands = self.players.get() * HAND_SIZE;
        if position >= self.pieces() {
            None
        } else if position < hands {
            Some(Place::Hand(position / HAND_SIZE))
        } else if let Some((_, square)) = self.board().find(|&(p, _)| p == position) {
            Some(Place::Square(square))
        } else if self.luminous() == Some(position) {
            Some(Place::Luminous)
        } else {
            Some(Place::Pool)
        }
    }

    /// The Season `shuffled` opens to: its pieces dealt by this layout. `None` when the list
    /// is not as long as the Season's set.
    pub fn opening(&self, shuffled: &[Piece], start: usize, direction: Direction) -> Option<Opening> {
        if shuffled.len() != self.pieces() {
            return None;
        }
        let seats = self.players.get();
        let hands = (0..seats).map(|seat| shuffled[self.hand(seat)].iter().copied().collect()).collect();
        let mut squares = [None; Square::COUNT];
        for (position, square) in self.board() {
            squares[square.index()] = Some(shuffled[position]);
        }
        let luminous = self.luminous().map(|p| shuffled[p]);
        Some(Opening { board: Board(squares), hands: Some(hands), luminous, start, direction })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r6_r30_every_position_has_one_place_and_the_pool_is_what_is_left() {
        for (players, pool) in [(PlayerCount::Two, 16), (PlayerCount::Three, 9), (PlayerCount::Four, 8)] {
            for luminous in [false, true] {
                let layout = DealLayout::new(players, luminous);
                let places: Vec<Place> = (0..layout.pieces()).filter_map(|p| layout.place(p)).collect();
                assert_eq!(places.len(), layout.pieces());
                assert_eq!(layout.place(layout.pieces()), None);
                for seat in 0..players.get() {
                    assert_eq!(places.iter().filter(|&&p| p == Place::Hand(seat)).count(), HAND_SIZE);
                }
                assert_eq!(places.iter().filter(|p| matches!(p, Place::Square(_))).count(), BOARD_PIECES);
                assert!(!places.contains(&Place::Square(Square::MOUNTAIN)));
                assert_eq!(places.contains(&Place::Luminous), luminous);
                // R6's pool counts the luminous piece among the face-down pieces it is turned from.
                let face_down = places.iter().filter(|p| matches!(p, Place::Pool | Place::Luminous)).count();
                assert_eq!(face_down, pool);
                assert_eq!(layout.pool().len() + usize::from(luminous), pool);
            }
        }
    }
}
