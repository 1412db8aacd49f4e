//! Tiles drawn once into small offscreen canvases and then copied, as games draw sprites.
//!
//! A tile's vector drawing (its shadow, border, face, numeral, dots, strokes and spear or
//! brush: about twenty fills) was three quarters of a table's redraw in headless Chromium
//! (a profile of `window.lauzait.benchRedraw`, BENCHMARKS.md); copying a bitmap is one
//! `drawImage`. A sprite depends only on the piece (or its back), its size in device pixels
//! and the device-pixel ratio, so those are its key; the tile's state (faded, lit, chosen)
//! is drawn over the copy by the caller. The copy lands on whole device pixels, so it is
//! as sharp as the drawing it replaces.

use lauzait_engine::Piece;
use lauzait_ui::layout::Rect;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Device pixels kept around the drawing for its antialiased edge.
const PAD: u32 = 1;

/// More sprites than a table shows (21 kinds and the back, at the few sizes of the board,
/// the hands and the moving piece): past it the cache starts again, so that resizing the
/// window many times cannot grow it without end.
const MAX_SPRITES: usize = 96;

/// The sprites of one canvas, for the frame's device-pixel ratio.
#[derive(Default)]
pub struct TileSprites {
    /// The frame's device-pixel ratio, once a frame has set its transform; until then
    /// nothing is copied.
    dpr: Cell<Option<f64>>,
    sprites: RefCell<Vec<Sprite>>,
}

struct Sprite {
    piece: Option<Piece>,
    /// The tile's side in device pixels.
    side: u32,
    dpr_bits: u64,
    canvas: HtmlCanvasElement,
}

impl TileSprites {
    /// The frame's transform is a scale by `dpr`. Copies go through the canvas's transform,
    /// so one drawn under another lands in the right place, only not on whole pixels.
    pub fn set_dpr(&self, dpr: f64) {
        self.dpr.set((dpr.is_finite() && dpr > 0.0).then_some(dpr));
    }

    /// Copies the tile of `piece` in the square `r` (CSS pixels) onto `ctx`, drawing its
    /// sprite first with `paint` (into a context scaled by the ratio, in a square of about
    /// `r`'s side) if it has none yet; the drawing reaches `reach` of the side past the
    /// square's right and bottom edges (its shadow). False when no copy was made (no frame
    /// scale known, or no canvas could be made): the caller draws the tile itself.
    pub fn copy(
        &self,
        ctx: &CanvasRenderingContext2d,
        piece: Option<Piece>,
        r: Rect,
        reach: (f64, f64),
        paint: impl FnOnce(CanvasRenderingContext2d, Rect),
    ) -> bool {
        let Some(dpr) = self.dpr.get() else { return false };
        let side = (r.w * dpr).round();
        if !(1.0..=4096.0).contains(&side) {
            return false;
        }
        let side = side as u32;
        let mut sprites = self.sprites.borrow_mut();
        let found = sprites.iter().position(|s| s.piece == piece && s.side == side && s.dpr_bits == dpr.to_bits());
        let index = match found {
            Some(i) => i,
            None => {
                let Some(canvas) = draw_sprite(side, dpr, reach, paint) else { return false };
                if sprites.len() >= MAX_SPRITES {
                    sprites.clear();
                }
                sprites.push(Sprite { piece, side, dpr_bits: dpr.to_bits(), canvas });
                sprites.len() - 1
            }
        };
        let canvas = &sprites[index].canvas;
        // The sprite's top-left device pixel, whole, so that the copy is pixel for pixel.
        let x = (r.x * dpr).round() - f64::from(PAD);
        let y = (r.y * dpr).round() - f64::from(PAD);
        let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
        ctx.draw_image_with_html_canvas_element_and_dw_and_dh(canvas, x / dpr, y / dpr, w / dpr, h / dpr).is_ok()
    }
}

/// A canvas holding one tile of `side` device pixels, drawn by `paint`, and what its drawing
/// reaches past it.
fn draw_sprite(
    side: u32,
    dpr: f64,
    reach: (f64, f64),
    paint: impl FnOnce(CanvasRenderingContext2d, Rect),
) -> Option<HtmlCanvasElement> {
    let document = web_sys::window()?.document()?;
    let canvas: HtmlCanvasElement = document.create_element("canvas").ok()?.dyn_into().ok()?;
    // The tile, what its drawing reaches past it, and a pad on each side (one spare pixel).
    let extent = |share: f64| side + (f64::from(side) * share.clamp(0.0, 1.0)).ceil() as u32 + 2 * PAD + 1;
    canvas.set_width(extent(reach.0));
    canvas.set_height(extent(reach.1));
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0).ok()?;
    let pad = f64::from(PAD) / dpr;
    let css_side = f64::from(side) / dpr;
    paint(ctx, Rect::new(pad, pad, css_side, css_side));
    Some(canvas)
}
