//! The rater's side of the player's mistakes, which only the rater's module links: the
//! mistakes of a rated game made ([`of_rating`]), and the page's requests answered
//! ([`answer`]): the stored text read as untrusted, the schedule applied, a Day judged by
//! the shipped puzzles' own judge (`puzzles::rater::judge`). Pure: the time comes in as a
//! number (ms since 1970), read by the worker's shell.

use super::queue::{Mistake, Queue, QueueError, MARK, MAX_MISTAKES};
use super::schedule::{due_order, next_due, After, Schedule};
use crate::html::puzzles::mine_row;
use crate::i18n::puzzles::{mine_status, mine_task, mine_unreadable};
use crate::i18n::Lang;
use crate::puzzles::rater::judge;
use crate::puzzles::wire::{MineAsk, MineNews, PuzzleReply, PuzzleRequest};
use lauzait_engine::{Record, SeatView};
use lauzait_learn::puzzles::{themes_of, Difficulty, Margin, Puzzle, MARGIN};
use lauzait_learn::review::{self, Weight};
use lauzait_rating::GameRating;

/// The mistakes of a rated person's game: each costly choice (the rating's, docs/rating.md)
/// that the Strong player put at least the puzzles' [`MARGIN`] below its best Day. A costly
/// choice under the margin is not kept: its best Day is not clearly enough the answer for a
/// puzzle (docs/puzzles.md, "Your mistakes").
pub fn of_rating(record: &Record, rating: &GameRating) -> Vec<Mistake> {
    let costly = |loss| matches!(rating.scale.weight(loss), Weight::Large | Weight::Decisive) && loss >= MARGIN;
    rating
        .days
        .iter()
        .filter(|m| costly(m.loss()))
        .filter_map(|m| {
            let game = review::position(record, m.at)?;
            let view = SeatView::new(&game.view(rating.seat)?);
            Some(Mistake {
                schedule: Schedule::NEW,
                cost: Margin::from_points(m.loss()),
                played: m.played.clone(),
                best: m.best.clone(),
                view,
            })
        })
        .collect()
}

/// The replies to the page's request `text` at `now`, if it is one of the mistakes' (an
/// offer or a verdict is followed by how the queue stands, with the same id). The
/// `rated` mistakes (of the games the rater rated) are added to the queue the page sent,
/// and the text to store answered; each is forgotten once a queue the page sends holds it
/// (so that a reply the page dropped loses none, and none comes back once solved).
pub fn answer(text: &str, now: u64, rated: &mut Vec<Mistake>) -> Option<Vec<String>> {
    if !PuzzleRequest::is_mine(text) {
        return None;
    }
    let Ok(PuzzleRequest::Mine { id, ask, queue }) = PuzzleRequest::from_text(text) else {
        return Some(vec![PuzzleReply::unreadable_request()]);
    };
    let (mut q, faults) = match Queue::read(&queue) {
        _ if queue.is_empty() => (Queue::default(), Vec::new()),
        Ok(read) => read,
        Err(e) => {
            // Another version's text is left alone; any other is started again.
            let newer = matches!(&e, QueueError::Mark { found } if found.starts_with("LZM"));
            let store = (!newer).then(|| MARK.to_string());
            let news = news(&Queue::default(), now, Some((&e, true)), store);
            return Some(vec![PuzzleReply::Mine { id, news }.to_text()]);
        }
    };
    let fault = faults.first().map(|e| (e, false));
    rated.retain(|m| !q.mistakes.iter().any(|k| k.same(m)));
    q.mistakes.extend(rated.iter().cloned());
    let extra = q.mistakes.len().saturating_sub(MAX_MISTAKES);
    q.mistakes.drain(..extra);
    // Damaged lines dropped, and the rated mistakes added, are written so.
    let added = !rated.is_empty();
    let store = |q: &Queue, changed: bool| (changed || added || !faults.is_empty()).then(|| q.to_text());
    let mut replies = Vec::new();
    let mut changed = false;
    match ask {
        MineAsk::Count => {}
        MineAsk::Pick => {
            if let Some(&i) = due_order(&q.schedules(), now).first() {
                let m = &q.mistakes[i];
                let seat = m.view.options.seats().get(m.view.seat).copied();
                let task =
                    |lang| mine_task(lang, &m.cost.to_string(), seat.map_or("", |s| crate::i18n::seat_name(lang, s)));
                replies.push(PuzzleReply::Offer {
                    id,
                    number: i as u32 + 1,
                    // Not shown of a mistake: the page knows it asked for one.
                    difficulty: Difficulty::Hard,
                    view: m.view.to_text(),
                    task: [task(Lang::En), task(Lang::Ja)],
                });
            }
        }
        MineAsk::Judge { number, day } => {
            // A mistake no longer in the queue (another tab's) is not judged: the queue's
            // reply alone answers.
            if let Some(i) = (number as usize).checked_sub(1).filter(|&i| i < q.mistakes.len()) {
                let m = &q.mistakes[i];
                let themes = m.view.rebuild().ok().and_then(|g| themes_of(&g, &m.best).ok()).unwrap_or_default();
                // The difficulty is not said of a mistake (`in_game` words the heading).
                let puzzle = Puzzle {
                    view: m.view.clone(),
                    solution: m.best.clone(),
                    margin: m.cost,
                    themes,
                    difficulty: Difficulty::Hard,
                };
                let verdict = judge(number, &puzzle, &day, Some(&m.played));
                match m.schedule.judged(verdict.solved, now) {
                    After::Kept(schedule) => q.mistakes[i].schedule = schedule,
                    After::Left => {
                        q.mistakes.remove(i);
                    }
                }
                changed = true;
                replies.push(PuzzleReply::Verdict { id, verdict: Box::new(verdict) });
            }
        }
    }
    replies.push(PuzzleReply::Mine { id, news: news(&q, now, fault, store(&q, changed)) });
    Some(replies.iter().map(PuzzleReply::to_text).collect())
}

/// How the queue stands at `now`, in both languages, after any fault in reading it.
fn news(q: &Queue, now: u64, fault: Option<(&QueueError, bool)>, queue: Option<String>) -> MineNews {
    let schedules = q.schedules();
    let due = due_order(&schedules, now).len();
    let next_in = next_due(&schedules, now).map(|t| t.saturating_sub(now));
    let say = |lang| {
        let status = mine_status(lang, due, q.mistakes.len(), next_in);
        match fault {
            Some((e, whole)) => format!("{} {status}", mine_unreadable(lang, e, whole)),
            None => status,
        }
    };
    MineNews { html: [mine_row(Lang::En, due, &say(Lang::En)), mine_row(Lang::Ja, due, &say(Lang::Ja))], queue }
}
