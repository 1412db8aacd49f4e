//! The rating's update: a finished game's items queued for every person and asked one at a
//! time, each reply folded into the figures and the next item asked, and a reply for
//! another game or another request dropped.

use super::test_game::finished;
use super::*;
use lauzait_autoplay::WorkerFailure;
use lauzait_rating::rate_item;

/// The request the rating posted last, read back.
fn posted(ctx: Ctx) -> Vec<RateRequest> {
    ctx.into_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::AskRater(text) => Some(RateRequest::from_text(&text).unwrap()),
            _ => None,
        })
        .collect()
}

/// The worker's answer to `req`, rated natively with few playouts.
fn answer_to(req: &RateRequest) -> RateReply {
    let rated = rate_item(&req.record, req.seat, &req.item, 2).map_err(|e| RateRefusal::from(&e));
    RateReply { id: req.id, ms: 1.0, rated }
}

#[test]
fn every_item_of_every_person_is_asked_one_at_a_time_and_folded_into_the_figures() {
    let (_, record) = finished(11, 10);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    let news = rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0, 1] }, &mut ctx);
    assert_eq!(news, RatingNews::Started);
    let mut asked = posted(ctx);
    assert_eq!(asked.len(), 1, "one request at a time");
    let all: usize = [0, 1].iter().map(|&s| items(&record, s).unwrap().len()).sum();
    assert_eq!(rating.game.as_ref().unwrap().progress(), (0, all));
    // The same game again (the next message on the results screen) asks nothing more.
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(
        rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0, 1] }, &mut ctx),
        RatingNews::Nothing
    );
    assert!(posted(ctx).is_empty());
    let mut seen = Vec::new();
    let mut last = RatingNews::Nothing;
    while let Some(req) = asked.pop() {
        assert_eq!(req.playouts, RATING_PLAYOUTS);
        seen.push((req.seat, req.item.clone()));
        let partial = rating.game.as_ref().unwrap().seats.iter().map(|s| s.rated.len()).sum::<usize>();
        assert_eq!(partial + 1, seen.len(), "the figures so far are kept");
        let mut ctx = Ctx::new(0.0, 0);
        last = rating.update(RatingMsg::Reply(answer_to(&req)), &mut ctx);
        asked = posted(ctx);
        assert!(asked.len() <= 1);
    }
    assert_eq!(last, RatingNews::Finished);
    let expected: Vec<(usize, Item)> =
        [0, 1].iter().flat_map(|&s| items(&record, s).unwrap().into_iter().map(move |i| (s, i))).collect();
    assert_eq!(seen, expected, "every item of every person, in order");
    let game = rating.game.as_ref().unwrap();
    assert_eq!(game.stage, Stage::Done);
    for person in &game.seats {
        let figures = person.figures().expect("every item rated");
        // Score difference = skill + luck (docs/rating.md).
        assert!((figures.skill() + figures.luck() - figures.score_difference()).abs() < 1e-9);
        assert!(figures.accuracy().is_some_and(|a| (0.0..=100.0).contains(&a)));
    }
}

#[test]
fn a_reply_for_another_game_or_request_is_dropped_and_a_wrong_item_stops_the_rating() {
    let (_, first) = finished(11, 8);
    let (_, second) = finished(12, 8);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: first, persons: vec![0] }, &mut ctx);
    let old = posted(ctx).pop().unwrap();
    // Another game ends before the first is rated: its rating replaces the first's.
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: second.clone(), persons: vec![1] }, &mut ctx);
    let new = posted(ctx).pop().unwrap();
    assert_eq!((new.seat, &new.record), (1, &second));
    // The first game's reply comes late: dropped, nothing asked.
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::Reply(answer_to(&old)), &mut ctx), RatingNews::Nothing);
    assert!(posted(ctx).is_empty());
    assert_eq!(rating.game.as_ref().unwrap().progress().0, 0);
    // A reply to another asker's number is dropped too.
    let mut other = answer_to(&new);
    other.id = RequestId::Review(match new.id {
        RequestId::Rating(n) => n,
        _ => unreachable!(),
    });
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::Reply(other), &mut ctx), RatingNews::Nothing);
    // The right id with another item's rating is no answer to trust: the rating stops, the
    // figures so far kept.
    let mut reply = answer_to(&new);
    if let Ok(Rated::Day(m)) = &mut reply.rated {
        m.at += 1;
    } else if let Ok(Rated::Deal(d)) = &mut reply.rated {
        d.opening += 1;
    }
    let mut ctx = Ctx::new(0.0, 0);
    assert!(matches!(rating.update(RatingMsg::Reply(reply), &mut ctx), RatingNews::Failed(_)));
    assert!(matches!(rating.game.as_ref().unwrap().stage, Stage::Failed { .. }));
    // Once stopped, the worker's failure changes nothing more.
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::RaterFailed(RatingFailure::NotLoaded), &mut ctx), RatingNews::Nothing);
}

#[test]
fn a_new_game_under_way_stops_the_rating_and_its_late_reply_asks_nothing() {
    let (_, record) = finished(11, 8);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record, persons: vec![0] }, &mut ctx);
    let asked = posted(ctx).pop().unwrap();
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::GameUnderWay, &mut ctx), RatingNews::Nothing);
    assert_eq!(rating.game.as_ref().unwrap().stage, Stage::Stopped);
    assert!(!rating.asking());
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::Reply(answer_to(&asked)), &mut ctx), RatingNews::Nothing);
    assert!(posted(ctx).is_empty(), "the worker is left to the new game");
}

#[test]
fn a_worker_that_fails_stops_the_rating_with_its_words_and_a_refusal_too() {
    let (game, record) = finished(11, 8);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record, persons: vec![0] }, &mut ctx);
    let mut ctx = Ctx::new(0.0, 0);
    assert!(rating.asking());
    let trap = RatingFailure::Rater(WorkerFailure::Stopped { said: "trap".into() });
    assert_eq!(rating.update(RatingMsg::RaterFailed(trap.clone()), &mut ctx), RatingNews::Failed(trap));
    assert!(!rating.asking());
    // A public record has nothing to rate: nothing is asked, and the rating is complete.
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    let news = rating.update(RatingMsg::GameOver { record: Record::public(&game), persons: vec![0, 1] }, &mut ctx);
    assert_eq!(news, RatingNews::Finished);
    assert!(posted(ctx).is_empty());
    // A refusal stops it with the worker's reason.
    let (_, record) = finished(13, 8);
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record, persons: vec![0] }, &mut ctx);
    let req = posted(ctx).pop().unwrap();
    let reply = RateReply { id: req.id, ms: 0.0, rated: Err(RateRefusal::NotAnItem) };
    let mut ctx = Ctx::new(0.0, 0);
    let news = rating.update(RatingMsg::Reply(reply), &mut ctx);
    assert_eq!(news, RatingNews::Failed(RatingFailure::Refused(RateRefusal::NotAnItem)));
    let words = crate::i18n::rating::failed(crate::i18n::Lang::En, &RatingFailure::Refused(RateRefusal::NotAnItem));
    assert_eq!(words, "The rating stopped: this item is not one of the record's for this seat");
}
