//! Turning the board toward the player whose Day it is (a preference, for a tablet lying in
//! the middle of the table): which way the board is turned, and where each square and
//! each seat's edge then lies on screen. [`Layout`](crate::layout::Layout) asks here for
//! every square's place, so that the drawing, hit testing, the arrow keys and the
//! automation hook all use the same turn; the canvas only draws it.

use lauzait_engine::{Direction, Seat, Square};

/// How far the board is turned on screen, clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardTurn {
    /// Red's edge at the bottom, as on the cloth.
    #[default]
    Upright,
    /// A quarter turn clockwise: yellow's edge at the bottom.
    Quarter,
    /// Black's edge at the bottom.
    Half,
    /// Three quarters clockwise: blue's edge at the bottom.
    ThreeQuarters,
}

/// A side of the board on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Bottom,
    Left,
    Top,
    Right,
}

impl Side {
    /// Where each seat sits at the cloth (red bottom, blue left, black top, yellow right).
    pub fn home(seat: Seat) -> Side {
        match seat {
            Seat::Red => Side::Bottom,
            Seat::Blue => Side::Left,
            Seat::Black => Side::Top,
            Seat::Yellow => Side::Right,
        }
    }

    /// The side a quarter turn clockwise brings this one to.
    fn clockwise(self) -> Side {
        match self {
            Side::Bottom => Side::Left,
            Side::Left => Side::Top,
            Side::Top => Side::Right,
            Side::Right => Side::Bottom,
        }
    }
}

impl BoardTurn {
    /// The turn that puts `seat`'s edge at the bottom of the screen.
    pub fn toward(seat: Seat) -> BoardTurn {
        match seat {
            Seat::Red => BoardTurn::Upright,
            Seat::Yellow => BoardTurn::Quarter,
            Seat::Black => BoardTurn::Half,
            Seat::Blue => BoardTurn::ThreeQuarters,
        }
    }

    fn quarters(self) -> u8 {
        match self {
            BoardTurn::Upright => 0,
            BoardTurn::Quarter => 1,
            BoardTurn::Half => 2,
            BoardTurn::ThreeQuarters => 3,
        }
    }

    /// The turn in degrees clockwise (for the automation hook).
    pub fn degrees(self) -> u16 {
        self.quarters() as u16 * 90
    }

    /// Whether the files run up and down the screen (a quarter or three quarters).
    pub fn sideways(self) -> bool {
        self.quarters() % 2 == 1
    }

    /// The screen cell (column from the left, row from the top, 0–4) of a square.
    pub fn cell(self, sq: Square) -> (u8, u8) {
        let (mut col, mut row) = (sq.file(), 4 - sq.rank());
        for _ in 0..self.quarters() {
            // A quarter turn clockwise: the left column becomes the top row.
            (col, row) = (4 - row, col);
        }
        (col, row)
    }

    /// The square shown in a screen cell (`col`, `row` in 0–4; larger values are clamped).
    pub fn square(self, col: u8, row: u8) -> Square {
        let (mut col, mut row) = (col.min(4), row.min(4));
        for _ in 0..self.quarters() {
            // The inverse of the quarter turn in [`BoardTurn::cell`].
            (col, row) = (row, 4 - col);
        }
        Square::new(col, 4 - row).expect("a cell of the 5×5 grid")
    }

    /// The side of the screen where `seat`'s edge of the frame lies.
    pub fn side(self, seat: Seat) -> Side {
        let mut side = Side::home(seat);
        for _ in 0..self.quarters() {
            side = side.clockwise();
        }
        side
    }
}

/// Whom the board faces: the player whose Day it is when a person plays it, else the next
/// person in the order of play — a computer player's Day does not spin the board toward a
/// seat nobody sits at, and the person who plays next reads the computer's move the right
/// way up (a player at a tablet lying between them expects the board to turn once, toward
/// whoever acts next, not away and back); the player to move when no person plays.
/// `persons[p]`: a person plays seat index `p`.
pub fn facing(to_move: usize, direction: Direction, persons: &[bool]) -> usize {
    let n = persons.len();
    let mut p = to_move;
    for _ in 0..n {
        if persons.get(p).copied().unwrap_or(false) {
            return p;
        }
        p = direction.next(p, n);
    }
    to_move
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upright_is_the_cloth() {
        let a1 = Square::new(0, 0).unwrap();
        assert_eq!(BoardTurn::Upright.cell(a1), (0, 4));
        assert_eq!(BoardTurn::Half.cell(a1), (4, 0));
    }
}
