//! The puzzle screen's side in the rater's worker (docs/puzzles.md, "The puzzle screen"),
//! which only the rater's module links: the shipped set read, a puzzle picked, a Day
//! played judged against the solution, and the explanation built in both languages
//! (`html::puzzles::explanation`). Pure: the set's text and the page's request in, the reply
//! out; the worker's shell fetches the set.

use super::wire::{PuzzleReply, PuzzleRequest, Verdict};
use super::Level;
use crate::html::puzzles::{explanation, Explained};
use crate::i18n::learn::plan_text;
use crate::i18n::puzzles::verdict;
use crate::i18n::Lang;
use lauzait_engine::notation::parse_actions;
use lauzait_engine::{Action, Game, Status};
use lauzait_learn::coach::{advise, hint_of_plan};
use lauzait_learn::puzzles::text::from_text;
use lauzait_learn::puzzles::{Puzzle, PuzzleTextError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The shipped set as the worker keeps it once read.
#[derive(Clone, Debug, Default)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set's text (`crates/learn/data/puzzles.txt`), read exactly or refused.
    pub fn read(text: &str) -> Result<PuzzleSet, PuzzleTextError> {
        Ok(PuzzleSet { puzzles: from_text(text)? })
    }

    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Puzzle `number`, counted from 1.
    fn get(&self, number: u32) -> Option<&Puzzle> {
        self.puzzles.get((number as usize).checked_sub(1)?)
    }

    /// The number of the puzzle to offer: the first of `level` after `after` not solved,
    /// going round to the first; if every one of the level is solved, the next of the level
    /// all the same.
    pub fn pick(&self, level: Level, after: u32, solved: &[u32]) -> Option<u32> {
        let of_level: Vec<u32> = (1..=self.puzzles.len() as u32)
            .filter(|&n| self.get(n).is_some_and(|p| level.admits(p.difficulty)))
            .collect();
        let round = || of_level.iter().filter(|&&n| n > after).chain(of_level.iter().filter(|&&n| n <= after));
        round().find(|n| !solved.contains(n)).or_else(|| round().next()).copied()
    }
}

/// The reply to the page's puzzle request `text`; `set` is `None` when it could not be
/// fetched or read.
pub fn answer(text: &str, set: Option<&PuzzleSet>) -> String {
    let Ok(request) = PuzzleRequest::from_text(text) else { return PuzzleReply::unreadable_request() };
    let id = match &request {
        PuzzleRequest::Pick { id, .. } | PuzzleRequest::Judge { id, .. } | PuzzleRequest::Mine { id, .. } => *id,
    };
    let Some(set) = set else { return PuzzleReply::NoSet { id }.to_text() };
    let reply = match request {
        PuzzleRequest::Pick { level, after, solved, .. } => match set.pick(level, after, &solved) {
            Some(number) => set.get(number).map(|p| {
                let seat = p.view.options.seats().get(p.view.seat).copied();
                let task = |lang| {
                    let seat = seat.map_or("", |s| crate::i18n::seat_name(lang, s));
                    crate::i18n::puzzles::task(lang, number, p.difficulty, seat)
                };
                PuzzleReply::Offer {
                    id,
                    number,
                    difficulty: p.difficulty,
                    view: p.view.to_text(),
                    task: [task(Lang::En), task(Lang::Ja)],
                }
            }),
            None => None,
        },
        PuzzleRequest::Judge { number, day, .. } => set
            .get(number)
            .map(|puzzle| PuzzleReply::Verdict { id, verdict: Box::new(judge(number, puzzle, &day, None)) }),
        // Answered by `mine::answer` before the set is fetched.
        PuzzleRequest::Mine { .. } => None,
    };
    reply.unwrap_or(PuzzleReply::NoSet { id }).to_text()
}

/// Puzzle `number` and the Day played on it (a record's tokens) judged: solved when the
/// Day played reaches the solution's position (the same steps in another order do), the
/// sticks of a throw drawn the same for both; the explanation in both languages. A mistake
/// of the player's (`in_game`: the Day played in the game; its margin is what that Day cost) is judged so
/// too, and explained with what was played in the game.
pub fn judge(number: u32, puzzle: &Puzzle, day: &str, in_game: Option<&[Action]>) -> Verdict {
    let played = parse_actions(day).ok().filter(|d| Action::is_one_day(d));
    let solved = match (puzzle.view.rebuild(), &played) {
        (Ok(game), Some(played)) => {
            let reached = |day: &[Action]| after_day(&game, day);
            reached(played).is_some() && reached(played) == reached(&puzzle.solution)
        }
        _ => false,
    };
    let game = puzzle.view.rebuild().ok();
    let view = game.as_ref().and_then(|g| g.view(puzzle.view.seat));
    let explained = Explained {
        number,
        solved,
        solution: &puzzle.solution,
        played: played.as_deref(),
        why: view.as_ref().and_then(|v| hint_of_plan(v, &puzzle.solution)).map(|h| h.why),
        distance: view.as_ref().and_then(advise).map(|a| a.distance),
        themes: &puzzle.themes,
        margin: puzzle.margin.to_string(),
        difficulty: puzzle.difficulty,
        in_game,
    };
    let said = |lang| verdict(lang, solved, &plan_text(lang, &puzzle.solution));
    Verdict {
        number,
        solved,
        say: [said(Lang::En), said(Lang::Ja)],
        html: [explanation(Lang::En, &explained), explanation(Lang::Ja, &explained)],
    }
}

/// What a Day leaves of the game that the puzzle is about: the board, the seat's hand,
/// the scores and the Seasons' results, or `None` if the Day is not legal from it. Its
/// throw is drawn from a fixed seed, so that two orders of the same steps meet.
type Reached = (Status, Vec<i32>, usize, u8, lauzait_engine::Board, Vec<lauzait_engine::Hand>);

fn after_day(game: &Game, day: &[Action]) -> Option<Reached> {
    let mut game = game.clone();
    let mut sticks = Pcg64Mcg::seed_from_u64(0);
    for &action in day {
        game.apply(action, &mut sticks).ok()?;
    }
    let season = game.season();
    Some((
        game.status(),
        game.scores().to_vec(),
        game.results().len(),
        season.number,
        season.board,
        season.hands.clone(),
    ))
}
