//! The player's mistakes: their stored text read back and refused, the mistakes of a rated
//! game added to the page's queue, and the rater's answers over the page's model (R40: the
//! position is the seat's view; R11, R12 the Days played on it).

use super::queue::{Mistake, Queue, QueueError, MARK, MAX_MISTAKES, MINE_KEY};
use super::rater::{answer, of_rating};
use super::schedule::{Schedule, DAY_MS};

use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::Lang;
use crate::puzzles::{Level, PuzzleIntent, PuzzleMsg, PuzzleOutcome, PuzzleReply, PuzzleRequest, Puzzles, Stage};
use lauzait_engine::notation::actions_text;
use lauzait_engine::{Action, Record, SeatView};
use lauzait_learn::puzzles::{Difficulty, Margin, Puzzle};
use lauzait_learn::review::{self, Moment};
use lauzait_rating::GameRating;

const SET: &str = include_str!("../../../../learn/data/puzzles.txt");
const NOW: u64 = 1_800_000_000_000;

/// A hard shipped puzzle: the Easy player does not play its solution.
fn hard() -> Puzzle {
    let set = lauzait_learn::puzzles::text::from_text(SET).unwrap();
    set.into_iter().find(|p| p.difficulty == Difficulty::Hard).unwrap()
}

/// A legal Day other than the solution: the Easy player's.
fn other_day(p: &Puzzle) -> Vec<Action> {
    let game = p.view.rebuild().unwrap();
    let (plan, _) = lauzait_autoplay::plan_whole_day(&game, p.view.seat, lauzait_bots::Level::Easy, 1, 8).unwrap();
    assert_ne!(plan, p.solution);
    plan
}

fn mistake(p: &Puzzle) -> Mistake {
    Mistake {
        schedule: Schedule::NEW,
        cost: Margin { tenths: 43 },
        played: other_day(p),
        best: p.solution.clone(),
        view: p.view.clone(),
    }
}

#[test]
fn the_queue_reads_back_and_a_damaged_line_is_dropped_with_why() {
    let p = hard();
    let mut later = mistake(&p);
    later.schedule = Schedule { due: NOW + DAY_MS, solves: 1 };
    let queue = Queue { mistakes: vec![mistake(&p), later] };
    let text = queue.to_text();
    assert!(text.starts_with("LZM1|0 0 43;"), "{text}");
    assert_eq!(Queue::read(&text), Ok((queue.clone(), Vec::new())));

    let damaged = format!("{text}|-1 0 43;;;|0 0 43;G5;G5|0 0 4;not tokens;{};sv1 x", actions_text(&p.solution));
    let (read, faults) = Queue::read(&damaged).unwrap();
    assert_eq!(read, queue, "the damaged lines dropped, the others kept");
    assert!(matches!(faults[0], QueueError::Number { line: 3, .. }), "{faults:?}");
    assert!(matches!(faults[1], QueueError::Fields { line: 4 }), "{faults:?}");
    assert!(matches!(faults[2], QueueError::Day { line: 5 }), "{faults:?}");
    assert_eq!(faults.len(), 3);

    for (text, why) in [("LZM2|", "it starts with `LZM2`, not `LZM1`"), ("", "it starts with ``, not `LZM1`")] {
        assert_eq!(Queue::read(text).unwrap_err().to_string(), why);
    }
    assert!(matches!(Queue::read(&"x".repeat(600_000)), Err(QueueError::TooLong { .. })));
}

#[test]
fn a_rated_games_costly_choices_by_the_margin_become_mistakes_from_the_persons_view() {
    let (_, record): (_, Record) = crate::rating::test_game::finished(7, 12);
    let days = review::days(&record, 0).unwrap();
    let scale = review::scale(&record, 0).unwrap();
    let moment = |(at, played): &(usize, Vec<Action>), loss: f64| Moment {
        season: 1,
        day: 1,
        at: *at,
        played: played.clone(),
        best: days[1].1.clone(),
        played_value: -loss,
        best_value: 0.0,
    };
    // A loss of 4 points is costly and over the margin; one of 2 is under it; none is none.
    let rating = GameRating {
        seat: 0,
        scale,
        days: vec![moment(&days[0], 4.0), moment(&days[1], 2.0), moment(&days[2], 0.0)],
        throws: Vec::new(),
        deals: Vec::new(),
    };
    let mut rated = of_rating(&record, &rating);
    assert_eq!(rated.len(), 1, "{rated:?}");
    let m = rated[0].clone();
    assert_eq!(
        (m.schedule, m.cost, &m.played, &m.best),
        (Schedule::NEW, Margin { tenths: 40 }, &days[0].1, &days[1].1)
    );
    let game = review::position(&record, days[0].0).unwrap();
    assert_eq!(m.view, SeatView::new(&game.view(0).unwrap()), "the seat's view before the Day, nothing hidden shown");

    // The rater adds it to the queue the page sends, until a queue the page sends holds it.
    let count = |queue: &str, rated: &mut Vec<Mistake>| {
        let request = PuzzleRequest::Mine {
            id: lauzait_autoplay::RequestId::Puzzle(1),
            ask: crate::puzzles::MineAsk::Count,
            queue: queue.into(),
        };
        match PuzzleReply::from_text(&answer(&request.to_text(), NOW, rated).unwrap()[0]).unwrap() {
            PuzzleReply::Mine { news, .. } => news,
            other => panic!("{other:?}"),
        }
    };
    let first = count("", &mut rated).queue.expect("the queue with the game's mistake, to store");
    assert_eq!(Queue::read(&first), Ok((Queue { mistakes: vec![m.clone()] }, Vec::new())));
    assert_eq!(rated.len(), 1, "kept until the page's queue holds it (its reply may be dropped)");
    let again = count("", &mut rated).queue.unwrap();
    assert_eq!(again, first, "a reply dropped: the next request adds it again");
    assert_eq!(count(&first, &mut rated).queue, None, "held: nothing more to store");
    assert!(rated.is_empty(), "forgotten once the page's queue holds it");
    // The queue's bound: the oldest go.
    let mut many: Vec<Mistake> =
        (0..MAX_MISTAKES as u32 + 3).map(|t| Mistake { cost: Margin { tenths: 1000 + t }, ..m.clone() }).collect();
    let kept = Queue::read(&count(&first, &mut many).queue.unwrap()).unwrap().0;
    assert_eq!(kept.mistakes.len(), MAX_MISTAKES);
    assert_eq!(
        kept.mistakes[0].cost,
        Margin { tenths: 1003 },
        "the oldest dropped: the stored one and the first new ones"
    );
}

/// The rater's answers to the model's last request at `now`, read as the page reads them
/// and handed to the model: the first outcome that is not `Unchanged`, and the effects.
fn answered(puzzles: &mut Puzzles, effects: Vec<Effect>, now: u64) -> (PuzzleOutcome, Vec<Effect>) {
    let text = effects.iter().rev().find_map(|e| match e {
        Effect::AskRater(text) => Some(text.clone()),
        _ => None,
    });
    let replies = answer(&text.expect("a request to the rater"), now, &mut Vec::new()).expect("a mistakes' request");
    let mut c = Ctx::new(0.0, 1);
    let mut out = PuzzleOutcome::Unchanged;
    for reply in replies {
        let reply = PuzzleReply::from_text(&reply).expect("the page reads what the rater answers");
        let o = puzzles.update(PuzzleMsg::Reply(reply), Lang::En, &mut c);
        if out == PuzzleOutcome::Unchanged {
            out = o;
        }
    }
    (out, c.into_effects())
}

fn stored(effects: &[Effect]) -> Option<String> {
    effects.iter().rev().find_map(|e| match e {
        Effect::SavePuzzles(MINE_KEY, text) => Some(text.clone()),
        _ => None,
    })
}

/// The picker's row as the rater built it in English (`0`) or Japanese (`1`).
fn row(puzzles: &Puzzles, lang: usize) -> String {
    puzzles.mine_news().map_or(String::new(), |news| news.html[lang].as_str().to_string())
}

/// A news' row says this, in English.
fn says(news: &crate::puzzles::MineNews, text: &str) -> bool {
    news.html[0].as_str().contains(&format!("role=\"status\">{text}"))
}

/// Whether the picker's row, as the rater built it, says `n` are due.
fn due(puzzles: &Puzzles, n: usize) -> bool {
    puzzles.mine_news().is_some_and(|news| news.html[0].as_str().contains(&format!("data-due=\"{n}\"")))
}

#[test]
fn a_mistake_is_offered_failed_kept_due_solved_then_due_tomorrow_and_gone_once_solved_twice() {
    let p = hard();
    let m = mistake(&p);
    let wrong = actions_text(&m.played);
    let mut puzzles = Puzzles::NONE;

    // Opening the screen reads the stored queue, then counts the mistakes due.
    let mut c = Ctx::new(0.0, 1);
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Open), Lang::En, &mut c);
    assert_eq!(c.into_effects(), [Effect::LoadPuzzles], "nothing asked of the rater before the queue is read");
    let mut c = Ctx::new(0.0, 1);
    puzzles.update(PuzzleMsg::Stored(None), Lang::En, &mut c);
    puzzles.update(PuzzleMsg::MineStored(Some(Queue { mistakes: vec![m] }.to_text())), Lang::En, &mut c);
    let (_, effects) = answered(&mut puzzles, c.into_effects(), NOW);
    assert!(due(&puzzles, 1));
    assert!(row(&puzzles, 0)
        .contains("role=\"status\">1 due now, of 1 kept. Each comes back until you solve it twice, a day apart.</p>"));
    assert!(stored(&effects).is_none(), "a count changes nothing stored");

    // Asked: offered, with its seat's view and the task.
    let mut c = Ctx::new(0.0, 1);
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Ask(Level::Mine)), Lang::En, &mut c);
    let (out, _) = answered(&mut puzzles, c.into_effects(), NOW);
    let PuzzleOutcome::Start { view, task } = out else { panic!("{out:?}") };
    assert_eq!(view, p.view.to_text());
    assert!(task.starts_with("Your mistake (4.3 points): find the best whole Day for"), "{task}");
    assert!(puzzles.playing().is_some_and(|c| c.mine && c.number == 1));

    // The Day played in the game again: failed, explained, still due.
    let mut c = Ctx::new(0.0, 1);
    puzzles.day_played(wrong, Lang::En, &mut c);
    let (_, effects) = answered(&mut puzzles, c.into_effects(), NOW + 1);
    let Stage::Judged { verdict, .. } = puzzles.stage() else { panic!("{:?}", puzzles.stage()) };
    assert!(!verdict.solved);
    let html = verdict.html[0].as_str();
    assert!(html.contains("Your mistake · it cost 4.3 points") && html.contains("id=\"puzzle-in-game\""), "{html}");
    assert!(html.contains("4.3 points above the Day you played in your game"), "{html}");
    let text = stored(&effects).expect("the failure stored");
    assert!(text.starts_with(&format!("LZM1|{} 0 43;", NOW + 1)), "due at once again: {text}");
    assert!(due(&puzzles, 1), "still due");

    // Try again: the solution solves it; due again a day later.
    let mut c = Ctx::new(0.0, 1);
    let out = puzzles.update(PuzzleMsg::Button(PuzzleIntent::Retry), Lang::En, &mut c);
    assert!(matches!(out, PuzzleOutcome::Start { .. }));
    puzzles.day_played(actions_text(&p.solution), Lang::En, &mut c);
    let (_, effects) = answered(&mut puzzles, c.into_effects(), NOW + 2);
    assert!(matches!(puzzles.stage(), Stage::Judged { verdict, .. } if verdict.solved));
    let text = stored(&effects).expect("the solve stored");
    assert!(text.starts_with(&format!("LZM1|{} 1 43;", NOW + 2 + DAY_MS)), "{text}");
    let news = puzzles.mine_news().unwrap();
    assert!(due(&puzzles, 0));
    assert!(news.html[0].as_str().contains(">Your mistakes (0 due)</button>"), "{:?}", news.html);
    assert!(says(news, "None due now: the next is due in 24 hours. 1 waiting."), "{:?}", news.html);
    assert!(row(&puzzles, 1).contains("いま解く悪手はありません。次は24時間後です。待っている悪手：1問。"));

    // Next: none due, the picker says when.
    let mut c = Ctx::new(0.0, 1);
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Next), Lang::En, &mut c);
    let (out, _) = answered(&mut puzzles, c.into_effects(), NOW + 3);
    assert_eq!(out, PuzzleOutcome::Opened(String::new()), "the picker's row says it");
    assert!(row(&puzzles, 0).contains("None due now"));
    assert_eq!(puzzles.stage(), &Stage::Idle);

    // A day later it is due; solved again, it leaves the queue.
    let tomorrow = NOW + 2 + DAY_MS;
    let mut c = Ctx::new(0.0, 1);
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Ask(Level::Mine)), Lang::En, &mut c);
    answered(&mut puzzles, c.into_effects(), tomorrow);
    let mut c = Ctx::new(0.0, 1);
    puzzles.day_played(actions_text(&p.solution), Lang::En, &mut c);
    let (_, effects) = answered(&mut puzzles, c.into_effects(), tomorrow);
    assert_eq!(stored(&effects), Some(MARK.to_string()), "solved twice: gone");
    assert!(says(puzzles.mine_news().unwrap(), "No mistakes kept yet"));
}

#[test]
fn an_unreadable_queue_is_said_never_a_panic_and_another_versions_is_left_alone() {
    let ask = |queue: &str| {
        let request = PuzzleRequest::Mine {
            id: lauzait_autoplay::RequestId::Puzzle(1),
            ask: crate::puzzles::MineAsk::Pick,
            queue: queue.into(),
        };
        match PuzzleReply::from_text(&answer(&request.to_text(), NOW, &mut Vec::new()).unwrap()[0]).unwrap() {
            PuzzleReply::Mine { news, .. } => news,
            other => panic!("{other:?}"),
        }
    };
    let newer = ask("LZM2|0 0 1;a;b;c");
    assert_eq!(newer.queue, None, "left alone");
    assert!(says(&newer, "Your mistakes were kept by a newer version of the game"), "{:?}", newer.html);
    let garbage = ask("hello");
    assert_eq!(garbage.queue.as_deref(), Some(MARK), "started again");
    assert!(
        garbage.html[0].as_str().contains("could not be read (it starts with `hello`, not `LZM1`)"),
        "{:?}",
        garbage.html
    );
    let damaged = ask("LZM1|0 0 1;a;b;c");
    assert_eq!(damaged.queue.as_deref(), Some(MARK), "the damaged line dropped and written so");
    assert!(says(&damaged, "A mistake kept in this browser could not be read (mistake 1:"), "{:?}", damaged.html);
    assert!(says(&ask(""), "No mistakes kept yet"));
    assert_eq!(answer("puzzle1\nid puzzle 1", NOW, &mut Vec::new()), None, "not a mistakes' request");
    assert!(answer("puzzle-mine1\nid puzzle 1\nask dance", NOW, &mut Vec::new()).unwrap()[0]
        .starts_with("puzzle-none1\nid none"));
}
