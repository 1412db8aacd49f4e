//! What every device agrees on before a deal: which deal it is, its layout (the engine's,
//! R6 and R30) and how many throws each device's hash chain covers.

use super::ids::{DealId, Device};
use lauzait_engine::DealLayout;
use sha2::{Digest as _, Sha256};

/// The deal's public parameters, the same on every device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSetup {
    id: DealId,
    layout: DealLayout,
    throws: u32,
}

/// The most throws a deal's hash chains may cover: each device computes and keeps its whole
/// chain (32 bytes a throw), so a setup asking for more is refused rather than exhausting a
/// phone's memory.
pub const MAX_THROWS: u32 = 1 << 16;

/// Why a setup is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    TooManyThrows { asked: u32 },
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::TooManyThrows { asked } => {
                write!(f, "a deal allows at most {MAX_THROWS} throws of the sticks, not {asked}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl DealSetup {
    /// A deal of `layout`'s Season named `id`, with a hash chain of `throws` values per device
    /// (the throws of the sticks the Season may need, R12.6; at most [`MAX_THROWS`]).
    pub fn new(id: DealId, layout: DealLayout, throws: u32) -> Result<DealSetup, SetupError> {
        if throws > MAX_THROWS {
            return Err(SetupError::TooManyThrows { asked: throws });
        }
        Ok(DealSetup { id, layout, throws })
    }

    pub fn id(&self) -> DealId {
        self.id
    }

    pub fn layout(&self) -> DealLayout {
        self.layout
    }

    pub fn throws(&self) -> u32 {
        self.throws
    }

    /// How many devices deal: one per seat.
    pub fn devices(&self) -> usize {
        self.layout.players().get()
    }

    /// Every device at the table, in seat order.
    pub fn all_devices(&self) -> impl Iterator<Item = Device> {
        (0..self.devices() as u8).map(Device)
    }

    /// The device of seat `index`, when that seat is at the table.
    pub fn device(&self, index: u8) -> Option<Device> {
        (usize::from(index) < self.devices()).then_some(Device(index))
    }

    /// The positions opened to everyone: the board's, in square order, then the luminous
    /// piece's (R6, R30).
    pub fn public_positions(&self) -> Vec<usize> {
        let mut positions: Vec<usize> = self.layout.board().map(|(p, _)| p).collect();
        positions.extend(self.layout.luminous());
        positions
    }

    /// Every hash of the protocol starts with this: the deal, its layout and its chain
    /// length, so that a value of one deal means nothing in another.
    pub fn context(&self) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(b"lauzait-joint-deal/context/v1");
        h.update(self.id.0);
        h.update([self.layout.players().get() as u8, u8::from(self.layout.luminous_rule())]);
        h.update(self.throws.to_le_bytes());
        h.finalize().into()
    }
}
