//! A short finished game for the rating's tests: two Normal players from a seed, a few
//! Days, then ended by agreement (R20) unless it is over.

use lauzait_engine::{Game, Record};

/// The finished game (`days` Days at most) and its full record.
pub(crate) fn finished(seed: u64, days: usize) -> (Game, Record) {
    let game = lauzait_bots::self_play::normal_game(2, seed, days);
    let record = Record::of(&game);
    (game, record)
}
