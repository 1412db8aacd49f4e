//! The worker's replies routed by who asked (`autoplay::RequestId`, echoed by the worker):
//! a computer player's Day, the coach's hint, the review's Day. Each is matched on its type
//! and then on its asker's number, so an answer nobody waits for any more is dropped, and an
//! answer is never taken for another asker's.

use super::bots::person_and_bot;
use super::review_worker::{review_asking, stage};
use crate::harness::Table;
use lauzait_autoplay::{answer, BotReply, RequestId};
use lauzait_bots::Level;
use lauzait_engine::Seat;
use lauzait_ui::learn::coach::HintState;
use lauzait_ui::learn::LessonIntent;
use lauzait_ui::review::Stage;
use lauzait_ui::{Intent, Msg};

/// `reply` as if another asker's (the worker echoes the id; a forged or confused one).
fn relabelled(reply: &str, id: RequestId) -> String {
    let mut lines: Vec<String> = reply.lines().map(str::to_owned).collect();
    lines[1] = format!("id {}", id.to_text());
    lines.join("\n")
}

fn id_of(reply: &str) -> RequestId {
    BotReply::from_text(reply).unwrap().id
}

#[test]
fn a_computer_players_answer_for_a_day_given_up_is_dropped_and_never_taken_for_another_askers() {
    let mut t = person_and_bot();
    let first = answer(&t.posted.remove(0), || 0.0);
    assert_eq!(id_of(&first), RequestId::ComputerDay(1));
    // The worker traps and the person retries: the Day is asked again, as request 2.
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "trap".into() }));
    t.intent(Intent::BotRetry);
    let second = answer(&t.posted.remove(0), || 0.0);
    assert_eq!(id_of(&second), RequestId::ComputerDay(2));
    // The first request's answer comes late: dropped, the Day still waits for the second.
    t.send(Msg::WorkerText(first.clone()));
    assert!(t.model.thinking() && t.model.play.driver.pacer.plan.is_none(), "the late answer is not the plan");
    // The same text said to be a hint's or a review's goes to them, who asked nothing.
    for other in [RequestId::Hint(1), RequestId::Review(1)] {
        t.send(Msg::WorkerText(relabelled(&first, other)));
        assert!(t.model.thinking() && t.model.play.driver.pacer.plan.is_none(), "{other:?}");
        assert_eq!(t.model.learn().coach.hint, HintState::None, "{other:?}");
        assert!(t.model.review().is_none(), "{other:?}");
    }
    // The second's answer is the plan.
    t.send(Msg::WorkerText(second));
    assert!(t.model.play.driver.pacer.plan.is_some(), "the answer waited for is kept");
    // A new game at the same Day: the old game's answer, for a Day that looks the same, is
    // not this game's request.
    t.intent(Intent::Fresh);
    t.intent(Intent::Start);
    let asked = t.posted.pop().expect("the new game's Day is asked for");
    assert_eq!(id_of(&answer(&asked, || 0.0)), RequestId::ComputerDay(3));
    let old = answer(&asked.replacen("id day 3", "id day 2", 1), || 0.0);
    t.send(Msg::WorkerText(old));
    assert!(t.model.thinking() && t.model.play.driver.pacer.plan.is_none(), "the old game's answer is dropped");
}

#[test]
fn a_hint_answered_after_it_was_given_up_is_dropped() {
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 77);
    t.let_bots_play();
    t.intent(Intent::Learn(LessonIntent::Coach));
    t.posted.clear();
    t.intent(Intent::Learn(LessonIntent::CoachHint));
    let reply = answer(&t.posted.remove(0), || 0.0);
    let RequestId::Hint(n) = id_of(&reply) else { panic!("a hint's request: {reply}") };
    // The same answer said to be a computer player's Day is not the hint's.
    t.send(Msg::WorkerText(relabelled(&reply, RequestId::ComputerDay(n))));
    assert!(matches!(t.model.learn().coach.hint, HintState::Asked { .. }), "{:?}", t.model.learn().coach.hint);
    // The worker traps: the hint is given up, and its answer, when it comes, dropped.
    t.send(Msg::WorkerFailed(lauzait_autoplay::WorkerFailure::Stopped { said: "trap".into() }));
    assert_eq!(t.model.learn().coach.hint, HintState::None);
    t.send(Msg::WorkerText(reply.clone()));
    assert_eq!(t.model.learn().coach.hint, HintState::None, "a hint given up stays given up");
    assert!(t.model.play.driver.error().is_none(), "nor is it a computer player's failure");
    // Asked again: the first answer is not the new request's; the new one's is shown.
    t.intent(Intent::Learn(LessonIntent::CoachHint));
    t.send(Msg::WorkerText(reply));
    assert!(matches!(t.model.learn().coach.hint, HintState::Asked { .. }), "{:?}", t.model.learn().coach.hint);
    t.answer_worker();
    assert!(matches!(t.model.learn().coach.hint, HintState::Shown { .. }), "{:?}", t.model.learn().coach.hint);
}

#[test]
fn a_reviews_answer_goes_to_the_review_only() {
    let (mut t, asked) = review_asking();
    let reply = answer(&asked, || 0.0);
    let RequestId::Review(n) = id_of(&reply) else { panic!("a review's request: {reply}") };
    let before = stage(&t);
    assert!(matches!(before, Stage::Working { .. }));
    // Said to be a computer player's Day or a hint: not the review's, which still waits.
    for other in [RequestId::ComputerDay(n), RequestId::Hint(n)] {
        t.send(Msg::WorkerText(relabelled(&reply, other)));
        assert_eq!(stage(&t), before, "{other:?}");
        assert!(t.model.play.driver.error().is_none(), "{other:?}");
    }
    t.send(Msg::WorkerText(reply));
    assert_eq!(t.model.review().unwrap().judged.len(), 1, "the review's answer is judged");
}
