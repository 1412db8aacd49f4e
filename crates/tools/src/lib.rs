//! Whole-game tools behind the command-line interface: simulation, deal statistics, bot
//! tournaments and a finished game's rating.
//! They return data; printing and timing belong to the binary.
pub mod deal_stats;
pub mod rate;
pub mod simulate;
pub mod stats;
pub mod tournament;
pub mod tournament_error;
