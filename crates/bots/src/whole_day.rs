//! A computer player's whole Day: plans made one after another on the seat's view until the
//! Day ends (a level whose plan stops before the Day is over, as Easy's does, is asked again
//! on the new view), and the seeds that make planning the same Day again give the same steps.
//!
//! Seeds: a game's bot seed is drawn when the game starts and saved with it (never the
//! game's own seed, which decides the hidden deals). Each Day of each seat gets
//! [`day_seed`]`(bot seed, Season, Day, seat)`, and the n-th plan within that Day
//! [`plan_seed`]`(day seed, n)`.

use crate::Level;
use lauzait_engine::{Action, Game, RuleError, Status};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::fmt;

/// Why a computer player's Day could not be planned: asked out of its turn, or (never in a
/// real game: a fault of the planner) a plan that does not make a Day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// The game is not under way, or the Day is another seat's.
    NotItsDay {
        seat: usize,
    },
    /// The seat is no player of the game.
    NoSeat {
        seat: usize,
    },
    NoPlan,
    EmptyPlan,
    /// A planned step that the rules refuse.
    Refused(RuleError),
    /// Plans that keep stopping before the Day ends.
    Unfinished,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::NotItsDay { seat } => write!(f, "it is not the Day of seat {seat}"),
            PlanError::NoSeat { seat } => write!(f, "no seat {seat}"),
            PlanError::NoPlan => f.write_str("the computer player found no plan"),
            PlanError::EmptyPlan => f.write_str("the computer player's plan is empty"),
            PlanError::Refused(e) => write!(f, "the computer player's plan is refused: {e}"),
            PlanError::Unfinished => f.write_str("the computer player's plans do not finish the Day"),
        }
    }
}

impl std::error::Error for PlanError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlanError::Refused(e) => Some(e),
            _ => None,
        }
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit value from any input.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one Day of one seat, from the game's bot seed.
pub fn day_seed(bot_seed: u64, season: u8, day: u32, seat: usize) -> u64 {
    mix(mix(mix(bot_seed ^ season as u64) ^ day as u64) ^ seat as u64)
}

/// The seed of the `n`-th plan made within a Day (0 for the first).
pub fn plan_seed(day_seed: u64, n: u32) -> u64 {
    mix(day_seed ^ (n as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The rest of `seat`'s Day in `game` as the `level` player plays it: each plan is made on
/// `game.view(seat)` (a copy of the game is advanced by the planned steps between plans).
/// Returns the steps and the number of plans made.
pub fn plan_whole_day(
    game: &Game,
    seat: usize,
    level: Level,
    seed: u64,
    playouts: u32,
) -> Result<(Vec<Action>, u32), PlanError> {
    whole_day(game, seat, level, seed, playouts, None)
}

/// Whether `seat` may plan its Day in `game` now.
pub fn check_turn(game: &Game, seat: usize) -> Result<(), PlanError> {
    if game.status() != Status::Playing || game.to_move() != seat {
        return Err(PlanError::NotItsDay { seat });
    }
    Ok(())
}

/// [`plan_whole_day`], its first plan possibly made already (with the generator of
/// [`plan_seed`]`(seed, 0)` as the planner left it: the worker's search made it in steps).
pub fn whole_day(
    game: &Game,
    seat: usize,
    level: Level,
    seed: u64,
    playouts: u32,
    mut first: Option<(Vec<Action>, Pcg64Mcg)>,
) -> Result<(Vec<Action>, u32), PlanError> {
    check_turn(game, seat)?;
    let mut game = game.clone();
    let mut out = Vec::new();
    // A Day has at most Dissolve, Form, discard, mover, destination: five steps.
    for n in 0..8u32 {
        let (plan, mut rng) = match first.take() {
            Some(made) => made,
            None => {
                let view = game.view(seat).ok_or(PlanError::NoSeat { seat })?;
                let mut rng = Pcg64Mcg::seed_from_u64(plan_seed(seed, n));
                let plan = crate::plan_day(level, &view, &mut rng, playouts).ok_or(PlanError::NoPlan)?;
                (plan, rng)
            }
        };
        if plan.is_empty() {
            return Err(PlanError::EmptyPlan);
        }
        for action in plan {
            out.push(action);
            if action.ends_day() {
                return Ok((out, n + 1));
            }
            game.apply(action, &mut rng).map_err(PlanError::Refused)?;
        }
    }
    Err(PlanError::Unfinished)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_engine::{DayPlanners, GameLoop, GameOptions};
    use std::ops::ControlFlow;

    fn play(levels: &[Level], seed: u64, bot_seed: u64, max_days: u32) -> Game {
        let mut chance = lauzait_engine::randomness::seeded(seed);
        let mut game = Game::new(GameOptions::for_players(levels.len(), true).unwrap(), &mut chance);
        let mut whole_days = DayPlanners::new(|game: &Game, seat: usize| {
            let s = day_seed(bot_seed, game.season().number, game.day().number, seat);
            plan_whole_day(game, seat, levels[seat], s, 8).map(|(actions, _)| actions)
        });
        let drive = GameLoop { day_cap: u32::MAX, check_invariants: false };
        drive
            .run(&mut game, &mut whole_days, &mut chance, |game, _, _| {
                if game.status() == Status::Playing && game.day().number <= max_days {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
            .unwrap();
        game
    }

    #[test]
    fn a_day_asked_of_the_wrong_seat_says_whose_it_is_not() {
        let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut lauzait_engine::randomness::seeded(1));
        let idle = 1 - game.to_move();
        assert_eq!(check_turn(&game, idle), Err(PlanError::NotItsDay { seat: idle }));
        assert_eq!(plan_whole_day(&game, 5, Level::Easy, 0, 1), Err(PlanError::NotItsDay { seat: 5 }));
    }

    #[test]
    fn whole_days_are_legal_and_finish_the_day() {
        for levels in [&[Level::Easy, Level::Normal][..], &[Level::Strong, Level::Easy, Level::Normal]] {
            let game = play(levels, 7, 11, 30);
            assert!(game.invariant_violation().is_none());
            assert!(game.day().number > 1);
        }
    }

    #[test]
    fn the_same_day_is_planned_the_same_way() {
        let game = play(&[Level::Normal, Level::Easy], 3, 5, 6);
        let seat = game.to_move();
        let seed = day_seed(5, game.season().number, game.day().number, seat);
        for level in Level::ALL {
            let a = plan_whole_day(&game, seat, level, seed, 8).unwrap();
            let b = plan_whole_day(&game, seat, level, seed, 8).unwrap();
            assert_eq!(a, b);
        }
        assert_ne!(day_seed(5, 1, 2, 0), day_seed(5, 1, 2, 1));
        assert_ne!(day_seed(5, 1, 2, 0), day_seed(5, 1, 3, 0));
        assert_ne!(day_seed(5, 1, 2, 0), day_seed(5, 2, 2, 0));
    }
}
