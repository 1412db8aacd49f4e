//! The UI core's visibility policy (R40) and hand-over, natively: a concealed hand is
//! never face up for the wrong person, through Days, reloads, the menu, the records dialog
//! and the replay viewer. The harness checks the rule after every message; these tests walk
//! the paths where it could break and check the screens.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Seat, Status};
use lauzait_ui::model::Overlay;
use lauzait_ui::msg::Key;
use lauzait_ui::records::{Link, RecordsIntent};
use lauzait_ui::{Effect, Intent, Msg};

#[test]
fn r40_two_persons_hand_over_before_every_day() {
    let mut t = Table::two_persons();
    for day in 0..6 {
        assert_eq!(t.model.overlay, Overlay::HandOver, "Day {day} starts behind the hand-over");
        assert!(!t.model.hand_face_up());
        assert!(!t.model.interactive(), "nothing can be chosen behind the hand-over");
        t.intent(Intent::Ready);
        assert_eq!(t.model.overlay, Overlay::None);
        assert!(t.model.hand_face_up(), "after the tap the player to move sees their hand");
        t.play_day_by_taps();
    }
}

#[test]
fn r40_a_reload_mid_day_goes_back_behind_the_hand_over() {
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    t.intent(Intent::Ready);
    let first = t.model.play.legal.discards[0];
    let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(first)).unwrap();
    t.send(Msg::Tap(lauzait_ui::model::Target::Hand(i)));
    let log = t.model.game().unwrap().log().to_vec();
    let reloaded = t.reload();
    assert_eq!(reloaded.model.game().unwrap().log(), &log[..], "the save holds the Day's steps");
    assert_eq!(reloaded.model.overlay, Overlay::HandOver);
    assert!(!reloaded.model.hand_face_up());
}

#[test]
fn r40_menu_and_records_dialog_keep_the_hand_with_its_person() {
    let mut t = Table::two_persons();
    // Behind the hand-over, the menu and back: still behind it.
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Menu);
    assert!(!t.model.hand_face_up());
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::HandOver);
    // The person whose Day it is opens the menu and the links dialog, then comes back.
    t.intent(Intent::Ready);
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::Links));
    assert_eq!(t.model.overlay, Overlay::Records);
    t.intent(Intent::Records(RecordsIntent::Copy(Link::Record)));
    assert!(t.effects.iter().any(|e| matches!(e, Effect::Copy { field, .. } if field == "link-record")));
    t.send(Msg::DialogEscape);
    assert_eq!(t.model.overlay, Overlay::None);
    assert!(t.model.hand_face_up(), "the same person's Day goes on");
}

#[test]
fn r40_the_replay_viewer_shows_no_hand_of_a_game_under_way_and_closes_to_the_hand_over() {
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    t.intent(Intent::Ready);
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::ReplayOwn));
    assert!(t.model.table.is_replay());
    assert!(!t.model.hand_face_up(), "a replay of a game under way keeps hands face down");
    for _ in 0..5 {
        t.send(Msg::Key(Key::Left));
        assert!(!t.model.hand_face_up());
    }
    let saves_before = t.effects.iter().filter(|e| matches!(e, Effect::Save(_))).count();
    t.intent(Intent::Records(RecordsIntent::ReplayClose));
    let saves_after = t.effects.iter().filter(|e| matches!(e, Effect::Save(_))).count();
    assert_eq!(saves_before, saves_after, "the viewer never saves");
    assert_eq!(t.model.overlay, Overlay::HandOver, "someone else may have looked: hand over again");
    assert!(t.effects.contains(&Effect::ClearFragment));
}

#[test]
fn r40_a_single_person_keeps_their_own_hand_through_computer_players_days() {
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 7);
    for _ in 0..4 {
        if t.model.bot_day() {
            assert_eq!(t.model.hand_owner(), Some(0), "the person's own hand stays in the hand area");
            assert!(t.model.hand_face_up());
            t.let_bots_play();
        }
        if t.status() != Status::Playing {
            break;
        }
        assert_ne!(t.model.overlay, Overlay::HandOver, "no hand-over with one person");
        t.play_day_by_taps();
    }
}

#[test]
fn r40_open_hands_shows_every_hand_without_hand_over() {
    // Chosen in the new-game form: with two persons it is not switched on mid-game.
    let mut t = Table::two_persons();
    t.intent(Intent::NewGame);
    t.intent(Intent::Confirm);
    t.send(Msg::OpenHands(true));
    t.intent(Intent::Start);
    assert!(t.model.prefs.open_hands);
    t.play_day_by_taps();
    assert_eq!(t.model.overlay, Overlay::None, "no hand-over with open hands");
    assert!(t.model.hand_face_up());
}
