//! Whole games played by devices none of which holds another seat's hand (DEAL-PROTOCOL.md,
//! "Playing the Season"): each Season dealt by all the devices together
//! ([`lauzait_joint_deal`]), each device playing from what its own seat knows
//! ([`lauzait_engine::SeatGame`]), every concealed piece played shown from the deal and
//! checked by every device, the sticks and each Season's start drawn from every device's
//! hash chain, and every deal published and checked at its Season's end.
//!
//! Pure: each device is a state machine ([`PlayDevice`]) fed messages and, once, entropy,
//! returning the messages it sends; the transport, the clock and the platform's randomness are
//! its shell's. What a carrier needs of it is here too: an [`Inbox`] that takes messages in
//! any order, once, and says whom the device waits for; a save to close and reopen a device
//! ([`save`]); and a vote to give a Season up as void when a device leaves
//! ([`PlayDevice::give_up`]).

mod device;
mod error;
mod inbox;
mod journal;
mod message;
mod public_state;
mod record;
pub mod save;
mod setup;
mod showing;
mod slot;
pub mod wire;

pub use device::{Awaited, PlayDevice, PlayPhase};
pub use error::{PlayError, PlayFault, Stop};
pub use inbox::{Inbox, InboxError, Waiting, MAX_HELD_PER_DEVICE};
pub use message::{Act, Outgoing, PlayMessage, Void};
pub use public_state::public_state;
pub use record::GameRecord;
pub use save::{SaveError, SAVE_VERSION};
pub use setup::PlaySetup;
pub use showing::{played, to_show};
pub use slot::{ActSlot, DealSlot, Slot};
