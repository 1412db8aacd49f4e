//! Your record over time (docs/history.md): every finished game played on the device, kept
//! in the browser's storage as a few numbers a game ([`History`], its text `LZH1`), and what
//! the statistics screen shows of them ([`Statistics`]): games, wins, average points,
//! declarations and Stalemates, agreement and accuracy by level of opponent, and a Glicko-2
//! rating against the three computer levels ([`glicko`]). Pure: the page hands it finished
//! games and figures, and stores its text.

pub mod glicko;
mod played;
mod statistics;
mod text;

pub use self::glicko::{anchor, rating_after_each_game, Rated};
pub use self::played::{Figures, PlayedGame, Score, SeatResult, Sitter, Tenths};
pub use self::statistics::{Statistics, Tally};
pub use self::text::{History, HistoryError, LineFault, MAX_GAMES};

#[cfg(test)]
mod tests;
