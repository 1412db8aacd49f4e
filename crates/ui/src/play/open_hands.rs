//! Switching "Open hands" (every concealed hand face up, no hand-over), which must never be
//! a way for one player to look at the others' hands.
//!
//! The decision, as a table of players would expect it:
//! - Before a game starts (the new-game form) and once it is over, the switch is free:
//!   nothing is concealed from anyone yet, or any more.
//! - Turning it off is always free: it only hides.
//! - While a game is under way with at most one person seated (the others are computer
//!   players), turning it on asks for a confirmation: it is that person's own game, but
//!   the switch changes what the game is, so it is never one stray tap.
//! - While a game is under way with two or more persons seated, it cannot be turned on.
//!   A concealed hand belongs to its player, and on one shared device no dialog can show
//!   that every person agreed: whoever holds the device could tap "I agree" for each in
//!   turn. The table chooses open hands when it starts a game (the form applies the choice
//!   to the next game only, never to the one behind the form).

use crate::ctx::Ctx;
use crate::i18n::faults as words;
use crate::model::{Confirm, Model, Overlay};
use lauzait_engine::Status;

/// What turning open hands on would mean now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenHandsNow {
    /// No game under way: switched at once.
    Free,
    /// One person (or none) at a game under way: after a confirmation.
    Confirm,
    /// Two or more persons at a game under way: not allowed until the game is over.
    Refused,
}

impl Model {
    pub fn open_hands_now(&self) -> OpenHandsNow {
        match self.table.shown() {
            Some(sess) if !matches!(sess.game().status(), Status::GameOver { .. }) => {
                if sess.persons() <= 1 {
                    OpenHandsNow::Confirm
                } else {
                    OpenHandsNow::Refused
                }
            }
            _ => OpenHandsNow::Free,
        }
    }

    /// The menu's switch.
    pub(crate) fn open_hands_intent(&mut self, ctx: &mut Ctx) {
        if self.prefs.open_hands {
            self.set_open_hands(false, ctx);
            return;
        }
        match self.open_hands_now() {
            OpenHandsNow::Free => self.set_open_hands(true, ctx),
            OpenHandsNow::Confirm => self.overlay = Overlay::Confirm(Confirm::OpenHands),
            OpenHandsNow::Refused => {
                let text = words::open_hands_refused(self.lang).to_string();
                self.error(text, ctx);
            }
        }
    }

    /// The confirmation dialog's "Yes" (checked again: the game may have changed since).
    pub(crate) fn open_hands_confirmed(&mut self, ctx: &mut Ctx) {
        self.overlay = self.resting_overlay();
        if self.open_hands_now() != OpenHandsNow::Refused {
            self.set_open_hands(true, ctx);
        }
    }

    /// The new-game form's checkbox: for the next game while one is still under way.
    pub(crate) fn open_hands_in_form(&mut self, on: bool, ctx: &mut Ctx) {
        if self.open_hands_now() == OpenHandsNow::Free {
            self.draft.open_hands = None;
            self.set_open_hands(on, ctx);
        } else {
            self.draft.open_hands = Some(on);
        }
    }

    /// What the form shows ticked.
    pub fn open_hands_for_next_game(&self) -> bool {
        self.draft.open_hands.unwrap_or(self.prefs.open_hands)
    }
}
