//! Arrow-key movement of the keyboard cursor: to the nearest target in the arrow's
//! direction, by position on screen, so that it works the same in portrait (hand below
//! the board) and landscape (hand beside it).

use super::layout::{Layout, Rect};
use super::model::Target;
use super::msg::Key;
use lauzait_engine::Square;

fn rect_of(layout: &Layout, t: Target) -> Option<Rect> {
    match t {
        Target::Square(sq) => Some(layout.square(sq)),
        Target::Hand(i) => layout.hand.get(i).map(|h| h.rect),
        Target::Dept(d) => layout.depts.get(d as usize).map(|s| s.rect),
    }
}

/// Where an arrow key moves the cursor from `from` (other keys leave it).
pub fn step(layout: &Layout, from: Target, key: Key) -> Target {
    if !key.is_arrow() {
        return from;
    }
    // On the board, arrows move one square on screen (so also on a turned board).
    if let Target::Square(sq) = from {
        let (col, row) = layout.turn.cell(sq);
        let (c, r) = (col as i8, row as i8);
        let (nc, nr) = match key {
            Key::Up => (c, r - 1),
            Key::Down => (c, r + 1),
            Key::Left => (c - 1, r),
            _ => (c + 1, r),
        };
        if (0..5).contains(&nc) && (0..5).contains(&nr) {
            return Target::Square(layout.turn.square(nc as u8, nr as u8));
        }
    }
    // In the hand, Left/Right walk the pieces in order (across rows), then the Departments.
    let (hand, depts) = (layout.hand.len(), layout.depts.len());
    match (from, key) {
        (Target::Hand(i), Key::Left) if i > 0 => return Target::Hand(i - 1),
        (Target::Hand(i), Key::Right) if i + 1 < hand => return Target::Hand(i + 1),
        (Target::Hand(_), Key::Right) if depts > 0 => return Target::Dept(0),
        (Target::Dept(0), Key::Left) if hand > 0 => return Target::Hand(hand - 1),
        (Target::Dept(d), Key::Left) if d > 0 => return Target::Dept(d - 1),
        (Target::Dept(d), Key::Right) if (d as usize) + 1 < depts => return Target::Dept(d + 1),
        _ => {}
    }
    let Some(a) = rect_of(layout, from) else { return from };
    let (dx, dy) = match key {
        Key::Up => (0.0, -1.0),
        Key::Down => (0.0, 1.0),
        Key::Left => (-1.0, 0.0),
        _ => (1.0, 0.0),
    };
    let mut candidates: Vec<Target> = Square::all().map(Target::Square).collect();
    candidates.extend((0..layout.hand.len()).map(Target::Hand));
    candidates.extend(layout.depts.iter().map(|d| Target::Dept(d.index)));
    let mut best: Option<(f64, Target)> = None;
    for t in candidates {
        if t == from {
            continue;
        }
        let Some(b) = rect_of(layout, t) else { continue };
        let (vx, vy) = (b.cx() - a.cx(), b.cy() - a.cy());
        let along = vx * dx + vy * dy;
        if along < 4.0 {
            continue;
        }
        let across = (vx * dy - vy * dx).abs();
        let score = along + 2.5 * across;
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, t));
        }
    }
    best.map_or(from, |(_, t)| t)
}
