//! The page's code comes in two parts (`scripts/split-page.mjs`): the first runs the first
//! screen of a fresh visit; the rest is fetched by index.html's loader once the first part
//! has started (after the first screen's first frame, or at once when the start waits for
//! it), and linked once compiled. A call into the rest before then still works
//! online (the loader links it at once, fetching it synchronously if it must) but blocks the
//! page, and offline it fails (the service worker does not answer a synchronous request; the
//! loader says so on the page). So a start that needs more than the first screen waits for
//! the loader to call [`linked`].
//!
//! What runs before the rest is linked must have run in the split's measured first screen,
//! or it lands in the rest: hence a flag here rather than a stored callback (whose drop and
//! call would be code the first screen never ran).

use super::storage;
use std::cell::Cell;
use web_sys::Window;

thread_local! {
    /// Whether the page's start waits for the rest (set by [`defer_start`]).
    static START_DEFERRED: Cell<bool> = const { Cell::new(false) };
}

/// A fresh visit: no `?…` (`?seed=`: code the split did not measure, so in the rest) and no
/// `#…` in the address (a link, a record, an embed), and nothing stored (a saved game, the
/// lessons' progress). It opens on the new-game form, the screen the split measured, which
/// the first part runs alone.
pub fn fresh_visit(window: &Window) -> bool {
    let location = window.location();
    location.search().unwrap_or_default().len() <= 1
        && location.hash().unwrap_or_default().len() <= 1
        && !storage::holds_anything()
}

/// Leaves the page's start to [`linked`].
pub fn defer_start() {
    START_DEFERRED.set(true);
}

/// Called by index.html's loader once the rest is linked (at once where the page is not
/// split): runs `start` if the page's start was deferred, once.
pub fn linked(start: impl FnOnce()) {
    if START_DEFERRED.replace(false) {
        start();
    }
}
