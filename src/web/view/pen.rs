//! A thin drawing helper over `CanvasRenderingContext2d` (CSS-pixel coordinates; the
//! device-pixel-ratio transform is set once per frame).

use super::sprites::TileSprites;
use lauzait_engine::Piece;
use lauzait_ui::fixed::Fixed;
use lauzait_ui::layout::Rect;
use std::cell::RefCell;
use std::f64::consts::PI;
use web_sys::CanvasRenderingContext2d;

pub const FONT: &str = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK JP', 'Noto Sans JP', sans-serif";

/// The context plus the last font and colours set, so that unchanged state is not set
/// again (the browser parses every font and colour string it is given), and, for a canvas
/// redrawn again and again, its tiles' sprites.
pub struct Pen {
    pub ctx: CanvasRenderingContext2d,
    font: RefCell<String>,
    fill: RefCell<String>,
    stroke: RefCell<String>,
    sprites: Option<TileSprites>,
}

impl Pen {
    /// A pen that draws every tile stroke by stroke: for a canvas painted once (a dialog's
    /// tile, the review's board, an embed).
    pub fn new(ctx: CanvasRenderingContext2d) -> Pen {
        Pen { ctx, font: RefCell::default(), fill: RefCell::default(), stroke: RefCell::default(), sprites: None }
    }

    /// A pen that copies tiles from sprites it draws once ([`TileSprites`]): for the table's
    /// canvas, redrawn for every change and every frame of an animation.
    pub fn with_sprites(ctx: CanvasRenderingContext2d) -> Pen {
        Pen { sprites: Some(TileSprites::default()), ..Pen::new(ctx) }
    }

    /// Starts a frame: CSS pixels scaled by `dpr`, the cached state forgotten (resizing the
    /// canvas resets it).
    pub fn start_frame(&self, dpr: f64) {
        self.forget();
        let _ = self.ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        if let Some(sprites) = &self.sprites {
            sprites.set_dpr(dpr);
        }
    }

    /// Copies the tile of `piece` in `r` from its sprite, drawn by `paint` the first time
    /// (its drawing reaching `reach` of the side past the right and bottom edges); false when
    /// this pen keeps no sprites or could not copy (then the caller draws it).
    pub fn copy_tile(&self, piece: Option<Piece>, r: Rect, reach: (f64, f64), paint: impl FnOnce(&Pen, Rect)) -> bool {
        let Some(sprites) = &self.sprites else { return false };
        sprites.copy(&self.ctx, piece, r, reach, |ctx, square| paint(&Pen::new(ctx), square))
    }

    /// Forgets the cached state (after `restore`, or when a frame starts).
    pub fn forget(&self) {
        self.font.borrow_mut().clear();
        self.fill.borrow_mut().clear();
        self.stroke.borrow_mut().clear();
    }

    fn set_fill(&self, color: &str) {
        let mut last = self.fill.borrow_mut();
        if *last != color {
            self.ctx.set_fill_style_str(color);
            last.clear();
            last.push_str(color);
        }
    }

    fn set_stroke(&self, color: &str) {
        let mut last = self.stroke.borrow_mut();
        if *last != color {
            self.ctx.set_stroke_style_str(color);
            last.clear();
            last.push_str(color);
        }
    }

    fn set_font(&self, size: f64, weight: u16) {
        let font = format!("{weight} {}px {FONT}", Fixed::css(size));
        let mut last = self.font.borrow_mut();
        if *last != font {
            self.ctx.set_font(&font);
            *last = font;
        }
    }

    pub fn save(&self) {
        self.ctx.save();
    }
    pub fn restore(&self) {
        self.ctx.restore();
        self.forget();
    }
    pub fn alpha(&self, a: f64) {
        self.ctx.set_global_alpha(a);
    }

    pub fn fill_rect(&self, r: Rect, color: &str) {
        self.set_fill(color);
        self.ctx.fill_rect(r.x, r.y, r.w, r.h);
    }

    pub fn stroke_rect(&self, r: Rect, color: &str, width: f64) {
        self.set_stroke(color);
        self.ctx.set_line_width(width);
        self.ctx.stroke_rect(r.x, r.y, r.w, r.h);
    }

    pub fn clip_rect(&self, r: Rect) {
        self.ctx.begin_path();
        self.ctx.rect(r.x, r.y, r.w, r.h);
        self.ctx.clip();
    }

    fn round_path(&self, r: Rect, radius: f64) {
        let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        let c = &self.ctx;
        c.begin_path();
        c.move_to(r.x + rad, r.y);
        let _ = c.arc_to(r.right(), r.y, r.right(), r.bottom(), rad);
        let _ = c.arc_to(r.right(), r.bottom(), r.x, r.bottom(), rad);
        let _ = c.arc_to(r.x, r.bottom(), r.x, r.y, rad);
        let _ = c.arc_to(r.x, r.y, r.right(), r.y, rad);
        c.close_path();
    }

    pub fn fill_round(&self, r: Rect, radius: f64, color: &str) {
        self.round_path(r, radius);
        self.set_fill(color);
        self.ctx.fill();
    }

    pub fn stroke_round(&self, r: Rect, radius: f64, color: &str, width: f64) {
        self.round_path(r, radius);
        self.set_stroke(color);
        self.ctx.set_line_width(width);
        self.ctx.stroke();
    }

    pub fn dashed(&self, on: bool, len: f64) {
        let pattern = js_sys::Array::new();
        if on {
            pattern.push(&len.into());
            pattern.push(&(len * 0.7).into());
        }
        let _ = self.ctx.set_line_dash(&pattern);
    }

    pub fn line(&self, x0: f64, y0: f64, x1: f64, y1: f64, color: &str, width: f64) {
        let c = &self.ctx;
        c.begin_path();
        c.move_to(x0, y0);
        c.line_to(x1, y1);
        self.set_stroke(color);
        c.set_line_width(width);
        c.stroke();
    }

    pub fn dot(&self, x: f64, y: f64, r: f64, color: &str) {
        let c = &self.ctx;
        c.begin_path();
        let _ = c.arc(x, y, r, 0.0, 2.0 * PI);
        self.set_fill(color);
        c.fill();
    }

    pub fn ring(&self, x: f64, y: f64, r: f64, color: &str, width: f64) {
        let c = &self.ctx;
        c.begin_path();
        let _ = c.arc(x, y, r, 0.0, 2.0 * PI);
        self.set_stroke(color);
        c.set_line_width(width);
        c.stroke();
    }

    /// Text at (x, y) with the given alignment ("left"/"center"/"right",
    /// "top"/"middle"/"alphabetic"/"bottom").
    #[allow(clippy::too_many_arguments)]
    pub fn text(&self, s: &str, x: f64, y: f64, size: f64, weight: u16, color: &str, align: &str, baseline: &str) {
        let c = &self.ctx;
        self.set_font(size, weight);
        c.set_text_align(align);
        c.set_text_baseline(baseline);
        self.set_fill(color);
        let _ = c.fill_text(s, x, y);
    }

    /// Like [`Pen::text`], shrinking the font until the text fits `max_w`.
    #[allow(clippy::too_many_arguments)]
    pub fn text_fit(
        &self,
        s: &str,
        x: f64,
        y: f64,
        size: f64,
        weight: u16,
        color: &str,
        align: &str,
        baseline: &str,
        max_w: f64,
    ) {
        let c = &self.ctx;
        let mut size = size;
        self.set_font(size, weight);
        if let Ok(m) = c.measure_text(s) {
            let w = m.width();
            if w > max_w && w > 0.0 {
                size = (size * max_w / w).max(7.0).floor();
            }
        }
        self.text(s, x, y, size, weight, color, align, baseline);
    }

    pub fn measure(&self, s: &str, size: f64, weight: u16) -> f64 {
        self.set_font(size, weight);
        self.ctx.measure_text(s).map(|m| m.width()).unwrap_or(0.0)
    }

    pub fn poly(&self, pts: &[(f64, f64)], color: &str) {
        let c = &self.ctx;
        c.begin_path();
        for (i, &(x, y)) in pts.iter().enumerate() {
            if i == 0 {
                c.move_to(x, y);
            } else {
                c.line_to(x, y);
            }
        }
        c.close_path();
        self.set_fill(color);
        c.fill();
    }

    /// The green pieces' spear (兵): a leaf-shaped head on a shaft.
    pub fn spear(&self, cx: f64, top: f64, len: f64, color: &str) {
        let hw = len * 0.17;
        let head = top + len * 0.55;
        self.poly(
            &[
                (cx, top),
                (cx + hw, head - len * 0.08),
                (cx + hw * 0.35, head),
                (cx - hw * 0.35, head),
                (cx - hw, head - len * 0.08),
            ],
            color,
        );
        self.fill_rect(Rect::new(cx - len * 0.05, head, len * 0.10, len * 0.30), color);
        self.fill_rect(Rect::new(cx - len * 0.11, head + len * 0.30, len * 0.22, len * 0.12), color);
    }

    /// The white pieces' brush (筆): a teardrop tip on a short ferrule.
    pub fn brush(&self, cx: f64, top: f64, len: f64, color: &str) {
        let c = &self.ctx;
        let hw = len * 0.16;
        let base = top + len * 0.78;
        c.begin_path();
        c.move_to(cx, top);
        c.bezier_curve_to(cx + hw * 0.4, top + len * 0.25, cx + hw * 1.3, top + len * 0.55, cx + hw * 0.75, base);
        c.line_to(cx - hw * 0.75, base);
        c.bezier_curve_to(cx - hw * 1.3, top + len * 0.55, cx - hw * 0.4, top + len * 0.25, cx, top);
        c.close_path();
        self.set_fill(color);
        c.fill();
        self.fill_rect(Rect::new(cx - hw * 0.6, base + len * 0.05, hw * 1.2, len * 0.17), color);
    }

    /// A small wave "≈" mark of width `w` centred at (cx, cy).
    pub fn waves(&self, cx: f64, cy: f64, w: f64, color: &str, width: f64) {
        let c = &self.ctx;
        self.set_stroke(color);
        c.set_line_width(width);
        for k in [-1.0, 1.0] {
            let y = cy + k * w * 0.16;
            c.begin_path();
            c.move_to(cx - w / 2.0, y);
            c.bezier_curve_to(cx - w / 4.0, y - w * 0.18, cx - w / 4.0, y + w * 0.18, cx, y);
            c.bezier_curve_to(cx + w / 4.0, y - w * 0.18, cx + w / 4.0, y + w * 0.18, cx + w / 2.0, y);
            c.stroke();
        }
    }
}
