//! What the test files share: positions from real games, and the check that two views of
//! a seat show the same things.

use lauzait_bots::{self as bots, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Positions from Normal games: the start of Days, and Days part-way (after a Dissolve, a
/// Form or a discard), so that every kind of step is taken back by the sampler.
pub fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for (players, seed) in [(2, 1u64), (3, 2), (4, 3), (2, 4)] {
        let mut chance = seeded(seed);
        let mut game = Game::new(GameOptions::for_players(players, seed % 2 == 0).unwrap(), &mut chance);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for day in 0..40 {
            match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => {
                    game.apply(Action::NextSeason, &mut chance).unwrap();
                    continue;
                }
                Status::Playing => {}
            }
            let mover = game.to_move();
            let plan = bots::plan_day(Level::Normal, &game.view(mover).unwrap(), &mut rng, 0).unwrap();
            if day % 5 == 0 {
                out.push(game.clone());
            }
            // Part-way: a Dissolve when one is possible, else the first steps of the plan.
            let dissolvable = game.day().dissolvable(game.players());
            if let Some(&department) = dissolvable.first() {
                let mut part = game.clone();
                part.apply(Action::Dissolve { department }, &mut seeded(0)).unwrap();
                out.push(part);
            }
            if plan.len() > 2 && day % 3 == 0 {
                let mut part = game.clone();
                for &a in &plan[..plan.len() - 2] {
                    part.apply(a, &mut seeded(0)).unwrap();
                }
                out.push(part);
            }
            for a in plan {
                game.apply(a, &mut chance).unwrap();
            }
        }
    }
    out
}

/// Asserts that two views show the same things.
pub fn assert_same_view(a: &PlayerView, b: &PlayerView) {
    assert_eq!(a.me(), b.me());
    assert_eq!(a.board(), b.board());
    assert_eq!(a.my_concealed(), b.my_concealed());
    assert_eq!(a.unseen(), b.unseen());
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.ledger(), b.ledger());
    assert_eq!(a.results(), b.results());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.day_number(), b.day_number());
    assert_eq!(a.day_steps(), b.day_steps());
    assert_eq!(a.season_number(), b.season_number());
    assert_eq!(a.start_player(), b.start_player());
    assert_eq!(a.direction(), b.direction());
    assert_eq!(a.luminous(), b.luminous());
    assert_eq!(a.pool_count(), b.pool_count());
    assert_eq!(a.last_hire(), b.last_hire());
    assert_eq!(a.status(), b.status());
    assert_eq!(a.my_day(), b.my_day());
    assert_eq!(a.seats(), b.seats());
    assert_eq!(a.players(), b.players());
    assert_eq!(a.luminous_rule(), b.luminous_rule());
    assert_eq!(a.seen_days(), b.seen_days());
    assert_eq!(a.day_start_board(), b.day_start_board());
    assert_eq!(a.my_day_start_concealed(), b.my_day_start_concealed());
    for seat in 0..a.scores().len() {
        assert_eq!(a.day_start_departments(seat), b.day_start_departments(seat));
        assert_eq!(a.day_start_concealed_count(seat), b.day_start_concealed_count(seat));
        assert_eq!(a.departments(seat), b.departments(seat));
        assert_eq!(a.concealed_count(seat), b.concealed_count(seat));
        assert_eq!(a.known_concealed(seat), b.known_concealed(seat));
    }
}

/// A finished game of Normal players (no search, so quick to make) in which the table ends
/// the first Season by agreement at the start of Day `before + 1` (1: before anyone played),
/// before any step of that Day; the next Season is played for `after` Days, then the game
/// ends by agreement (R20) mid-Season unless a declaration ended it. The first game from
/// seed `seed` on whose first Season lasts that long. The full record, the seat whose Day
/// the agreement took, and the agreement's index in the record.
// The review's tests use it; the rules' binary, which shares this file, does not.
#[allow(dead_code)]
pub fn season_ended_by_agreement(players: usize, seed: u64, before: usize, after: usize) -> (Record, usize, usize) {
    (seed..seed + 100)
        .find_map(|seed| agreed_at(players, seed, before, after))
        .unwrap_or_else(|| panic!("no first Season from seed {seed} on lasts {before} Days"))
}

/// [`season_ended_by_agreement`] from one seed; `None` when the first Season ends before.
fn agreed_at(players: usize, seed: u64, before: usize, after: usize) -> Option<(Record, usize, usize)> {
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, false).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    // Plays one Day of whoever is to move, or starts the next Season after one that ended.
    let mut play_day = |game: &mut Game| match game.status() {
        Status::Playing => {
            let view = game.view(game.to_move()).unwrap();
            for a in bots::plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
                game.apply(a, &mut chance).unwrap();
            }
        }
        Status::SeasonOver => {
            game.apply(Action::NextSeason, &mut chance).unwrap();
        }
        Status::GameOver { .. } => {}
    };
    for _ in 0..before {
        play_day(&mut game);
    }
    if game.status() != Status::Playing || game.season().number != 1 {
        return None;
    }
    let (seat, cut) = (game.to_move(), game.log().len());
    game.apply(Action::EndSeasonByAgreement, &mut seeded(0)).unwrap();
    for _ in 0..after {
        play_day(&mut game);
    }
    if !matches!(game.status(), Status::GameOver { .. }) {
        game.apply(Action::EndGameByAgreement, &mut seeded(0)).unwrap();
    }
    Some((Record::of(&game), seat, cut))
}
