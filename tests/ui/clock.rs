//! The harness's clock is the page's (`src/web/shell.rs`): time passing sends the model
//! nothing unless it asked to be woken ([`Effect::Wake`], one timer, the last wake-up
//! asked for replacing the earlier ones) or is animating (the page's frames). A model that
//! forgets to ask for its wake-up stalls the page; these tests show that it now stalls
//! here too, so the UI tests can tell an honest model from a forgetful one.

use crate::bots::person_and_bot;
use crate::harness::{Table, FRAME_MS};
use lauzait_bots::Level;
use lauzait_engine::Seat;
use lauzait_ui::model::Overlay;
use lauzait_ui::play::animation::MOVE_MS;
use lauzait_ui::play::pace::Speed;
use lauzait_ui::{Effect, Intent};

/// The last wake-up the model asked for (`Some(None)`: it cancelled the timer).
fn last_wake(t: &Table) -> Option<Option<f64>> {
    t.effects.iter().rev().find_map(|e| match e {
        Effect::Wake(ms) => Some(*ms),
        _ => None,
    })
}

#[test]
fn time_passing_sends_nothing_when_nothing_is_due() {
    let mut t = Table::two_persons();
    t.intent(Intent::Ready);
    assert!(t.model.interactive(), "a person's Day: nobody but them moves the game on");
    assert_eq!(last_wake(&t), Some(None), "the model asks for no wake-up");
    let (sent, start) = (t.sent, t.now);
    t.wait(60_000.0);
    assert_eq!(t.sent, sent, "a minute passes and the model hears nothing");
    assert_eq!(t.now, start + 60_000.0, "the clock stands at the end");
}

/// A move shown ends on the page's animation frames, which come whatever the model asked
/// for: an animation needs no wake-up, on the page as here.
#[test]
fn an_animation_ends_on_the_frames_without_a_wake_up() {
    let mut t = Table::two_persons().forgetful();
    t.play_day_by_taps();
    assert!(t.model.play.motion.is_some(), "the Hiring is being shown");
    let sent = t.sent;
    t.wait(MOVE_MS + FRAME_MS);
    assert!(t.model.play.motion.is_none(), "the frames ended it");
    assert!(t.sent > sent + 1, "one tick a frame while it lasted");
    let sent = t.sent;
    t.wait(10_000.0);
    assert_eq!(t.sent, sent, "and none once it is over");
}

#[test]
fn the_last_wake_up_asked_for_replaces_the_earlier_one() {
    let mut t = person_and_bot();
    t.answer_worker();
    let due = t.wake_at.expect("the plan's first step is due later");
    assert!(due > t.now);
    // The menu pauses the computer player: its wake-up cancels the step's.
    t.intent(Intent::Menu);
    assert_eq!(last_wake(&t), Some(None));
    assert_eq!(t.wake_at, None, "the timer is cleared, as on the page");
    let (sent, log) = (t.sent, t.model.game().unwrap().log().len());
    t.wait(10_000.0);
    assert_eq!(t.sent, sent, "nothing wakes the paused table");
    assert_eq!(t.model.game().unwrap().log().len(), log);
    // Closed, the model asks again, and only then the step comes.
    t.intent(Intent::Close);
    assert!(t.wake_at.is_some(), "a new wake-up");
    t.wait(1000.0);
    assert!(t.model.game().unwrap().log().len() > log, "the step came at the time asked for");
}

#[test]
fn a_computer_players_day_completes_only_with_the_wake_ups_it_asked_for() {
    let mut honest = person_and_bot();
    let mut forgetful = person_and_bot().forgetful();
    let log = honest.model.game().unwrap().log().len();
    assert_eq!(forgetful.model.game().unwrap().log().len(), log, "the same table");
    for t in [&mut honest, &mut forgetful] {
        t.answer_worker();
        t.wait(30_000.0);
    }
    assert!(!honest.model.bot_day(), "the honest shell: the computer player's Day is over");
    assert!(honest.model.game().unwrap().log().len() > log);
    assert!(honest.model.interactive(), "and the person's Day is on the table");
    // The page's stall: the plan is there, its first step is due, and nobody says so.
    assert!(forgetful.model.bot_day(), "the forgetful shell: the Day never goes on");
    assert_eq!(forgetful.model.game().unwrap().log().len(), log, "not one step taken");
    assert!(!forgetful.model.thinking(), "the plan came back: only the wake-up is missing");
}

/// Every test that lets the computer players play goes through this helper: with a shell
/// that drops the wake-ups it fails instead of passing on free ticks.
#[test]
#[should_panic(expected = "the computer players never finished their Days")]
fn letting_the_computer_players_play_fails_on_a_forgetful_shell() {
    let mut t = person_and_bot().forgetful();
    t.let_bots_play();
}

/// Two computer players alone at fast speed, played (wake-ups only) until their first
/// Season's scoring screen, which nobody is there to close.
fn bots_alone_at_scoring() -> Table {
    let mut t = Table::new_game(&[(Seat::Red, Some(Level::Easy)), (Seat::Black, Some(Level::Easy))], 11);
    t.intent(Intent::Speed(Speed::Fast));
    for _ in 0..5_000 {
        if t.model.overlay == Overlay::Scoring {
            return t;
        }
        t.answer_worker();
        t.wait(100.0);
    }
    panic!("the first Season never reached its scoring");
}

#[test]
fn with_nobody_at_the_table_the_scoring_screen_moves_on_only_when_woken() {
    let mut honest = bots_alone_at_scoring();
    let mut forgetful = bots_alone_at_scoring().forgetful();
    let pause = Speed::Fast.pause_ms();
    assert_eq!(last_wake(&honest), Some(Some(pause)), "the pause's end is asked for");
    honest.wait(pause);
    assert_eq!(honest.model.overlay, Overlay::SeasonSummary, "the honest shell: on to the Season's end");
    forgetful.wait(10.0 * pause);
    assert_eq!(forgetful.model.overlay, Overlay::Scoring, "the forgetful shell: stuck on the scoring");
}
