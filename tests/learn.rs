//! The learning core: every lesson's goal is reached by its move and not by a wrong one,
//! and the coach's numbers come from the engine and from the seat's view alone (R40).

use lauzait_cep::bots::{self, Level};
use lauzait_cep::engine::{Action, Game, RuleError};
use lauzait_cep::learn::coach::{self, Advice};
use lauzait_cep::learn::distance::distance;
use lauzait_cep::learn::lessons::{actions, LessonId, Verdict};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Plays `tokens` for the learner (then, for a lesson that goes on, the other seat's Day
/// as an Easy player) and returns the last verdict, or the engine's refusal.
fn play(id: LessonId, tokens: &str) -> Result<Verdict, RuleError> {
    let lesson = id.lesson();
    let mut game = lesson.game().unwrap_or_else(|e| panic!("{id:?}: {e}"));
    let learner = game.to_move();
    let mut verdict = Verdict::Continue;
    for action in actions(tokens).unwrap() {
        let outcome = game.apply(action)?;
        verdict = lesson.goal.judge(learner, learner, action, &outcome);
        if verdict != Verdict::Continue {
            return Ok(verdict);
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    while let Some(level) = lesson.opponent.filter(|_| game.to_move() != learner) {
        let player = game.to_move();
        let view = game.view(player).unwrap();
        let action = bots::choose(level, &view, &mut rng, 10).unwrap();
        let outcome = game.apply(action)?;
        verdict = lesson.goal.judge(learner, player, action, &outcome);
        if verdict != Verdict::Continue {
            break;
        }
    }
    Ok(verdict)
}

#[test]
fn every_lesson_is_a_real_table_in_order() {
    for (i, id) in LessonId::ALL.into_iter().enumerate() {
        let lesson = id.lesson();
        assert_eq!(lesson.id, id);
        assert_eq!(id.index(), i);
        assert_eq!(LessonId::from_code(id.code()), Some(id));
        let game = lesson.game().unwrap_or_else(|e| panic!("{id:?}: {e}"));
        assert!(game.invariant_violation().is_none(), "{id:?}");
        let rules = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md")).unwrap();
        assert!(rules.contains(&format!("### {} ", lesson.rule)), "{id:?} cites {}", lesson.rule);
    }
}

#[test]
fn each_lessons_move_reaches_its_goal() {
    for id in LessonId::ALL {
        assert_eq!(play(id, id.lesson().solution), Ok(Verdict::Reached), "{id:?}");
    }
}

#[test]
fn a_wrong_try_does_not_reach_the_goal() {
    for id in LessonId::ALL {
        let wrong = id.lesson().wrong;
        if wrong.is_empty() {
            continue;
        }
        match play(id, wrong) {
            Ok(v) => assert_eq!(v, Verdict::Wrong, "{id:?}"),
            // A refused try is explained by the engine with its rule id instead.
            Err(e) => assert!(matches!(e, RuleError::NothingToMove(_)), "{id:?}: {e:?}"),
        }
    }
}

#[test]
fn r19_the_stalemate_lesson_offers_no_discard() {
    let game = LessonId::Stalemate.lesson().game().unwrap();
    let day = game.day();
    assert!(day.discards().is_empty());
    assert!(day.may_declare_stalemate());
}

/// Every seat's Days for a few hundred steps of a seeded game, Normal players.
fn games(seed: u64, days: usize) -> Vec<Game> {
    let mut game = Game::new(lauzait_cep::engine::GameOptions::for_players(3, true).unwrap(), seed);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..days {
        let p = game.to_move();
        let Some(view) = game.view(p) else { break };
        if view.my_day().is_none() {
            break;
        }
        out.push(game.clone());
        let plan = bots::plan_day(Level::Normal, &view, &mut rng, 0).unwrap();
        for a in plan {
            if game.apply(a).is_err() {
                break;
            }
        }
        if game.day().steps.is_empty() && game.status() != lauzait_cep::engine::Status::Playing {
            break;
        }
    }
    out
}

#[test]
fn r40_the_coach_counts_what_the_engine_says() {
    for game in games(5, 30) {
        let p = game.to_move();
        let view = game.view(p).unwrap();
        let advice: Advice = coach::advise(&view).unwrap();
        let day = game.day();
        assert_eq!(advice.seat, p);
        // The distance is the engine's complete-hand test at zero…
        let players = game.players();
        let complete = lauzait_cep::engine::scoring::may_declare(&view.my_concealed(), 0, players);
        if view.departments(p).is_empty() {
            assert_eq!(advice.distance.complete(), complete);
        }
        // …the discards are exactly the engine's, with its movers…
        let mut discards: Vec<_> = advice.discards.iter().map(|d| d.piece).collect();
        discards.sort();
        let mut engine = day.discards();
        engine.sort();
        engine.dedup();
        assert_eq!(discards, engine);
        for d in &advice.discards {
            let mut after = day.clone();
            after.step(Action::Discard { piece: d.piece }, players).unwrap();
            let mut movers = after.movers();
            movers.sort();
            let mut ours = d.movers.clone();
            ours.sort();
            assert_eq!(ours, movers, "movers after {}", d.piece);
        }
        // …and the unseen counts are the view's (never the real hands').
        for h in &advice.helpers {
            assert_eq!(h.unseen, view.unseen().get(h.piece));
            assert_eq!(h.on_board, view.board().pieces().get(h.piece));
        }
        assert_eq!(advice.distance, distance(&view.my_concealed(), view.departments(p).len(), players));
    }
}

#[test]
fn r12_6_water_gives_even_odds() {
    assert_eq!(coach::water_odds(), (16, 32));
}

#[test]
fn r40_the_coach_gives_the_same_advice_whatever_the_hidden_pieces() {
    // Two games the seat to move sees alike: the real one, and one rebuilt from its view
    // with the hidden pieces dealt otherwise.
    for game in games(9, 12) {
        let p = game.to_move();
        let view = game.view(p).unwrap();
        let other = lauzait_cep::engine::SeatView::new(&view).rebuild().unwrap();
        assert_ne!(other.season().hands, game.season().hands, "the hidden pieces differ");
        let other_view = other.view(p).unwrap();
        assert_eq!(coach::advise(&view), coach::advise(&other_view));
        assert_eq!(coach::hint(&view, 20), coach::hint(&other_view, 20));
    }
}

#[test]
fn the_hint_is_legal_and_says_why() {
    for game in games(11, 10) {
        let view = game.view(game.to_move()).unwrap();
        let hint = coach::hint(&view, 20).unwrap();
        let mut copy = game.clone();
        assert!(copy.apply(hint.action).is_ok(), "{hint:?}");
    }
}

#[test]
fn r11_the_computer_players_hand_in_a_lesson_is_no_complete_hand() {
    for id in LessonId::ALL {
        let lesson = id.lesson();
        if lesson.opponent.is_none() {
            continue;
        }
        let game = lesson.game().unwrap();
        let me = game.to_move();
        for p in (0..game.scores().len()).filter(|&p| p != me) {
            let hand = &game.season().hands[p];
            assert!(!distance(&hand.concealed, hand.departments.len(), game.players()).complete(), "{id:?}");
        }
    }
}
