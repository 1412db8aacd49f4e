//! The Season log: one entry per committed Day of the Season shown (who, the discard, the
//! move, the sticks and their result, a Department formed or dissolved), then how the
//! Season ended. Built only from what every player saw (R40): the Season's opening board,
//! the actions of its Days, the recorded throws and the public [`SeenDay`]s; never a
//! concealed piece.

use lauzait_engine::{Action, Game, HireRecord, Piece, PublicView, Reading, SeasonEnd, SeenDay};

/// One committed Day, as everyone saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogDay {
    /// The Day's number in the Season, from 1.
    pub number: u32,
    /// The Hiring and its throw, as the engine recorded it.
    pub record: HireRecord,
    /// The piece that moved (the one taken back into the hand if the Water refused it).
    pub mover: Piece,
    pub dissolved: Option<[Piece; 3]>,
    pub formed: Option<[Piece; 3]>,
    /// How the formed Department was read (its Jokers' stand-ins), as everyone saw it.
    pub formed_as: Option<Reading>,
}

impl LogDay {
    /// The bonus the Department formed this Day earned (R15).
    pub fn formed_bonus(&self) -> Option<u8> {
        Some(self.formed_as?.bonus_for(self.formed?))
    }
}

/// The Season's log: its Days in order, and how it ended once it has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeasonLog {
    pub days: Vec<LogDay>,
    pub end: Option<SeasonEnd>,
}

/// The log of the game's current Season (or the one just ended).
pub fn season_log(game: &Game) -> SeasonLog {
    public_season_log(&game.public())
}

/// The same from the public view alone: what a shared screen shows.
pub fn public_season_log(view: &PublicView) -> SeasonLog {
    // The Season's actions follow its opening (a recorded outcome of chance).
    let Some((start, opening)) = view.season_opening() else {
        return SeasonLog::default();
    };
    let throw_after = |after: usize| view.throw_after(after);
    let seen: &[SeenDay] = view.seen_days();
    let mut board = opening;
    let (mut discard, mut from, mut formed_as) = (None, None, None);
    let mut days = Vec::with_capacity(seen.len());
    for (index, &action) in view.log().iter().enumerate().skip(start) {
        match action {
            Action::Form { reading, .. } => formed_as = Some(reading),
            Action::Discard { piece } => discard = Some(piece),
            Action::Move { from: f } => from = Some(f),
            Action::Capture { to } => {
                let (Some(d), Some(f), Some(seen)) = (discard.take(), from.take(), seen.get(days.len())) else {
                    break;
                };
                // The discard fills the one empty square (R12.1); the capture then resolves
                // as the engine did (R12.5, R12.6): what it recorded is read back here.
                if let Some(empty) = board.the_empty_square() {
                    board.set(empty, Some(d));
                }
                let Some(mover) = board.get(f) else { break };
                let sticks = throw_after(index + 1);
                let arrived = sticks.is_none_or(|s| s.lets_piece_arrive());
                let taken = seen.taken.unwrap_or(mover);
                if arrived {
                    board.set(to, Some(mover));
                }
                board.set(f, None);
                let hire = lauzait_engine::Hire { discard: d, from: f, to };
                days.push(LogDay {
                    number: days.len() as u32 + 1,
                    record: HireRecord { player: seen.player, hire, sticks, taken, arrived },
                    mover,
                    dissolved: seen.dissolved,
                    formed: seen.formed,
                    formed_as: formed_as.take(),
                });
            }
            _ => {}
        }
    }
    let end = view.results().last().filter(|r| r.season == view.season_number()).map(|r| r.end);
    SeasonLog { days, end }
}
