//! Where everything goes, in CSS pixels of the canvas: the board, the info line, one panel
//! per player and the hand of the player whose Day it is. Pure arithmetic, recomputed on
//! every change; hit testing and `window.lauzait.rects()` read the same numbers that the
//! drawing uses.
//!
//! Portrait (phones): info, player panels, board, hand — stacked. Landscape: the board on
//! the left, a column with info, panels and the hand on the right.

use crate::engine::{Piece, Square};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    pub fn cx(&self) -> f64 {
        self.x + self.w / 2.0
    }
    pub fn cy(&self) -> f64 {
        self.y + self.h / 2.0
    }
    pub fn contains(&self, px: f64, py: f64) -> bool {
        px >= self.x && px < self.right() && py >= self.y && py < self.bottom()
    }
    pub fn inset(&self, d: f64) -> Rect {
        Rect::new(self.x + d, self.y + d, (self.w - 2.0 * d).max(0.0), (self.h - 2.0 * d).max(0.0))
    }
}

/// One concealed piece of the shown hand; `piece` is `None` when it is face down.
#[derive(Clone, Copy, Debug)]
pub struct HandSlot {
    pub rect: Rect,
    pub piece: Option<Piece>,
}

/// One revealed Department of the shown hand.
#[derive(Clone, Copy, Debug)]
pub struct DeptSlot {
    pub index: u8,
    pub rect: Rect,
    pub tiles: [Rect; 3],
}

#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub w: f64,
    pub h: f64,
    pub portrait: bool,
    /// The cloth with its frame; `grid` is the 5×5 area inside it.
    pub frame: Rect,
    pub grid: Rect,
    pub cell: f64,
    pub info: Rect,
    pub panels: Vec<Rect>,
    /// Size of the small tiles in the panels.
    pub mini: f64,
    pub hand_area: Rect,
    pub hand_label: Rect,
    pub hand: Vec<HandSlot>,
    pub depts: Vec<DeptSlot>,
    pub tile: f64,
}

/// What the layout needs to know about the table.
pub struct TableShape<'a> {
    pub players: usize,
    /// The shown hand's concealed pieces (face up or down).
    pub concealed: &'a [Option<Piece>],
    pub departments: usize,
    /// Panels show every hand's concealed pieces (the open-hands option).
    pub open_hands: bool,
}

const PAD: f64 = 8.0;
const GAP: f64 = 4.0;

impl Layout {
    pub fn compute(w: f64, h: f64, shape: &TableShape) -> Layout {
        let mut l = Layout { w, h, portrait: h > w * 1.1, ..Layout::default() };
        let n = shape.players.max(1) as f64;
        if l.portrait {
            let inner = w - 2.0 * PAD;
            l.mini = (inner / 17.0).clamp(16.0, 30.0);
            let ph = panel_height(l.mini, shape.open_hands);
            l.info = Rect::new(PAD, 4.0, inner, 22.0);
            let panels_top = l.info.bottom() + 4.0;
            let panels_h = n * ph;
            let hand_tile = ((inner - 8.0 * GAP) / 9.0).clamp(26.0, 56.0);
            let hand_min = 20.0 + 2.0 * (hand_tile + 2.0 * GAP) + 4.0;
            let side = (h - panels_top - panels_h - hand_min - 2.0 * PAD).min(inner).max(120.0);
            for i in 0..shape.players {
                l.panels.push(Rect::new(PAD, panels_top + i as f64 * ph, inner, ph - 3.0));
            }
            let board_top = panels_top + panels_h + 4.0;
            l.frame = Rect::new((w - side) / 2.0, board_top, side, side);
            let hand_top = l.frame.bottom() + PAD;
            l.hand_area = Rect::new(PAD, hand_top, inner, (h - hand_top - 2.0).max(hand_min));
        } else {
            let side_min = (w * 0.34).clamp(240.0, 460.0);
            let side = (h - 2.0 * PAD).min(w - 3.0 * PAD - side_min).max(120.0);
            l.frame = Rect::new(PAD, (h - side) / 2.0, side, side);
            let col_x = l.frame.right() + 1.5 * PAD;
            let col_w = w - col_x - PAD;
            l.mini = (col_w / 17.0).clamp(16.0, 30.0);
            let ph = panel_height(l.mini, shape.open_hands);
            l.info = Rect::new(col_x, PAD, col_w, 44.0);
            let panels_top = l.info.bottom() + 4.0;
            for i in 0..shape.players {
                l.panels.push(Rect::new(col_x, panels_top + i as f64 * ph, col_w, ph - 3.0));
            }
            let hand_top = panels_top + n * ph + 6.0;
            l.hand_area = Rect::new(col_x, hand_top, col_w, (h - hand_top - PAD).max(60.0));
        }
        let border = (l.frame.w * 0.085).round();
        l.grid = l.frame.inset(border);
        l.cell = l.grid.w / 5.0;
        l.place_hand(shape);
        l
    }

    fn place_hand(&mut self, shape: &TableShape) {
        let area = self.hand_area;
        self.hand_label = Rect::new(area.x, area.y, area.w, 20.0);
        let body = Rect::new(area.x, area.y + 22.0, area.w, (area.h - 22.0).max(0.0));
        let n = shape.concealed.len();
        let d = shape.departments;
        // The largest tile for which the concealed rows and the Department rows fit;
        // one row of nine when that still gives comfortable tiles.
        let mut tile = 20.0;
        let one_row = (body.w / 9.8).min(64.0);
        let one_row_h = one_row + if d > 0 { one_row + 8.0 } else { 0.0 };
        let mut t = 64.0_f64;
        while t >= 20.0 {
            let g = (t * 0.1).max(3.0);
            let per_row = ((body.w + g) / (t + g)).floor().max(1.0) as usize;
            let conc_rows = n.div_ceil(per_row);
            let group_w = 3.0 * t + 2.0 * (g * 0.4);
            let groups_per_row = ((body.w + 2.0 * g) / (group_w + 2.0 * g)).floor().max(1.0) as usize;
            let dept_rows = d.div_ceil(groups_per_row);
            let rows = conc_rows + dept_rows;
            let height = rows as f64 * (t + g) + if dept_rows > 0 && conc_rows > 0 { g } else { 0.0 };
            if height <= body.h {
                tile = t;
                break;
            }
            t -= 1.0;
        }
        if one_row >= 40.0 && one_row_h <= body.h && one_row >= tile * 0.8 {
            tile = one_row;
        }
        let t = tile.floor();
        self.tile = t;
        let g = (t * 0.1).max(3.0);
        let per_row = ((body.w + g) / (t + g) + 1e-6).floor().max(1.0) as usize;
        let mut y = body.y;
        for (i, piece) in shape.concealed.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            self.hand.push(HandSlot {
                rect: Rect::new(body.x + col as f64 * (t + g), body.y + row as f64 * (t + g), t, t),
                piece: *piece,
            });
        }
        if n > 0 {
            y += n.div_ceil(per_row) as f64 * (t + g) + g;
        }
        let inner = g * 0.4;
        let group_w = 3.0 * t + 2.0 * inner;
        let groups_per_row = ((body.w + 2.0 * g) / (group_w + 2.0 * g)).floor().max(1.0) as usize;
        for i in 0..d {
            let (row, col) = (i / groups_per_row, i % groups_per_row);
            let x = body.x + col as f64 * (group_w + 2.0 * g);
            let gy = y + row as f64 * (t + g);
            let tiles = std::array::from_fn(|k| Rect::new(x + k as f64 * (t + inner), gy, t, t));
            self.depts.push(DeptSlot { index: i as u8, rect: Rect::new(x, gy, group_w, t), tiles });
        }
    }

    /// The rectangle of a square; rank 1 is at the bottom (red's side).
    pub fn square(&self, sq: Square) -> Rect {
        let (f, r) = (sq.file() as f64, sq.rank() as f64);
        Rect::new(self.grid.x + f * self.cell, self.grid.y + (4.0 - r) * self.cell, self.cell, self.cell)
    }

    /// The piece standing on a square (slightly smaller than the square, so that the
    /// square's Water mark stays visible around it).
    pub fn square_tile(&self, sq: Square) -> Rect {
        let r = self.square(sq);
        let s = (self.cell * 0.80).floor();
        Rect::new(r.x + (r.w - s) / 2.0, r.y + (r.h - s) / 2.0 - self.cell * 0.03, s, s)
    }

    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        if !self.grid.contains(x, y) {
            return None;
        }
        let f = ((x - self.grid.x) / self.cell).floor() as u8;
        let r = 4 - ((y - self.grid.y) / self.cell).floor().min(4.0) as u8;
        Square::new(f.min(4), r)
    }
}

/// A panel: a line of text, then one row of small tiles (a hand is nine pieces at most,
/// concealed and revealed together, so one row always holds it).
fn panel_height(mini: f64, _open: bool) -> f64 {
    20.0 + mini + 8.0
}
