//! Whole-game tools behind the command-line interface: simulation and deal statistics.
//! They return data; printing and timing belong to the binary.
pub mod deal_stats;
pub mod simulate;
pub mod stats;
