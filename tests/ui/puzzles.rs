//! The puzzle screen as a player meets it (docs/puzzles.md, "The puzzle screen"): opened
//! from the menu over a game, a puzzle asked of the rater, its position on the table as the
//! seat saw it (R40), a Day played by taps (R12) and judged, the explanation shown, the
//! progress kept; leaving gives the game set aside back.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Seat, Status};
use lauzait_learn::puzzles::Difficulty;
use lauzait_ui::ctx::Ctx;
use lauzait_ui::model::Overlay;
use lauzait_ui::puzzles::rater::{answer, PuzzleSet};
use lauzait_ui::puzzles::{self, PuzzleIntent, PuzzleMsg, PuzzleRequest, Stage};
use lauzait_ui::{Effect, Intent, Msg};

const SET: &str = include_str!("../../crates/learn/data/puzzles.txt");

/// The rater answers every puzzle request the page posted, and the page reads the answers.
fn rater_answers(t: &mut Table, set: &PuzzleSet) {
    let (texts, other): (Vec<String>, Vec<String>) =
        std::mem::take(&mut t.posted).into_iter().partition(|text| PuzzleRequest::is_one(text));
    t.posted = other;
    assert!(!texts.is_empty(), "the page asked the rater");
    for text in texts {
        t.send(Msg::RaterText(answer(&text, Some(set))));
    }
}

#[test]
fn a_puzzle_is_played_over_a_game_judged_explained_and_left() {
    let set = PuzzleSet::read(SET).unwrap();
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Blue, Some(Level::Easy))], 5);
    let own = t.model.game().unwrap().clone();
    t.intent(Intent::Menu);
    let effects = t.intent(Intent::Puzzles(PuzzleIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Puzzles);
    assert!(effects.contains(&Effect::LoadPuzzles));
    t.send(Msg::Puzzles(PuzzleMsg::Stored(None)));

    t.intent(Intent::Puzzles(PuzzleIntent::Ask(puzzles::Level::Of(Difficulty::Easy))));
    rater_answers(&mut t, &set);
    assert!(t.model.table.is_puzzle(), "the puzzle's table is on the table");
    assert_eq!(t.model.overlay, Overlay::None);
    let Some(current) = t.model.puzzles().playing().cloned() else { panic!("{:?}", t.model.puzzles().stage()) };
    assert!(!current.mine, "a puzzle of the set");
    let text = t.model.play.live.clone();
    assert!(text.starts_with(&format!("Puzzle {} (easy): find the best whole Day", current.number)), "{text}");
    let bar = lauzait_ui::html::controls::bar_html(&t.model);
    assert!(
        bar.contains(&format!("<span class=\"info\" id=\"puzzle-task\">Puzzle {} (easy)", current.number)),
        "{bar}"
    );
    assert!(!bar.contains("puzzle-themes"), "no theme before the Day: it would give the answer away");
    let game = t.model.game().unwrap();
    assert_eq!(game.status(), Status::Playing);
    assert!(t.model.interactive(), "the seat's Day is the player's");

    // A Day by taps: the first discard, mover and destination (R12).
    t.play_day_by_taps();
    rater_answers(&mut t, &set);
    assert_eq!(t.model.overlay, Overlay::PuzzleDone);
    let Stage::Judged { verdict, .. } = t.model.puzzles().stage() else { panic!("{:?}", t.model.puzzles().stage()) };
    assert_eq!(verdict.number, current.number);
    let kept =
        if verdict.solved { t.model.puzzles().progress().solved() } else { t.model.puzzles().progress().failed() };
    assert_eq!(kept, [current.number], "the verdict is kept");
    assert!(t.effects.iter().any(|e| matches!(e, Effect::SavePuzzles(..))));
    assert_eq!(t.saves(), 1, "the puzzle's table is never saved over the game: only the game's start was");

    // Try again: the same position, the Day to play again.
    t.intent(Intent::Puzzles(PuzzleIntent::Retry));
    assert_eq!(t.model.overlay, Overlay::None);
    assert_eq!(t.model.puzzles().playing().map(|c| c.number), Some(current.number));
    assert_eq!(t.model.game().unwrap().log().len(), game_log_len(&set, current.number));

    // Back to the menu: the game set aside comes back as it was.
    t.intent(Intent::Puzzles(PuzzleIntent::Leave));
    assert!(!t.model.table.is_puzzle());
    assert_eq!(t.model.overlay, Overlay::Menu);
    assert_eq!(t.model.game().unwrap().log(), own.log());
}

/// The log's length of puzzle `number`'s game as rebuilt: nothing of the Day played.
fn game_log_len(_set: &PuzzleSet, number: u32) -> usize {
    let p = lauzait_learn::puzzles::text::from_text(SET).unwrap().swap_remove(number as usize - 1);
    p.view.rebuild().unwrap().log().len()
}

/// A puzzle whose solution forms a set and declares Lauzait-Cep! (R10, R11): the Season's
/// end goes to the verdict, not to the scoring; the coach, switched on, is not shown at the
/// puzzle's table, where its hint would give the answer away.
#[test]
fn a_declaring_puzzle_solved_ends_on_its_verdict_r11() {
    let set = PuzzleSet::read(SET).unwrap();
    let mut t = Table::open(lauzait_ui::save::Loaded::Nothing);
    t.intent(Intent::Learn(lauzait_ui::learn::LessonIntent::Coach));
    assert!(t.model.coach_on());
    t.intent(Intent::Puzzles(PuzzleIntent::Open));
    t.send(Msg::Puzzles(PuzzleMsg::Stored(None)));
    t.intent(Intent::Puzzles(PuzzleIntent::Ask(puzzles::Level::Of(Difficulty::Easy))));
    rater_answers(&mut t, &set);
    assert_eq!(t.model.puzzles().playing().map(|c| c.number), Some(3), "the first easy puzzle");
    assert!(!t.model.coach_on(), "no coach at a puzzle's table");
    let p = lauzait_learn::puzzles::text::from_text(SET).unwrap().swap_remove(2);
    assert_eq!(p.solution.last(), Some(&lauzait_engine::Action::Declare));
    for &action in &p.solution {
        let mut ctx = Ctx::new(t.now, 7);
        t.model.act(action, &mut ctx);
        t.posted.extend(ctx.into_effects().into_iter().filter_map(|e| match e {
            Effect::AskRater(text) => Some(text),
            _ => None,
        }));
    }
    rater_answers(&mut t, &set);
    t.send(Msg::Tick);
    assert_eq!(t.model.overlay, Overlay::PuzzleDone, "the verdict, not the scoring");
    let Stage::Judged { verdict, .. } = t.model.puzzles().stage() else { panic!("{:?}", t.model.puzzles().stage()) };
    assert!(verdict.solved);
    assert_eq!(t.model.puzzles().progress().solved(), [3]);
    t.intent(Intent::Puzzles(PuzzleIntent::Leave));
    assert!(t.model.coach_on(), "the coach is back with the player's own table");
}
