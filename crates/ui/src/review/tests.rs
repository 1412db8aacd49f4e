//! The review's model alone: a button or a worker's answer in, the review, the outcome and
//! the effects out. Only a finished game's full record is reviewed (R40).

use super::*;
use lauzait_bots::Player;
use lauzait_engine::{Action, Game, GameOptions, Seat};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A two-seat game: `days` Days played by the first discard, mover and destination offered,
/// then ended by agreement.
fn finished(days: usize) -> OnTable {
    let options = GameOptions::new(vec![Seat::ALL[0], Seat::ALL[2]], false).expect("two seats");
    let mut rng = Pcg64Mcg::seed_from_u64(12);
    let mut game = Game::new(options, &mut rng);
    for _ in 0..days {
        let p = game.to_move();
        // Seat `p`'s Day is over once the game waits between Days with another seat to move.
        while !(game.between_days() && game.to_move() != p) {
            let view = game.view(p).expect("a seat");
            let day = view.my_day().expect("the seat's Day");
            let step = day
                .legal_actions(view.players())
                .into_iter()
                .find(|a| matches!(a, Action::Discard { .. } | Action::Move { .. } | Action::Capture { .. }))
                .expect("a step");
            game.apply(step, &mut rng).expect("a legal step");
        }
    }
    game.apply(Action::EndGameByAgreement, &mut rng).expect("between Days");
    let names = vec!["A".to_string(), "B".to_string()];
    OnTable::Own(Session::new(game, names, vec![Player::Person; 2], 0).expect("one name per seat"))
}

fn open(review: &mut PostGameReview, seat: u8, table: &OnTable) -> (ReviewOutcome, Vec<Effect>) {
    let mut ctx = Ctx::new(0.0, 0);
    let out = review.update(ReviewIntent::Open(seat), table, Lang::En, &mut ctx);
    (out, ctx.into_effects())
}

#[test]
fn a_game_under_way_or_no_game_is_refused_r40() {
    let refused = ReviewOutcome::Refused(words::r(Lang::En, R::NeedsFullRecord).to_string());
    let mut review = PostGameReview::default();
    assert_eq!(open(&mut review, 0, &OnTable::Empty).0, refused);
    assert!(reviewable_seats(&OnTable::Empty).is_empty());
    assert!(review.current().is_none());
}

#[test]
fn a_game_without_days_goes_straight_to_the_end() {
    let table = finished(0);
    assert_eq!(reviewable_seats(&table), vec![0, 1]);
    let mut review = PostGameReview::default();
    let (out, effects) = open(&mut review, 0, &table);
    let judging = words::r(Lang::En, R::Judging).to_string();
    assert_eq!(out, ReviewOutcome::Opened(vec![judging, words::end_text(Lang::En, 0)]));
    assert!(effects.is_empty(), "nothing to ask the worker");
    let r = review.current().expect("open");
    assert_eq!(r.stage, Stage::End);
    assert_eq!(r.finals.len(), 2, "every hand shown at the end");
    assert_eq!(open(&mut review, 5, &table).0, ReviewOutcome::Unchanged, "no such seat");
}

#[test]
fn the_worker_is_asked_one_day_at_a_time_and_a_failure_offers_a_retry() {
    let table = finished(2);
    let mut review = PostGameReview::default();
    let (out, effects) = open(&mut review, 0, &table);
    assert_eq!(out, ReviewOutcome::Opened(vec![words::r(Lang::En, R::Judging).to_string()]));
    assert!(matches!(effects.as_slice(), [Effect::PostToWorker(_)]), "{effects:?}");
    assert!(review.working());
    let Some(Stage::Working { id, .. }) = review.current().map(|r| r.stage.clone()) else { panic!("working") };
    // An answer to another request is dropped.
    let mut ctx = Ctx::new(0.0, 0);
    let stale = BotReply::to(RequestId::Review(id.wrapping_add(7)));
    assert_eq!(review.reply(id.wrapping_add(7), stale, Lang::En, &mut ctx), ReviewOutcome::Unchanged);
    assert!(review.working());
    // The worker fails: said, and the review waits for a retry.
    let out = review.worker_failed("gone".into(), Lang::En, &mut ctx);
    assert_eq!(out, Some(ReviewOutcome::Say(vec![words::failed(Lang::En, "gone")])));
    assert!(matches!(review.current().unwrap().stage, Stage::Failed { next: 0, .. }));
    assert_eq!(review.worker_failed("again".into(), Lang::En, &mut ctx), None, "nothing waits now");
    let mut ctx = Ctx::new(0.0, 0);
    review.update(ReviewIntent::Retry, &table, Lang::En, &mut ctx);
    assert!(matches!(ctx.into_effects().as_slice(), [Effect::PostToWorker(_)]));
    let Some(Stage::Working { id: again, .. }) = review.current().map(|r| r.stage.clone()) else { panic!("working") };
    assert_ne!(again, id, "a new request, a new number");
    // Closing ends it, back to the results.
    let out = review.update(ReviewIntent::Close, &table, Lang::En, &mut Ctx::new(0.0, 0));
    assert_eq!(out, ReviewOutcome::Closed { from_replay: false });
    assert!(review.current().is_none() && !review.working());
}
