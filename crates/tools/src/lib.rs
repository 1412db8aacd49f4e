//! Whole-game tools behind the command-line interface: simulation, deal statistics, bot
//! tournaments, a finished game's rating, the computer players rated and puzzles from
//! self-play.
//! They return data; printing and timing belong to the binary.
pub mod deal_stats;
pub mod level_figures;
pub mod puzzles;
pub mod rate;
pub mod rate_levels;
pub mod simulate;
pub mod stats;
pub mod tournament;
pub mod tournament_error;
