//! The post-game review judged in the computer players' worker: the worker's answers give
//! exactly the moments the review core finds natively (same seeds), each request carries
//! only the reviewed seat's view at the Day's start (R40, read from the text sent), a reply
//! to a closed review is dropped, and a worker that fails is said and can be asked again.

use crate::harness;

use harness::Table;
use lauzait_autoplay::{answer, BotError, BotReply, BotRequest, RequestId};
use lauzait_bots::{self as bots, Level};
use lauzait_engine::{Game, GameOptions, Record, SeatView, Status};
use lauzait_learn::review;
use lauzait_ui::i18n::Lang;
use lauzait_ui::model::Overlay;
use lauzait_ui::review::{ReviewIntent, Stage, REVIEW_PLAYOUTS};
use lauzait_ui::{Intent, Msg};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A game of Normal players (no search, so quick to make) for `players` seats: `days` Days,
/// then its full record.
fn recorded_game(players: usize, seed: u64, days: usize) -> Record {
    let mut throws = lauzait_engine::randomness::seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, false).unwrap(), &mut throws);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..days {
        if game.status() != Status::Playing {
            break;
        }
        let view = game.view(game.to_move()).unwrap();
        for a in bots::plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
            game.apply(a, &mut throws).unwrap();
        }
    }
    Record::of(&game)
}

/// The review of `seat` as the page gets it from the worker: each Day asked with the seat's
/// view at its start, answered by the worker's own function, read back from its text.
fn moments_from_the_worker(record: &Record, seat: usize) -> Vec<review::Moment> {
    let mut out = Vec::new();
    for (i, (at, played)) in review::days(record, seat).unwrap().into_iter().enumerate() {
        let game = review::position(record, at).unwrap();
        let request = BotRequest::judge(
            &game.view(seat).unwrap(),
            &played,
            review::day_seed(at),
            REVIEW_PLAYOUTS,
            RequestId::Review(9),
        );
        let reply = BotReply::from_text(&answer(&request.to_text(), || 0.0)).unwrap();
        assert_eq!(reply.error, None, "Day {i} of seat {seat}");
        let (pv, bv) = reply.values.expect("a judgement carries both estimates");
        out.push(review::moment_at(&game, at, played, reply.actions, pv, bv));
    }
    out
}

#[test]
fn r40_the_worker_judges_every_day_exactly_as_the_review_core_does() {
    for (players, seed, days) in [(2, 3, 24), (3, 8, 24), (4, 21, 28)] {
        let record = recorded_game(players, seed, days);
        for seat in 0..players {
            let native = review::moments(&record, seat, REVIEW_PLAYOUTS).unwrap();
            assert!(!native.is_empty(), "{players} players, seat {seat}: Days to judge");
            let worker = moments_from_the_worker(&record, seat);
            assert_eq!(worker, native, "{players} players, seat {seat}: the same plans and estimates, to the bit");
        }
    }
}

/// The harness's finished game against an Easy player (nothing posted yet).
fn finished_game() -> Table {
    let mut t = Table::finished_against_easy();
    t.posted.clear();
    t
}

/// The finished game with the review opened on seat 0, and its one request, taken off the
/// posted list unanswered.
pub(crate) fn review_asking() -> (Table, String) {
    let mut t = finished_game();
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    let mut posted = std::mem::take(&mut t.posted);
    assert_eq!(posted.len(), 1, "one Day is asked at a time");
    (t, posted.remove(0))
}

pub(crate) fn stage(t: &Table) -> Stage {
    t.model.review().expect("the review is open").stage.clone()
}

#[test]
fn r40_each_request_carries_the_reviewed_seats_view_at_the_days_start_only() {
    let mut t = finished_game();
    let record = Record::of(t.model.game().unwrap());
    let days = review::days(&record, 0).unwrap();
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    for (at, played) in &days {
        assert_eq!(t.posted.len(), 1, "one Day at a time");
        let text = t.posted[0].clone();
        // Read as text: the seat's view, the played plan, the review's seed; nothing else.
        let start = review::position(&record, *at).unwrap();
        let expected = SeatView::new(&start.view(0).unwrap());
        let view_line = text.lines().find_map(|l| l.strip_prefix("view ")).expect("the view as its text");
        assert_eq!(SeatView::from_text(view_line).unwrap(), expected, "exactly the seat's view at the Day's start");
        assert_eq!(view_line, expected.to_text(), "nothing but the view: {text}");
        let fields: Vec<&str> = text.lines().skip(1).map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(fields, ["id", "level", "seed", "playouts", "judge", "view"]);
        assert!(!text.contains("secret") && !text.contains("pool") && !text.contains("chances"), "{text}");
        let request = BotRequest::from_text(&text).unwrap();
        assert_eq!(request.judge.as_ref(), Some(played));
        assert_eq!(request.seed, review::day_seed(*at));
        assert_eq!(request.playouts, REVIEW_PLAYOUTS);
        t.answer_worker();
    }
    assert!(!t.model.review_working());
    let native = review::moments(&record, 0, REVIEW_PLAYOUTS).unwrap();
    assert_eq!(t.model.review().unwrap().judged, native);
}

#[test]
fn a_reply_to_a_closed_review_is_dropped() {
    let (mut t, old) = review_asking();
    t.intent(Intent::Review(ReviewIntent::Close));
    // Answered after closing: nothing happens.
    let reply = answer(&old, || 0.0);
    t.send(Msg::WorkerText(reply.clone()));
    assert!(t.model.review().is_none());
    assert_eq!(t.model.overlay, Overlay::Final);
    // Reopened: the old answer is not the new request's.
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    let before = stage(&t);
    t.send(Msg::WorkerText(reply));
    assert_eq!(stage(&t), before, "the old reply is dropped");
    assert!(t.model.review().unwrap().judged.is_empty());
    t.answer_worker();
    assert_eq!(t.model.review().unwrap().judged.len(), 1, "the new request's reply is kept");
}

#[test]
fn a_failing_worker_is_said_in_the_persons_language_and_asked_again() {
    let mut t = finished_game();
    t.intent(Intent::Lang(Lang::Ja));
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    t.answer_worker();
    t.posted.clear();
    // The worker traps: the review says so in Japanese and waits for the person.
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "trap".into() }));
    assert!(matches!(stage(&t), Stage::Failed { next: 1, .. }), "{:?}", stage(&t));
    assert!(
        t.model.play.live.contains("調べられませんでした") && t.model.play.live.contains("trap"),
        "{}",
        t.model.play.live
    );
    assert!(t.model.play.driver.error().is_none(), "no computer player was waiting: none is stopped");
    assert!(t.posted.is_empty(), "nothing is asked until the person does");
    // Asked again: the same Day, and the review goes on to the end.
    t.intent(Intent::Review(ReviewIntent::Retry));
    assert!(matches!(stage(&t), Stage::Working { next: 1, .. }));
    assert_eq!(t.posted.len(), 1);
    // A refusal in the reply fails alike; then closing is clean.
    let request = BotRequest::from_text(&t.posted[0]).unwrap();
    t.posted.clear();
    let refused = BotReply { error: Some(BotError::NoPlan), ..BotReply::to(request.id) };
    t.send(Msg::WorkerText(refused.to_text()));
    assert!(matches!(stage(&t), Stage::Failed { next: 1, .. }));
    t.intent(Intent::Review(ReviewIntent::Retry));
    for _ in 0..100 {
        if !t.model.review_working() {
            break;
        }
        t.answer_worker();
    }
    assert!(matches!(stage(&t), Stage::Moment(_) | Stage::End));
    t.intent(Intent::Review(ReviewIntent::Close));
    assert!(t.model.review().is_none());
    assert_eq!(t.model.overlay, Overlay::Final);
}

#[test]
fn the_estimates_travel_to_the_bit_and_a_forged_one_is_refused() {
    for (played, best) in [(0.1 + 0.2, -1.0 / 3.0), (f64::MIN_POSITIVE, -0.0), (1e300, 59.0 / 60.0)] {
        let reply = BotReply { values: Some((played, best)), ..BotReply::to(RequestId::Review(3)) };
        let back = BotReply::from_text(&reply.to_text()).unwrap();
        let (p, b) = back.values.unwrap();
        assert_eq!((p.to_bits(), b.to_bits()), (played.to_bits(), best.to_bits()));
    }
    for forged in ["values 1.5 2", "values 3ff0000000000000", "values zz 3ff0000000000000"] {
        let text = format!("bot-reply1\nid review 1\nplans 1\nms 0000000000000000\nactions \n{forged}");
        let refused = BotReply::from_text(&text);
        assert!(refused.is_err_and(|e| e.to_string().starts_with("unreadable reply")), "{forged}");
    }
}

#[test]
fn r40_a_judge_request_for_another_seat_or_a_part_of_a_day_is_refused() {
    let record = recorded_game(2, 3, 10);
    let (at, played) = review::days(&record, 0).unwrap().remove(1);
    let game = review::position(&record, at).unwrap();
    let ask = |seat: usize, plan: &[lauzait_engine::Action]| {
        let request = BotRequest::judge(&game.view(seat).unwrap(), plan, review::day_seed(at), 8, RequestId::Review(5));
        BotReply::from_text(&answer(&request.to_text(), || 0.0)).unwrap()
    };
    assert_eq!(ask(0, &played).error, None);
    let not_its_day = ask(1, &played).error;
    assert_eq!(not_its_day, Some(BotError::NotItsDay { seat: 1 }));
    assert_eq!(not_its_day.unwrap().to_string(), "it is not the Day of seat 1");
    for part in [&played[..0], &played[..played.len() - 1]] {
        let reply = ask(0, part);
        assert_eq!(
            (reply.id, reply.error.as_ref().map(ToString::to_string)),
            (RequestId::Review(5), Some("the plan to judge is not a whole Day".to_string()))
        );
    }
}

/// A new game started while the review is judging ends the review: its replies are dropped
/// and it asks the worker nothing more, so the new game's computer players are not kept
/// waiting behind the old game's judging (found through tests/ui/any_messages.rs, where the
/// review lived on under other screens).
#[test]
fn a_new_game_ends_the_review_and_its_judging() {
    let (mut t, old) = review_asking();
    t.intent(Intent::Menu);
    t.intent(Intent::NewGame);
    if t.model.overlay != Overlay::NewGame {
        t.intent(Intent::Confirm);
    }
    assert_eq!(t.model.overlay, Overlay::NewGame);
    t.intent(Intent::Start);
    assert!(t.model.review().is_none(), "the review ended with the old game");
    t.posted.clear();
    t.send(Msg::WorkerText(answer(&old, || 0.0)));
    assert!(t.posted.iter().all(|p| BotRequest::from_text(p).unwrap().judge.is_none()), "nothing more is judged");
}

/// The computer players' worker fails while the review waits for it and the rating of the
/// finished game waits for the rater's worker, a worker of its own: the review stops with
/// its words, and the rating carries on. The rater that then cannot be loaded (offline
/// before it was ever fetched) stops the rating with words a person can act on, in English
/// and in Japanese.
#[test]
fn a_worker_failing_under_the_review_leaves_the_rating_and_a_rater_not_loaded_says_to_connect() {
    let mut t = Table::finished_against_easy_unrated();
    assert!(t.model.rating.asking(), "the results ask the rater to rate the game");
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "trap".into() }));
    assert!(matches!(stage(&t), Stage::Failed { .. }));
    assert!(t.model.rating.asking(), "the rating is not the computer players' worker's");
    assert!(t.model.play.live.starts_with("The Strong player could not go through your Days"), "{}", t.model.play.live);
    t.intent(Intent::Review(ReviewIntent::Close));
    assert_eq!(t.model.overlay, Overlay::Final);
    t.send(Msg::RaterFailed(lauzait_autoplay::WorkerFailure::NotLoaded));
    assert!(!t.model.rating.asking());
    let connect = "Rating needs a connection the first time; it then works offline.";
    assert_eq!(t.model.play.live, connect);
    let results = lauzait_ui::html::dialogs::overlay_html(&t.model).unwrap().0;
    assert!(results.contains("id=\"rating-failed\"") && results.contains(connect), "{results}");
    t.model.lang = Lang::Ja;
    let results = lauzait_ui::html::dialogs::overlay_html(&t.model).unwrap().0;
    assert!(results.contains("評価は初回だけ通信が必要です。その後はオフラインでも使えます。"), "{results}");
}

/// A rater that fails while rating stops the rating with the browser's words.
#[test]
fn a_rater_that_stops_says_the_rating_stopped() {
    let mut t = Table::finished_against_easy_unrated();
    t.send(Msg::RaterFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "trap".into() }));
    let results = lauzait_ui::html::dialogs::overlay_html(&t.model).unwrap().0;
    assert!(results.contains("id=\"rating-failed\"") && results.contains("The rating stopped: trap"), "{results}");
}
