//! The seat colours, shared by every canvas drawing.

use lauzait_engine::Seat;

/// The seat colours as CSS.
pub fn seat_color(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "#e5483f",
        Seat::Blue => "#1e9be9",
        Seat::Black => "#3c3c3c",
        Seat::Yellow => "#edb33b",
    }
}
