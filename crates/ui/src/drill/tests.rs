//! The drill's model alone: a message in, its state and outcome out (R17, R30 judge the
//! answers through the engine's scoring).

use super::*;
use crate::i18n::drill as words;
use lauzait_engine::scoring::best_declaration;

fn ctx(entropy: u64) -> Ctx {
    Ctx::new(0.0, entropy)
}

fn opened(entropy: u64) -> Drill {
    let mut drill = Drill::default();
    let out = drill.update(DrillMsg::Open, Lang::En, &mut ctx(entropy));
    assert_eq!(out, DrillOutcome::Opened(words::question(Lang::En).to_string()));
    drill
}

/// The engine's answer for the hand on screen (R17, R30).
fn right_answer(run: &DrillRun) -> DrillAnswer {
    match best_declaration(run.drill.hand(), &[], run.drill.luminous(), run.drill.players()) {
        Some(p) => DrillAnswer::Points(p.total()),
        None => DrillAnswer::No,
    }
}

#[test]
fn opening_deals_a_hand_from_the_messages_entropy() {
    assert!(Drill::default().run().is_none(), "closed until opened");
    let a = opened(7);
    let b = opened(7);
    let run = a.run().expect("a hand is dealt");
    assert_eq!(run.drill, b.run().unwrap().drill, "the same entropy deals the same hand");
    assert_eq!((run.asked, run.right, run.answer), (0, 0, None));
}

#[test]
fn a_right_answer_is_judged_once_and_counted_r17() {
    let mut drill = opened(11);
    let said = right_answer(drill.run().unwrap());
    let out = drill.update(DrillMsg::Answer(said), Lang::En, &mut ctx(0));
    let run = drill.run().unwrap();
    assert_eq!(run.answer, Some(Judged { said, right: true }));
    assert_eq!((run.asked, run.right), (1, 1));
    let DrillOutcome::Say(text) = out else { panic!("{out:?}") };
    assert!(text.starts_with(words::verdict(Lang::En, true)), "{text}");
    // A second answer to the same hand is a stale click.
    assert_eq!(drill.update(DrillMsg::Answer(DrillAnswer::No), Lang::En, &mut ctx(0)), DrillOutcome::Unchanged);
    assert_eq!((drill.run().unwrap().asked, drill.run().unwrap().right), (1, 1));
}

#[test]
fn the_next_hand_waits_for_an_answer_and_keeps_the_tally() {
    let mut drill = opened(3);
    let first = drill.run().unwrap().drill.clone();
    assert_eq!(drill.update(DrillMsg::Next, Lang::En, &mut ctx(99)), DrillOutcome::Unchanged);
    assert_eq!(drill.run().unwrap().drill, first, "no new hand before an answer");
    let wrong = match right_answer(drill.run().unwrap()) {
        DrillAnswer::No => DrillAnswer::Points(drill.run().unwrap().offered[0]),
        DrillAnswer::Points(_) => DrillAnswer::No,
    };
    drill.update(DrillMsg::Answer(wrong), Lang::En, &mut ctx(0));
    let out = drill.update(DrillMsg::Next, Lang::En, &mut ctx(99));
    assert_eq!(out, DrillOutcome::Say(words::question(Lang::En).to_string()));
    let run = drill.run().unwrap();
    assert_eq!((run.asked, run.right, run.answer), (1, 0, None), "the tally kept, the answer cleared");
}

#[test]
fn an_unreadable_typed_total_is_refused_not_judged() {
    let mut drill = opened(5);
    let out = drill.update(DrillMsg::Typed(None), Lang::En, &mut ctx(0));
    assert_eq!(out, DrillOutcome::Say(words::typo(Lang::En)));
    let run = drill.run().unwrap();
    assert!(run.typo);
    assert_eq!((run.asked, run.answer), (0, None));
    assert_eq!(drill.update(DrillMsg::ReadTyped, Lang::En, &mut ctx(0)), DrillOutcome::Unchanged);
}

#[test]
fn messages_to_a_closed_drill_change_nothing() {
    let mut drill = opened(1);
    drill.close();
    assert!(drill.run().is_none());
    for msg in [DrillMsg::Answer(DrillAnswer::No), DrillMsg::Typed(Some(4)), DrillMsg::Typed(None), DrillMsg::Next] {
        assert_eq!(drill.update(msg, Lang::En, &mut ctx(0)), DrillOutcome::Unchanged, "{msg:?}");
        assert!(drill.run().is_none(), "{msg:?}");
    }
}
