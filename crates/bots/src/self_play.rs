//! Games the computer players play by themselves, for the layers above that need a finished
//! game to work on (the rating's, your record's and the review's tests): each Day planned
//! by a caller's planner, a Season over moved on (R6), and the game ended by agreement
//! (R20) after a given number of Days unless it ended first.

use super::{plan_day, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, Status};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The game `options` dealt from `seed`, played for at most `days` Days, each planned by
/// `plan(game, rng)` (its whole Day, from the seat to move's view only, as a computer player
/// plans; `rng` seeded from `seed`), then ended by agreement unless over.
///
/// Panics when the planner's Day is refused: a test's planner, not untrusted input.
pub fn finished_game(
    options: GameOptions,
    seed: u64,
    days: usize,
    mut plan: impl FnMut(&Game, &mut Pcg64Mcg) -> Vec<Action>,
) -> Game {
    let mut chance = seeded(seed);
    let mut game = Game::new(options, &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..days {
        match game.status() {
            Status::Playing => {
                for a in plan(&game, &mut rng) {
                    game.apply(a, &mut chance).expect("the planner's Day is legal");
                }
            }
            Status::SeasonOver => {
                game.apply(Action::NextSeason, &mut chance).expect("a Season over moves on");
            }
            Status::GameOver { .. } => break,
        }
    }
    if !matches!(game.status(), Status::GameOver { .. }) {
        game.apply(Action::EndGameByAgreement, &mut chance).expect("between Days, the game may end by agreement");
    }
    game
}

/// [`finished_game`] of `players` Normal players, without the luminous pieces.
pub fn normal_game(players: usize, seed: u64, days: usize) -> Game {
    let options = GameOptions::for_players(players, false).expect("2 to 4 players");
    finished_game(options, seed, days, |game, rng| {
        let view = game.view(game.to_move()).expect("the seat to move has a view");
        plan_day(Level::Normal, &view, rng, 0).expect("the Normal player plans a Day")
    })
}
