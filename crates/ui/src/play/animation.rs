//! A Hiring shown as it happens: the moved piece slides from its square to its destination
//! while the piece it took flies to its new owner's panel (when the sticks send the mover
//! back, the mover itself flies from its square to the hand). The animation is data in the
//! model (what moves, from where, when it started); the canvas asks here where each piece
//! stands at the `now` it paints with. No clock: time comes in as an argument.
//!
//! Short (at most [`MOVE_MS`]) and never in the way: any tap, key or button ends it at once
//! ([`Model::update`](crate::Model::update)); it is not started when the browser asks for
//! reduced motion or the player turned motion off.

use crate::layout::{Layout, Rect};
use lauzait_engine::{HireRecord, Piece, Square};

/// How long a move is shown, in milliseconds.
pub const MOVE_MS: f64 = 220.0;

/// A Hiring being shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveAnim {
    /// The `now` it started at (the shell's clock, ms).
    pub start: f64,
    /// The piece that moved, from its square to its destination (it arrived).
    pub slide: Option<(Piece, Square, Square)>,
    /// The piece that went into a hand: which, from which square, and whose hand (player
    /// index).
    pub taken: (Piece, Square, usize),
}

impl MoveAnim {
    /// The animation of a Hiring just made; `mover` is the piece that now stands on the
    /// destination (asked of the board after the Hiring).
    pub fn of(record: &HireRecord, mover: Option<Piece>, now: f64) -> MoveAnim {
        let hire = record.hire;
        let (slide, taken_from) = match mover {
            Some(piece) if record.arrived => (Some((piece, hire.from, hire.to)), hire.to),
            // The Water sent the mover back: it is the piece that goes into the hand.
            _ => (None, hire.from),
        };
        MoveAnim { start: now, slide, taken: (record.taken, taken_from, record.player) }
    }

    /// How far along it is at `now`, from 0 to 1, eased (fast start, soft landing).
    pub fn progress(&self, now: f64) -> f64 {
        let t = ((now - self.start) / MOVE_MS).clamp(0.0, 1.0);
        1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t)
    }

    pub fn done(&self, now: f64) -> bool {
        now - self.start >= MOVE_MS
    }

    /// The destination whose piece the animation draws (the board leaves it out meanwhile).
    pub fn covers(&self) -> Option<Square> {
        self.slide.map(|(_, _, to)| to)
    }

    /// Where the sliding piece is drawn at `now`.
    pub fn slide_at(&self, layout: &Layout, now: f64) -> Option<(Piece, Rect)> {
        let (piece, from, to) = self.slide?;
        Some((piece, lerp(layout.square_tile(from), layout.square_tile(to), self.progress(now))))
    }

    /// Where the piece flying to the hand is drawn at `now`: from its square to the middle
    /// of its owner's panel, shrinking to the panel's small tiles.
    pub fn flight_at(&self, layout: &Layout, now: f64) -> (Piece, Rect) {
        let (piece, from, player) = self.taken;
        let start = layout.square_tile(from);
        let panel = layout.panels.get(player).copied().unwrap_or(layout.hand_area);
        let side = if layout.mini > 0.0 { layout.mini } else { (start.w * 0.4).floor() };
        let end = Rect::new(panel.cx() - side / 2.0, panel.cy() - side / 2.0, side, side);
        (piece, lerp(start, end, self.progress(now)))
    }
}

fn lerp(a: Rect, b: Rect, t: f64) -> Rect {
    let mix = |x: f64, y: f64| x + (y - x) * t;
    Rect::new(mix(a.x, b.x), mix(a.y, b.y), mix(a.w, b.w), mix(a.h, b.h))
}
