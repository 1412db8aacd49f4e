//! Whether the game is being saved as it is played, and why not when it is not.

use crate::save::Broken;
use crate::storage_refusal::StorageRefusal;

/// The saving part of the [`super::Model`].
#[derive(Clone, Debug, Default)]
pub struct Saving {
    /// Why the stored save could not be read; it is left alone until the player starts
    /// fresh.
    pub broken: Option<Broken>,
    pub save_trouble: Option<SaveTrouble>,
}

/// Why the game is not being saved as it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveTrouble {
    /// The browser refused to write (storage full or blocked): the game goes on unsaved
    /// until a write succeeds again; the record can be exported from the menu.
    Failed(StorageRefusal),
    /// Another tab saved a different game state: this tab stops saving, so that neither
    /// silently overwrites the other's progress, until the player chooses.
    OtherTab,
}
