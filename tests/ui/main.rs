//! The browser game's UI core, driven by a harness shell (`harness`) as the page drives it.
//!
//! One test binary for the layer (each file below is a module of it): fewer binaries to
//! link in `make test`.

mod harness;

// The games the review tests build by driving the engine (a file shared with the other
// layers' binaries, each of which uses part of it).
#[path = "../common/mod.rs"]
#[allow(dead_code)]
mod common;

// The browser around table mode's host screen (shared with the table-mode binary).
#[path = "../common/table_sim.rs"]
#[allow(dead_code)]
mod table_sim;

mod any_messages;
mod bots;
mod chrome;
mod clock;
mod confirm;
mod drill;
mod embed;
mod faults;
mod glossary;
mod html;
mod layout;
mod learn;
mod motion;
mod puzzles;
mod records;
mod relayed_html;
mod remote_html;
mod review;
mod review_worker;
mod save;
mod save_format1;
mod screens;
mod season_log;
mod session;
mod stats;
mod table_html;
mod visibility;
mod worker_routing;
