//! The Hiring being shown ([`lauzait_ui::play::animation`]): the taken piece on its way to the
//! hand, the moved piece sliding over it. Where each is comes from the UI core.

use super::pen::Pen;
use super::piece;
use lauzait_ui::model::Model;
use lauzait_ui::scene::TileStyle;

pub fn draw(app: &Model, pen: &Pen, now: f64) {
    let Some(m) = &app.play.motion else { return };
    let (taken, r) = m.flight_at(&app.device.layout, now);
    piece::draw(pen, Some(taken), r, TileStyle::default());
    if let Some((mover, r)) = m.slide_at(&app.device.layout, now) {
        piece::draw(pen, Some(mover), r, TileStyle::default());
    }
}
