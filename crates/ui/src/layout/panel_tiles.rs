//! The small tiles in a player's panel, below its text line: the concealed pieces (face down
//! unless hands are open), their count, then each revealed Department's three pieces. Every
//! tile lies inside its panel whatever the hand holds (nine pieces, R4; three to each
//! revealed Department, R9): where the panel's row is too short for them at the panels'
//! tile size, they are drawn smaller, never over the panel's edge or the next panel.

use super::{Layout, Rect};

/// Left of the tiles: the seat's colour bar and its margin.
const LEFT: f64 = 16.0;
/// Right of the tiles: the panel's margin.
const RIGHT: f64 = 8.0;
/// From the panel's top to the tiles: its text line.
const TOP: f64 = 22.0;
/// The room kept for the count after the concealed pieces ("×9" in 11 px bold, and a gap).
pub const COUNT_W: f64 = 24.0;

/// Where one panel's tiles go.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PanelTiles {
    /// The row the tiles lie in (the cue that a computer player is thinking goes at its end).
    pub row: Rect,
    pub concealed: Vec<Rect>,
    /// The count's box, when the concealed pieces are face down.
    pub count: Option<Rect>,
    pub departments: Vec<[Rect; 3]>,
}

impl Layout {
    /// The tiles of player `player`'s panel holding `concealed` pieces and `departments`
    /// revealed Departments, with the count after the concealed pieces when `counted`.
    /// `None` where the panels are text lines only (`mini` is 0) or there is no such panel.
    pub fn panel_tiles(
        &self,
        player: usize,
        concealed: usize,
        departments: usize,
        counted: bool,
    ) -> Option<PanelTiles> {
        let r = *self.panels.get(player)?;
        if self.mini <= 0.0 {
            return None;
        }
        let count_w = if counted { COUNT_W } else { 0.0 };
        // The row's width is linear in the tile's side m: fixed + per_m × m.
        let fixed = concealed as f64 * 2.0 + count_w + departments as f64 * 3.0;
        let per_m = concealed as f64 + departments as f64 * 3.35;
        let room = r.w - LEFT - RIGHT;
        let m = if fixed + per_m * self.mini <= room || per_m == 0.0 {
            self.mini
        } else {
            ((room - fixed) / per_m).floor().max(1.0)
        };
        let y = r.y + TOP;
        let mut x = r.x + LEFT;
        let mut tiles = PanelTiles { row: Rect::new(x, y, room, m), ..PanelTiles::default() };
        for _ in 0..concealed {
            tiles.concealed.push(Rect::new(x, y, m, m));
            x += m + 2.0;
        }
        if counted {
            tiles.count = Some(Rect::new(x, y, count_w, m));
            x += count_w;
        }
        for _ in 0..departments {
            x += m * 0.35;
            let group = std::array::from_fn(|k| Rect::new(x + k as f64 * (m + 1.0), y, m, m));
            x += 3.0 * (m + 1.0);
            tiles.departments.push(group);
        }
        Some(tiles)
    }
}
