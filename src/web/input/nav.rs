//! Arrow-key movement of the keyboard cursor: to the nearest target in the arrow's
//! direction, by position on screen, so that it works the same in portrait (hand below
//! the board) and landscape (hand beside it).

use crate::engine::Square;
use crate::web::app::Target;
use crate::web::view::layout::{Layout, Rect};

fn rect_of(layout: &Layout, t: Target) -> Option<Rect> {
    match t {
        Target::Square(sq) => Some(layout.square(sq)),
        Target::Hand(i) => layout.hand.get(i).map(|h| h.rect),
        Target::Dept(d) => layout.depts.get(d as usize).map(|s| s.rect),
    }
}

pub fn step(layout: &Layout, from: Target, key: &str) -> Target {
    // On the board, arrows move one square (rank 1 is at the bottom).
    if let Target::Square(sq) = from {
        let (f, r) = (sq.file() as i8, sq.rank() as i8);
        let (nf, nr) = match key {
            "ArrowUp" => (f, r + 1),
            "ArrowDown" => (f, r - 1),
            "ArrowLeft" => (f - 1, r),
            _ => (f + 1, r),
        };
        if (0..5).contains(&nf) && (0..5).contains(&nr) {
            return Target::Square(Square::new(nf as u8, nr as u8).expect("on the board"));
        }
    }
    // In the hand, Left/Right walk the pieces in order (across rows), then the Departments.
    let (hand, depts) = (layout.hand.len(), layout.depts.len());
    match (from, key) {
        (Target::Hand(i), "ArrowLeft") if i > 0 => return Target::Hand(i - 1),
        (Target::Hand(i), "ArrowRight") if i + 1 < hand => return Target::Hand(i + 1),
        (Target::Hand(_), "ArrowRight") if depts > 0 => return Target::Dept(0),
        (Target::Dept(0), "ArrowLeft") if hand > 0 => return Target::Hand(hand - 1),
        (Target::Dept(d), "ArrowLeft") if d > 0 => return Target::Dept(d - 1),
        (Target::Dept(d), "ArrowRight") if (d as usize) + 1 < depts => return Target::Dept(d + 1),
        _ => {}
    }
    let Some(a) = rect_of(layout, from) else { return from };
    let (dx, dy) = match key {
        "ArrowUp" => (0.0, -1.0),
        "ArrowDown" => (0.0, 1.0),
        "ArrowLeft" => (-1.0, 0.0),
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
