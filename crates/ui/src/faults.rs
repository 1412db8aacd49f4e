//! Faults a player meets while the game is saved: the browser refusing to write (storage
//! full or blocked) and another tab of this page saving a different game state. Nothing is
//! lost silently: the player is told at once, play goes on, and the choice is theirs.

use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::faults;
use super::model::{Model, SaveTrouble};
use super::msg::Intent;
use super::save::{self, Loaded};
use super::storage_refusal::StorageRefusal;

impl Model {
    /// The browser refused to write the save: say so once, keep playing. The record can be
    /// exported from the menu meanwhile.
    pub(super) fn save_failed(&mut self, why: StorageRefusal, ctx: &mut Ctx) {
        // Already said; and while another tab's save waits for the player's choice this tab
        // writes nothing, so a failure reported now is of an earlier write: the choice stays
        // asked (a failure in its place would let the next save overwrite the other tab's).
        if matches!(self.saving.save_trouble, Some(SaveTrouble::Failed(_) | SaveTrouble::OtherTab)) {
            return;
        }
        let text = faults::save_failed(self.lang, &why);
        self.saving.save_trouble = Some(SaveTrouble::Failed(why));
        self.error(text, ctx);
    }

    /// A save went through again after a failure.
    pub(super) fn save_written(&mut self, ctx: &mut Ctx) {
        if matches!(self.saving.save_trouble, Some(SaveTrouble::Failed(_))) {
            self.saving.save_trouble = None;
            let text = faults::saved_again(self.lang).to_string();
            self.info(text, ctx);
        }
    }

    /// Another tab wrote the save. When it holds another state of the game than this tab's
    /// (a Day played there), this tab stops saving and asks which game to go on with.
    pub(super) fn saved_elsewhere(&mut self, text: &str, ctx: &mut Ctx) {
        if self.saving.broken.is_some() || self.table.is_replay() {
            return;
        }
        let theirs = match save::parse(text) {
            Loaded::Save(file) => file.game.map(|g| g.log().to_vec()),
            Loaded::Nothing | Loaded::Broken(..) | Loaded::Convert(..) => None,
        };
        let ours = self.game().map(|g| g.log().to_vec());
        if theirs != ours {
            self.saving.save_trouble = Some(SaveTrouble::OtherTab);
            let text = faults::other_tab(self.lang).to_string();
            self.error(text, ctx);
        }
    }

    /// The player's choice after another tab changed the saved game.
    pub(super) fn fault_intent(&mut self, intent: Intent, ctx: &mut Ctx) {
        if self.saving.save_trouble != Some(SaveTrouble::OtherTab) {
            return;
        }
        match intent {
            Intent::KeepThisGame => {
                self.saving.save_trouble = None;
                self.message = None;
                // Written now, even from the replay viewer: the choice was this tab's game.
                self.save_own(ctx);
            }
            Intent::LoadOtherGame => ctx.emit(Effect::Reload),
            _ => {}
        }
    }
}
