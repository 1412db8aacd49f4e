//! The pieces as on the summary sheets: green (兵) and white (筆) tiles with the number's
//! strokes at the bottom (1–3 bars, a cross for 4 and 9), the spear (green) or brush
//! (white) for 5–9, the dots in the top-right corner, plus a large Arabic numeral so the
//! number reads at a glance on a phone. Jokers are striped black/green/white; face-down
//! pieces show a patterned back.

use super::pen::Pen;
use lauzait_engine::{piece::dots, Colour, Piece};
use lauzait_ui::layout::Rect;
pub use lauzait_ui::scene::TileStyle;
use wasm_bindgen::JsCast;

pub const GREEN: &str = "#0b5a44";
pub const WHITE: &str = "#fbfaf4";
const INK: &str = "#201712";
const PAPER: &str = "#f7f4ea";
const BACK: &str = "#b98c56";
const BACK_LINE: &str = "#d7b07a";

/// Draws a piece (`None`: face down) in the square `r`.
pub fn draw(pen: &Pen, piece: Option<Piece>, r: Rect, style: TileStyle) {
    let s = r.w;
    let lift = if style.chosen { (s * 0.06).round() } else { 0.0 };
    let r = Rect::new(r.x, r.y - lift, s, s);
    if style.dim {
        pen.alpha(0.42);
    }
    if !pen.copy_tile(piece, r, SHADOW, |sprite, square| draw_tile(sprite, piece, square)) {
        draw_tile(pen, piece, r);
    }
    if style.dim {
        pen.alpha(1.0);
    }
    let radius = s * 0.09;
    if style.lit {
        let w = (s * 0.085).max(3.0);
        pen.stroke_round(r.inset(-w / 2.0 - 1.0), radius + w / 2.0, "#ffb000", w);
        pen.stroke_round(r.inset(-w - 1.5), radius + w, "#5a3a00", 1.2);
    }
    if style.chosen {
        let w = (s * 0.085).max(3.0);
        pen.stroke_round(r.inset(-w / 2.0 - 1.0), radius + w / 2.0, "#e0301e", w);
    }
}

/// How far a tile's shadow is offset, right and down, as a share of its side: all its
/// drawing reaches past its square (a sprite's canvas leaves room for it).
const SHADOW: (f64, f64) = (0.03, 0.05);

/// The tile itself, whatever its state: its shadow, border and face (what a sprite holds,
/// [`super::sprites`]).
fn draw_tile(pen: &Pen, piece: Option<Piece>, r: Rect) {
    let s = r.w;
    let radius = s * 0.09;
    pen.fill_round(Rect::new(r.x + s * SHADOW.0, r.y + s * SHADOW.1, s, s), radius, "rgba(40,25,10,0.28)");
    pen.fill_round(r, radius, INK);
    let face = r.inset((s * 0.065).max(1.5));
    match piece {
        None => draw_back(pen, face),
        Some(p) if p.is_joker() => draw_joker(pen, face),
        Some(p) => draw_numbered(pen, p, face, s),
    }
}

/// Paints the small piece canvases (`<canvas class="tile" data-piece="G3">`, class `sm`
/// for the smaller ones) inside `root`, at the screen's `dpr`, with the board's drawing.
pub fn paint_tiles(root: &web_sys::Element, dpr: f64) {
    let Ok(list) = root.query_selector_all("canvas.tile") else { return };
    for i in 0..list.length() {
        let Some(canvas) = list.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlCanvasElement>().ok()) else { continue };
        let piece = canvas.get_attribute("data-piece").and_then(|c| c.parse::<Piece>().ok());
        let size = if canvas.class_list().contains("sm") { 26.0 } else { 34.0 };
        canvas.set_width((size * dpr) as u32);
        canvas.set_height((size * dpr) as u32);
        let Ok(Some(ctx)) = canvas.get_context("2d") else { continue };
        let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() else { continue };
        let pen = Pen::new(ctx);
        pen.start_frame(dpr);
        let m = size * 0.04;
        draw(&pen, piece, Rect::new(m, m, size - 3.0 * m, size - 3.0 * m), TileStyle::default());
    }
}

fn draw_back(pen: &Pen, f: Rect) {
    pen.fill_rect(f, BACK);
    pen.save();
    pen.clip_rect(f);
    let step = (f.w / 5.0).max(4.0);
    let mut k = -f.h;
    while k < f.w {
        pen.line(f.x + k, f.bottom(), f.x + k + f.h, f.y, BACK_LINE, (f.w * 0.05).max(1.0));
        k += step;
    }
    pen.restore();
    pen.stroke_rect(f.inset(f.w * 0.08), "#8a6436", (f.w * 0.04).max(1.0));
}

fn draw_joker(pen: &Pen, f: Rect) {
    let third = f.w / 3.0;
    pen.fill_rect(Rect::new(f.x, f.y, third + 0.5, f.h), INK);
    pen.fill_rect(Rect::new(f.x + third, f.y, third + 0.5, f.h), GREEN);
    pen.fill_rect(Rect::new(f.x + 2.0 * third, f.y, third, f.h), WHITE);
}

fn draw_numbered(pen: &Pen, p: Piece, f: Rect, s: f64) {
    let green = p.colour() == Some(Colour::Green);
    let (bg, mark) = if green { (GREEN, PAPER) } else { (WHITE, INK) };
    pen.fill_rect(f, bg);
    let n = p.number().unwrap_or(0);
    let (x, y, w, h) = (f.x, f.y, f.w, f.h);

    // Dots (R2): top-right corner.
    let dr = (s * 0.038).max(1.2);
    let (dx, dy) = (x + w * 0.84, y + h * 0.12);
    match dots(n) {
        1 => pen.dot(dx, dy, dr, mark),
        2 => {
            pen.dot(dx, dy, dr, mark);
            pen.dot(dx, dy + dr * 2.8, dr, mark);
        }
        _ => {
            pen.dot(dx - dr * 1.45, dy, dr, mark);
            pen.dot(dx + dr * 1.05, dy, dr, mark);
            pen.dot(dx - dr * 0.2, dy + dr * 2.6, dr, mark);
        }
    }

    // The large numeral, top-left.
    let size = (s * 0.46).round();
    pen.text(&n.to_string(), x + w * 0.07, y + h * 0.05, size, 800, mark, "left", "top");

    // Strokes at the bottom: bars for 1–3 and 6–8, a cross for 4 and 9.
    let lw = (s * 0.045).max(1.2);
    let bars = match n {
        1..=3 => n,
        6..=8 => n - 5,
        _ => 0,
    };
    for k in 0..bars {
        let ly = y + h * (0.68 + 0.1 * k as f64);
        pen.fill_rect(Rect::new(x, ly, w, lw), mark);
    }
    if n == 4 || n == 9 {
        pen.line(x, y + h * 0.70, x + w, y + h * 0.94, mark, lw);
        pen.line(x, y + h * 0.94, x + w, y + h * 0.70, mark, lw);
    }
    // The spear (兵, green) or brush (筆, white) for 5–9.
    if n >= 5 {
        let cx = x + w * 0.60;
        let top = y + h * 0.12;
        let len = h * 0.40;
        if green {
            pen.spear(cx, top, len, mark);
        } else {
            pen.brush(cx, top, len, mark);
        }
    }
}
