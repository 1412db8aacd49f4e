//! The safe last step of a Day (issue "A first game that feels right on every screen"):
//! with "confirm the last step" on (by default, mouse or touch), choosing a destination
//! previews the capture and waits; a mis-tap can be taken back, a second tap or Confirm
//! ends the Day. The preference is saved with the others.

use crate::harness;

use harness::{boot, Table};
use lauzait_engine::{Phase, Square};
use lauzait_ui::model::{Overlay, Target};
use lauzait_ui::msg::Key;
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::{Intent, Model, Msg};

/// Takes the person's Day on the table to the choice of a destination (R12.1–R12.4).
fn to_moving(t: &mut Table) {
    if t.model.overlay == Overlay::HandOver {
        t.intent(Intent::Ready);
    }
    let p = t.model.play.legal.discards[0];
    let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(p)).unwrap();
    t.send(Msg::Tap(Target::Hand(i)));
    let from = t.model.play.legal.movers[0];
    t.send(Msg::Tap(Target::Square(from)));
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Moving { .. })));
}

/// Two persons; red's Day taken to the choice of a destination.
fn at_destination(confirm: bool) -> Table {
    let mut t = Table::two_persons();
    if confirm != t.model.confirm_last() {
        t.intent(Intent::ConfirmPref);
    }
    to_moving(&mut t);
    t
}

fn dry(t: &Table) -> Square {
    let d = &t.model.play.legal.destinations;
    *d.iter().find(|s| !s.is_water()).unwrap_or(&d[0])
}

#[test]
fn the_confirmation_is_on_for_a_first_game_until_switched_off_and_is_saved() {
    let mut b = boot(Loaded::Nothing);
    b.touch = true;
    assert!(Model::new(b).0.confirm_last(), "on by default on a touch screen");
    let mut t = Table::two_persons();
    assert!(t.model.confirm_last(), "on by default with a mouse too");
    t.intent(Intent::ConfirmPref);
    assert!(!t.model.confirm_last(), "off in the menu");
    let text = t.saved.clone().expect("saved");
    assert!(text.contains("\"confirm\":false"), "{text}");
    assert!(!t.reload().model.confirm_last(), "kept off over a reload");
    match save::parse(&text) {
        Loaded::Save(s) => assert_eq!(s.confirm, Some(false)),
        _ => panic!("the save reads"),
    }
    t.intent(Intent::ConfirmPref);
    assert!(t.model.confirm_last(), "and on again");
    assert!(t.reload().model.confirm_last(), "kept on over a reload");
}

#[test]
fn a_mis_tapped_destination_is_previewed_and_taken_back() {
    let mut t = at_destination(true);
    let day = t.model.game().unwrap().season().day.number;
    let to = dry(&t);
    let taken = t.model.game().unwrap().day().board.get(to).expect("R12.4: every destination holds a piece");
    t.send(Msg::Tap(Target::Square(to)));
    assert_eq!(t.model.play.pending, Some(to), "the Day waits");
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Moving { .. })), "nothing was applied yet");
    let words = lauzait_ui::i18n::piece(t.model.lang, taken);
    assert!(t.model.play.live.contains(&format!("{words} on {to} comes into your hand")), "{}", t.model.play.live);
    let prompt = t.model.prompt();
    assert!(prompt.contains("comes into your hand") && prompt.contains("Confirm"), "{prompt}");
    // Taken back: Escape (or Not this one) drops the choice, the piece still waits to move.
    t.send(Msg::Key(Key::Back));
    assert_eq!(t.model.play.pending, None);
    assert!(matches!(t.model.play.legal.phase, Some(Phase::Moving { .. })), "Escape drops only the destination");
    t.send(Msg::Tap(Target::Square(to)));
    t.intent(Intent::CancelHire);
    assert_eq!(t.model.play.pending, None);
    // Another destination replaces the first; a second tap on it ends the Day.
    t.send(Msg::Tap(Target::Square(to)));
    let other = t.model.play.legal.destinations.iter().copied().find(|&s| s != to);
    if let Some(other) = other {
        t.send(Msg::Tap(Target::Square(other)));
        assert_eq!(t.model.play.pending, Some(other));
    }
    let last = t.model.play.pending.unwrap();
    t.send(Msg::Tap(Target::Square(last)));
    assert_eq!(t.model.play.pending, None);
    let g = t.model.game().unwrap();
    assert!(g.season().day.number > day || t.model.play.anim.is_some(), "the second tap ended the Day");
}

#[test]
fn confirm_ends_the_day_and_water_says_the_sticks_decide() {
    let mut t = at_destination(true);
    let to = dry(&t);
    t.send(Msg::Tap(Target::Square(to)));
    let day = t.model.game().unwrap().season().day.number;
    t.intent(Intent::ConfirmHire);
    assert_eq!(t.model.play.pending, None);
    assert!(t.model.game().unwrap().season().day.number > day);
    assert_eq!(t.model.overlay, Overlay::HandOver);
    // Water: play on until a Day offers a Water destination (R12.6).
    let mut t = at_destination(true);
    for _ in 0..60 {
        if let Some(&w) = t.model.play.legal.destinations.iter().find(|s| s.is_water()) {
            t.send(Msg::Tap(Target::Square(w)));
            assert!(t.model.play.live.contains("the sticks decide, even odds"), "{}", t.model.play.live);
            return;
        }
        let to = dry(&t);
        t.send(Msg::Tap(Target::Square(to)));
        t.send(Msg::Tap(Target::Square(to)));
        if t.model.play.anim.is_some() {
            t.wait(10_000.0);
        }
        if t.model.game().unwrap().status() != lauzait_engine::Status::Playing {
            break;
        }
        to_moving(&mut t);
    }
    panic!("no Water destination was offered in 60 Days");
}

#[test]
fn without_the_confirmation_the_tap_ends_the_day_at_once() {
    let mut t = at_destination(false);
    let to = dry(&t);
    let day = t.model.game().unwrap().season().day.number;
    t.send(Msg::Tap(Target::Square(to)));
    assert_eq!(t.model.play.pending, None);
    assert!(t.model.game().unwrap().season().day.number > day);
}

#[test]
fn the_hand_is_heard_as_the_day_starts_and_scores_on_request() {
    let mut t = Table::two_persons();
    t.send(Msg::Key(Key::ReadHand));
    assert!(t.model.play.live.contains("hidden"), "no hand before the hand-over: {}", t.model.play.live);
    t.intent(Intent::Ready);
    let g = t.model.game().unwrap();
    let first = g.day().hand.concealed.pieces().next().unwrap();
    let words = lauzait_ui::i18n::piece(t.model.lang, first);
    assert!(t.model.play.live.contains("'s hand: ") && t.model.play.live.contains(&words), "{}", t.model.play.live);
    t.send(Msg::Key(Key::ReadScores));
    assert!(t.model.play.live.contains("0 pts") && t.model.play.live.contains("9 concealed"), "{}", t.model.play.live);
    let before = t.model.play.live.clone();
    t.send(Msg::Key(Key::ReadScores));
    assert_eq!(t.model.play.live, before, "asked again, said again");
}
