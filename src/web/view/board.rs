//! The cloth (board.png): an orange frame with each seat's coloured edge and label (red
//! bottom, blue left, black top, yellow right), the 5×5 squares, the green Mountain with its
//! diagonals, the blue Water cross with a wave mark on every Water square (so colour is
//! never the only cue), the pieces, and the marks of the Day: the discard, the pieces that
//! may move, the chosen piece, its destinations (Water ones marked for a throw), the last
//! Hiring and the keyboard cursor.

use super::palette::seat_color;
use super::pen::Pen;
use super::piece::{self, TileStyle};
use crate::engine::{Phase, Seat, Square, Status};
use crate::ui::i18n;
use crate::ui::layout::{Layout, Rect};
use crate::ui::model::{Model, Target};

const SQUARE: &str = "#fdfcf8";
const WATER: &str = "#8fcbf1";
const WATER_MARK: &str = "#2f7fbf";
const MOUNTAIN: &str = "#00563f";
const LINE: &str = "#4a4540";

pub fn draw(app: &Model, pen: &Pen) {
    let l = &app.layout;
    draw_frame(app, pen, l);
    for sq in Square::all() {
        draw_square(pen, l, sq);
    }
    // Grid lines.
    for i in 0..=5 {
        let t = i as f64 * l.cell;
        pen.line(l.grid.x + t, l.grid.y, l.grid.x + t, l.grid.bottom(), LINE, 1.2);
        pen.line(l.grid.x, l.grid.y + t, l.grid.right(), l.grid.y + t, LINE, 1.2);
    }
    draw_pieces(app, pen, l);
}

fn draw_frame(app: &Model, pen: &Pen, l: &Layout) {
    let f = l.frame;
    let g = l.grid;
    let strip = (f.w * 0.016).max(4.0);
    // Bevels: top/bottom darker, left/right lighter, as on the cloth.
    let o = f.inset(strip);
    pen.poly(&[(o.x, o.y), (o.right(), o.y), (g.right(), g.y), (g.x, g.y)], "#c9581d");
    pen.poly(&[(o.x, o.bottom()), (o.right(), o.bottom()), (g.right(), g.bottom()), (g.x, g.bottom())], "#c9581d");
    pen.poly(&[(o.x, o.y), (g.x, g.y), (g.x, g.bottom()), (o.x, o.bottom())], "#e7782b");
    pen.poly(&[(o.right(), o.y), (g.right(), g.y), (g.right(), g.bottom()), (o.right(), o.bottom())], "#e7782b");
    // Seat edges.
    let game = app.game();
    let to_move = game.filter(|g| g.status() == Status::Playing).map(|g| g.to_move());
    let seats_in_play: Vec<Seat> = game.map(|g| g.options().seats().to_vec()).unwrap_or_default();
    for seat in Seat::ALL {
        let playing = seats_in_play.contains(&seat);
        let active = to_move.is_some_and(|p| seats_in_play.get(p) == Some(&seat));
        let w = if active { strip * 1.9 } else { strip };
        let r = match seat {
            Seat::Red => Rect::new(f.x, f.bottom() - w, f.w, w),
            Seat::Blue => Rect::new(f.x, f.y, w, f.h),
            Seat::Black => Rect::new(f.x, f.y, f.w, w),
            Seat::Yellow => Rect::new(f.right() - w, f.y, w, f.h),
        };
        if !playing {
            pen.alpha(0.45);
        }
        pen.fill_rect(r, seat_color(seat));
        pen.alpha(1.0);
    }
    // Labels in the frame: the seat in words, the player's name and score.
    let band = g.x - f.x;
    let size = (band * 0.36).clamp(9.0, 16.0);
    for seat in Seat::ALL {
        let idx = seats_in_play.iter().position(|&s| s == seat);
        let label = match (idx, app.session.as_ref()) {
            (Some(i), Some(sess)) => {
                let score = sess.game.scores()[i];
                let mark = if to_move == Some(i) { "▶ " } else { "" };
                if i18n::is_seat_name(&sess.names[i], seat) {
                    format!("{mark}{} · {}", i18n::seat_name(app.lang, seat), i18n::pts(app.lang, score))
                } else {
                    format!(
                        "{mark}{} · {} · {}",
                        i18n::seat_name(app.lang, seat),
                        sess.names[i],
                        i18n::pts(app.lang, score)
                    )
                }
            }
            _ => i18n::seat_name(app.lang, seat).to_string(),
        };
        let active = idx.is_some() && idx == to_move;
        let color = if active {
            "#ffffff"
        } else if idx.is_some() {
            "#fff3e0"
        } else {
            "#f3c9a6"
        };
        let weight = if active { 800 } else { 600 };
        let mid = strip + (band - strip) / 2.0;
        pen.save();
        let (cx, cy, rot) = match seat {
            Seat::Red => (f.cx(), f.bottom() - mid, 0.0),
            Seat::Black => (f.cx(), f.y + mid, 0.0),
            Seat::Blue => (f.x + mid, f.cy(), -std::f64::consts::FRAC_PI_2),
            Seat::Yellow => (f.right() - mid, f.cy(), std::f64::consts::FRAC_PI_2),
        };
        let _ = pen.ctx.translate(cx, cy);
        let _ = pen.ctx.rotate(rot);
        if active {
            let w = pen.measure(&label, size, weight as u16).min(g.w - 8.0) + 16.0;
            pen.fill_round(Rect::new(-w / 2.0, -size * 0.75, w, size * 1.5), size * 0.75, "rgba(40,20,5,0.55)");
        }
        pen.text_fit(&label, 0.0, 0.0, size, weight as u16, color, "center", "middle", g.w - 12.0);
        pen.restore();
    }
    // Coordinates a–e (below the grid) and 1–5 (left of it), small.
    let cs = (band * 0.22).clamp(8.0, 11.0);
    for i in 0..5 {
        let file = ((b'a' + i as u8) as char).to_string();
        pen.text(&file, g.x + (i as f64 + 0.5) * l.cell, g.bottom() + 1.0, cs, 600, "#fde8d0", "center", "top");
        pen.text(
            &(i + 1).to_string(),
            g.x - 2.0,
            g.bottom() - (i as f64 + 0.5) * l.cell,
            cs,
            600,
            "#fde8d0",
            "right",
            "middle",
        );
    }
}

pub fn draw_square(pen: &Pen, l: &Layout, sq: Square) {
    let r = l.square(sq);
    if sq.is_mountain() {
        pen.fill_rect(r, MOUNTAIN);
        pen.line(r.x, r.y, r.right(), r.bottom(), "#e9f3ee", 1.4);
        pen.line(r.right(), r.y, r.x, r.bottom(), "#e9f3ee", 1.4);
    } else if sq.is_water() {
        pen.fill_rect(r, WATER);
        // The wave mark along the bottom margin of the square, visible around a piece.
        pen.waves(r.cx(), r.bottom() - r.h * 0.075, r.w * 0.34, WATER_MARK, (r.w * 0.025).max(1.2));
        // Corner brackets at the outer ends of the cross, as on the cloth.
        if sq.file() == 0 || sq.file() == 4 || sq.rank() == 0 || sq.rank() == 4 {
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

fn draw_pieces(app: &Model, pen: &Pen, l: &Layout) {
    let Some(game) = app.game() else { return };
    let board = game.day().board;
    let legal = &app.legal;
    let phase = legal.phase;
    let selecting_mover = matches!(phase, Some(Phase::Discarded { .. }));
    let (discard_sq, mover) = match phase {
        Some(Phase::Discarded { square, .. }) => (Some(square), None),
        Some(Phase::Moving { from, .. }) => {
            let sq = game.day().steps.iter().find_map(|s| match s {
                crate::engine::Step::Discard { square, .. } => Some(*square),
                _ => None,
            });
            (sq, Some(from))
        }
        _ => (None, None),
    };

    // The last Hiring, as a faint arrow, while the next Day has not started choosing.
    if (app.interactive() || app.bot_day()) && game.day().steps.is_empty() && app.anim.is_none() {
        if let Some(h) = game.season().last_hire {
            let (a, b) = (l.square(h.hire.from), l.square(h.hire.to));
            pen.save();
            pen.dashed(true, 6.0);
            pen.line(a.cx(), a.cy(), b.cx(), b.cy(), "rgba(120,60,10,0.55)", 3.0);
            pen.restore();
            pen.stroke_rect(a.inset(3.0), "rgba(120,60,10,0.5)", 2.0);
        }
    }

    for sq in Square::all() {
        let r = l.square_tile(sq);
        match board.get(sq) {
            Some(p) => {
                let style = TileStyle {
                    dim: selecting_mover && !legal.movers.contains(&sq) && discard_sq != Some(sq),
                    lit: legal.movers.contains(&sq),
                    chosen: mover == Some(sq),
                };
                piece::draw(pen, Some(p), r, style);
            }
            None => {
                // The empty square: where the discard will go.
                if matches!(phase, Some(Phase::Beginning { .. })) && !legal.discards.is_empty() {
                    let sr = l.square(sq).inset(l.cell * 0.12);
                    pen.save();
                    pen.dashed(true, 5.0);
                    pen.stroke_round(sr, 6.0, "#b06a00", 2.0);
                    pen.restore();
                }
            }
        }
        if discard_sq == Some(sq) {
            let sr = l.square(sq).inset(1.5);
            pen.save();
            pen.dashed(true, 5.0);
            pen.stroke_rect(sr, "#b06a00", 3.0);
            pen.restore();
        }
    }

    // Destinations: a red frame and a target badge in the corner (the piece stays
    // readable); Water destinations also get a wave badge: the sticks will decide.
    if mover.is_some() {
        for &to in &legal.destinations {
            destination_mark(pen, l.square(to), l.cell, to.is_water());
        }
    }

    // Keyboard cursor.
    if app.show_focus && app.interactive() {
        if let Some(Target::Square(sq)) = app.focus {
            let r = l.square(sq).inset(2.0);
            pen.save();
            pen.dashed(true, 6.0);
            pen.stroke_rect(r, "#1565c0", 4.0);
            pen.restore();
        }
    }
}

/// A destination: a red frame and a target badge in the corner, so the piece stays
/// readable; on Water also a wave badge, since the sticks will decide (R12.6).
pub fn destination_mark(pen: &Pen, r: Rect, cell: f64, water: bool) {
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
