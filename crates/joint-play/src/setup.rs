//! What every device of a game agrees on before it begins: which table it is, the game's
//! options and how many throws each Season's hash chains cover; and from these, each Season's
//! deal and each device's secrets for it.

use super::error::PlayError;
use lauzait_engine::{DealLayout, GameOptions};
use lauzait_joint_deal::{DealId, DealSetup, Device, DeviceEntropy};
use sha2::{Digest as _, Sha256, Sha512};

/// A game's public parameters, the same on every device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySetup {
    table: [u8; 32],
    options: GameOptions,
    first: DealSetup,
}

impl PlaySetup {
    /// The game of `options` at the table named `table` (unique among the tables its devices
    /// ever play at: every deal's id is hashed from it), each Season's chains covering
    /// `throws` throws of the sticks and its start (at most [`lauzait_joint_deal::MAX_THROWS`]).
    pub fn new(table: [u8; 32], options: GameOptions, throws: u32) -> Result<PlaySetup, PlayError> {
        let layout = DealLayout::new(options.player_count(), options.luminous());
        let first = DealSetup::new(deal_id(&table, 1), layout, throws).map_err(PlayError::Setup)?;
        Ok(PlaySetup { table, options, first })
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The table's id, as the game was set up with it.
    pub fn table(&self) -> [u8; 32] {
        self.table
    }

    /// The throws (and starts) each Season's chains cover.
    pub fn throws(&self) -> u32 {
        self.first.throws()
    }

    /// The device of seat `seat` (from 0), when that seat is at the table.
    pub fn device(&self, seat: u8) -> Option<Device> {
        self.first.device(seat)
    }

    /// Every device at the table, in seat order.
    pub fn devices(&self) -> impl Iterator<Item = Device> {
        self.first.all_devices()
    }

    /// Season `season`'s deal (from 1): its own id, so that nothing of one Season's deal can
    /// be replayed into another's.
    pub fn deal(&self, season: u8) -> DealSetup {
        // The chain length was accepted for the first Season's setup, which differs only by id.
        DealSetup::new(deal_id(&self.table, season), self.first.layout(), self.first.throws()).unwrap_or(self.first)
    }
}

fn deal_id(table: &[u8; 32], season: u8) -> DealId {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-play/deal-id/v1");
    h.update(table);
    h.update([season]);
    DealId(h.finalize().into())
}

/// A device's entropy for Season `season`'s deal, hashed from the entropy it was given for the
/// game: publishing one Season's secrets at its end tells nothing of another's, which come
/// from other hashes of entropy never sent.
pub(crate) fn season_entropy(entropy: &DeviceEntropy, season: u8) -> DeviceEntropy {
    let mut h = Sha512::new();
    h.update(b"lauzait-joint-play/season-entropy/v1");
    h.update(entropy.0);
    h.update([season]);
    DeviceEntropy(h.finalize().into())
}
