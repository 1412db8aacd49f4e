//! The learning core: every lesson's goal is reached by its move and not by a wrong one,
//! and the coach's numbers come from the engine and from the seat's view alone (R40).

use lauzait_bots::{self as bots, Level};
use lauzait_engine::{Action, Game, RuleError};
use lauzait_learn::coach::{self, Advice};
use lauzait_learn::distance::distance;
use lauzait_learn::lessons::{actions, LessonId, Verdict};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The sticks' throws of these tests: a fixed generator (the page draws fresh entropy).
fn chance(seed: u64) -> Pcg64Mcg {
    lauzait_engine::randomness::seeded(seed)
}

/// Plays `tokens` for the learner (then, for a lesson that goes on, the other seat's Day
/// as an Easy player) and returns the last verdict, or the engine's refusal.
fn play(id: LessonId, tokens: &str) -> Result<Verdict, RuleError> {
    let lesson = id.lesson();
    let mut game = lesson.game().unwrap_or_else(|e| panic!("{id:?}: {e}"));
    let learner = game.to_move();
    let mut verdict = Verdict::Continue;
    let mut throws = chance(7);
    for action in actions(tokens).unwrap() {
        let outcome = game.apply(action, &mut throws)?;
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
        let outcome = game.apply(action, &mut throws)?;
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
    let mut throws = chance(seed);
    let mut game = Game::new(lauzait_engine::GameOptions::for_players(3, true).unwrap(), &mut throws);
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
            if game.apply(a, &mut throws).is_err() {
                break;
            }
        }
        if game.day().steps.is_empty() && game.status() != lauzait_engine::Status::Playing {
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
        let complete = lauzait_engine::scoring::may_declare(&view.my_concealed(), 0, players);
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
        let other = lauzait_engine::SeatView::new(&view).rebuild().unwrap();
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
        assert!(copy.apply(hint.action, &mut chance(1)).is_ok(), "{hint:?}");
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

/// A two-player game of Normal players in which seat 0, once its hand is complete, does
/// not declare but makes a Hiring; the record up to a few Days later, and where that Day
/// began.
fn a_missed_declaration() -> (lauzait_engine::Record, usize) {
    use lauzait_engine::Record;
    for seed in 1..200 {
        let mut throws = chance(seed);
        let mut game = Game::new(lauzait_engine::GameOptions::for_players(2, false).unwrap(), &mut throws);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut missed = None;
        for _ in 0..80 {
            if game.status() != lauzait_engine::Status::Playing {
                break;
            }
            let p = game.to_move();
            if missed.is_none() && p == 0 && game.day().may_declare(game.players()) && !game.day().discards().is_empty()
            {
                missed = Some(game.log().len());
                let hire = lauzait_engine::hiring::legal_hires(&game.day().board, &game.day().hand.concealed)[0];
                for a in [
                    Action::Discard { piece: hire.discard },
                    Action::Move { from: hire.from },
                    Action::Capture { to: hire.to },
                ] {
                    game.apply(a, &mut throws).unwrap();
                }
                continue;
            }
            if let Some(at) = missed {
                if game.log().len() > at + 12 {
                    return (Record::of(&game), at);
                }
            }
            let view = game.view(p).unwrap();
            for a in bots::plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
                game.apply(a, &mut throws).unwrap();
            }
        }
    }
    panic!("no game with a complete hand found");
}

#[test]
fn r11_the_review_finds_a_missed_declaration_and_picks_the_costliest_days() {
    use lauzait_learn::review;
    let (record, at) = a_missed_declaration();
    let moments = review::moments(&record, 0, 60).unwrap();
    assert!(moments.iter().all(|m| m.played_value <= m.best_value));
    let days: Vec<usize> = moments.iter().map(|m| m.at).collect();
    assert!(days.contains(&at), "every Day of the seat is judged");
    // The missed declaration is a moment that lost value, with the declaration as the
    // better choice…
    let missed = moments.iter().find(|m| m.at == at).unwrap();
    assert_eq!(missed.best, vec![Action::Declare]);
    assert!(missed.loss() > 0.0);
    // …and the review picks the costliest moments, costliest first.
    let worst = review::worst(&moments, 3);
    let most = moments.iter().map(|m| m.loss()).fold(0.0, f64::max);
    assert_eq!(worst[0].loss(), most);
    assert!(worst.windows(2).all(|w| w[0].loss() >= w[1].loss()));
    assert!(worst.iter().any(|m| m.at == at) || worst.len() == 3);
    // Only the seat's own Days, and the same record gives the same review.
    let again = review::moments(&record, 0, 60).unwrap();
    assert_eq!(moments, again);
}

/// The number of Days `seat` played in `record`: its Day-ending actions (R11, R12.5, R19),
/// counted without the review's notion of a Day start.
fn days_played(record: &lauzait_engine::Record, seat: usize) -> usize {
    let mut count = 0;
    let visit = |game: &Game, _: usize, a: Action| {
        if a.ends_day() && game.to_move() == seat {
            count += 1;
        }
    };
    Game::replay_visiting(record.options.clone(), &record.chances, &record.actions, visit).unwrap();
    count
}

/// The table ending a Season by agreement (the engine's decision where the rules are
/// silent, beside R18's end of a Season) at the start of the reviewed seat's Day, either
/// the game's first Day or mid-Season, then the game ended by agreement mid-Season (R20):
/// the review lists exactly the Days the seat played, each one Day played from the position
/// it shows, within one Season. The Day the agreement took is no moment (the review once
/// took it with the next Season's actions as "played").
#[test]
fn r18_r20_the_review_judges_only_days_played_around_a_season_ended_by_agreement() {
    use crate::common::season_ended_by_agreement;
    use lauzait_learn::review;
    for (before, seed) in [(0, 1), (5, 1), (8, 20)] {
        let (record, seat, cut) = season_ended_by_agreement(2, seed, before, 8);
        let case = format!("{before} Days before the agreement, seed {seed}");
        assert_eq!(record.actions[cut], Action::EndSeasonByAgreement);
        let days = review::days(&record, seat).unwrap();
        assert!(days.iter().all(|&(at, _)| at != cut), "{case}: the Day never played is no moment");
        assert_eq!(days.len(), days_played(&record, seat), "{case}: every Day played, and only those");
        assert!(days.iter().any(|&(at, _)| at > cut), "{case}: Days of the next Season too");
        assert_eq!(days.iter().any(|&(at, _)| at < cut), before > 0, "{case}: Days before the agreement");
        for (at, played) in &days {
            assert!(Action::is_one_day(played), "{case}: {played:?}");
            assert!(!played.iter().any(|a| a.is_between_days()), "{case}: no table decision in a Day");
            assert_eq!(record.actions.get(*at..*at + played.len()), Some(&played[..]), "{case}: as recorded");
            // Every step legal from the position the review shows, in that position's Season.
            let mut game = review::position(&record, *at).unwrap();
            assert!(game.between_days() && game.to_move() == seat, "{case}: a Day start of the seat");
            let season = game.season().number;
            let mut throws = chance(*at as u64);
            for &a in played {
                game.apply(a, &mut throws).unwrap_or_else(|e| panic!("{case}: {a:?} at {at}: {e}"));
            }
            assert_eq!(game.season().number, season, "{case}: the Day stays in its Season");
        }
        // Judged, each moment is one of these Days, in its own Season.
        let moments = review::moments(&record, seat, 20).unwrap();
        let starts: Vec<usize> = days.iter().map(|&(at, _)| at).collect();
        assert_eq!(moments.iter().map(|m| m.at).collect::<Vec<_>>(), starts, "{case}");
        for m in &moments {
            assert_eq!(m.season, review::position(&record, m.at).unwrap().season().number, "{case}");
            assert!(m.loss().is_finite(), "{case}: {m:?}");
        }
    }
}

#[test]
fn r11_r17_the_drill_asks_both_kinds_of_hand_and_explains_the_score() {
    use lauzait_engine::{sets::splits_into_sets, PlayerCount};
    use lauzait_learn::drill::Drill;
    let (mut complete, mut not) = (0, 0);
    for seed in 0..200 {
        let d = Drill::generate(seed, PlayerCount::Two);
        assert_eq!(d.hand().total(), 9);
        assert!(fits(&d));
        assert_eq!(Drill::generate(seed, PlayerCount::Two), d, "seeded");
        match d.answer() {
            Some(p) => {
                complete += 1;
                assert!(splits_into_sets(d.hand(), d.players()));
                let explained: u32 = d.explain().iter().map(|&(_, n)| n).sum();
                assert_eq!(explained, p.total(), "the patterns add up to the score");
                assert!(d.check(true, p.total()));
                assert!(!d.check(true, p.total() + 1) && !d.check(false, 0));
            }
            None => {
                not += 1;
                assert!(!splits_into_sets(d.hand(), d.players()));
                assert!(d.check(false, 0) && !d.check(true, 3));
            }
        }
    }
    assert!(complete > 50 && not > 50, "{complete} complete, {not} not");
}

/// R1, R3: a drill hand and its luminous piece are pieces the game has.
fn fits(d: &lauzait_learn::drill::Drill) -> bool {
    let mut all = *d.hand();
    d.luminous().into_iter().for_each(|p| all.add(p));
    lauzait_engine::PieceCounts::full_set(d.players()).contains_all(&all)
}
