//! Whole-game tools behind the command-line interface: simulation, deal statistics and
//! bot tournaments.
//! They return data; printing and timing belong to the binary.
pub mod deal_stats;
pub mod simulate;
pub mod stats;
pub mod tournament;
