//! Whole-game tools behind the command-line interface: simulation, deal statistics, bot
//! tournaments, a finished game's rating and puzzles from self-play.
//! They return data; printing and timing belong to the binary.
pub mod deal_stats;
pub mod puzzles;
pub mod rate;
pub mod simulate;
pub mod stats;
pub mod tournament;
pub mod tournament_error;
