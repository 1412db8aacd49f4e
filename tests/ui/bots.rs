//! The UI core's computer players, natively: what is asked of the worker and when, the
//! pace of their steps as a function of the clock the shell passes in, a table without
//! persons moving on by itself, and the replay viewer closed during their Day.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Seat, Status};
use lauzait_ui::driver::step_due;
use lauzait_ui::model::Overlay;
use lauzait_ui::play::pace::Speed;
use lauzait_ui::records::RecordsIntent;
use lauzait_ui::{Effect, Intent};

#[test]
fn pace_is_a_function_of_the_clock() {
    // The first step waits for the thinking cue; later ones only for the step's pause.
    assert_eq!(step_due(Speed::Normal, 1000.0, 1500.0, false), 2200.0);
    assert_eq!(step_due(Speed::Normal, 1000.0, 0.0, false), 1900.0);
    assert_eq!(step_due(Speed::Normal, 1000.0, 1500.0, true), 1900.0);
    assert_eq!(step_due(Speed::Fast, 1000.0, 1500.0, false), 1700.0);
    assert_eq!(step_due(Speed::Instant, 1000.0, 1500.0, false), 1500.0);
    assert_eq!(Speed::Instant.sticks_ms(), None, "no throw animation at instant speed");
}

/// A person (red) against a computer player (black) who moves first with seed 3.
pub(crate) fn person_and_bot() -> Table {
    for seed in 1..50 {
        let t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Normal))], seed);
        if t.model.bot_day() {
            return t;
        }
    }
    panic!("no seed lets the computer player start");
}

#[test]
fn a_computer_players_day_is_asked_for_once_then_shown_step_by_step() {
    let mut t = person_and_bot();
    assert!(t.effects.contains(&Effect::StartWorker), "the worker starts as soon as a computer player sits down");
    assert_eq!(t.posted.len(), 1, "one request for the Day");
    assert!(t.model.thinking());
    assert_eq!(t.model.thinking_seat(), Some(t.model.game().unwrap().to_move()));
    // Nothing more is asked while it thinks, however often time passes.
    t.wait(10.0);
    assert_eq!(t.posted.len(), 1);
    let log = t.model.game().unwrap().log().len();
    t.answer_worker();
    assert!(!t.model.thinking());
    // The first step waits for the thinking cue (0.7 s at normal speed from the request).
    assert_eq!(t.model.game().unwrap().log().len(), log, "not yet");
    let wake = t.effects.iter().rev().find_map(|e| match e {
        Effect::Wake(ms) => Some(*ms),
        _ => None,
    });
    let due = wake.flatten().expect("a wake-up is asked for");
    assert!(due > 0.0 && due <= 900.0, "{due}");
    t.wait(due);
    assert_eq!(t.model.game().unwrap().log().len(), log + 1, "one step at a time");
    assert!(t.model.play.legal.discards.is_empty(), "nothing is offered during a computer player's Day");
    t.wait(900.0);
    assert_eq!(t.model.game().unwrap().log().len(), log + 2);
    t.let_bots_play();
    assert!(!t.model.bot_day());
    assert_eq!(t.model.overlay, Overlay::None, "one person: no hand-over after the computer's Day");
}

#[test]
fn a_dialog_pauses_the_computer_players() {
    let mut t = person_and_bot();
    t.answer_worker();
    t.intent(Intent::Menu);
    let log = t.model.game().unwrap().log().len();
    t.wait(10_000.0);
    assert_eq!(t.model.game().unwrap().log().len(), log, "the menu pauses them");
    t.intent(Intent::Close);
    t.wait(1000.0);
    assert!(t.model.game().unwrap().log().len() > log, "they go on once it is closed");
}

#[test]
fn closing_the_replay_viewer_during_a_computer_players_day_goes_back_to_the_table() {
    // The replay-close bug: the viewer closed to a hand-over (and paused the computer
    // player) although the Day was a computer player's and one person plays.
    let mut t = person_and_bot();
    t.answer_worker();
    t.wait(1000.0);
    assert!(t.model.bot_day());
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::ReplayOwn));
    assert!(t.model.table.is_replay());
    t.wait(5000.0);
    t.intent(Intent::Records(RecordsIntent::ReplayClose));
    assert_eq!(t.model.overlay, Overlay::None, "no needless hand-over");
    // Its Day is under way (one step taken), so it has a step still to take.
    assert!(t.model.bot_day(), "the computer player's Day is not over yet");
    assert!(!t.model.game().unwrap().day().steps.is_empty(), "and has begun");
    let log = t.model.game().unwrap().log().len();
    t.answer_worker();
    t.wait(2000.0);
    t.answer_worker();
    t.wait(2000.0);
    assert!(t.model.game().unwrap().log().len() > log, "the computer player goes on");
}

#[test]
fn closing_the_replay_viewer_during_the_single_persons_day_shows_no_hand_over() {
    let mut t = person_and_bot();
    t.let_bots_play();
    assert!(t.model.interactive());
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::ReplayOwn));
    t.intent(Intent::Records(RecordsIntent::ReplayClose));
    assert_eq!(t.model.overlay, Overlay::None);
    assert!(t.model.interactive(), "the person's Day goes on at once");
}

#[test]
fn computer_players_alone_play_the_whole_game_by_themselves() {
    let mut t = Table::new_game(&[(Seat::Red, Some(Level::Easy)), (Seat::Black, Some(Level::Easy))], 11);
    t.intent(Intent::Speed(lauzait_ui::play::pace::Speed::Instant));
    for _ in 0..20_000 {
        if matches!(t.status(), Status::GameOver { .. }) && t.model.overlay == Overlay::Final {
            break;
        }
        t.answer_worker();
        t.wait(10.0);
    }
    assert!(matches!(t.status(), Status::GameOver { .. }), "the game ends");
    assert_eq!(t.model.overlay, Overlay::Final);
    assert!(!t.model.hand_face_up() || t.model.game().unwrap().results().last().is_some());
}

#[test]
fn a_worker_the_browser_will_not_start_is_said_in_the_persons_language_with_the_browsers_words() {
    use lauzait_autoplay::{DayFailure, WorkerFailure};
    use lauzait_ui::i18n::Lang;
    let mut t = person_and_bot();
    t.intent(Intent::Lang(Lang::Ja));
    let refused = WorkerFailure::Start { said: "SecurityError".into() };
    t.send(lauzait_ui::Msg::WorkerFailed(refused.clone()));
    assert_eq!(t.model.play.driver.error(), Some(&DayFailure::Worker(refused)));
    let prompt = t.model.prompt();
    assert!(prompt.contains("ワーカーを起動しませんでした") && prompt.contains("SecurityError"), "{prompt}");
    assert!(!prompt.contains("the browser"), "no English: {prompt}");
}

#[test]
fn a_failed_worker_says_so_and_retry_starts_a_fresh_one() {
    let mut t = person_and_bot();
    t.send(lauzait_ui::Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::NotLoaded));
    assert!(t.model.play.driver.error().is_some());
    assert!(t.model.prompt().contains("could not"));
    t.posted.clear();
    let before = t.effects.len();
    t.intent(Intent::BotRetry);
    let after = &t.effects[before..];
    assert!(after.contains(&Effect::StopWorker));
    assert!(after.contains(&Effect::StartWorker), "a fresh worker");
    assert_eq!(t.posted.len(), 1, "and the Day is asked for again");
}

/// Changes a text on its way to or from the worker.
type Spoil = fn(&str) -> String;

/// The worker's answer to what `t` posted last, after `spoil` changed the request's text.
fn answer_spoiled(t: &mut Table, spoil: Spoil) -> String {
    let posted = t.posted.pop().expect("a request was posted");
    lauzait_autoplay::answer(&spoil(&posted), || 0.0)
}

#[test]
fn a_reply_to_no_request_fails_the_waiting_day_instead_of_waiting_forever() {
    use lauzait_ui::Msg;
    // The worker could not read the request (it answers with no request's id), or what it
    // posted is not a reply: either way nothing will ever answer the Day that waits.
    let cases: [(&str, Spoil); 2] = [
        ("unreadable request", |text| text.replacen("bot1", "bot0", 1)),
        ("unreadable reply", |_| "bot-reply1\nid day 1\nplans 1".to_string()),
    ];
    for (why, spoil) in cases {
        let mut t = person_and_bot();
        let said = answer_spoiled(&mut t, spoil);
        let said = if why == "unreadable reply" { spoil(&said) } else { said };
        let before = t.effects.len();
        t.send(Msg::WorkerText(said));
        assert!(t.effects[before..].contains(&Effect::StopWorker), "{why}: the worker is stopped");
        assert!(
            t.model.play.driver.error().is_some_and(|e| e.to_string().starts_with(why)),
            "{why}: {:?}",
            t.model.play.driver.error()
        );
        assert!(!t.model.thinking(), "{why}: no one is thinking any more");
        assert!(t.model.prompt().contains("could not"), "{why}");
        // Retry: a fresh worker, the Day asked again, and this time answered.
        t.intent(Intent::BotRetry);
        assert_eq!(t.posted.len(), 1, "{why}");
        t.answer_worker();
        assert!(t.model.play.driver.error().is_none() && !t.model.thinking(), "{why}");
    }
}

#[test]
fn a_failed_worker_gives_up_the_hint_asked_and_it_can_be_asked_again() {
    use lauzait_ui::learn::coach::HintState;
    use lauzait_ui::learn::LessonIntent;
    use lauzait_ui::Msg;
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 7);
    t.intent(Intent::Learn(LessonIntent::Coach));
    t.intent(Intent::Ready);
    t.posted.clear();
    t.intent(Intent::Learn(LessonIntent::CoachHint));
    assert!(matches!(t.model.learn().coach.hint, HintState::Asked { .. }));
    let said = answer_spoiled(&mut t, |text| text.replacen("level ", "level x", 1));
    t.send(Msg::WorkerText(said));
    assert_eq!(t.model.learn().coach.hint, HintState::None, "not left thinking");
    assert!(t.effects.contains(&Effect::StopWorker));
    assert!(t.model.play.driver.error().is_none(), "no computer player was waiting: none is stopped");
    t.intent(Intent::Learn(LessonIntent::CoachHint));
    assert_eq!(t.posted.len(), 1, "asked again");
    t.answer_worker();
    assert!(matches!(t.model.learn().coach.hint, HintState::Shown { .. }));
}

#[test]
fn a_worker_failure_with_nothing_waiting_in_a_game_of_persons_tells_nobody() {
    use lauzait_ui::Msg;
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 7);
    t.intent(Intent::Ready);
    let prompt = t.model.prompt();
    let before = t.effects.len();
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "RuntimeError: unreachable".into() }));
    assert!(t.model.play.driver.error().is_none(), "no computer player to stop");
    assert_eq!(t.model.prompt(), prompt, "the Day's prompt stays");
    let after = &t.effects[before..];
    assert!(
        after.iter().any(|e| matches!(e, Effect::Log(text) if text.contains("unreachable"))),
        "kept in the console"
    );
    assert!(!after.contains(&Effect::StartWorker), "nobody needs a worker now");
}

#[test]
fn a_worker_failure_during_a_persons_day_stops_the_seated_computer_player_once() {
    use lauzait_ui::Msg;
    let mut t = person_and_bot();
    t.let_bots_play();
    assert!(t.model.interactive(), "the person's Day: nothing waits for the worker");
    let before = t.effects.len();
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "RuntimeError: unreachable".into() }));
    assert!(t.model.play.driver.error().is_some(), "its worker is gone: said, with a retry");
    assert!(!t.effects[before..].contains(&Effect::StartWorker), "not restarted over and over");
}
