//! Table mode: one device (the host, say a tablet) shows the board and runs the engine;
//! each player's phone shows that player's hand only and sends its actions; they talk
//! directly over WebRTC (src/web/table/), with no server. This module is the pure part,
//! natively tested: the messages (TABLE-PROTOCOL.md), reading them as untrusted input,
//! the host's authority, the guest's state and the commit-then-reveal deal.
pub mod answering;
pub mod bytes;
pub mod channel;
pub mod choices;
pub mod code_error;
pub mod computer_seats;
pub mod controls;
pub mod deal;
pub mod forward;
pub mod guest;
pub mod guest_error;
pub mod guest_event;
pub mod guest_screen;
pub mod host;
mod host_msg_read;
pub mod host_screen;
pub mod ice;
pub mod ice_error;
pub mod ice_wire;
pub mod link;
pub mod no_path;
pub mod pairing;
pub mod protocol;
pub mod record_error;
pub mod restart;
pub mod screen;
pub mod sdp;
pub mod seat;
pub mod setup;
pub mod spectator;
pub mod spectator_screen;
pub mod validate;
pub mod verify;
pub mod view_wire;
