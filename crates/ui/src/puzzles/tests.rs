//! The puzzles' model alone, and the rater's side of it: a message in, its state, outcome
//! and effects out; the shipped set picked from and judged (R40: the position is the seat's
//! view; R11, R12 the Days played on it).

use super::rater::{answer, judge, PuzzleSet};
use super::*;
use lauzait_engine::notation::actions_text;
use lauzait_engine::Game;
use lauzait_learn::puzzles::Puzzle;

const SET: &str = include_str!("../../../learn/data/puzzles.txt");

fn ctx() -> Ctx {
    Ctx::new(0.0, 1)
}

fn set() -> PuzzleSet {
    PuzzleSet::read(SET).expect("the shipped set reads")
}

fn puzzle(number: u32) -> Puzzle {
    lauzait_learn::puzzles::text::from_text(SET).unwrap().swap_remove(number as usize - 1)
}

/// What the model asked the rater, as the rater reads it.
fn asked(effects: &[Effect]) -> PuzzleRequest {
    let text = effects
        .iter()
        .find_map(|e| match e {
            Effect::AskRater(text) => Some(text.clone()),
            _ => None,
        })
        .expect("a request to the rater");
    PuzzleRequest::from_text(&text).expect("the rater reads what the page asks")
}

/// The rater's answer to the model's last request, read back as the page reads it.
fn answered(effects: &[Effect]) -> PuzzleReply {
    let request = asked(effects).to_text();
    PuzzleReply::from_text(&answer(&request, Some(&set()))).expect("the page reads what the rater answers")
}

/// A legal Day other than the solution: the Easy player's, on a puzzle only the Strong
/// player solves (docs/puzzles.md, "Difficulty").
fn other_day(p: &Puzzle) -> Vec<Action> {
    let game: Game = p.view.rebuild().unwrap();
    let (plan, _) =
        lauzait_autoplay::plan_whole_day(&game, p.view.seat, lauzait_bots::Level::Easy, 1, 8).expect("a Day");
    assert_ne!(plan, p.solution);
    plan
}

use lauzait_engine::Action;

#[test]
fn progress_reads_back_and_a_damaged_text_is_refused_with_why() {
    let mut progress = Progress::default();
    progress.fail(9);
    progress.solve(17);
    progress.solve(3);
    progress.fail(3);
    progress.fail(9);
    assert_eq!(progress.solved(), [3, 17], "a puzzle solved stays solved");
    assert_eq!(progress.failed(), [9]);
    let text = progress.to_text();
    assert_eq!(text, "LZQ1\nsolved 3 17\nfailed 9");
    assert_eq!(Progress::from_text(&text), Ok(progress.clone()));
    progress.solve(9);
    assert_eq!((progress.solved(), progress.failed()), (&[3, 9, 17][..], &[][..]));
    assert_eq!(Progress::from_text("LZQ1\nsolved\nfailed"), Ok(Progress::default()));

    assert!(matches!(Progress::from_text("LZQ2\nsolved\nfailed"), Err(ProgressError::Mark { .. })));
    assert!(matches!(Progress::from_text("LZQ1\nfailed\nsolved"), Err(ProgressError::Line { line: 2, .. })));
    assert!(matches!(Progress::from_text("LZQ1\nsolved 3 x\nfailed"), Err(ProgressError::Number { line: 2, .. })));
    assert!(matches!(Progress::from_text("LZQ1\nsolved 3 3\nfailed"), Err(ProgressError::Number { .. })));
    assert!(matches!(Progress::from_text("LZQ1\nsolved 0\nfailed"), Err(ProgressError::Number { .. })));
    assert!(matches!(Progress::from_text("LZQ1\nsolved\nfailed\nmore"), Err(ProgressError::Line { line: 4, .. })));
    assert!(matches!(Progress::from_text(&"9".repeat(70_000)), Err(ProgressError::TooLong { .. })));
    let said = crate::i18n::puzzles::unreadable(Lang::En, &Progress::from_text("{}").unwrap_err());
    assert!(said.contains("could not be read (the first line is `{}`, not `LZQ1`)"), "{said}");
}

#[test]
fn a_corrupt_stored_progress_is_refused_said_and_not_a_panic() {
    let mut puzzles = Puzzles::NONE;
    let mut c = ctx();
    let out = puzzles.update(PuzzleMsg::Button(PuzzleIntent::Open), Lang::Ja, &mut c);
    assert!(matches!(out, PuzzleOutcome::Opened(_)));
    assert_eq!(c.into_effects(), [Effect::LoadPuzzles], "read from storage when the screen first opens");
    puzzles.update(PuzzleMsg::Stored(Some("LZQ1\nsolved 5 2\nfailed".into())), Lang::En, &mut ctx());
    assert!(matches!(puzzles.unreadable(), Some(ProgressError::Number { line: 2, .. })));
    assert_eq!(puzzles.progress(), &Progress::default(), "it starts again");
    let mut c = ctx();
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Open), Lang::En, &mut c);
    assert!(!c.into_effects().contains(&Effect::LoadPuzzles), "read once");
    puzzles.update(PuzzleMsg::Stored(Some("LZQ1\nsolved 2 5\nfailed 7".into())), Lang::En, &mut ctx());
    assert_eq!((puzzles.unreadable(), puzzles.progress().solved()), (None, &[2, 5][..]));
}

#[test]
fn intents_and_texts_read_back_and_nothing_else_reads() {
    for intent in [PuzzleIntent::Open, PuzzleIntent::Next, PuzzleIntent::Retry, PuzzleIntent::Leave]
        .into_iter()
        .chain(Level::ALL.map(PuzzleIntent::Ask))
    {
        assert_eq!(PuzzleIntent::parse(&intent.code()), Some(intent));
    }
    assert_eq!(PuzzleIntent::parse("puzzles-extreme"), None);
    let requests = [
        PuzzleRequest::Pick {
            id: RequestId::Puzzle(3),
            level: Level::Of(Difficulty::Easy),
            after: 12,
            solved: vec![3, 9],
        },
        PuzzleRequest::Pick { id: RequestId::Puzzle(4), level: Level::Any, after: 0, solved: vec![] },
        PuzzleRequest::Judge { id: RequestId::Puzzle(5), number: 17, day: "G5 b2 >c3".into() },
    ];
    for r in requests {
        assert!(PuzzleRequest::is_one(&r.to_text()));
        assert_eq!(PuzzleRequest::from_text(&r.to_text()), Ok(r));
    }
    let bad = "puzzle1\nid puzzle 3\nlevel extreme\nafter 0\nsolved -";
    assert!(matches!(PuzzleRequest::from_text(bad), Err(PuzzleWireError::Level { .. })));
    let bad = "puzzle1\nid puzzle 3\nlevel any\nafter 0\nsolved 1 x";
    assert!(matches!(PuzzleRequest::from_text(bad), Err(PuzzleWireError::Numbers { .. })));
    assert_eq!(PuzzleReply::from_text(&PuzzleReply::unreadable_request()), Err(PuzzleWireError::NoRequest));
    // A rater that cannot read the request says so; one without the set says that.
    assert_eq!(answer("puzzle1\nid nonsense", Some(&set())), PuzzleReply::unreadable_request());
    let no_set = answer(&requests_text(), None);
    assert_eq!(PuzzleReply::from_text(&no_set), Ok(PuzzleReply::NoSet { id: RequestId::Puzzle(1) }));
}

fn requests_text() -> String {
    PuzzleRequest::Pick { id: RequestId::Puzzle(1), level: Level::Any, after: 0, solved: vec![] }.to_text()
}

#[test]
fn the_rater_offers_a_puzzle_of_the_level_not_yet_solved() {
    let set = set();
    assert_eq!(set.len(), 1000);
    let hard: Vec<u32> = (1..=1000).filter(|&n| puzzle(n).difficulty == Difficulty::Hard).take(3).collect();
    let level = Level::Of(Difficulty::Hard);
    assert_eq!(set.pick(level, 0, &[]), Some(hard[0]));
    assert_eq!(set.pick(level, 0, &[hard[0]]), Some(hard[1]), "not one solved");
    assert_eq!(set.pick(level, hard[0], &[]), Some(hard[1]), "the next after the last");
    assert_eq!(set.pick(Level::Any, 1000, &[1]), Some(2), "round to the first, not one solved");
}

#[test]
fn solving_a_puzzle_judged_by_the_rater_is_kept() {
    let mut puzzles = Puzzles::NONE;
    puzzles.update(PuzzleMsg::Stored(None), Lang::En, &mut ctx());
    let mut c = ctx();
    let out = puzzles.update(PuzzleMsg::Button(PuzzleIntent::Ask(Level::Of(Difficulty::Hard))), Lang::En, &mut c);
    assert_eq!(out, PuzzleOutcome::Opened("Fetching a puzzle…".into()));
    let effects = c.into_effects();
    let reply = answered(&effects);
    let PuzzleReply::Offer { number, difficulty, view, task, .. } = reply.clone() else { panic!("{reply:?}") };
    assert!(task[0].starts_with(&format!("Puzzle {number} (hard): find the best whole Day for ")), "{task:?}");
    assert_eq!(difficulty, Difficulty::Hard);
    let p = puzzle(number);
    assert_eq!(view, p.view.to_text(), "the position as the seat saw it (R40)");
    let out = puzzles.update(PuzzleMsg::Reply(reply), Lang::En, &mut ctx());
    assert_eq!(out, PuzzleOutcome::Start { view, task: task[0].clone() });
    assert!(puzzles.playing().is_some());

    // The solution played, in another request's words: solved, and kept.
    let mut c = ctx();
    let out = puzzles.day_played(actions_text(&p.solution), Lang::En, &mut c);
    assert_eq!(out, PuzzleOutcome::Done("Checking your Day…".into()));
    let effects = c.into_effects();
    let mut c = ctx();
    let out = puzzles.update(PuzzleMsg::Reply(answered(&effects)), Lang::En, &mut c);
    let PuzzleOutcome::Done(said) = out else { panic!("{out:?}") };
    assert!(said.starts_with("Solved! "), "{said}");
    assert_eq!(c.into_effects(), [Effect::SavePuzzles(PROGRESS_KEY, format!("LZQ1\nsolved {number}\nfailed"))]);
    let Stage::Judged { verdict, .. } = puzzles.stage() else { panic!() };
    assert!(verdict.solved);
    assert!(verdict.html[0].as_str().contains("id=\"puzzle-themes\""), "the themes shown once solved");
    assert!(verdict.html[1].as_str().contains("<strong>正解：</strong>"));

    // The next puzzle is another one, not yet solved.
    let mut c = ctx();
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Next), Lang::En, &mut c);
    let PuzzleRequest::Pick { after, solved, .. } = asked(&c.into_effects()) else { panic!() };
    assert_eq!((after, solved), (number, vec![number]));
}

#[test]
fn another_legal_day_fails_and_is_explained_r12() {
    let number = (1..=1000).find(|&n| puzzle(n).difficulty == Difficulty::Hard).unwrap();
    let p = puzzle(number);
    let day = other_day(&p);
    let verdict = judge(number, &p, &actions_text(&day), None);
    assert!(!verdict.solved);
    let en = verdict.html[0].as_str();
    assert!(en.contains("data-solved=\"false\""), "{en}");
    assert!(en.contains("id=\"puzzle-solution\""), "{en}");
    assert!(en.contains("id=\"puzzle-played\""), "the Day played, in words: {en}");
    assert!(en.contains("id=\"puzzle-coach\""), "{en}");
    assert!(verdict.say[0].starts_with("Not this time. The solution: "), "{}", verdict.say[0]);
    // The same steps of the solution are solved; a Day that is not one is not.
    assert!(judge(number, &p, &actions_text(&p.solution), None).solved);
    assert!(!judge(number, &p, "", None).solved);
    assert!(!judge(number, &p, "not tokens", None).solved);

    let mut puzzles = Puzzles::NONE;
    puzzles.stage = Stage::Judging {
        current: Current { number, mine: false, view: p.view.to_text(), task: Default::default() },
        id: 1,
    };
    let reply = PuzzleReply::Verdict { id: RequestId::Puzzle(1), verdict: Box::new(verdict) };
    let mut c = ctx();
    puzzles.update(PuzzleMsg::Reply(reply), Lang::En, &mut c);
    assert_eq!(c.into_effects(), [Effect::SavePuzzles(PROGRESS_KEY, format!("LZQ1\nsolved\nfailed {number}"))]);
    // Try again puts the same puzzle back on the table.
    let out = puzzles.update(PuzzleMsg::Button(PuzzleIntent::Retry), Lang::En, &mut ctx());
    assert!(matches!(out, PuzzleOutcome::Start { view, .. } if view == p.view.to_text()));
}

#[test]
fn a_stale_reply_is_dropped_and_a_failure_is_said() {
    let mut puzzles = Puzzles::NONE;
    puzzles.update(PuzzleMsg::Button(PuzzleIntent::Ask(Level::Any)), Lang::En, &mut ctx());
    let stale = PuzzleReply::NoSet { id: RequestId::Puzzle(99) };
    assert_eq!(puzzles.update(PuzzleMsg::Reply(stale), Lang::En, &mut ctx()), PuzzleOutcome::Unchanged);
    let out = puzzles.update(PuzzleMsg::Failed(PuzzleFailure::NotLoaded), Lang::En, &mut ctx());
    let PuzzleOutcome::Opened(said) = out else { panic!("{out:?}") };
    assert!(said.contains("Connect to the internet once"), "{said}");
    assert_eq!(puzzles.stage(), &Stage::Failed(PuzzleFailure::NotLoaded));
}
