//! The cloth (board.png): an orange frame with each seat's coloured edge and label (red
//! bottom, blue left, black top, yellow right), the 5×5 squares, the green Mountain with its
//! diagonals, the blue Water cross with a wave mark on every Water square (so colour is
//! never the only cue), the pieces, and the marks of the Day: the discard, the pieces that
//! may move, the chosen piece, its destinations (Water ones marked for a throw), the last
//! Hiring and the keyboard cursor.
//!
//! One renderer for every board (the table, the replay viewer, the embeds): it draws a
//! [`Scene`] and decides nothing; [`table_scene`] is where the table's scene is built.

use super::palette::seat_color;
use super::pen::Pen;
use super::piece;
use lauzait_engine::{Square, Status};
use lauzait_ui::i18n;
use lauzait_ui::layout::{Layout, Rect};
use lauzait_ui::model::{Model, Target};
use lauzait_ui::play::turn::Side;
use lauzait_ui::scene::{Cloth, Edge, Ground, Offer, Scene};

const SQUARE: &str = "#fdfcf8";
const WATER: &str = "#8fcbf1";
const WATER_MARK: &str = "#2f7fbf";
const MOUNTAIN: &str = "#00563f";
const LINE: &str = "#4a4540";
const CLOTH: &str = "#e7782b";
const CLOTH_DARK: &str = "#c9581d";
const CURSOR: &str = "#1565c0";
const DISCARD: &str = "#b06a00";
/// Dark on every ground a corner can have (plain 16:1, Water 9:1).
const COORDINATE: &str = "#2b1d10";

/// The table's scene, from the app state: the one place where the board reads the app.
pub fn table_scene(app: &Model) -> Scene {
    let Some(sess) = app.table.shown() else {
        return Scene::empty(Cloth::Table)
            .with_seats(&[], None, |seat, _| Some(seat_label(app.lang, seat, None, None)));
    };
    let game = &sess.game();
    let seats = game.options().seats();
    let to_move = (game.status() == Status::Playing).then(|| game.to_move());
    let legal = &app.play.legal;
    let offer = Offer {
        phase: legal.phase,
        movers: &legal.movers,
        destinations: &legal.destinations,
        discarding: !legal.discards.is_empty(),
    };
    let mut scene = Scene::new(Cloth::Table, &game.day().board)
        .with_seats(seats, to_move, |seat, index| {
            let Some(i) = index else {
                // A seat nobody plays says so in words, not only by a faded colour.
                return Some(format!("{} · {}", i18n::seat_name(app.lang, seat), i18n::table::empty_seat(app.lang)));
            };
            Some(seat_label(app.lang, seat, Some(sess.names()[i].as_str()), Some(game.scores()[i])))
        })
        .with_day(&game.day().steps, &offer);
    // The last Hiring, while the next Day has not started choosing.
    if (app.interactive() || app.bot_day()) && game.day().steps.is_empty() && app.play.anim.is_none() {
        scene.last_hire = game.season().last_hire.map(|h| (h.hire.from, h.hire.to));
    }
    // The piece sliding onto its destination is drawn by the move's animation meanwhile.
    if let Some(sq) = app.play.motion.and_then(|m| m.covers()) {
        scene.cells[sq.index()].piece = None;
    }
    scene.pending = app.play.pending;
    if app.show_focus && app.interactive() {
        if let Some(Target::Square(sq)) = app.focus {
            scene.cursor = Some(sq);
        }
    }
    scene
}

pub use lauzait_ui::i18n::table::seat_label;

/// The proportions and faded tones of a cloth's frame.
struct Look {
    /// The seat edge's least width in pixels.
    strip_min: f64,
    /// The opacity of a seat nobody plays.
    faded: f64,
    /// Label size: the share of the frame band, clamped.
    label_share: f64,
    label_min: f64,
    label_max: f64,
    /// Kept free at the label's ends.
    label_margin: f64,
    bevels: bool,
    coordinates: bool,
}

fn look(cloth: Cloth) -> Look {
    match cloth {
        Cloth::Table => Look {
            strip_min: 4.0,
            faded: 0.45,
            label_share: 0.36,
            label_min: 9.0,
            label_max: 16.0,
            label_margin: 12.0,
            bevels: true,
            coordinates: true,
        },
        Cloth::Embed => Look {
            strip_min: 3.0,
            faded: 0.4,
            label_share: 0.42,
            label_min: 8.0,
            label_max: 14.0,
            label_margin: 8.0,
            bevels: false,
            coordinates: false,
        },
    }
}

/// Draws a board scene in the layout's frame.
pub fn draw(pen: &Pen, l: &Layout, scene: &Scene) {
    draw_frame(pen, l, scene);
    for sq in Square::all() {
        draw_square(pen, l, sq, scene.cell(sq).ground);
    }
    // Grid lines.
    for i in 0..=5 {
        let t = i as f64 * l.cell;
        pen.line(l.grid.x + t, l.grid.y, l.grid.x + t, l.grid.bottom(), LINE, 1.2);
        pen.line(l.grid.x, l.grid.y + t, l.grid.right(), l.grid.y + t, LINE, 1.2);
    }
    draw_marks(pen, l, scene);
    if look(scene.cloth).coordinates {
        draw_coordinates(pen, l);
    }
}

fn draw_frame(pen: &Pen, l: &Layout, scene: &Scene) {
    let look = look(scene.cloth);
    let f = l.frame;
    let g = l.grid;
    let strip = (f.w * 0.016).max(look.strip_min);
    if look.bevels {
        // Top/bottom darker, left/right lighter, as on the cloth.
        let o = f.inset(strip);
        pen.poly(&[(o.x, o.y), (o.right(), o.y), (g.right(), g.y), (g.x, g.y)], CLOTH_DARK);
        pen.poly(&[(o.x, o.bottom()), (o.right(), o.bottom()), (g.right(), g.bottom()), (g.x, g.bottom())], CLOTH_DARK);
        pen.poly(&[(o.x, o.y), (g.x, g.y), (g.x, g.bottom()), (o.x, o.bottom())], CLOTH);
        pen.poly(&[(o.right(), o.y), (g.right(), g.y), (g.right(), g.bottom()), (o.right(), o.bottom())], CLOTH);
    } else {
        pen.fill_rect(f, CLOTH);
    }
    let band = g.x - f.x;
    for edge in &scene.edges {
        draw_edge(pen, l, &look, edge, strip, band);
    }
}

/// The coordinates in the corners of the squares along the bottom and the left of the
/// screen, as on a chess board: inside the grid no seat label can cover them. Upright, the
/// file letters run along the bottom and the rank numbers up the left; on a board turned a
/// quarter the two change places.
pub(super) fn draw_coordinates(pen: &Pen, l: &Layout) {
    let g = l.grid;
    let cs = (l.cell * 0.2).clamp(9.0, 12.0);
    // The coordinate that changes along the screen's x axis (`across`) or its y axis.
    let name = |sq: Square, across: bool| {
        if across != l.turn.sideways() {
            ((b'a' + sq.file()) as char).to_string()
        } else {
            (sq.rank() + 1).to_string()
        }
    };
    for i in 0..5u8 {
        let x = g.x + (i as f64 + 1.0) * l.cell - 2.0;
        pen.text(&name(l.turn.square(i, 4), true), x, g.bottom() - 1.0, cs, 700, COORDINATE, "right", "bottom");
        let y = g.bottom() - (i as f64 + 1.0) * l.cell + 1.0;
        pen.text(&name(l.turn.square(0, 4 - i), false), g.x + 2.0, y, cs, 700, COORDINATE, "left", "top");
    }
}

/// A seat's coloured edge, then its label in the middle of its band of the frame.
fn draw_edge(pen: &Pen, l: &Layout, look: &Look, edge: &Edge, strip: f64, band: f64) {
    let (f, g) = (l.frame, l.grid);
    let w = if edge.raised { strip * 1.9 } else { strip };
    // Where the seat's edge lies on screen: at the cloth's place, or turned with the board.
    let side = l.turn.side(edge.seat);
    let r = match side {
        Side::Bottom => Rect::new(f.x, f.bottom() - w, f.w, w),
        Side::Left => Rect::new(f.x, f.y, w, f.h),
        Side::Top => Rect::new(f.x, f.y, f.w, w),
        Side::Right => Rect::new(f.right() - w, f.y, w, f.h),
    };
    if !edge.in_play {
        pen.alpha(look.faded);
    }
    pen.fill_rect(r, seat_color(edge.seat));
    pen.alpha(1.0);
    let Some(label) = &edge.label else { return };
    let size = (band * look.label_share).clamp(look.label_min, look.label_max);
    let mid = strip + (band - strip) / 2.0;
    pen.save();
    // Every label reads from the bottom of the screen: the one facing the board's reader.
    let (cx, cy, rot) = match side {
        Side::Bottom => (f.cx(), f.bottom() - mid, 0.0),
        Side::Top => (f.cx(), f.y + mid, 0.0),
        Side::Left => (f.x + mid, f.cy(), -std::f64::consts::FRAC_PI_2),
        Side::Right => (f.right() - mid, f.cy(), std::f64::consts::FRAC_PI_2),
    };
    let _ = pen.ctx.translate(cx, cy);
    let _ = pen.ctx.rotate(rot);
    // Every label on a dark pill, so that its words read at 4.5:1 or more on the orange
    // cloth; the seat to move has the darker one.
    let w = pen.measure(&label.text, size, label.weight).min(g.w - 8.0) + 16.0;
    let shade = if label.pill { "rgba(40,20,5,0.8)" } else { "rgba(40,20,5,0.6)" };
    pen.fill_round(Rect::new(-w / 2.0, -size * 0.75, w, size * 1.5), size * 0.75, shade);
    let max_w = g.w - look.label_margin;
    pen.text_fit(&label.text, 0.0, 0.0, size, label.weight, label.colour, "center", "middle", max_w);
    pen.restore();
}

fn draw_square(pen: &Pen, l: &Layout, sq: Square, ground: Ground) {
    let r = l.square(sq);
    if ground == Ground::Mountain {
        pen.fill_rect(r, MOUNTAIN);
        pen.line(r.x, r.y, r.right(), r.bottom(), "#e9f3ee", 1.4);
        pen.line(r.right(), r.y, r.x, r.bottom(), "#e9f3ee", 1.4);
    } else if let Ground::Water { end } = ground {
        pen.fill_rect(r, WATER);
        // The wave mark along the bottom margin of the square, visible around a piece.
        pen.waves(r.cx(), r.bottom() - r.h * 0.075, r.w * 0.34, WATER_MARK, (r.w * 0.025).max(1.2));
        // Corner brackets at the outer ends of the cross, as on the cloth.
        if end {
            let k = r.w * 0.14;
            let m = r.w * 0.08;
            let c = "#24435a";
            let lw = 1.3;
            for (x, y, sx, sy) in [
                (r.x + m, r.y + m, 1.0, 1.0),
                (r.right() - m, r.y + m, -1.0, 1.0),
                (r.x + m, r.bottom() - m, 1.0, -1.0),
                (r.right() - m, r.bottom() - m, -1.0, -1.0),
            ] {
                pen.line(x, y, x + sx * k, y, c, lw);
                pen.line(x, y, x, y + sy * k, c, lw);
            }
        }
    } else {
        pen.fill_rect(r, SQUARE);
    }
}

/// The last Hiring, the pieces with their styles, the discard's marks, the destinations
/// and the cursor, in that order (each drawn over the ones before).
fn draw_marks(pen: &Pen, l: &Layout, scene: &Scene) {
    if let Some((from, to)) = scene.last_hire {
        let (a, b) = (l.square(from), l.square(to));
        pen.save();
        pen.dashed(true, 6.0);
        pen.line(a.cx(), a.cy(), b.cx(), b.cy(), "rgba(120,60,10,0.55)", 3.0);
        pen.restore();
        pen.stroke_rect(a.inset(3.0), "rgba(120,60,10,0.5)", 2.0);
    }
    for sq in Square::all() {
        let cell = scene.cell(sq);
        if let Some(p) = cell.piece {
            piece::draw(pen, Some(p), l.square_tile(sq), cell.tile);
        } else if cell.slot {
            // The empty square: where the discard will go.
            pen.save();
            pen.dashed(true, 5.0);
            pen.stroke_round(l.square(sq).inset(l.cell * 0.12), 6.0, DISCARD, 2.0);
            pen.restore();
        }
        if cell.discard {
            pen.save();
            pen.dashed(true, 5.0);
            pen.stroke_rect(l.square(sq).inset(1.5), DISCARD, 3.0);
            pen.restore();
        }
    }
    for sq in Square::all() {
        if let Some(d) = scene.cell(sq).destination {
            destination_mark(pen, l.square(sq), l.cell, d.water);
        }
    }
    for arrow in &scene.arrows {
        draw_arrow(pen, l, arrow);
    }
    if let Some(sq) = scene.pending {
        // The chosen destination: a heavy frame, plain enough to be seen at a glance.
        let r = l.square(sq);
        pen.stroke_rect(r.inset(3.0), "#ffffff", 8.0);
        pen.stroke_rect(r.inset(3.0), "#7d1f12", 5.0);
    }
    if let Some(sq) = scene.cursor {
        pen.save();
        pen.dashed(true, 6.0);
        pen.stroke_rect(l.square(sq).inset(2.0), CURSOR, 4.0);
        pen.restore();
    }
}

/// A move of the review: the better one solid green, the one played dashed dark red, each
/// over a white casing so it reads on every ground, with a head at its end.
fn draw_arrow(pen: &Pen, l: &Layout, arrow: &lauzait_ui::scene::Arrow) {
    let (a, b) = (l.square(arrow.from), l.square(arrow.to));
    let (x0, y0, x1, y1) = (a.cx(), a.cy(), b.cx(), b.cy());
    let (colour, width) =
        if arrow.better { ("#0b7a3b", (l.cell * 0.1).max(4.0)) } else { ("#9c1c10", (l.cell * 0.07).max(3.0)) };
    let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt().max(1.0);
    let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
    let head = l.cell * 0.28;
    let (hx, hy) = (x1 - ux * head * 0.8, y1 - uy * head * 0.8);
    pen.save();
    pen.dashed(!arrow.better, width * 2.2);
    pen.line(x0, y0, hx, hy, "#ffffff", width + 3.0);
    pen.line(x0, y0, hx, hy, colour, width);
    pen.restore();
    let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
    let tip = [(x1, y1), (x1 - ux * head + px, y1 - uy * head + py), (x1 - ux * head - px, y1 - uy * head - py)];
    pen.poly(&tip, colour);
    pen.ring(x0, y0, l.cell * 0.12, colour, (width * 0.6).max(2.0));
}

/// A destination: a red frame and a target badge in the corner, so the piece stays
/// readable; on Water also a wave badge, since the sticks will decide (R12.6).
fn destination_mark(pen: &Pen, r: Rect, cell: f64, water: bool) {
    let w = (cell * 0.06).max(3.0);
    pen.stroke_rect(r.inset(w / 2.0 + 1.0), "#ffffff", w + 2.0);
    pen.stroke_rect(r.inset(w / 2.0 + 1.0), "#e0301e", w);
    let (bx, by) = (r.x + cell * 0.16, r.bottom() - cell * 0.16);
    pen.dot(bx, by, cell * 0.12, "#ffffff");
    pen.ring(bx, by, cell * 0.085, "#e0301e", (cell * 0.035).max(2.0));
    pen.dot(bx, by, cell * 0.035, "#e0301e");
    if water {
        let (wx, wy) = (r.right() - cell * 0.17, r.y + cell * 0.17);
        pen.dot(wx, wy, cell * 0.15, "#1e5f9e");
        pen.waves(wx, wy, cell * 0.19, "#ffffff", (cell * 0.025).max(1.2));
    }
}
