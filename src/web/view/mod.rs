//! Painting. The canvas shows the table (board, panels, hand, the sticks); the DOM shows
//! text and buttons (status line, action bar, dialogs). Both are rebuilt from the model
//! after each change; the canvas is painted in one requestAnimationFrame, and
//! frames keep coming only while the sticks are being thrown.

pub mod board;
pub mod controls;
pub mod palette;
pub mod panels;
pub mod pen;
pub mod piece;
pub mod records;
pub mod screens;
pub mod sticks;

use crate::ui::layout;
use crate::ui::model::Model;
use pen::Pen;
use wasm_bindgen::JsCast;

const BACKGROUND: &str = "#f4efe1";

/// One full redraw of the canvas.
pub fn render(app: &Model, pen: &Pen, now: f64) {
    // Resizing the canvas resets its state: start each frame from a known one.
    pen.forget();
    let _ = pen.ctx.set_transform(app.dpr, 0.0, 0.0, app.dpr, 0.0, 0.0);
    pen.fill_rect(layout::Rect::new(0.0, 0.0, app.layout.w, app.layout.h), BACKGROUND);
    board::draw(app, pen);
    panels::draw(app, pen);
    if let Some(anim) = &app.anim {
        sticks::draw(app, pen, anim, now);
    }
}

/// Paints the small piece canvases (`<canvas class="tile" data-piece="G3">`) inside a
/// dialog with the same drawing code as the board.
pub fn paint_tiles(dpr: f64, root: &web_sys::Element) {
    let Ok(list) = root.query_selector_all("canvas.tile") else { return };
    for i in 0..list.length() {
        let Some(node) = list.item(i) else { continue };
        let Ok(canvas) = node.dyn_into::<web_sys::HtmlCanvasElement>() else { continue };
        let code = canvas.get_attribute("data-piece").unwrap_or_default();
        let piece = code.parse::<crate::engine::Piece>().ok();
        let size = if canvas.class_list().contains("sm") { 26.0 } else { 34.0 };
        let dpr = dpr.max(1.0);
        canvas.set_width((size * dpr) as u32);
        canvas.set_height((size * dpr) as u32);
        let Ok(Some(ctx)) = canvas.get_context("2d") else { continue };
        let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() else { continue };
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        let pen = Pen::new(ctx);
        let m = size * 0.04;
        piece::draw(&pen, piece, layout::Rect::new(m, m, size - 3.0 * m, size - 3.0 * m), piece::TileStyle::default());
    }
}
