//! The rules engine and the rules oracle: rule tests citing rule ids, properties, the record's
//! notation, a seat's view, the fuzzers' regressions and the `analyze` protocol.
//!
//! One test binary for the layer (each file below is a module of it): fewer binaries to
//! link in `make test`.

mod analyze;
mod choice_labels;
#[path = "../common/mod.rs"]
mod common;
mod error_variants;
mod fuzz_regressions;
mod notation_errors;
mod properties;
mod rule_ids;
mod rules;
mod seat_game;
mod seat_view;
mod spectator_view;
