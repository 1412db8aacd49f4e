//! Where a person is in a dialog, kept over a repaint of the same dialog.
//!
//! A dialog's markup is replaced whole when it changes (`view::html::set_if_changed`), which
//! makes a new card, centred and scrolled to its top. Some dialogs change while a person
//! reads them or aims at a button: the final results as the rating's figures arrive from the
//! rater's worker, the puzzle picker and your record as the rater counts. The same dialog
//! (its title unchanged) stays where it was: pinned at its top, so that it grows downward
//! instead of moving up under the finger (a tap meant for the puzzles' Any landed on the row
//! that arrived below it), scrolled as it was, and its focus restored without scrolling to
//! the focused control. A different dialog opens centred at its title as before, and a
//! pinned one is centred again when the window's size changes (a phone turned).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// The open dialog's title, how far its card is scrolled and where its top is.
pub struct DialogPlace {
    title: String,
    scroll_top: i32,
    /// The card's top below the overlay's own.
    top: f64,
}

fn title(overlay: &Element) -> Option<String> {
    overlay.query_selector("#dlg-title").ok()??.text_content()
}

fn card(overlay: &Element) -> Option<HtmlElement> {
    overlay.query_selector(".card").ok()??.dyn_into().ok()
}

impl DialogPlace {
    /// Read before the dialog's markup is replaced.
    pub fn read(overlay: &Element) -> Option<DialogPlace> {
        let card = card(overlay)?;
        let top = card.get_bounding_client_rect().top() - overlay.get_bounding_client_rect().top();
        Some(DialogPlace { title: title(overlay)?, scroll_top: card.scroll_top(), top })
    }

    /// After the markup was replaced by a dialog's: whether it is the dialog read before
    /// (`place`), pinned and scrolled back to where the person had it if so
    /// (`#overlay[data-pinned]` holds the card at the top; its margin puts it where it was,
    /// its height limited to what is left below), or else centred again.
    pub fn after_repaint(place: Option<DialogPlace>, overlay: &Element) -> bool {
        let place = place.filter(|p| title(overlay).as_deref() == Some(p.title.as_str()));
        let _ = overlay.toggle_attribute_with_force("data-pinned", place.is_some());
        let (Some(place), Some(card)) = (place, card(overlay)) else { return false };
        // Pinned and without a margin, the card's top is below the overlay's by its padding.
        let padding = card.get_bounding_client_rect().top() - overlay.get_bounding_client_rect().top();
        let margin = css_px(place.top - padding);
        let style = card.style();
        let _ = style.set_property("margin-top", &margin);
        let _ = style.set_property("max-height", &format!("calc(100% - {margin})"));
        card.set_scroll_top(place.scroll_top);
        true
    }

    /// Centres a pinned dialog again, keeping its scroll: after the window's size changed,
    /// its old place may be off the new window or far from its middle.
    pub fn unpin(overlay: &Element) {
        if !overlay.has_attribute("data-pinned") {
            return;
        }
        let _ = overlay.remove_attribute("data-pinned");
        if let Some(card) = card(overlay) {
            let style = card.style();
            let _ = style.remove_property("margin-top");
            let _ = style.remove_property("max-height");
        }
    }
}

/// `px` (at least 0) in CSS pixels to a hundredth, without formatting a float: the page's
/// module has no float formatting, which would cost it some 6 KB.
fn css_px(px: f64) -> String {
    let hundredths = (px.max(0.0) * 100.0).round() as u64;
    format!("{}.{:02}px", hundredths / 100, hundredths % 100)
}
