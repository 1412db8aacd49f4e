//! The small pieces of HTML (escaping, piece tiles, seat chips) under the path table mode's
//! pages (src/web/table) use; they are built natively with every other screen's HTML
//! (`lauzait_ui::html`).

pub use lauzait_ui::html::markup::{esc, seat_chip, tile, tiles};
