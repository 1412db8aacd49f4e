//! A finished game rated for one person: the same record gives the same figures, only the
//! person's view counts (R40), the luck of chance is measured against its odds (R5, R6,
//! R12.6), and only Days actually played are judged. Few playouts: the figures' meaning,
//! not their precision, is under test.

use lauzait_bots::self_play::finished_game;
use lauzait_bots::{plan_day, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Chance, Game, GameOptions, Record};
use lauzait_learn::review;
use lauzait_rating::{items, rate_game, rate_item, Item, Landing, Rated, RatingError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const PLAYOUTS: u32 = 8;

/// How seat 0 plays its Days in a made-up game.
#[derive(Clone, Copy, PartialEq)]
enum Rated0 {
    /// As the Normal player.
    Normal,
    /// The plan the rating's judge will call best: the Strong player's from the same seed
    /// and playouts the judge searches with.
    AsTheJudge,
}

/// A two-player game from `seed`: `days` Days (and the next Season after one that ends),
/// then the game ended by agreement (R20) unless it is over. Seat 1 is a Normal player.
fn game(seed: u64, days: usize, seat0: Rated0) -> Record {
    let options = GameOptions::for_players(2, false).unwrap();
    let game = finished_game(options, seed, days, |game, rng| {
        let seat = game.to_move();
        let at = game.log().len();
        let view = game.view(seat).unwrap();
        let plan = if seat == 0 && seat0 == Rated0::AsTheJudge {
            plan_day(Level::Strong, &view, &mut Pcg64Mcg::seed_from_u64(review::day_seed(at)), PLAYOUTS)
        } else {
            plan_day(Level::Normal, &view, rng, 0)
        };
        plan.unwrap()
    });
    Record::of(&game)
}

fn throws(record: &Record, seat: usize) -> usize {
    items(record, seat).unwrap().iter().filter(|i| matches!(i, Item::Throw { .. })).count()
}

/// A game of Normal players in which seat 0 threw the sticks (R12.6) and nobody declared.
fn with_a_throw() -> Record {
    (1..100)
        .map(|seed| game(seed, 10, Rated0::Normal))
        .find(|r| throws(r, 0) > 0 && !r.actions.iter().any(|a| a.ends_season()))
        .expect("a game with a throw into the Water")
}

#[test]
fn the_same_record_gives_the_same_figures_and_score_difference_is_skill_plus_luck() {
    let record = with_a_throw();
    let rating = rate_game(&record, 0, PLAYOUTS).unwrap();
    assert_eq!(rating, rate_game(&record, 0, PLAYOUTS).unwrap());
    assert_eq!(rating.days.len(), review::days(&record, 0).unwrap().len());
    assert!(!rating.throws.is_empty() && rating.deals.len() == 1);
    let (agreement, accuracy) = (rating.agreement().unwrap(), rating.accuracy().unwrap());
    assert!((0.0..=100.0).contains(&agreement) && (0.0..=100.0).contains(&accuracy));
    assert!(rating.costly() <= rating.days.len());
    assert!((rating.skill() + rating.luck() - rating.score_difference()).abs() < 1e-9);
    // Each Day is the review's own judgement of it: one search, one answer.
    assert_eq!(rating.days, review::moments(&record, 0, PLAYOUTS).unwrap());
}

/// R5, R12.6: a throw's luck, weighted by the odds of each landing, sums to zero; the
/// landing recorded is the one the sticks in the record show.
#[test]
fn r12_6_a_recorded_throws_luck_sums_to_zero_over_its_landings() {
    let record = with_a_throw();
    for item in items(&record, 0).unwrap() {
        let Item::Throw { capture } = item else { continue };
        let Ok(Rated::Throw(throw)) = rate_item(&record, 0, &item, PLAYOUTS) else { panic!("a throw") };
        let sticks = record.prefix(capture + 1).chances.last().cloned().unwrap();
        let Chance::Throw { sticks } = sticks.chance else { panic!("the capture's throw") };
        assert_eq!(throw.landed, Landing::of(sticks));
        let sum: f64 = Landing::ALL.iter().map(|&l| l.odds() * lauzait_rating::throw_luck(throw.values, l)).sum();
        assert!(sum.abs() < 1e-9, "{sum}");
        assert!(throw.values.iter().all(|v| v.is_finite()));
    }
}

/// R40: another seat's hidden hand and the pool are nobody else's to see, so swapping a
/// piece between them changes none of the rated person's figures.
#[test]
fn r40_the_rating_reads_only_the_persons_view() {
    let record = with_a_throw();
    let swapped = swap_hidden_piece(&record).expect("a piece of seat 1's that seat 1 never showed");
    assert_ne!(swapped, record);
    assert_eq!(rate_game(&record, 0, PLAYOUTS).unwrap(), rate_game(&swapped, 0, PLAYOUTS).unwrap());
}

/// The record with one piece of seat 1's first hand swapped with a pool piece of another
/// kind, such that every action still replays and every score is the same.
fn swap_hidden_piece(record: &Record) -> Option<Record> {
    let Chance::Opening { opening } = &record.chances[0].chance else { return None };
    let pool = opening.pool(record.options.player_count())?;
    let hand = opening.hands.as_ref()?[1];
    let scores = record.replay().ok()?.scores().to_vec();
    for held in hand.kinds() {
        for other in pool.kinds().filter(|&p| p != held) {
            let mut changed = record.clone();
            let Chance::Opening { opening } = &mut changed.chances[0].chance else { return None };
            let hands = opening.hands.as_mut()?;
            hands[1].remove(held);
            hands[1].add(other);
            if changed.replay().is_ok_and(|g| g.scores() == scores) {
                return Some(changed);
            }
        }
    }
    None
}

#[test]
fn playing_the_strong_plan_every_day_agrees_fully_and_scores_100() {
    let record = game(3, 8, Rated0::AsTheJudge);
    let rating = rate_game(&record, 0, PLAYOUTS).unwrap();
    assert!(!rating.days.is_empty());
    assert_eq!(rating.agreement(), Some(100.0));
    assert_eq!(rating.accuracy(), Some(100.0));
    assert_eq!(rating.costly(), 0);
}

/// The table ending the first Season by agreement before anyone played (the engine's
/// decision where the rules are silent): that Season has no Day and no deal to rate.
#[test]
fn r20_a_season_ended_by_agreement_at_its_start_contributes_no_day() {
    let mut chance = seeded(5);
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    let seat = game.to_move();
    game.apply(Action::EndSeasonByAgreement, &mut chance).unwrap();
    game.apply(Action::NextSeason, &mut chance).unwrap();
    let second = game.log().len();
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for _ in 0..4 {
        let view = game.view(game.to_move()).unwrap();
        for a in plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
            game.apply(a, &mut chance).unwrap();
        }
    }
    game.apply(Action::EndGameByAgreement, &mut chance).unwrap();
    let record = Record::of(&game);
    let listed = items(&record, seat).unwrap();
    assert!(listed.iter().all(|i| match i {
        Item::Day { at, .. } => *at >= second,
        Item::Throw { capture } => *capture >= second,
        Item::Deal { opening } => *opening == second,
    }));
    let rating = rate_game(&record, seat, PLAYOUTS).unwrap();
    assert_eq!(rating.days.len(), 2, "the second Season's two Days of the seat");
    assert_eq!(rating.deals.len(), 1);
    assert_eq!(rating.deals[0].season, 2);
}

#[test]
fn a_record_that_cannot_be_rated_says_why() {
    let record = with_a_throw();
    let public = Record::public(&record.replay().unwrap());
    assert_eq!(rate_game(&public, 0, PLAYOUTS), Err(RatingError::PublicRecord));
    assert_eq!(rate_game(&record, 2, PLAYOUTS), Err(RatingError::NoSuchSeat { seat: 2, seats: 2 }));
    // An item that is not the seat's: the other seat's Day.
    let other = items(&record, 1).unwrap().into_iter().find(|i| matches!(i, Item::Day { .. })).unwrap();
    assert_eq!(rate_item(&record, 0, &other, PLAYOUTS), Err(RatingError::NotAnItem));
}
