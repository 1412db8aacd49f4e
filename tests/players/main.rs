//! The computer players, their helper in the worker, and the lessons, coach and review.
//!
//! One test binary for the layer (each file below is a module of it): fewer binaries to
//! link in `make test`.

#[path = "../common/mod.rs"]
mod common;

mod bot_helper;
mod bots;
mod learn;
