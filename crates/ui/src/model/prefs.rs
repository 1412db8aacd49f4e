//! The player's choices that are saved and kept between games and visits.

use crate::feel::Feel;
use crate::i18n::Lang;
use crate::play::pace::Speed;

/// The preferences part of the [`super::Model`].
#[derive(Clone, Debug)]
pub struct Prefs {
    /// The language picked in the menu; `None` follows the browser.
    pub lang_chosen: Option<Lang>,
    /// "Open hands" for the game at the table (R40's exception for teaching games).
    pub open_hands: bool,
    /// How fast the computer players' Days are shown.
    pub speed: Speed,
    /// "Confirm the last step"; `None`, a first game's, is on.
    pub confirm_pref: Option<bool>,
    /// The board's turn, motion, sound and vibration.
    pub feel: Feel,
}
