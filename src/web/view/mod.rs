//! Drawing. The canvas shows the table (board, panels, hand, the sticks); the DOM shows
//! text and buttons (status line, action bar, dialogs). Both are rebuilt from the app
//! state after each change; the canvas is painted in one requestAnimationFrame, and
//! frames keep coming only while the sticks are being thrown.

pub mod board;
pub mod controls;
pub mod layout;
pub mod panels;
pub mod pen;
pub mod piece;
pub mod screens;
pub mod sticks;

use super::app::App;

const BACKGROUND: &str = "#f4efe1";

/// Matches the canvas bitmap to its CSS size × devicePixelRatio (crisp on high-DPI
/// screens); true when it changed (the layout must then be recomputed).
pub fn fit_canvas(app: &mut App) -> bool {
    let dpr = app.window.device_pixel_ratio().clamp(1.0, 4.0);
    let (cw, ch) = (app.canvas.client_width().max(1) as f64, app.canvas.client_height().max(1) as f64);
    let (bw, bh) = ((cw * dpr).round() as u32, (ch * dpr).round() as u32);
    let changed = app.canvas.width() != bw || app.canvas.height() != bh || app.dpr != dpr;
    if changed {
        app.canvas.set_width(bw);
        app.canvas.set_height(bh);
        app.dpr = dpr;
    }
    changed || (app.layout.w - cw).abs() > 0.5 || (app.layout.h - ch).abs() > 0.5
}

/// One full redraw of the canvas.
pub fn render(app: &App, now: f64) {
    let pen = &app.pen;
    // Resizing the canvas resets its state: start each frame from a known one.
    pen.forget();
    let _ = pen.ctx.set_transform(app.dpr, 0.0, 0.0, app.dpr, 0.0, 0.0);
    pen.fill_rect(layout::Rect::new(0.0, 0.0, app.layout.w, app.layout.h), BACKGROUND);
    board::draw(pen, &app.layout, &board::table_scene(app));
    panels::draw(app, pen);
    if let Some(anim) = &app.anim {
        sticks::draw(app, pen, anim, now);
    }
}

/// Paints the small piece canvases (`<canvas class="tile" data-piece="G3">`) inside a
/// dialog with the same drawing code as the board.
pub fn paint_tiles(app: &App, root: &web_sys::Element) {
    piece::paint_tiles(root, app.dpr.max(1.0));
}
