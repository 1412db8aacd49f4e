//! The post-game review: for one person, the Days where their choice lost the most value
//! in the Strong player's estimate, judged only from what that person could see then (their
//! view at the start of the Day, R40). Each moment keeps the plan played and the Strong
//! player's, with both estimates, so a screen can let the person try again before showing
//! the better choice.

use lauzait_bots::judge::judge_view;
use lauzait_engine::Record;
use lauzait_engine::{Action, Game};

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
pub fn moments(record: &Record, seat: usize, playouts: u32) -> Result<Vec<Moment>, String> {
    let days = days(record, seat)?;
    Ok(days.into_iter().filter_map(|(at, played)| judge_day(record, seat, at, played, playouts)).collect())
}

/// The Days of `seat` in the record, each as where it starts and the actions played in it,
/// without judging them (the page has the computer players' worker judge them one by one:
/// `ui::review`, [`judge_view`]).
pub fn days(record: &Record, seat: usize) -> Result<Vec<(usize, Vec<Action>)>, String> {
    // The review judges the person's own hand: a record made while the game was under way
    // keeps it hidden (its stand-in hands are never to be shown or judged).
    if record.is_public() {
        return Err("the review needs the finished game's full record".into());
    }
    let mut out = Vec::new();
    let visit = |game: &Game, i: usize, _: Action| {
        let day_start = game.between_days();
        if day_start && game.to_move() == seat {
            // The Day as played: its actions up to the one that ends it.
            let len = record.actions[i..].iter().position(|a| a.ends_day()).map_or(0, |n| n + 1);
            if len > 0 {
                out.push((i, record.actions[i..i + len].to_vec()));
            }
        }
    };
    Game::replay_visiting(record.options.clone(), &record.chances, &record.actions, visit)
        .map_err(|e| e.to_string())?;
    Ok(out)
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
