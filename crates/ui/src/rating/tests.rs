//! The rating's update and its rater: a finished game posted once, every item of every
//! person rated by the rater one step at a time, each person's figures coming back once
//! all their items are, and news of another game or another request dropped.

use super::test_game::finished;
use super::*;
use crate::i18n::Lang;
use lauzait_autoplay::WorkerFailure;
use lauzait_rating::{items, rate_game};

/// The texts the rating posted to the rater.
fn posted(ctx: Ctx) -> Vec<String> {
    ctx.into_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::AskRater(text) => Some(text),
            _ => None,
        })
        .collect()
}

/// The request as the page posted it, with few playouts (what is rated, not how well, is
/// what these tests look at).
fn cheap(text: &str) -> String {
    let Ok(ToRater::Rate(mut request)) = ToRater::from_text(text) else { panic!("not a request: {text}") };
    request.playouts = 2;
    ToRater::Rate(request).to_text()
}

fn news(text: &str) -> RaterReply {
    RaterReply::from_text(text).unwrap()
}

#[test]
fn a_finished_game_is_posted_once_and_every_persons_figures_come_back_as_rated_natively() {
    let (_, record) = finished(11, 10);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    let started = rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0, 1] }, &mut ctx);
    assert_eq!(started, RatingNews::Started);
    let asked = posted(ctx);
    assert_eq!(asked.len(), 1, "the game is posted once");
    let Ok(ToRater::Rate(request)) = ToRater::from_text(&asked[0]) else { panic!("{}", asked[0]) };
    assert_eq!((request.playouts, request.persons.clone(), &request.record), (RATING_PLAYOUTS, vec![0, 1], &record));
    // The same game again (the next message on the results screen) asks nothing more.
    let mut ctx = Ctx::new(0.0, 0);
    let again = rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0, 1] }, &mut ctx);
    assert_eq!(again, RatingNews::Nothing);
    assert!(posted(ctx).is_empty());

    let mut rater = Rater::default();
    let first = rater.from_page(&cheap(&asked[0])).expect("a game is answered at once");
    let all: usize = [0, 1].iter().map(|&s| items(&record, s).unwrap().len()).sum();
    assert_eq!(news(&first).news, RaterNews::Progress { done: 0, all, persons: vec![] }, "how many items");
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::Reply(news(&first)), &mut ctx), RatingNews::Progressed);
    assert!(rating.asking());
    let mut steps = 0;
    let mut last = RatingNews::Nothing;
    while let Some(text) = rater.step() {
        steps += 1;
        let RaterNews::Progress { done, .. } = news(&text).news else { panic!("{text}") };
        assert_eq!(done, steps, "one item a step");
        last = rating.update(RatingMsg::Reply(news(&text)), &mut ctx);
    }
    assert_eq!((steps, last), (all, RatingNews::Finished), "every item of every person");
    assert!(!rater.busy());
    let game = rating.game.as_ref().unwrap();
    assert_eq!(game.stage, Stage::Done);
    assert_eq!(game.rated.len(), 2);
    for (person, seat) in game.rated.iter().zip([0, 1]) {
        // The rater's figures are the rating crate's, to the bit (docs/rating.md).
        let native = rate_game(&record, seat, 2).unwrap();
        assert_eq!(person.figures, SeatFigures::of(&native));
        let f = &person.figures;
        // Score difference = skill + luck.
        assert!((f.skill + f.luck - f.score_difference).abs() < 1e-9);
        assert!(f.accuracy.is_some_and(|a| (0.0..=100.0).contains(&a)));
        let en = person.html(Lang::En).as_str();
        assert!(en.contains(&format!("id=\"rating-figures-{seat}\"")) && en.contains(">Agreement "), "{en}");
        assert!(person.html(Lang::Ja).as_str().contains("一致率"));
    }
}

#[test]
fn news_of_another_game_or_request_is_dropped_and_a_refusal_stops_the_rating() {
    let (_, first) = finished(11, 8);
    let (_, second) = finished(12, 8);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: first, persons: vec![0] }, &mut ctx);
    let old = posted(ctx).pop().unwrap();
    // Another game ends before the first is rated: its rating replaces the first's.
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: second.clone(), persons: vec![0] }, &mut ctx);
    let new = posted(ctx).pop().unwrap();
    let mut rater = Rater::default();
    let stale = rater.from_page(&cheap(&old)).unwrap();
    let mut ctx = Ctx::new(0.0, 0);
    assert_eq!(rating.update(RatingMsg::Reply(news(&stale)), &mut ctx), RatingNews::Nothing, "the first game's");
    assert_eq!(rating.game.as_ref().unwrap().stage, Stage::Asking { id: 2, progress: None });
    // The rater takes the new game in place of the old one.
    let fresh = rater.from_page(&cheap(&new)).unwrap();
    assert_eq!(rating.update(RatingMsg::Reply(news(&fresh)), &mut ctx), RatingNews::Progressed);
    let refused =
        RaterReply { id: lauzait_autoplay::RequestId::Rating(2), news: RaterNews::Refused(RateRefusal::NotAnItem) };
    assert_eq!(rating.update(RatingMsg::Reply(refused), &mut ctx), RatingNews::Failed);
    let game = rating.game.as_ref().unwrap();
    assert_eq!(game.stage, Stage::Failed { error: RatingFailure::Refused(RateRefusal::NotAnItem) });
    assert_eq!(game.record, second);
}

#[test]
fn a_rater_that_fails_stops_the_rating_and_a_new_game_stops_the_rater() {
    let (_, record) = finished(13, 6);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0] }, &mut ctx);
    let failure = RatingFailure::of_rater(WorkerFailure::NotLoaded);
    assert_eq!(failure, RatingFailure::NotLoaded);
    assert_eq!(rating.update(RatingMsg::RaterFailed(failure), &mut ctx), RatingNews::Failed);
    assert!(!rating.asking());
    // Failed once, the same game is not asked again; a game under way changes nothing.
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: record.clone(), persons: vec![0] }, &mut ctx);
    rating.update(RatingMsg::GameUnderWay, &mut ctx);
    assert!(posted(ctx).is_empty());

    // Under way again while asking: the rater is told to stop, and stops.
    let (_, other) = finished(14, 6);
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record: other, persons: vec![0] }, &mut ctx);
    let asked = posted(ctx);
    let mut rater = Rater::default();
    rater.from_page(&cheap(&asked[0]));
    assert!(rater.busy());
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameUnderWay, &mut ctx);
    assert_eq!(rating.game.as_ref().unwrap().stage, Stage::Stopped);
    let stop = posted(ctx);
    assert_eq!(stop, vec![ToRater::Stop.to_text()]);
    assert_eq!(rater.from_page(&stop[0]), None, "nothing to say");
    assert!(!rater.busy() && rater.step().is_none(), "nothing more is rated");
}

#[test]
fn a_rater_that_fails_stops_the_rating_with_its_words_and_a_public_record_asks_nothing() {
    let (game, record) = finished(11, 8);
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    rating.update(RatingMsg::GameOver { record, persons: vec![0] }, &mut ctx);
    assert!(rating.asking());
    let trap = RatingFailure::Rater(WorkerFailure::Stopped { said: "trap".into() });
    assert_eq!(rating.update(RatingMsg::RaterFailed(trap.clone()), &mut ctx), RatingNews::Failed);
    assert_eq!(rating.game.as_ref().unwrap().stage, Stage::Failed { error: trap });
    assert!(!rating.asking());
    // Once stopped, another failure changes nothing more.
    assert_eq!(rating.update(RatingMsg::RaterFailed(RatingFailure::NotLoaded), &mut ctx), RatingNews::Nothing);
    // A public record has nothing to rate: nothing is asked, and the rating is complete.
    let mut rating = Rating::default();
    let mut ctx = Ctx::new(0.0, 0);
    let news = rating.update(RatingMsg::GameOver { record: Record::public(&game), persons: vec![0, 1] }, &mut ctx);
    assert_eq!(news, RatingNews::Finished);
    assert!(posted(ctx).is_empty());
    let words = crate::i18n::rating::failed(Lang::En, &RatingFailure::Refused(RateRefusal::NotAnItem));
    assert_eq!(words, "The rating stopped: this item is not one of the record's for this seat");
}
