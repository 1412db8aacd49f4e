//! Lessons at the table, as a learner plays them: by taps and buttons on the same table as
//! the game, judged by the engine; a wrong try explained with its rule id; progress kept
//! under its own key and the saved game never touched.

use crate::harness;

use harness::Table;
use lauzait_engine::{Action, Game};
use lauzait_learn::lessons::{actions, LessonId};
use lauzait_ui::learn::{LearnMsg, LessonIntent, Progress, PROGRESS_KEY};
use lauzait_ui::model::{Overlay, Target};
use lauzait_ui::save::Loaded;
use lauzait_ui::storage_refusal::StorageRefusal;
use lauzait_ui::{Effect, Intent, Msg};

/// One action as the learner makes it: a tap on the table or a button.
pub(super) fn by_hand(t: &mut Table, action: Action) {
    match action {
        Action::Discard { piece } => {
            let i = t.model.device.layout.hand.iter().position(|h| h.piece == Some(piece)).expect("in the hand");
            t.send(Msg::Tap(Target::Hand(i)));
        }
        Action::Move { from } => {
            t.send(Msg::Tap(Target::Square(from)));
        }
        Action::Capture { to } => t.tap_destination(to),
        Action::Form { pieces, reading } => {
            t.intent(Intent::Form);
            let forms = t.model.play.legal.forms.clone();
            let i = forms.iter().position(|f| f.pieces == pieces).expect("offered");
            let j = forms[i].readings.iter().position(|r| r.reading == reading).expect("a reading");
            t.intent(Intent::FormPick(i, j));
        }
        Action::Dissolve { department } => {
            t.send(Msg::Tap(Target::Dept(department)));
            t.intent(Intent::DissolvePick(department));
        }
        Action::Declare => {
            t.intent(Intent::Declare);
            t.intent(Intent::DeclareConfirm);
        }
        Action::DeclareStalemate => {
            t.intent(Intent::Stalemate);
        }
        other => panic!("no lesson asks for {other:?}"),
    }
}

fn learn(t: &mut Table, l: LessonIntent) {
    t.intent(Intent::Learn(l));
}

fn saves(t: &Table) -> usize {
    t.saves()
}

#[test]
fn every_lesson_is_completed_by_taps_and_kept_in_its_own_key() {
    let mut t = Table::open(Loaded::Nothing);
    learn(&mut t, LessonIntent::Open);
    assert_eq!(t.model.overlay, Overlay::Lessons);
    for id in LessonId::ALL {
        learn(&mut t, LessonIntent::Start(id));
        assert_eq!(t.model.overlay, Overlay::None, "{id:?}");
        assert!(t.model.interactive(), "{id:?}: the learner's hand is on the table");
        for action in actions(id.lesson().solution).unwrap() {
            by_hand(&mut t, action);
        }
        if t.model.play.anim.is_some() {
            t.wait(2000.0);
        }
        t.let_bots_play();
        assert_eq!(t.model.overlay, Overlay::LessonDone, "{id:?}: {:?}", t.model.message);
        assert!(t.model.learn().progress.is_done(id));
        let progress = t.effects.iter().rev().find_map(|e| match e {
            Effect::SaveProgress(text) => Some(text.clone()),
            _ => None,
        });
        assert!(progress.unwrap().contains(id.code()));
    }
    assert_eq!(saves(&t), 0, "a lesson never writes the save");
    // The progress read back (a reload).
    let text = t.model.learn().progress.encode();
    assert_eq!(Progress::parse(&text).done, LessonId::ALL.to_vec());
    assert!(PROGRESS_KEY != lauzait_ui::save::KEY);
}

#[test]
fn a_wrong_try_resets_the_table_with_the_hint_and_rule() {
    let mut t = Table::open(Loaded::Nothing);
    learn(&mut t, LessonIntent::Start(LessonId::Colour));
    for action in actions(LessonId::Colour.lesson().wrong).unwrap() {
        by_hand(&mut t, action);
    }
    let message = t.model.message.clone().expect("the hint");
    assert!(message.error);
    assert!(message.text.contains("(R12.2)"), "{}", message.text);
    assert!(t.model.play.live.contains("White 6"), "narrated: {}", t.model.play.live);
    assert!(t.model.game().unwrap().log().is_empty(), "the table is as the lesson began");
    assert!(!t.model.learn().progress.is_done(LessonId::Colour));
    assert!(t.model.interactive());
}

#[test]
fn an_illegal_tap_is_explained_by_the_engine() {
    let mut t = Table::open(Loaded::Nothing);
    learn(&mut t, LessonIntent::Start(LessonId::Stalemate));
    t.send(Msg::Tap(Target::Hand(0)));
    assert!(t.model.message.as_ref().unwrap().text.contains("R12.3"));
}

#[test]
fn the_game_at_the_table_is_set_aside_and_given_back() {
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    let before: Game = t.model.game().unwrap().clone();
    let saves_before = saves(&t);
    t.intent(Intent::Menu);
    learn(&mut t, LessonIntent::Open);
    learn(&mut t, LessonIntent::Start(LessonId::Board));
    for action in actions(LessonId::Board.lesson().solution).unwrap() {
        by_hand(&mut t, action);
    }
    assert_eq!(t.model.overlay, Overlay::LessonDone);
    learn(&mut t, LessonIntent::Leave);
    assert_eq!(saves(&t), saves_before, "the save was not written during the lesson");
    assert_eq!(t.model.game().unwrap().log(), before.log());
    assert_ne!(t.model.overlay, Overlay::LessonDone);
}

#[test]
fn the_learn_fragment_opens_the_lessons() {
    let mut t = Table::open(Loaded::Nothing);
    t.open_fragment("#learn");
    assert_eq!(t.model.overlay, Overlay::Lessons);
    t.send(Msg::DialogEscape);
    assert_eq!(t.model.overlay, Overlay::NewGame);
}

#[test]
fn unreadable_progress_is_a_new_learner() {
    for text in ["", "{", "[1,2]", "{\"format\":\"x\",\"version\":1,\"done\":[]}", &"x".repeat(100_000)] {
        let l = Progress::parse(text);
        assert!(l.done.is_empty() && !l.coach);
    }
    let l = Progress::parse(
        r#"{"format":"lauzait-cep-learn","version":1,"done":["water","nonsense","board"],"coach":true}"#,
    );
    assert_eq!(l.done, vec![LessonId::Board, LessonId::Water]);
    assert!(l.coach);
}

#[test]
fn r40_the_coach_is_off_by_default_and_reads_only_the_persons_view() {
    use lauzait_autoplay::BotRequest;
    use lauzait_engine::SeatView;
    use lauzait_ui::learn::coach::HintState;
    let mut t = Table::new_game(
        &[(lauzait_engine::Seat::Red, None), (lauzait_engine::Seat::Black, Some(lauzait_bots::Level::Easy))],
        77,
    );
    t.let_bots_play();
    assert!(t.model.learn().coach.advice().is_none(), "off by default");
    learn(&mut t, LessonIntent::Coach);
    let me = t.model.game().unwrap().to_move();
    let advice = t.model.learn().coach.advice().expect("on for the person's Day").clone();
    let game = t.model.game().unwrap().clone();
    let view = game.view(me).unwrap();
    assert_eq!(Some(advice.clone()), lauzait_learn::coach::advise(&view));
    // The hint goes to the worker as the seat's view only, and comes back explained.
    t.posted.clear();
    learn(&mut t, LessonIntent::CoachHint);
    assert!(matches!(t.model.learn().coach.hint, HintState::Asked { .. }));
    let request = BotRequest::from_text(&t.posted[0]).unwrap();
    assert_eq!(request.view, SeatView::new(&view));
    t.answer_worker();
    let HintState::Shown { hint, .. } = t.model.learn().coach.hint.clone() else {
        panic!("{:?}", t.model.learn().coach.hint)
    };
    assert!(t.model.game().unwrap().clone().apply(hint.action, &mut lauzait_engine::randomness::seeded(1)).is_ok());
    assert!(t.model.play.live.starts_with("Hint: "), "{}", t.model.play.live);
    assert_eq!(Some(hint), lauzait_learn::coach::hint(&view, lauzait_bots::DEFAULT_PLAYOUTS));
    // A computer player's Day: no coach.
    t.play_day_by_taps();
    if t.model.bot_day() {
        assert!(t.model.learn().coach.advice().is_none());
    }
    t.let_bots_play();
    assert!(t.model.learn().coach.advice().is_some());
    assert_eq!(t.model.learn().coach.hint, HintState::None, "a new Day forgets the old hint");
    // The switch is kept with the progress.
    let kept = t.effects.iter().rev().find_map(|e| match e {
        Effect::SaveProgress(text) => Some(text.clone()),
        _ => None,
    });
    assert!(Progress::parse(&kept.unwrap()).coach);
}

#[test]
fn the_coach_is_on_in_the_lessons() {
    let mut t = Table::open(Loaded::Nothing);
    learn(&mut t, LessonIntent::Start(LessonId::Board));
    let advice = t.model.learn().coach.advice().expect("on in a lesson");
    assert!(!advice.discards.is_empty());
}

#[test]
fn the_coach_follows_each_lesson_table() {
    // Every lesson starts at Season 1, Day 1: the coach's numbers are still each table's own.
    let mut t = Table::open(Loaded::Nothing);
    for id in LessonId::ALL {
        learn(&mut t, LessonIntent::Start(id));
        let game = t.model.game().unwrap().clone();
        let view = game.view(game.to_move()).unwrap();
        assert_eq!(t.model.learn().coach.advice(), lauzait_learn::coach::advise(&view).as_ref(), "{id:?}");
    }
}

/// Nothing is lost silently: when the lessons' progress cannot be written, the learner is
/// told that a lesson finished now would show as not done after a reload; the lesson's end
/// stays on screen and what was learned stays marked for this visit.
#[test]
fn a_progress_that_cannot_be_kept_is_said() {
    let mut t = Table::open(Loaded::Nothing);
    let id = LessonId::ALL[0];
    learn(&mut t, LessonIntent::Start(id));
    for action in actions(id.lesson().solution).unwrap() {
        by_hand(&mut t, action);
    }
    if t.model.play.anim.is_some() {
        t.wait(2000.0);
    }
    t.let_bots_play();
    assert_eq!(t.model.overlay, Overlay::LessonDone);
    t.send(Msg::Learn(LearnMsg::ProgressFailed(StorageRefusal::Full)));
    let m = t.model.message.clone().expect("said at once");
    assert!(m.error && m.text.contains("could not be kept") && m.text.contains("is full"), "{}", m.text);
    assert!(t.model.play.live.contains("could not be kept"), "and read out");
    assert_eq!(t.model.overlay, Overlay::LessonDone, "the lesson's end stays up");
    assert!(t.model.learn().progress.is_done(id), "marked done for this visit");
}

#[test]
fn the_lesson_on_water_shows_the_sticks_before_its_end() {
    let mut t = Table::open(Loaded::Nothing);
    learn(&mut t, LessonIntent::Start(LessonId::Water));
    for action in actions(LessonId::Water.lesson().solution).unwrap() {
        by_hand(&mut t, action);
    }
    assert!(t.model.play.anim.is_some(), "the sticks are being thrown");
    assert_eq!(t.model.overlay, Overlay::None, "the sticks and their outcome are seen before the lesson's end");
    assert!(t.model.table.shown().unwrap().revealed, "the learner's hand stays face up meanwhile");
    t.wait(2000.0);
    t.let_bots_play();
    assert_eq!(t.model.overlay, Overlay::LessonDone, "then the lesson's end: {:?}", t.model.message);
}
