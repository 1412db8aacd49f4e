//! Hit testing: which target of the canvas lies under a point (CSS pixels of the canvas).

use super::layout::Layout;
use super::model::Target;

/// Pieces of the hand are tested with a small margin so that a finger that lands just
/// beside a tile still picks it.
pub fn hit(layout: &Layout, x: f64, y: f64) -> Option<Target> {
    for (i, slot) in layout.hand.iter().enumerate() {
        if slot.rect.inset(-2.0).contains(x, y) {
            return Some(Target::Hand(i));
        }
    }
    for slot in &layout.depts {
        if slot.rect.inset(-3.0).contains(x, y) {
            return Some(Target::Dept(slot.index));
        }
    }
    layout.square_at(x, y).map(Target::Square)
}
