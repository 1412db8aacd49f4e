//! Whole games played by devices none of which holds another seat's hand (DEAL-PROTOCOL.md,
//! "Playing the Season"): each Season dealt by all the devices together
//! ([`lauzait_joint_deal`]), each device playing from what its own seat knows
//! ([`lauzait_engine::SeatGame`]), every concealed piece played shown from the deal and
//! checked by every device, the sticks and each Season's start drawn from every device's
//! hash chain, and every deal published and checked at its Season's end.
//!
//! Pure: each device is a state machine ([`PlayDevice`]) fed messages and, once, entropy,
//! returning the messages it sends; the transport, the clock and the platform's randomness are
//! its shell's.

mod device;
mod error;
mod message;
mod public_state;
mod record;
mod setup;
mod showing;
pub mod wire;

pub use device::{PlayDevice, PlayPhase};
pub use error::{PlayError, PlayFault, Stop};
pub use message::{Act, Outgoing, PlayMessage};
pub use public_state::public_state;
pub use record::GameRecord;
pub use setup::PlaySetup;
pub use showing::{played, to_show};
