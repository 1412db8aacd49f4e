//! The learning feature's model alone: a message (or an action on the lesson's table) in,
//! the progress, the outcome and the effects out. Lessons cite their rules (R12.2 for the
//! colour lesson's wrong try).

use super::*;
use lauzait_learn::lessons::actions;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn lesson_on_table(id: LessonId) -> OnTable {
    let game = lesson_table(id, Lang::En).expect("every lesson sets up");
    OnTable::Lesson { lesson: LessonRun { id, reached: false }, game, own: None }
}

fn button(learn: &mut Learn, intent: LessonIntent, table: &OnTable) -> (LearnOutcome, Vec<Effect>) {
    let mut ctx = Ctx::new(0.0, 0);
    let out = learn.update(LearnMsg::Button(intent), table, Lang::En, &mut ctx);
    (out, ctx.into_effects())
}

/// Plays `tokens` on the lesson's table, each action judged; the outcomes in order.
fn play(learn: &mut Learn, table: &mut OnTable, tokens: &str) -> Vec<(LearnOutcome, Vec<Effect>)> {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut judged = Vec::new();
    for action in actions(tokens).expect("the lesson's tokens read") {
        let sess = table.shown_mut().expect("the lesson's game");
        let player = sess.game().to_move();
        let outcome = sess.apply(action, &mut rng).expect("a legal action");
        let mut ctx = Ctx::new(0.0, 0);
        let out = learn.judge(table, player, action, &outcome, Lang::En, &mut ctx);
        judged.push((out, ctx.into_effects()));
    }
    judged
}

#[test]
fn the_lesson_buttons_away_from_a_lesson() {
    let mut learn = Learn::default();
    let table = OnTable::Empty;
    assert_eq!(button(&mut learn, LessonIntent::Open, &table).0, LearnOutcome::OpenList);
    assert_eq!(
        button(&mut learn, LessonIntent::Start(LessonId::Water), &table).0,
        LearnOutcome::Start(LessonId::Water)
    );
    assert_eq!(button(&mut learn, LessonIntent::Leave, &table).0, LearnOutcome::Leave);
    assert_eq!(button(&mut learn, LessonIntent::Next, &table).0, LearnOutcome::ListAfterLast);
    for intent in [LessonIntent::Hint, LessonIntent::Restart, LessonIntent::CoachHint] {
        let (out, effects) = button(&mut learn, intent, &table);
        assert_eq!(out, LearnOutcome::Unchanged, "{intent:?}");
        assert!(effects.is_empty(), "{intent:?}");
    }
}

#[test]
fn the_lesson_buttons_in_a_lesson() {
    let mut learn = Learn::default();
    let table = lesson_on_table(LessonId::Colour);
    assert_eq!(button(&mut learn, LessonIntent::Restart, &table).0, LearnOutcome::Start(LessonId::Colour));
    assert_eq!(button(&mut learn, LessonIntent::Next, &table).0, LearnOutcome::Start(LessonId::Colour.next().unwrap()));
    let (out, _) = button(&mut learn, LessonIntent::Hint, &table);
    assert_eq!(out, LearnOutcome::Info(format!("{} (R12.2)", words::hint(Lang::En, LessonId::Colour))));
    let last = *LessonId::ALL.last().unwrap();
    assert_eq!(button(&mut learn, LessonIntent::Next, &lesson_on_table(last)).0, LearnOutcome::ListAfterLast);
}

#[test]
fn the_coach_switch_is_saved_with_the_progress() {
    let mut learn = Learn::default();
    let (out, effects) = button(&mut learn, LessonIntent::Coach, &OnTable::Empty);
    assert_eq!(out, LearnOutcome::Unchanged);
    assert!(learn.progress.coach);
    let [Effect::SaveProgress(text)] = effects.as_slice() else { panic!("{effects:?}") };
    assert!(Progress::parse(text).coach, "the switch is in what is stored");
}

#[test]
fn the_stored_progress_is_taken_up_and_a_refused_write_is_told() {
    let mut learn = Learn::default();
    let stored = r#"{"format":"lauzait-cep-learn","version":1,"done":["board"],"coach":true}"#;
    let mut ctx = Ctx::new(0.0, 0);
    let out = learn.update(LearnMsg::Progress(stored.into()), &OnTable::Empty, Lang::En, &mut ctx);
    assert_eq!(out, LearnOutcome::Unchanged);
    assert!(learn.progress.is_done(LessonId::Board) && learn.progress.coach);
    let why = StorageRefusal::Full;
    let out = learn.update(LearnMsg::ProgressFailed(why.clone()), &OnTable::Empty, Lang::En, &mut ctx);
    assert_eq!(out, LearnOutcome::Error(faults::progress_failed(Lang::En, &why)));
}

#[test]
fn the_solution_reaches_the_goal_once_and_is_saved() {
    // The whole Day's lesson ends after its opponent's Day, which the computer player plays
    // at the table (`tests/ui/learn.rs` plays it there).
    for id in LessonId::ALL.into_iter().filter(|&id| id != LessonId::WholeDay) {
        let mut learn = Learn::default();
        let mut table = lesson_on_table(id);
        let judged = play(&mut learn, &mut table, id.lesson().solution);
        let reached: Vec<_> = judged.iter().filter(|(out, _)| *out == LearnOutcome::Reached).collect();
        assert_eq!(reached.len(), 1, "{id:?}: {judged:?}");
        assert!(matches!(reached[0].1.as_slice(), [Effect::SaveProgress(_)]), "{id:?}");
        assert!(learn.progress.is_done(id), "{id:?}");
        assert!(table.lesson().is_some_and(|run| run.reached), "{id:?}");
    }
}

#[test]
fn a_wrong_try_says_why_with_the_rule_r12_2() {
    let mut learn = Learn::default();
    let mut table = lesson_on_table(LessonId::Colour);
    let judged = play(&mut learn, &mut table, LessonId::Colour.lesson().wrong);
    let wrong = judged.iter().find_map(|(out, _)| match out {
        LearnOutcome::Wrong(id, text) => Some((*id, text.clone())),
        _ => None,
    });
    let (id, text) = wrong.expect("the wrong try is caught");
    assert_eq!(id, LessonId::Colour);
    assert!(text.contains("(R12.2)"), "{text}");
    assert!(!learn.progress.is_done(LessonId::Colour));
}
