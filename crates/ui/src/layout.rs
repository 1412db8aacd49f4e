//! Where everything goes, in CSS pixels of the canvas: the board, the info line, one panel
//! per player and the hand of the player whose Day it is. Pure arithmetic, recomputed on
//! every change; hit testing and `window.lauzait.rects()` read the same numbers that the
//! drawing uses.
//!
//! Portrait (phones): info, player panels, board, hand — stacked. Landscape: the board on
//! the left, a column with info, panels and the hand on the right. In a lesson the lesson's
//! text takes the panels' place ([`TableShape::lesson`]).

pub mod chrome;
mod panel_tiles;

pub use panel_tiles::{PanelTiles, COUNT_W};

use super::play::turn::BoardTurn;
use lauzait_engine::{Piece, Square};

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
    /// How the board is turned on screen ([`super::play::turn`]): every square's place follows it.
    pub turn: BoardTurn,
    /// Where the lesson's text goes in a lesson (the page places its DOM box there).
    pub lesson: Option<Rect>,
}

/// What the layout needs to know about the table.
pub struct TableShape<'a> {
    pub players: usize,
    /// The shown hand's concealed pieces (face up or down).
    pub concealed: &'a [Option<Piece>],
    pub departments: usize,
    /// Panels show every hand's concealed pieces (the open-hands option).
    pub open_hands: bool,
    /// How the board is turned (upright unless the preference turns it).
    pub turn: BoardTurn,
    /// A lesson is under way. Its text needs room on every screen, down to 320×568, and
    /// the players' panels are what a lesson can spare: the board's frame names every seat
    /// with its points, and a lesson is about the learner's own hand. The hand's label goes
    /// too (the lesson's text speaks of "your hand") and its tiles stay near the least
    /// comfortable size, so that the text fits beside a board of 44 px squares.
    pub lesson: bool,
}

const PAD: f64 = 8.0;
const GAP: f64 = 4.0;
/// The least side of a square and of a hand tile, in CSS pixels: a finger's target.
pub const MIN_TARGET: f64 = 44.0;
/// The height of the hand's label line above its tiles.
const HAND_LABEL: f64 = 18.0;
/// A panel's text line; with tiles, a row of small tiles follows it.
const PANEL_LINE: f64 = 19.0;
/// The height a lesson's text wants (heading, task, the start of the coach) before the
/// board grows past its least size on a phone held upright.
const LESSON_TEXT: f64 = 150.0;
/// The least a lesson's text gets: its heading and a row of its buttons (Hint first), before
/// the board keeps squares of a finger's size (a small phone whose action bar needs two
/// rows, `chrome`).
const LESSON_TEXT_MIN: f64 = 76.0;
/// The least height of a lesson's box that a long message pushes down: one row of its
/// buttons (44 px) with the box's padding and border (index.html, small screens).
const LESSON_ROW: f64 = 50.0;
/// The largest hand tile.
const HAND_TILE: f64 = 64.0;
/// The largest hand tile in a lesson.
const LESSON_TILE: f64 = 52.0;

/// The hand's largest tile and the height of its label line: smaller in a lesson, to leave
/// the lesson's text room ([`TableShape::lesson`]).
fn hand_limits(lesson: bool) -> (f64, f64) {
    if lesson {
        (LESSON_TILE, 0.0)
    } else {
        (HAND_TILE, HAND_LABEL)
    }
}

/// The frame whose 5×5 grid has squares of at least `cell` (the frame's band is 8.5 %).
fn frame_for_cell(cell: f64) -> f64 {
    (5.0 * cell / 0.83).ceil() + 1.0
}

/// The height kept for the hand: its label and two rows of tiles of side `t` (a hand is
/// nine pieces at most, so two rows of six hold it, Departments included). The same for
/// every Day, so that nothing around the hand moves when it grows.
fn hand_height(width: f64, lesson: bool) -> (f64, f64) {
    let (largest, label) = hand_limits(lesson);
    let t = (width / 6.9).clamp(MIN_TARGET, largest).floor();
    let g = (t * 0.1).max(3.0);
    (t, label + 2.0 * (t + g) + g)
}

/// How the players' panels are arranged in the room left for them.
struct Panels {
    cols: usize,
    /// The small tiles' side; 0 when a panel is only its text line.
    mini: f64,
    /// One panel's height, the gap below it included.
    ph: f64,
}

impl Panels {
    fn height(&self, n: usize) -> f64 {
        n.div_ceil(self.cols) as f64 * self.ph
    }

    /// The fullest arrangement that fits `budget`: one column with tiles, two columns with
    /// tiles, then text lines only (in one column, then two).
    fn choose(n: usize, width: f64, budget: f64) -> Panels {
        let n = n.max(1);
        let half = (width - GAP) / 2.0;
        let with_tiles = |cols: usize, w: f64| {
            let rows = n.div_ceil(cols) as f64;
            // Nine small tiles with their gaps, the seat bar, the count and the groups' gaps.
            let by_width = (w - 60.0) / 10.5;
            let by_height = budget / rows - PANEL_LINE - 11.0;
            let mini = by_width.min(by_height).min(30.0).floor();
            Panels { cols, mini, ph: PANEL_LINE + mini + 11.0 }
        };
        let one = with_tiles(1, width);
        if one.mini >= 16.0 {
            return one;
        }
        let two = with_tiles(2, half);
        if n > 1 && two.mini >= 13.0 {
            return two;
        }
        let line = Panels { cols: 1, mini: 0.0, ph: PANEL_LINE };
        if line.height(n) <= budget || n == 1 {
            return line;
        }
        Panels { cols: 2, ..line }
    }

    fn place(&self, n: usize, x: f64, y: f64, width: f64) -> Vec<Rect> {
        let w = (width - GAP * (self.cols as f64 - 1.0)) / self.cols as f64;
        (0..n)
            .map(|i| {
                let (row, col) = (i / self.cols, i % self.cols);
                Rect::new(x + col as f64 * (w + GAP), y + row as f64 * self.ph, w, self.ph - 3.0)
            })
            .collect()
    }
}

impl Layout {
    /// Nothing here depends on the hand's contents or on any text: within a Day the board,
    /// the panels and the hand's area stay where they are.
    pub fn compute(w: f64, h: f64, shape: &TableShape) -> Layout {
        let mut l = Layout { w, h, portrait: h > w * 1.05, turn: shape.turn, ..Layout::default() };
        let n = shape.players.max(1);
        if l.portrait {
            let inner = w - 2.0 * PAD;
            l.info = Rect::new(PAD, 4.0, inner, 20.0);
            let panels_top = l.info.bottom() + 4.0;
            let (_, hand_h) = hand_height(inner, shape.lesson);
            let board_min = frame_for_cell(MIN_TARGET).min(inner);
            let fixed = panels_top + 2.0 + 2.0 + hand_h + 4.0;
            let board_top = if shape.lesson {
                // The text gets what the board can spare above its least size, up to what it wants.
                let least = (h - fixed - LESSON_TEXT_MIN).max(120.0);
                let side = (h - fixed - LESSON_TEXT).min(inner).max(board_min.min(least)).floor();
                let text_h = (h - fixed - side).max(0.0).floor();
                l.lesson = Some(Rect::new(PAD, panels_top, inner, text_h));
                panels_top + text_h + 2.0
            } else {
                let panels = Panels::choose(n, inner, h - fixed - board_min);
                l.mini = panels.mini;
                l.panels = panels.place(shape.players, PAD, panels_top, inner);
                panels_top + panels.height(n) + 2.0
            };
            let side = (h - board_top - hand_h - 4.0 - 2.0).min(inner).max(120.0).floor();
            l.frame = Rect::new(((w - side) / 2.0).floor(), board_top, side, side);
            let hand_top = l.frame.bottom() + 2.0;
            l.hand_area = Rect::new(PAD, hand_top, inner, (h - hand_top - 2.0).max(hand_h));
        } else {
            let side_min = (w * 0.34).clamp(250.0, 460.0);
            let side = (h - 2.0 * PAD).min(w - 3.5 * PAD - side_min).max(120.0).floor();
            l.frame = Rect::new(PAD, ((h - side) / 2.0).floor(), side, side);
            let col_x = l.frame.right() + 1.5 * PAD;
            let col_w = w - col_x - PAD;
            let info_h = if h >= 480.0 { 44.0 } else { 22.0 };
            l.info = Rect::new(col_x, PAD, col_w, info_h);
            let panels_top = l.info.bottom() + 4.0;
            let (_, hand_h) = hand_height(col_w, shape.lesson);
            let room = h - panels_top - 4.0 - hand_h - PAD;
            let hand_top = if shape.lesson {
                // The text takes the whole column above the hand.
                let text_h = room.max(0.0).floor();
                l.lesson = Some(Rect::new(col_x, panels_top, col_w, text_h));
                panels_top + text_h + 4.0
            } else {
                let panels = Panels::choose(n, col_w, room);
                l.mini = panels.mini;
                l.panels = panels.place(shape.players, col_x, panels_top, col_w);
                panels_top + panels.height(n) + 4.0
            };
            l.hand_area = Rect::new(col_x, hand_top, col_w, (h - hand_top - PAD).max(hand_h));
        }
        let border = (l.frame.w * 0.085).round();
        l.grid = l.frame.inset(border);
        l.cell = l.grid.w / 5.0;
        l.place_hand(shape);
        l
    }

    /// Where the Season log goes when it is opened over the table (screens too narrow to keep
    /// it beside the board): the canvas above the hand (portrait) or the board's column
    /// (landscape), so that the hand stays in sight and can be played with the log open.
    pub fn log_over(&self) -> Rect {
        if self.portrait {
            Rect::new(0.0, 0.0, self.w, (self.hand_area.y - 2.0).max(0.0))
        } else {
            Rect::new(0.0, 0.0, (self.hand_area.x - PAD / 2.0).max(0.0), self.h)
        }
    }

    /// A lesson's box clear of the status bar's message, which grows down over the table's
    /// top when it is longer than the bar (`chrome`) and covers `covered` CSS pixels of the
    /// canvas: the box starts below it and keeps a row of its buttons (the actions the
    /// step offers stay in sight, its text scrolls), reaching down into the board frame's
    /// band at most (never over a square), on a phone held upright where the board is
    /// below it. `None` outside a lesson.
    pub fn lesson_clear_of(&self, covered: f64) -> Option<Rect> {
        let r = self.lesson?;
        let top = r.y.max(covered + 2.0);
        let lowest = if self.portrait { (self.grid.y - 1.0).max(r.bottom()) } else { r.bottom() };
        let bottom = r.bottom().max(top + LESSON_ROW).min(lowest);
        Some(Rect::new(r.x, top, r.w, (bottom - top).max(0.0)))
    }

    fn place_hand(&mut self, shape: &TableShape) {
        let area = self.hand_area;
        let (largest, label) = hand_limits(shape.lesson);
        self.hand_label = Rect::new(area.x, area.y, area.w, label);
        let body = Rect::new(area.x, area.y + label, area.w, (area.h - label).max(0.0));
        let n = shape.concealed.len();
        let d = shape.departments;
        // The largest tile for which the concealed rows and the Department rows fit;
        // one row of nine when that still gives comfortable tiles.
        let mut tile = 20.0;
        let one_row = (body.w / 9.8).min(largest);
        let one_row_h = one_row + if d > 0 { one_row + 8.0 } else { 0.0 };
        let mut t = largest;
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
        if one_row >= MIN_TARGET && one_row_h <= body.h && one_row >= tile * 0.8 {
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

    /// The rectangle of a square; rank 1 is at the bottom (red's side) unless the board is
    /// turned.
    pub fn square(&self, sq: Square) -> Rect {
        let (col, row) = self.turn.cell(sq);
        Rect::new(self.grid.x + col as f64 * self.cell, self.grid.y + row as f64 * self.cell, self.cell, self.cell)
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
        let col = ((x - self.grid.x) / self.cell).floor().clamp(0.0, 4.0) as u8;
        let row = ((y - self.grid.y) / self.cell).floor().clamp(0.0, 4.0) as u8;
        Some(self.turn.square(col, row))
    }
}
