//! The small pieces of HTML (escaping, piece tiles, seat chips) under the path table mode's
//! pages (src/web/table) use; they are built natively with every other screen's HTML
//! (`lauzait_ui::html`). And the one way the pages set a part's markup: only when it changed.

pub use lauzait_ui::html::markup::{esc, seat_chip, tile, tiles};

/// Sets `el`'s markup to `html` unless it is what was set last (`drawn`); true when it was set.
/// A part drawn again with the same markup keeps what the person did to it (a `<details>`
/// opened, a scroll, the focus) and costs no layout.
pub fn set_if_changed(el: &web_sys::Element, drawn: &mut String, html: String) -> bool {
    if *drawn == html {
        return false;
    }
    el.set_inner_html(&html);
    *drawn = html;
    true
}
