//! The scoring drill as a learner uses it: opened from the first screen (and over a game,
//! which it never touches), a hand drawn from the shell's entropy, an answer judged by the
//! engine's scoring (R11, R17, R19, R30), the explanation pattern by pattern, the next hand
//! and the tally; a typed total that cannot be read is refused, not judged.

use crate::harness;

use harness::Table;
use lauzait_engine::scoring::best_declaration;
use lauzait_engine::{Pattern, Rule};
use lauzait_learn::drill::pattern_rule;
use lauzait_ui::drill::{DrillAnswer, DrillMsg, DrillRun, OFFERED};
use lauzait_ui::model::Overlay;
use lauzait_ui::save::Loaded;
use lauzait_ui::{Effect, Intent, Msg};

fn drill(t: &mut Table, d: DrillMsg) -> Vec<Effect> {
    t.intent(Intent::Drill(d))
}

fn run(t: &Table) -> &DrillRun {
    t.model.drill().run().expect("the drill is open")
}

/// The right answer of the hand on screen, from the engine's own scoring.
fn right_answer(r: &DrillRun) -> DrillAnswer {
    match best_declaration(r.drill.hand(), &[], r.drill.luminous(), r.drill.players()) {
        Some(p) => DrillAnswer::Points(p.total()),
        None => DrillAnswer::No,
    }
}

fn wrong_answer(r: &DrillRun) -> DrillAnswer {
    match right_answer(r) {
        DrillAnswer::No => DrillAnswer::Points(r.offered[0]),
        DrillAnswer::Points(_) => DrillAnswer::No,
    }
}

#[test]
fn a_right_answer_then_a_wrong_one_with_the_tally_and_the_explanation() {
    let mut t = Table::open(Loaded::Nothing);
    assert_eq!(t.model.overlay, Overlay::NewGame);
    let effects = drill(&mut t, DrillMsg::Open);
    assert_eq!(t.model.overlay, Overlay::Drill);
    assert!(effects.iter().any(|e| matches!(e, Effect::Say(_))), "the question is read out");
    let first = run(&t).clone();
    assert_eq!(first.drill.hand().total(), 9);
    assert_eq!(first.offered.len(), OFFERED);
    assert!(first.offered.windows(2).all(|w| w[0] < w[1]), "distinct, in order");
    if let DrillAnswer::Points(n) = right_answer(&first) {
        assert!(first.offered.contains(&n), "the right total is among those offered");
    }
    // Next is refused before an answer.
    drill(&mut t, DrillMsg::Next);
    assert_eq!(run(&t).drill, first.drill);

    drill(&mut t, DrillMsg::Answer(right_answer(&first)));
    let r = run(&t);
    assert!(r.answer.unwrap().right);
    assert_eq!((r.right, r.asked), (1, 1));
    // A second answer to the same hand changes nothing.
    drill(&mut t, DrillMsg::Answer(wrong_answer(&first)));
    assert_eq!((run(&t).right, run(&t).asked), (1, 1));

    drill(&mut t, DrillMsg::Next);
    let second = run(&t).clone();
    assert!(second.answer.is_none());
    assert_ne!(second.drill, first.drill, "fresh entropy, a fresh hand");
    drill(&mut t, DrillMsg::Answer(wrong_answer(&second)));
    let r = run(&t);
    assert!(!r.answer.unwrap().right);
    assert_eq!((r.right, r.asked), (1, 2));
    assert!(t.model.play.live.contains("Not quite"), "{}", t.model.play.live);

    // Closing goes back to the first screen.
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::NewGame);
    assert!(t.model.drill().run().is_none());
}

#[test]
fn every_explanation_adds_up_to_the_engines_total_and_cites_its_rule() {
    let (mut declaring, mut not) = (0, 0);
    for seed in 0..300u64 {
        let r = DrillRun::new(seed, 0, 0);
        match r.total() {
            Some(total) => {
                declaring += 1;
                let lines = r.drill.explain();
                assert_eq!(lines.iter().map(|(_, n)| n).sum::<u32>(), total, "seed {seed}");
                assert_eq!(lines[0], (Pattern::LauzaitCep, 3), "R11: always 3 on declaring");
                assert!(r.offered.contains(&total), "seed {seed}");
                for (p, _) in lines {
                    assert!([Rule::R11, Rule::R17, Rule::R19, Rule::R30].contains(&pattern_rule(p)));
                }
            }
            None => {
                not += 1;
                assert!(r.drill.explain().is_empty());
                assert!(r.drill.check(false, 0));
            }
        }
        assert_eq!(r.offered.len(), OFFERED, "seed {seed}: {:?}", r.offered);
    }
    assert!(declaring > 60 && not > 60, "both kinds of hands come up: {declaring} / {not}");
}

#[test]
fn a_typed_total_is_judged_and_an_unreadable_one_refused() {
    let mut t = Table::open(Loaded::Nothing);
    drill(&mut t, DrillMsg::Open);
    for text in ["", "abc", "-3", "1000", "12x", "４"] {
        drill(&mut t, DrillMsg::typed(text));
        assert!(run(&t).typo && run(&t).answer.is_none(), "{text:?}");
    }
    assert_eq!(run(&t).asked, 0);
    let total = run(&t).total().unwrap_or(0);
    drill(&mut t, DrillMsg::typed(&format!(" {total} ")));
    let r = run(&t);
    assert!(!r.typo);
    assert_eq!(r.answer.unwrap().said, DrillAnswer::Points(total));
    assert_eq!(r.answer.unwrap().right, r.total().is_some());
}

#[test]
fn the_drill_over_a_game_leaves_the_game_alone() {
    let mut t = Table::two_persons();
    let before = t.model.game().unwrap().clone();
    let screen = t.model.overlay;
    t.intent(Intent::Menu);
    drill(&mut t, DrillMsg::Open);
    assert_eq!(t.model.overlay, Overlay::Drill);
    let r = run(&t).clone();
    drill(&mut t, DrillMsg::Answer(right_answer(&r)));
    drill(&mut t, DrillMsg::Next);
    t.send(Msg::DialogEscape);
    assert_eq!(t.model.overlay, screen, "back to the screen the game calls for");
    assert_eq!(t.model.game().unwrap(), &before);
}

#[test]
fn drill_intents_read_back_from_their_codes() {
    for d in [
        DrillMsg::Open,
        DrillMsg::Answer(DrillAnswer::No),
        DrillMsg::Answer(DrillAnswer::Points(17)),
        DrillMsg::ReadTyped,
        DrillMsg::Typed(Some(4)),
        DrillMsg::Typed(None),
        DrillMsg::Next,
    ] {
        let i = Intent::Drill(d);
        assert_eq!(Intent::parse(&i.code()), Ok(i), "{}", i.code());
    }
    for bad in ["drill-pts:x", "drill-pts:", "drill-typed:-1", "drillx"] {
        assert!(Intent::parse(bad).is_err(), "{bad}");
    }
}
