//! The seat colours and the direction arrows, shared by every canvas drawing.

use lauzait_engine::{Direction, Seat};

/// The seat colours as CSS.
pub fn seat_color(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "#e5483f",
        Seat::Blue => "#1e9be9",
        Seat::Black => "#3c3c3c",
        Seat::Yellow => "#edb33b",
    }
}

/// The direction of play as an arrow.
pub fn direction_arrow(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "↻",
        Direction::Counterclockwise => "↺",
    }
}
