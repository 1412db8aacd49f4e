//! The post-game review at the table, as a person uses it: opened from the final results
//! (or the replay viewer of an imported full record, never a public one), judging one Day
//! at a time in the computer players' worker, then the costliest moments: a try judged against the Strong player's first
//! step, then the better choice and why, and back to where it was opened.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Record, Seat};
use lauzait_learn::review;
use lauzait_ui::learn::LessonIntent;
use lauzait_ui::model::Overlay;
use lauzait_ui::records::RecordsMsg;
use lauzait_ui::review::{Answer, ReviewIntent, Stage, REVIEW_MOMENTS, REVIEW_PLAYOUTS};
use lauzait_ui::{Intent, Msg};

/// The harness's finished game against an Easy player.
fn finished_game() -> Table {
    Table::finished_against_easy()
}

/// Answers the review's requests, as the worker does, until every Day is judged: one
/// request at a time, each the seat's view at one Day's start.
fn judge_all(t: &mut Table) {
    for _ in 0..200 {
        if !t.model.review_working() {
            return;
        }
        assert_eq!(t.posted.len(), 1, "one Day is asked at a time");
        t.answer_worker();
    }
    panic!("the review never finished judging");
}

#[test]
fn the_review_walks_the_costliest_moments_with_a_try_first() {
    let mut t = finished_game();
    // Only the person's seat is offered from the results.
    assert_eq!(t.model.reviewable_seats(), vec![0]);
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    assert_eq!(t.model.overlay, Overlay::Review);
    judge_all(&mut t);
    // The moments are the review core's costliest Days of this seat, from the full record.
    let record = Record::of(t.model.game().unwrap());
    let expected = review::worst(&review::moments(&record, 0, REVIEW_PLAYOUTS).unwrap(), REVIEW_MOMENTS);
    let rv = t.model.review().unwrap();
    assert_eq!(rv.picked, expected);
    if expected.is_empty() {
        assert_eq!(rv.stage, Stage::End);
        return;
    }
    // The first moment: the person's own hand at the Day's start, and the Day's choices.
    let (m, shown) = rv.moment().unwrap();
    let start = review::position(&record, m.at).unwrap();
    let view = start.view(0).unwrap();
    assert_eq!(shown.hand, view.my_concealed().pieces().collect::<Vec<_>>());
    assert_eq!(shown.answer, Answer::Asking);
    let best = m.best[0];
    let right = shown.choices.iter().position(|a| a.canonical() == best.canonical()).expect("the best is offered");
    t.intent(Intent::Review(ReviewIntent::Try(right as u8)));
    let (_, shown) = t.model.review().unwrap().moment().unwrap();
    assert!(matches!(shown.answer, Answer::Tried { found: true, .. }), "the same choice is well found");
    assert!(shown.why.is_some(), "the better choice is explained");
    // A second try changes nothing; Next goes on.
    t.intent(Intent::Review(ReviewIntent::Try(0)));
    assert!(matches!(t.model.review().unwrap().moment().unwrap().1.answer, Answer::Tried { found: true, .. }));
    t.intent(Intent::Review(ReviewIntent::Next));
    let rv = t.model.review().unwrap();
    if let Some((m, shown)) = rv.moment() {
        assert_eq!(shown.index, 1);
        let wrong = shown.choices.iter().position(|a| a.canonical() != m.best[0].canonical());
        if let Some(wrong) = wrong {
            t.intent(Intent::Review(ReviewIntent::Try(wrong as u8)));
            let (_, shown) = t.model.review().unwrap().moment().unwrap();
            assert!(matches!(shown.answer, Answer::Tried { found: false, .. }));
        }
    }
    // Closing goes back to the results.
    t.intent(Intent::Review(ReviewIntent::Close));
    assert!(t.model.review().is_none());
    assert_eq!(t.model.overlay, Overlay::Final);
}

#[test]
fn the_menu_opened_over_the_review_returns_to_it() {
    let mut t = finished_game();
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Menu);
    // The worker's answer while the menu is up is kept, and closing the menu shows the review.
    t.answer_worker();
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Review, "back to the review, not to the results");
    judge_all(&mut t);
    assert!(t.model.review().is_some_and(|r| !matches!(r.stage, Stage::Working { .. })));
    // The lessons' list opened from the menu, closed without starting one: the review again.
    t.intent(Intent::Menu);
    t.intent(Intent::Learn(LessonIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Lessons);
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::Review);
    t.intent(Intent::Review(ReviewIntent::Close));
    t.intent(Intent::Menu);
    t.intent(Intent::Menu);
    assert_eq!(t.model.overlay, Overlay::Final, "a closed review is not come back to");
}

#[test]
fn the_review_is_refused_while_the_game_is_under_way() {
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 12105);
    t.let_bots_play();
    assert!(t.model.reviewable_seats().is_empty());
    let before = t.model.overlay;
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    assert!(t.model.review().is_none());
    assert_eq!(t.model.overlay, before);
    assert!(t.model.message.as_ref().is_some_and(|m| m.error), "the refusal is said");
}

#[test]
fn an_imported_full_record_is_reviewed_from_the_viewer_and_a_public_one_refused() {
    let t = finished_game();
    let game = t.model.game().unwrap().clone();
    // The full record: every seat can be reviewed, and closing goes back to the viewer.
    let mut v = Table::open(lauzait_ui::save::Loaded::Nothing);
    v.send(Msg::Records(RecordsMsg::Import(Record::of(&game).to_string())));
    assert!(v.model.table.replay().is_some_and(|r| r.finished));
    assert_eq!(v.model.reviewable_seats(), vec![0, 1]);
    v.intent(Intent::Review(ReviewIntent::Open(1)));
    assert_eq!(v.model.overlay, Overlay::Review);
    judge_all(&mut v);
    assert!(!v.model.review_working());
    v.intent(Intent::Close);
    assert!(v.model.review().is_none());
    assert!(v.model.table.is_replay());
    assert_eq!(v.model.overlay, Overlay::None);
    // A public record (hands hidden) is refused with a message.
    let mut p = Table::open(lauzait_ui::save::Loaded::Nothing);
    p.send(Msg::Records(RecordsMsg::Import(Record::public(&game).to_string())));
    assert!(p.model.table.is_replay());
    assert!(p.model.reviewable_seats().is_empty());
    p.intent(Intent::Review(ReviewIntent::Open(0)));
    assert!(p.model.review().is_none());
    assert!(p.model.message.as_ref().is_some_and(|m| m.error));
}

#[test]
fn a_moment_shows_the_board_as_it_stood_and_the_other_hands_only_at_the_end() {
    use lauzait_engine::Action;
    use lauzait_ui::review::PlanMarks;
    let mut t = finished_game();
    let record = Record::of(t.model.game().unwrap());
    t.intent(Intent::Review(ReviewIntent::Open(0)));
    judge_all(&mut t);
    let mut seen = 0;
    while let Some((m, shown)) = t.model.review().unwrap().moment() {
        // The board and the scores at the Day's start (public), no hand but the person's.
        let start = review::position(&record, m.at).unwrap();
        assert_eq!(shown.board, start.day().board);
        assert_eq!(shown.scores, start.scores().to_vec());
        let departments: Vec<_> = start.view(0).unwrap().departments(0).iter().map(|d| d.pieces).collect();
        assert_eq!(shown.departments, departments, "the person's revealed Departments (public)");
        assert!(t.model.review().unwrap().finals.is_empty(), "no other hand before the end");
        // The marks read the plans: the move played and the better one.
        for plan in [&m.played, &m.best] {
            let marks = PlanMarks::of(plan);
            let from = plan.iter().find_map(|a| match a {
                Action::Move { from } => Some(*from),
                _ => None,
            });
            let to = plan.iter().find_map(|a| match a {
                Action::Capture { to } => Some(*to),
                _ => None,
            });
            assert_eq!(marks.hire, from.zip(to));
            assert_eq!(marks.declares, plan.iter().any(|a| matches!(a, Action::Declare | Action::DeclareStalemate)));
        }
        t.intent(Intent::Review(ReviewIntent::Show));
        t.intent(Intent::Review(ReviewIntent::Next));
        seen += 1;
    }
    let rv = t.model.review().unwrap();
    assert_eq!(rv.stage, Stage::End);
    assert_eq!(seen, rv.picked.len());
    // The closing summary: every person's hand as the game ended.
    let end = record.replay().unwrap();
    assert_eq!(rv.finals.len(), 2);
    for f in &rv.finals {
        let view = end.view(f.player).unwrap();
        assert_eq!(f.concealed, view.my_concealed().pieces().collect::<Vec<_>>());
        assert_eq!(f.departments.len(), view.departments(f.player).len());
    }
}

/// A Season ended by agreement at the start of the person's Day (the engine's decision
/// beside R18), then the game ended by agreement mid-Season (R20), imported and reviewed
/// from the viewer: the review asks only about Days played, and each moment is a Day played
/// from the hand it shows, explained with what its loss weighs in this game.
#[test]
fn r18_r20_a_season_ended_by_agreement_is_no_moment_and_each_loss_has_its_scale() {
    use crate::common::season_ended_by_agreement;
    use lauzait_engine::Action;
    use lauzait_ui::i18n::Lang;
    use lauzait_ui::review::PlanMarks;
    let (record, seat, cut) = season_ended_by_agreement(2, 11, 5, 8);
    let mut v = Table::open(lauzait_ui::save::Loaded::Nothing);
    v.send(Msg::Records(RecordsMsg::Import(record.to_string())));
    v.intent(Intent::Review(ReviewIntent::Open(seat as u8)));
    judge_all(&mut v);
    let rv = v.model.review().unwrap();
    assert_eq!(rv.days, review::days(&record, seat).unwrap());
    for (at, played) in &rv.days {
        assert_ne!(*at, cut, "the Day the table ended is not judged");
        assert!(Action::is_one_day(played) && !played.iter().any(|a| a.is_between_days()), "{played:?}");
    }
    // The scale: the person's final score and margin, from the game's own final scores.
    let end = record.replay().unwrap();
    let scale = review::scale(&record, seat).unwrap();
    assert_eq!(scale.own, end.scores()[seat]);
    assert_eq!(scale.margin, end.scores()[seat] - end.scores()[1 - seat]);
    assert_eq!(rv.scale, Some(scale));
    assert!(!rv.picked.is_empty(), "moments to look at");
    let mut explained = 0;
    while let Some((m, shown)) = v.model.review().unwrap().moment().map(|(m, s)| (m.clone(), s.clone())) {
        // The Day played starts from the hand shown: its discard was the person's.
        let start = review::position(&record, m.at).unwrap();
        assert_eq!(m.season, start.season().number);
        assert!(shown.choices.iter().any(|c| c.canonical() == m.played[0].canonical()), "{:?}", m.played);
        if let Some(discard) = PlanMarks::of(&m.played).discard {
            let held = shown.hand.contains(&discard) || shown.departments.iter().flatten().any(|&p| p == discard);
            assert!(held, "{discard:?} played from a hand without it: {:?}", shown.hand);
        }
        assert!(m.loss() < 100.0, "no absurd estimate: {m:?}");
        assert_eq!(v.model.review().unwrap().explanation(Lang::En), None, "not before the answer");
        v.intent(Intent::Review(ReviewIntent::Show));
        let rv = v.model.review().unwrap();
        if let Some(en) = rv.explanation(Lang::En) {
            assert!(en.contains(" For scale: "), "{en}");
            assert!(en.contains(&lauzait_ui::i18n::review::scale_text(Lang::En, m.loss(), scale)), "{en}");
            let ja = rv.explanation(Lang::Ja).unwrap();
            assert!(ja.contains("目安として："), "{ja}");
            explained += 1;
        }
        v.intent(Intent::Review(ReviewIntent::Next));
    }
    assert!(explained > 0, "a moment explained");
}

#[test]
fn the_scale_weighs_a_loss_against_the_final_margin_in_both_languages() {
    use lauzait_learn::review::{Scale, Weight};
    use lauzait_ui::i18n::review::scale_text;
    use lauzait_ui::i18n::Lang::{En, Ja};
    let won = Scale { own: 30, margin: 9 };
    // Under a point is called small whatever the margin, rather than alarming.
    assert_eq!(won.weight(0.4), Weight::Slight);
    assert!(scale_text(En, 0.4, won).contains("under a point"));
    assert!(scale_text(Ja, 0.4, won).contains("1点未満"));
    assert_eq!(won.weight(1.5), Weight::Small);
    assert_eq!(
        scale_text(En, 1.5, won),
        "For scale: you scored 30 and won by 9 points, so this was a small part of that margin."
    );
    assert_eq!(won.weight(7.3), Weight::Large);
    assert!(scale_text(En, 7.3, won).contains("a good part of that margin"));
    assert!(scale_text(Ja, 7.3, won).contains("9点差の勝ち"));
    assert_eq!(won.weight(9.0), Weight::Decisive);
    let lost = Scale { own: 20, margin: -1 };
    assert!(scale_text(En, 3.0, lost).contains("1 point behind the winner, so this alone could have closed that gap"));
    assert!(scale_text(Ja, 3.0, lost).contains("勝者と1点差"));
    let level = Scale { own: 0, margin: 0 };
    assert!(scale_text(En, 2.0, level).contains("level with the leader"));
    assert!(scale_text(Ja, 2.0, level).contains("同点"));
    // No estimate, or a runaway one: words all the same, never a panic.
    assert_eq!(won.weight(f64::NAN), Weight::Slight);
    assert_eq!(won.weight(f64::INFINITY), Weight::Decisive);
    let extreme = Scale { own: i32::MIN, margin: i32::MIN };
    assert!(scale_text(En, f64::INFINITY, extreme).starts_with("For scale:"));
}
