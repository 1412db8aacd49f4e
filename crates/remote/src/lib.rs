//! Remote tables by turns: table mode's game (TABLE-PROTOCOL.md) carried between devices
//! that are never connected. Each device's outgoing table messages go into a signed,
//! numbered **letter** ([`letter`]) that its player sends as a link by any messenger;
//! the recipient's device checks it (its table, its recipient, the sender's signature,
//! its number), then hands the messages it has not applied yet to table mode's host or
//! guest, which check them as they check a live peer's (REMOTE-PROTOCOL.md).
//!
//! Pure: the keys, the secrets and the tables' ids come from entropy the shell passes in;
//! nothing here reads a clock, a generator or storage. A device's whole state is a text
//! the shell keeps ([`HostDevice::save`], [`GuestDevice::save`]).
pub mod channel;
pub mod error;
pub mod guest_device;
pub mod host_device;
pub mod identity;
pub mod invite;
pub mod joint;
pub mod joint_device;
pub mod joint_table;
pub mod letter;
pub mod party;
pub mod relayed;
pub mod screen;
pub mod spectator;
pub mod turn;

pub use error::{OpenError, ReadError};
pub use guest_device::GuestDevice;
pub use host_device::HostDevice;
pub use letter::Letter;
pub use party::Party;
