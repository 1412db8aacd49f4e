//! A table dealt by every device whose phones sit at one table and talk through a tablet
//! (DEAL-PROTOCOL.md, "A table relayed by a tablet"): table mode's shape — a tablet as the
//! board everyone looks at, a phone per seat — with no device holding another seat's hand,
//! not even the tablet's.
//!
//! Each phone is a device of joint play ([`crate::joint_device::JointDevice`]): it deals and
//! plays with every other phone by signed letters, as at a table by turns. The tablet is not
//! a device of the game: it holds no key of the deal and plays no person's seat (a computer
//! seat is a device of its own that the tablet's page runs, [`computer`]). It gathers the phones'
//! letter keys into the table's roster, carries every letter to the phone it is written to,
//! and shows the board as every phone agrees it stands: each phone sends it the public view
//! of its game ([`lauzait_engine::SpectatorView`], which by type holds no concealed piece),
//! and the tablet shows a view once every phone has sent the same one.
//!
//! A tablet that carries everything could stand between two phones (give each a roster with
//! keys of its own for the others). It could not read a hand so (every seat's nine open only
//! with that seat's own keys), but it could play a different game towards each phone. So
//! every phone shows the **table's code** ([`code::TableCode`]), six digits hashed from the
//! roster and a secret each phone committed to before the roster was made and shows only
//! once it has the roster: the people at the table compare the codes on their phones, and a
//! tablet in the middle makes them differ but for a chance of one in a million a try.
//!
//! Pure: keys, nonces and the table's id come from entropy the shells pass in; the tablet's
//! and the phones' shells carry the texts ([`wire`]) over their data channels.

pub mod code;
pub mod computer;
pub mod phone;
pub mod roster;
pub mod tablet;
pub mod wire;

pub use code::{Commitment, Nonce, TableCode};
pub use computer::{ComputerPlayer, ComputerSeat, ComputerSeats, Computers, NoComputers, COMPUTER_ENTROPY};
pub use phone::{PhoneSeating, PhoneTable, PhoneTableError};
pub use roster::{TableRoster, TableRosterError};
pub use tablet::{TabletError, TabletGathering, TabletRelay, ToPhones};
pub use wire::{FromTablet, RelayTextError, ToTablet};
