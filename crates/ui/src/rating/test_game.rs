//! A short finished game for the rating's tests: two Normal players from a seed, a few
//! Days, then ended by agreement (R20) unless it is over.

use lauzait_bots::{plan_day, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, Record, Status};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The finished game (`days` Days at most) and its full record.
pub(crate) fn finished(seed: u64, days: usize) -> (Game, Record) {
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..days {
        match game.status() {
            Status::Playing => {
                let view = game.view(game.to_move()).unwrap();
                for a in plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
                    game.apply(a, &mut chance).unwrap();
                }
            }
            Status::SeasonOver => {
                game.apply(Action::NextSeason, &mut chance).unwrap();
            }
            Status::GameOver { .. } => break,
        }
    }
    if !matches!(game.status(), Status::GameOver { .. }) {
        game.apply(Action::EndGameByAgreement, &mut chance).unwrap();
    }
    let record = Record::of(&game);
    (game, record)
}
