//! A Season dealt by all the devices together, so that no device ever holds another seat's
//! hand (DEAL-PROTOCOL.md): "mental poker" over ristretto255, and sticks thrown from every
//! device's hash chain so that nobody can foresee a throw (R5, R12.6).
//!
//! Pure: each device is a state machine ([`DealDevice`]) fed messages and entropy, returning
//! the messages it sends; the transport, the clock and the platform's randomness are its
//! shell's. The pieces and where each position goes are the engine's (R1, R3, R6, R30,
//! [`lauzait_engine::DealLayout`]).

mod copies;
mod device;
mod error;
mod ids;
mod message;
pub mod seal;
mod secrets;
mod setup;
/// Simulated tables of devices, for tests and measurements only (cargo feature `simulation`).
#[cfg(feature = "simulation")]
pub mod simulation;
pub mod sticks;
mod transcript;
mod unmask;
mod verify;
pub mod wire;

pub use copies::PieceCopies;
/// The group and scalar types of the messages, for a shell or a test that builds them.
pub use curve25519_dalek::{ristretto::CompressedRistretto, ristretto::RistrettoPoint, scalar::Scalar};
pub use device::{DealDevice, Phase, SeatDeal};
pub use error::{Cheat, DealError, Fault, Step};
pub use ids::{DealId, Device, Digest};
pub use message::{Hello, Lock, Message, Outgoing, Publish, Recipient, Reveal, Sealed, Shown, Shuffle, ThrowValue};
pub use secrets::DeviceEntropy;
pub use setup::{DealSetup, SetupError, MAX_THROWS};
pub use transcript::{LockStep, PointList, Transcript};
pub use unmask::unmask;
pub use verify::{verify, FullDeal};
