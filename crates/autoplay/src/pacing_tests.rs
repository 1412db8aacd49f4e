//! The pacer driven as its callers drive it: `now` in, what to do out, the worker played by
//! the real planner ([`crate::answer`]).

use super::*;
use crate::answer;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions, SeatView};

const STEP_BY_STEP: Pacing = Pacing { ask_after_ms: 0.0, retry: Retry::ByPerson, shown: Shown::StepByStep };
const TABLET: Pacing = Pacing { ask_after_ms: 700.0, retry: Retry::After(3000.0), shown: Shown::WholeDay };

fn game() -> Game {
    Game::new(GameOptions::for_players(2, false).unwrap(), &mut seeded(9))
}

fn table(game: &Game) -> Table<'_> {
    Table { game, bot_seed: 5, playouts: 8 }
}

/// The worker's answer to `request`.
fn think(request: &BotRequest) -> (u32, BotReply) {
    let reply = BotReply::from_text(&answer(&request.to_text(), || 0.0)).unwrap();
    match reply.id {
        RequestId::ComputerDay(n) => (n, reply),
        other => panic!("a computer player's request came back as {other:?}"),
    }
}

fn asked(pace: Pace) -> BotRequest {
    match pace {
        Pace::Ask(request) => *request,
        other => panic!("expected a request, got {other:?}"),
    }
}

#[test]
fn a_days_steps_come_one_by_one_at_the_speeds_pace() {
    let mut game = game();
    let mut pacer = Pacer::new(STEP_BY_STEP);
    let request = asked(pacer.next(1000.0, Speed::Normal, &table(&game), Level::Normal));
    assert_eq!(request.id, RequestId::ComputerDay(1));
    assert_eq!(pacer.next(1010.0, Speed::Normal, &table(&game), Level::Normal), Pace::Idle, "asked once");
    let (id, reply) = think(&request);
    let plan = reply.actions.clone();
    let replied = pacer.reply(id, reply, 1200.0, Some(&table(&game))).unwrap();
    assert_eq!((replied.level, replied.outcome), (Level::Normal, Outcome::Planned));
    // The first step waits for the thinking cue (700 ms from the request at Normal speed).
    assert_eq!(pacer.next(1200.0, Speed::Normal, &table(&game), Level::Normal), Pace::WakeAt(1700.0));
    match pacer.next(1700.0, Speed::Normal, &table(&game), Level::Normal) {
        Pace::Steps(steps) => {
            assert_eq!(steps.iter().map(|a| a.canonical()).collect::<Vec<_>>(), vec![plan[0].canonical()]);
            game.apply(steps[0], &mut seeded(1)).unwrap();
        }
        other => panic!("the first step: {other:?}"),
    }
    // The next one a step's pause later (900 ms at Normal speed, 300 at Fast).
    if DayKey::of(&game).is_some_and(|k| k.start == 0) {
        assert_eq!(pacer.next(1800.0, Speed::Normal, &table(&game), Level::Normal), Pace::WakeAt(2600.0));
        assert_eq!(pacer.next(1800.0, Speed::Fast, &table(&game), Level::Normal), Pace::WakeAt(2000.0));
    }
}

#[test]
fn a_reply_to_an_earlier_request_or_for_a_day_gone_is_dropped() {
    let game = game();
    let mut pacer = Pacer::new(STEP_BY_STEP);
    let first = asked(pacer.next(0.0, Speed::Instant, &table(&game), Level::Normal));
    // The table is cleared (a new game): the answer to the first request is not wanted.
    pacer.forget();
    let second = asked(pacer.next(10.0, Speed::Instant, &table(&game), Level::Normal));
    let (id, reply) = think(&first);
    assert_eq!(pacer.reply(id, reply, 20.0, Some(&table(&game))), None, "an earlier request's answer");
    assert!(pacer.pending.is_some(), "the second still waits");
    // Its answer comes while the game has moved on (another game shown): stale, measured.
    let (id, reply) = think(&second);
    let replied = pacer.reply(id, reply, 30.0, None::<&Table>).unwrap();
    assert_eq!(replied.outcome, Outcome::Stale);
    assert!(pacer.plan.is_none() && pacer.pending.is_none());
    // And a Day that is not the one asked for is stale too.
    let third = asked(pacer.next(40.0, Speed::Instant, &table(&game), Level::Normal));
    let mut other = game.clone();
    let (day, _) = plan_whole_day_of(&game);
    for (i, &a) in day.iter().enumerate() {
        other.apply(a, &mut seeded(i as u64)).unwrap();
    }
    let (id, reply) = think(&third);
    assert_eq!(pacer.reply(id, reply, 50.0, Some(&table(&other))).unwrap().outcome, Outcome::Stale);
}

fn plan_whole_day_of(game: &Game) -> (Vec<Action>, u32) {
    crate::plan_whole_day(game, game.to_move(), Level::Normal, 1, 8).unwrap()
}

#[test]
fn a_plan_made_from_the_days_start_resumes_after_the_steps_taken() {
    let game = game();
    let (day, _) = plan_whole_day_of(&game);
    let mut pacer = Pacer::new(STEP_BY_STEP);
    let request = asked(pacer.next(0.0, Speed::Instant, &table(&game), Level::Normal));
    // One step of a plan from the start taken before the reply (a reload mid-Day): a plan
    // starting otherwise does not fit, and the Day is asked for again from here.
    let mut moved = game.clone();
    moved.apply(day[0], &mut seeded(0)).unwrap();
    let (id, reply) = think(&request);
    let fits = reply.actions[0].canonical() == day[0].canonical();
    let replied = pacer.reply(id, reply, 10.0, Some(&table(&moved))).unwrap();
    if fits {
        assert_eq!(replied.outcome, Outcome::Planned);
        assert!(pacer.plan.as_ref().is_some_and(|p| p.started));
    } else {
        let Outcome::AskedAgain(again) = replied.outcome else { panic!("{:?}", replied.outcome) };
        assert_eq!(again.id, RequestId::ComputerDay(2));
        assert_eq!(pacer.pending.as_ref().map(|p| (p.base, p.fallback)), Some((1, true)));
    }
}

#[test]
fn the_tablet_waits_before_asking_gets_the_whole_day_and_retries_after_a_failure() {
    let game = game();
    let mut pacer = Pacer::new(TABLET);
    // Due at 100: asked 700 ms later, not before.
    assert_eq!(pacer.next(100.0, Speed::Instant, &table(&game), Level::Normal), Pace::WakeAt(800.0));
    assert_eq!(pacer.next(799.0, Speed::Instant, &table(&game), Level::Normal), Pace::WakeAt(800.0));
    let request = asked(pacer.next(800.0, Speed::Instant, &table(&game), Level::Normal));
    // The worker is gone: the failure is kept, and the Day asked again 3 s later.
    let trapped = WorkerFailure::Stopped { said: "the worker trapped".into() };
    assert!(pacer.worker_failed(trapped.clone(), 900.0));
    assert!(!pacer.worker_failed(WorkerFailure::NotLoaded, 901.0), "nothing waits any more");
    assert_eq!(pacer.failed(), Some(&DayFailure::Worker(trapped)));
    assert_eq!(pacer.next(1000.0, Speed::Instant, &table(&game), Level::Normal), Pace::WakeAt(3900.0));
    let (id, late) = think(&request);
    assert_eq!(pacer.reply(id, late, 1000.0, Some(&table(&game))), None, "the failed request's late answer");
    let again = asked(pacer.next(3900.0, Speed::Instant, &table(&game), Level::Normal));
    let (id, reply) = think(&again);
    let plan = reply.actions.clone();
    assert_eq!(pacer.reply(id, reply, 4000.0, Some(&table(&game))).unwrap().outcome, Outcome::Planned);
    assert_eq!(pacer.failed(), None, "the notice goes once a Day is planned");
    assert_eq!(pacer.next(4000.0, Speed::Instant, &table(&game), Level::Normal), Pace::Steps(plan), "all at once");
}

#[test]
fn after_a_failure_the_page_waits_for_the_person() {
    let game = game();
    let mut pacer = Pacer::new(STEP_BY_STEP);
    let request = asked(pacer.next(0.0, Speed::Instant, &table(&game), Level::Normal));
    let (id, mut reply) = think(&request);
    reply.error = Some(BotError::NoPlan);
    let replied = pacer.reply(id, reply, 10.0, Some(&table(&game))).unwrap();
    assert_eq!(replied.outcome, Outcome::Failed(DayFailure::Planner(BotError::NoPlan)));
    assert_eq!(pacer.next(1e9, Speed::Instant, &table(&game), Level::Normal), Pace::Idle, "never by itself");
    pacer.retry();
    assert_eq!(pacer.failed(), None);
    assert!(matches!(pacer.next(1e9, Speed::Instant, &table(&game), Level::Normal), Pace::Ask(_)));
}

#[test]
fn a_day_asked_for_when_there_is_none_or_for_no_seat_is_refused_with_why() {
    let mut game = game();
    let level = Level::Normal;
    let no_seat = BotRequest::new(&game, 9, level, 0, 8, RequestId::ComputerDay(1)).unwrap_err();
    assert_eq!(DayFailure::from(no_seat).to_string(), "there is no seat 9 in this game");
    game.apply(Action::EndGameByAgreement, &mut lauzait_engine::randomness::seeded(0)).unwrap();
    let over = day_request(&table(&game), level, RequestId::ComputerDay(1), false);
    assert_eq!(over.map(|_| ()), Err(DayFailure::NoDay), "the game is over (R20)");
    let mut pacer = Pacer::new(STEP_BY_STEP);
    assert_eq!(pacer.next(0.0, Speed::Instant, &table(&game), level), Pace::Idle, "nothing to ask for");
}

#[test]
fn a_step_waits_for_the_thinking_cue_only_before_the_days_first() {
    assert_eq!(step_due(Speed::Normal, 1000.0, 1500.0, false), 2200.0);
    assert_eq!(step_due(Speed::Normal, 1000.0, 1500.0, true), 1900.0);
    assert_eq!(step_due(Speed::Instant, 1000.0, 1500.0, false), 1500.0);
}

/// A device that holds only the computer seat's view asks what the holder of the whole game
/// asks for that seat, from the Day's start and from mid-Day alike, and reads the same Day,
/// steps and choices from it: a computer seat plays the same whichever table it sits at.
#[test]
fn a_seats_view_is_paced_as_the_whole_game_is() {
    let mut game = game();
    for _ in 0..3 {
        let seat = game.to_move();
        let view = SeatView::new(&game.view(seat).unwrap());
        let whole = table(&game);
        let mine = SeatTable { view: &view, bot_seed: 5, playouts: 8 };
        assert_eq!(
            mine.day_key().map(|k| (k.season, k.day, k.seat)),
            whole.day_key().map(|k| (k.season, k.day, k.seat))
        );
        for from_here in [false, true] {
            let id = RequestId::ComputerDay(3);
            assert_eq!(
                mine.day_request(Level::Normal, id, from_here).unwrap(),
                whole.day_request(Level::Normal, id, from_here).unwrap(),
                "from here: {from_here}"
            );
        }
        assert_eq!(mine.legal_now(), whole.legal_now());
        assert_eq!(mine.taken_since(0), whole.taken_since(0));
        // Another seat's Day is not this device's to plan.
        let other = SeatView::new(&game.view(1 - seat).unwrap());
        let theirs = SeatTable { view: &other, bot_seed: 5, playouts: 8 };
        assert_eq!(theirs.day_request(Level::Normal, RequestId::ComputerDay(1), false), Err(DayFailure::NoDay));
        // One step into the Day, then the next Day.
        let first = whole.legal_now()[0];
        game.apply(first, &mut seeded(2)).unwrap();
        let view = SeatView::new(&game.view(seat).unwrap());
        let (mine, whole) = (SeatTable { view: &view, bot_seed: 5, playouts: 8 }, table(&game));
        assert_eq!(mine.taken_since(0), vec![first]);
        assert_eq!(
            mine.day_request(Level::Normal, RequestId::ComputerDay(4), true).unwrap(),
            whole.day_request(Level::Normal, RequestId::ComputerDay(4), true).unwrap()
        );
        assert_eq!(
            mine.day_request(Level::Normal, RequestId::ComputerDay(4), false).unwrap(),
            whole.day_request(Level::Normal, RequestId::ComputerDay(4), false).unwrap()
        );
        let (_, reply) = think(&whole.day_request(Level::Normal, RequestId::ComputerDay(5), true).unwrap().0);
        for action in reply.actions {
            game.apply(action, &mut seeded(3)).unwrap();
        }
    }
}
