//! Which Days are puzzles. The Strong player's estimate of a whole Day
//! ([`lauzait_bots::strong::estimate`]) is the mean, over samples of the hidden pieces, of
//! this seat's points minus the best other player's after the Day and a short playout,
//! counting a running Season's hands at their Normal value (and, in the last Season, a
//! bonus for a won game): points of final margin. A Day is a puzzle when, among the Days
//! the Strong player's search compares ([`lauzait_bots::strong::candidates`]), the best is
//! [`MARGIN`] points above every other, and a deeper search (more samples, another seed)
//! finds the same best Day still at least half of [`MARGIN`] above every other.

use super::{themes_of, Difficulty, Margin, Puzzle};
use lauzait_bots::strong::{self, Settings};
use lauzait_bots::whole_day::{plan_whole_day, PlanError};
use lauzait_bots::Level;
use lauzait_engine::{Action, Game, RebuildError, RuleError, SeatView};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::fmt;

/// Points of estimate the best Day must stand above every other to be a puzzle: three times
/// the smallest loss the rating counts as a costly choice (a point, docs/rating.md), and as
/// much as the Lauzait-Cep! pattern itself (R17). A person who misses it gives up more than
/// a slip; the deeper search's agreement, with at least half of it, keeps out Days that
/// stood out by the luck of the first search's samples (docs/puzzles.md).
pub const MARGIN: f64 = 3.0;

/// The deeper search draws its samples from the puzzle's seed mixed with this, so that its
/// samples are not the first search's.
const DEEPER_SALT: u64 = 0xdee9_5ea2_c400_0000;

/// Playouts per candidate Day: the first search, and the deeper one that checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    pub first: u32,
    pub deeper: u32,
}

impl Default for Effort {
    /// The effort the shipped set was made with (docs/puzzles.md).
    fn default() -> Effort {
        Effort { first: 16, deeper: 64 }
    }
}

/// The best of `estimates` and how far it stands above the next (the first of equal best
/// ones); `None` with fewer than two estimates or one that is not a number.
pub fn standout(estimates: &[f64]) -> Option<(usize, f64)> {
    if estimates.len() < 2 || estimates.iter().any(|e| !e.is_finite()) {
        return None;
    }
    let best = (0..estimates.len()).fold(0, |b, i| if estimates[i] > estimates[b] { i } else { b });
    let next = (0..estimates.len()).filter(|&i| i != best).map(|i| estimates[i]).fold(f64::MIN, f64::max);
    Some((best, estimates[best] - next))
}

/// The selection rule: the candidate that is a puzzle's solution and its margin (the deeper
/// search's), given the first search's `first` estimates and the deeper search's `deeper`
/// ones of the same candidates; `None` when no Day stands out clearly enough.
pub fn clear_best(first: &[f64], deeper: &[f64]) -> Option<(usize, Margin)> {
    let (best, gap) = standout(first)?;
    if gap < MARGIN || deeper.len() != first.len() {
        return None;
    }
    let (deep_best, deep_gap) = standout(deeper)?;
    (deep_best == best && deep_gap >= MARGIN / 2.0).then(|| (best, Margin::from_points(deep_gap)))
}

/// Why a seat's view could not be judged: none of these happens to a position of a real game
/// at a Day's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindError {
    /// The view is of a Day already begun: a puzzle starts at the Day's start.
    DayUnderWay,
    /// The view describes no real position.
    Rebuild(RebuildError),
    /// It is not the seat's Day (or the game is not under way).
    NotItsDay,
    /// A candidate Day the rules refuse (a fault of the planner).
    Refused(RuleError),
    /// A computer player could not plan the Day (a fault of the planner).
    Plan(PlanError),
}

impl fmt::Display for FindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FindError::DayUnderWay => f.write_str("the position is not at the start of a Day"),
            FindError::Rebuild(e) => write!(f, "the position is not a real one: {e}"),
            FindError::NotItsDay => f.write_str("it is not the Day of the seat whose view this is"),
            FindError::Refused(e) => write!(f, "a candidate Day is refused: {e}"),
            FindError::Plan(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FindError {}

/// The puzzle `view` makes, or `None` when no Day stands out: the Strong player's
/// candidate Days estimated from the view with `effort`, all searches and the computer
/// players' plans seeded from `seed` (the same view and seed, the same answer).
pub fn find(view: &SeatView, seed: u64, effort: Effort) -> Result<Option<Puzzle>, FindError> {
    if !view.steps.is_empty() {
        return Err(FindError::DayUnderWay);
    }
    let game = view.rebuild().map_err(FindError::Rebuild)?;
    let seen = game.view(view.seat).ok_or(FindError::NotItsDay)?;
    let settings = Settings::for_players(view.scores.len());
    let candidates = strong::candidates(&seen, settings).ok_or(FindError::NotItsDay)?;
    if candidates.len() < 2 {
        return Ok(None);
    }
    let count = candidates.len() as u32;
    let first = strong::estimate(
        &seen,
        &candidates,
        &mut Pcg64Mcg::seed_from_u64(seed),
        effort.first.saturating_mul(count),
        settings,
    );
    // The deeper search costs four times the first: spent only where the first stands out.
    if standout(&first).is_none_or(|(_, gap)| gap < MARGIN) {
        return Ok(None);
    }
    let deeper = strong::estimate(
        &seen,
        &candidates,
        &mut Pcg64Mcg::seed_from_u64(seed ^ DEEPER_SALT),
        effort.deeper.saturating_mul(count),
        settings,
    );
    let Some((best, margin)) = clear_best(&first, &deeper) else { return Ok(None) };
    let solution = candidates[best].clone();
    if !Action::is_one_day(&solution) {
        return Ok(None);
    }
    let themes = themes_of(&game, &solution).map_err(FindError::Refused)?;
    let difficulty = difficulty(&game, view.seat, &solution, seed)?;
    Ok(Some(Puzzle { view: view.clone(), solution, margin, themes, difficulty }))
}

/// Which computer player plays `solution` from `game`, each planning the Day from `seed`.
fn difficulty(game: &Game, seat: usize, solution: &[Action], seed: u64) -> Result<Difficulty, FindError> {
    for (level, difficulty) in [(Level::Easy, Difficulty::Easy), (Level::Normal, Difficulty::Normal)] {
        let (day, _) = plan_whole_day(game, seat, level, seed, 0).map_err(FindError::Plan)?;
        if day == solution {
            return Ok(difficulty);
        }
    }
    Ok(Difficulty::Hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_must_stand_out_by_the_margin_in_the_first_search() {
        assert_eq!(standout(&[1.0, 5.0, 2.0]), Some((1, 3.0)));
        assert_eq!(clear_best(&[1.0, 5.0, 2.0], &[0.0, 4.0, 2.0]), Some((1, Margin { tenths: 20 })));
        // 2.9 points above the next is not clear.
        assert_eq!(clear_best(&[1.0, 4.9, 2.0], &[0.0, 9.0, 2.0]), None);
        // A tie at the top is never a puzzle.
        assert_eq!(clear_best(&[5.0, 5.0], &[9.0, 1.0]), None);
    }

    #[test]
    fn the_deeper_search_must_agree_on_the_day_and_keep_half_the_margin() {
        // Another best Day in the deeper search.
        assert_eq!(clear_best(&[10.0, 0.0, 0.0], &[0.0, 10.0, 0.0]), None);
        // The same Day, but only 1.4 points above the next.
        assert_eq!(clear_best(&[10.0, 0.0, 0.0], &[10.0, 8.6, 0.0]), None);
        // Exactly half the margin is enough.
        assert_eq!(clear_best(&[10.0, 0.0], &[1.5, 0.0]), Some((0, Margin { tenths: 15 })));
    }

    #[test]
    fn estimates_that_cannot_be_compared_make_no_puzzle() {
        assert_eq!(standout(&[]), None);
        assert_eq!(standout(&[4.0]), None);
        assert_eq!(clear_best(&[10.0], &[10.0]), None);
        assert_eq!(clear_best(&[10.0, f64::NAN], &[10.0, 0.0]), None);
        assert_eq!(clear_best(&[10.0, 0.0], &[10.0, f64::INFINITY]), None);
        // The deeper search of other candidates.
        assert_eq!(clear_best(&[10.0, 0.0], &[10.0, 0.0, 0.0]), None);
        // Negative estimates: only the gap counts.
        assert_eq!(clear_best(&[-2.0, -8.0], &[-1.0, -9.0]), Some((0, Margin { tenths: 80 })));
    }
}
