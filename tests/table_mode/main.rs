//! Table mode's pure core: its channel, pairing, setup, the host and guests, and saves.
//!
//! One test binary for the layer (each file below is a module of it): fewer binaries to
//! link in `make test`.

#[path = "../common/table_sim.rs"]
mod table_sim;

mod across_networks;
mod attacks;
mod channel;
mod core;
mod host_msg_read;
mod pairing;
mod phone_html;
mod phone_screen;
mod saves;
mod screens;
mod setup;
mod spectators;
mod view_wire;
mod withholding;
