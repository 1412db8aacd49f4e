//! The post-game review: for one person, the Days where their choice lost the most value
//! in the Strong player's estimate, judged only from what that person could see then (their
//! view at the start of the Day, R40). Each moment keeps the plan played and the Strong
//! player's, with both estimates, so a screen can let the person try again before showing
//! the better choice.

use lauzait_bots::judge::judge_view;
use lauzait_engine::Record;
use lauzait_engine::{Action, Game, ReplayError};

/// Why a record's Days cannot be gone through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// A record made while the game was under way: the other hands stand in for the real
    /// ones, so there is nothing true to judge. The finished game's full record is needed.
    PublicRecord,
    /// The record does not replay (a damaged or altered record).
    Replay(ReplayError),
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewError::PublicRecord => f.write_str("the review needs the finished game's full record"),
            ReviewError::Replay(e) => write!(f, "the record does not replay ({e}): load it again"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// The review's searches start from this seed: the same record, the same review.
pub const REVIEW_SEED: u64 = 0x007e_71e3;

/// One Day of the reviewed person.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    pub season: u8,
    pub day: u32,
    /// How many actions of the record come before the Day: the game as the person saw it
    /// is the record replayed this far.
    pub at: usize,
    pub played: Vec<Action>,
    pub best: Vec<Action>,
    /// The Strong player's estimates (points of margin) of the two plans.
    pub played_value: f64,
    pub best_value: f64,
}

impl Moment {
    /// The value the played plan gave up (never below 0).
    pub fn loss(&self) -> f64 {
        (self.best_value - self.played_value).max(0.0)
    }
}

/// Every Day of `seat` in the record with what it gave up, in the order played; `playouts`
/// per Day for the estimates (and the Strong player's own plan).
pub fn moments(record: &Record, seat: usize, playouts: u32) -> Result<Vec<Moment>, ReviewError> {
    let days = days(record, seat)?;
    Ok(days.into_iter().filter_map(|(at, played)| judge_day(record, seat, at, played, playouts)).collect())
}

/// The Days of `seat` in the record, each as where it starts and the actions played in it,
/// without judging them (the page has the computer players' worker judge them one by one:
/// `ui::review`, [`judge_view`]). Only Days that were played: a Season ended by agreement
/// at the seat's Day start, or the game ended there (R20), is the table's decision, not a
/// choice of the seat's to judge, and what follows it belongs to another Season.
pub fn days(record: &Record, seat: usize) -> Result<Vec<(usize, Vec<Action>)>, ReviewError> {
    // The review judges the person's own hand: a record made while the game was under way
    // keeps it hidden (its stand-in hands are never to be shown or judged).
    if record.is_public() {
        return Err(ReviewError::PublicRecord);
    }
    let actions = &record.actions;
    let mut out = Vec::new();
    let visit = |game: &Game, i: usize, _: Action| {
        // A Day starts after a Day's end or a table decision: a position between Days that
        // an undo reached in the middle of a Day (an imported record may hold undos) is not
        // the start of another one.
        let after_boundary = i == 0 || actions.get(i - 1).is_some_and(|a| a.is_day_boundary());
        if after_boundary && game.between_days() && game.to_move() == seat {
            if let Some(day) = played_day(&actions[i..]) {
                out.push((i, day.to_vec()));
            }
        }
    };
    Game::replay_visiting(record.options.clone(), &record.chances, actions, visit).map_err(ReviewError::Replay)?;
    Ok(out)
}

/// The Day played at the start of `actions`: its steps up to the one that ends it. `None`
/// when what comes first is not a whole Day of one seat: a table decision (the Season or
/// the game ended by agreement, the next Season), an undo, or a record that stops mid-Day.
fn played_day(actions: &[Action]) -> Option<&[Action]> {
    let end = actions.iter().position(|a| a.is_day_boundary())?;
    let day = &actions[..=end];
    // Up to the first boundary, a table decision ends the slice and `is_one_day` refuses it;
    // the check says so outright. A Day with an undo (only an imported record's) is passed
    // over: its actions are not the steps that stood, so there is no plan played to judge.
    let within = day.iter().all(|&a| !a.is_between_days() && a != Action::Undo);
    (within && Action::is_one_day(day)).then_some(day)
}

/// What a point means in the reviewed game: the person's final score and how far it stood
/// from the best of the others' (positive: won by that much; negative: behind the winner).
/// A moment's points given up mean little to a newcomer without them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    pub own: i32,
    pub margin: i32,
}

/// How much a moment's loss weighs against the game's [`Scale`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Under a point: a slip, not a turning point.
    Slight,
    /// Under a quarter of the final margin.
    Small,
    /// A good part of the final margin.
    Large,
    /// At least the whole final margin: alone it could have changed the result.
    Decisive,
}

/// The [`Scale`] of `seat` in the finished record; `None` for a public record, a seat not
/// at the table, or a table of one (no margin to compare with).
pub fn scale(record: &Record, seat: usize) -> Option<Scale> {
    let game = position(record, record.actions.len())?;
    let scores = game.scores();
    let own = *scores.get(seat)?;
    let best_other = scores.iter().enumerate().filter(|&(p, _)| p != seat).map(|(_, &s)| s).max()?;
    Some(Scale { own, margin: own.saturating_sub(best_other) })
}

impl Scale {
    /// How `loss` points weigh in this game. The margin counts at least one point, so that
    /// a game ended level still has a scale.
    pub fn weight(self, loss: f64) -> Weight {
        let gap = f64::from(self.margin.unsigned_abs().max(1));
        // A NaN loss (no estimate) lands on Slight: never alarming.
        if loss.is_nan() || loss < 1.0 {
            Weight::Slight
        } else if loss < gap / 4.0 {
            Weight::Small
        } else if loss < gap {
            Weight::Large
        } else {
            Weight::Decisive
        }
    }
}

/// The game as it stood before action `at` of a full record.
pub fn position(record: &Record, at: usize) -> Option<Game> {
    if record.is_public() {
        return None;
    }
    record.prefix(at).replay().ok()
}

/// One Day of [`days`] judged: the Strong player's plan from `seat`'s view at its start and
/// the estimates of both plans.
fn judge_day(record: &Record, seat: usize, at: usize, played: Vec<Action>, playouts: u32) -> Option<Moment> {
    let game = position(record, at)?;
    judge(&game, seat, at, played, playouts)
}

/// The `count` Days that gave up the most, the costliest first (ties: the earlier Day).
pub fn worst(moments: &[Moment], count: usize) -> Vec<Moment> {
    let mut sorted: Vec<&Moment> = moments.iter().filter(|m| m.loss() > 0.0).collect();
    sorted.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.at.cmp(&b.at)));
    sorted.into_iter().take(count).cloned().collect()
}

fn judge(game: &Game, seat: usize, at: usize, played: Vec<Action>, playouts: u32) -> Option<Moment> {
    let view = game.view(seat)?;
    let (best, pv, bv) = judge_view(&view, &played, day_seed(at), playouts)?;
    Some(moment_at(game, at, played, best, pv, bv))
}

/// The seed of the searches that judge the Day starting at action `at`.
pub fn day_seed(at: usize) -> u64 {
    REVIEW_SEED ^ at as u64
}

/// The moment of the Day starting at action `at` of `game`'s record, from its judgement.
pub fn moment_at(game: &Game, at: usize, played: Vec<Action>, best: Vec<Action>, pv: f64, bv: f64) -> Moment {
    Moment {
        season: game.season().number,
        day: game.day().number,
        at,
        played,
        best,
        played_value: pv,
        best_value: bv.max(pv),
    }
}

#[cfg(test)]
mod review_error_tests {
    use super::*;
    use lauzait_engine::randomness::seeded;
    use lauzait_engine::GameOptions;

    /// A record shared while the game was under way (R40: no hidden hand in it), or one whose
    /// actions were altered, is refused, each with its reason.
    #[test]
    fn a_public_or_altered_record_is_refused_with_why() {
        let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut seeded(3));
        let first = game.day().legal_actions(game.players())[0];
        game.apply(first, &mut seeded(4)).unwrap();
        assert_eq!(days(&Record::public(&game), 0), Err(ReviewError::PublicRecord));
        let mut altered = Record::of(&game);
        altered.actions.insert(0, Action::Undo);
        let refused = days(&altered, 0).unwrap_err();
        assert!(matches!(refused, ReviewError::Replay(_)), "{refused:?}");
        assert!(refused.to_string().starts_with("the record does not replay"), "{refused}");
    }
}
