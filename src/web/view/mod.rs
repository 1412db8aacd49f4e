//! Painting. The canvas shows the table (board, panels, hand, the sticks); the DOM shows
//! text and buttons (status line, action bar, dialogs), whose HTML is built natively
//! (`lauzait_ui::html`). Both are rebuilt from the model after each change; the canvas is
//! painted in one requestAnimationFrame, and frames keep coming only while the sticks are
//! being thrown or a move is shown.

pub mod board;
pub mod canvas;
pub mod html;
pub mod motion;
pub mod palette;
pub mod panels;
pub mod pen;
pub mod piece;
pub mod review;
pub mod sprites;
pub mod sticks;

use lauzait_ui::layout;
use lauzait_ui::model::Model;
use pen::Pen;

const BACKGROUND: &str = "#f4efe1";

/// One full redraw of the canvas.
pub fn render(app: &Model, pen: &Pen, now: f64) {
    // Resizing the canvas resets its state: start each frame from a known one.
    pen.start_frame(app.device.dpr);
    pen.fill_rect(layout::Rect::new(0.0, 0.0, app.device.layout.w, app.device.layout.h), BACKGROUND);
    board::draw(pen, &app.device.layout, &board::table_scene(app));
    panels::draw(app, pen);
    motion::draw(app, pen, now);
    if let Some(anim) = &app.play.anim {
        sticks::draw(app, pen, anim, now);
    }
}

/// Paints the small piece canvases (`<canvas class="tile" data-piece="G3">`) inside a
/// dialog with the same drawing code as the board.
pub fn paint_tiles(dpr: f64, root: &web_sys::Element) {
    piece::paint_tiles(root, dpr.max(1.0));
}
