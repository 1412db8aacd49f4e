//! A board scene painted on a canvas of its own, square and centred in it, with the board
//! renderer: the review's board and table mode's shared screen (the tablet) both draw one.

use super::pen::Pen;
use lauzait_ui::layout::{Layout, Rect};
use lauzait_ui::scene::{Cloth, Scene};
use wasm_bindgen::JsCast;

/// Paints `scene` on the canvas `#id` inside `root`, sized to the canvas's CSS box at the
/// device-pixel ratio `dpr`, over `background`; with `coordinates`, the squares' names along
/// its edges whatever its cloth (the table's has them anyway).
pub fn paint_scene(root: &web_sys::Element, id: &str, dpr: f64, scene: &Scene, background: &str, coordinates: bool) {
    let Ok(Some(el)) = root.query_selector(&format!("#{id}")) else { return };
    let Ok(canvas) = el.dyn_into::<web_sys::HtmlCanvasElement>() else { return };
    let dpr = dpr.max(1.0);
    let (w, h) = (canvas.client_width().max(1) as f64, canvas.client_height().max(1) as f64);
    canvas.set_width((w * dpr).round() as u32);
    canvas.set_height((h * dpr).round() as u32);
    let Ok(Some(ctx)) = canvas.get_context("2d") else { return };
    let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() else { return };
    let pen = Pen::new(ctx);
    pen.start_frame(dpr);
    let s = w.min(h);
    let frame = Rect::new((w - s) / 2.0, (h - s) / 2.0, s, s);
    // The table's cloth keeps the game's band for its seats' labels (layout.rs); an
    // embed's thinner frame less.
    let band = match scene.cloth {
        Cloth::Table => (s * 0.085).round(),
        Cloth::Embed => (s * 0.075).max(14.0),
    };
    let grid = frame.inset(band);
    let layout = Layout { w, h, frame, grid, cell: grid.w / 5.0, ..Layout::default() };
    pen.fill_rect(Rect::new(0.0, 0.0, w, h), background);
    super::board::draw(&pen, &layout, scene);
    if coordinates && !matches!(scene.cloth, Cloth::Table) {
        super::board::draw_coordinates(&pen, &layout);
    }
}
