//! The puzzle screen (docs/puzzles.md, "The puzzle screen"). The page builds its frame: the
//! picker with the difficulties and the progress ([`puzzles_dialog`]), and the screen after
//! the Day with the verdict as the rater sent it and the buttons ([`done_dialog`]). The
//! rater builds the explanation ([`explanation`]): the solution's steps in words, the Day
//! played, the coach's words for the solution, and its themes, which are shown only now
//! (before, they would give the answer away). The words are in `ui::i18n::puzzles`.

use super::markup::{button, card, esc};
use crate::i18n::learn::{distance, plan_text, why};
use crate::i18n::puzzles::{self as words, p, P};
use crate::i18n::Lang;
use crate::model::Model;
use crate::msg::Intent;
use crate::puzzles::{Level, PuzzleHtml, PuzzleIntent, Stage};
use lauzait_engine::Action;
use lauzait_learn::coach::Why;
use lauzait_learn::distance::Distance;
use lauzait_learn::puzzles::{Difficulty, Theme};
use std::fmt::Write;

fn puzzle_button(id: &str, intent: PuzzleIntent, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Puzzles(intent), class, label, autofocus)
}

/// The button that opens the screen (beside the lessons and the drill).
pub fn open_button(app: &Model) -> String {
    puzzle_button("btn-puzzles", PuzzleIntent::Open, "", p(app.lang, P::Open), false)
}

/// The task of the puzzle whose Day is played, for the status bar.
pub fn task_line(app: &Model) -> String {
    // Only while the puzzle holds the table: a record or a lesson opened from the menu
    // takes the table without the feature's knowing.
    let Some(current) = app.puzzles().playing().filter(|_| app.table.is_puzzle()) else { return String::new() };
    format!("<span class=\"info\" id=\"puzzle-task\">{}</span>", esc(&current.task[usize::from(app.lang == Lang::Ja)]))
}

/// The picker: what the puzzles are, the progress, a difficulty to ask for.
pub fn puzzles_dialog(app: &Model) -> String {
    let lang = app.lang;
    let puzzles = app.puzzles();
    let progress = puzzles.progress();
    let mut body = format!(
        "<p>{}</p><p id=\"puzzles-progress\" data-solved=\"{}\" data-failed=\"{}\">{}</p>",
        esc(p(lang, P::Intro)),
        progress.solved().len(),
        progress.failed().len(),
        esc(&words::progress(lang, progress.solved().len(), progress.failed().len()))
    );
    if let Some(e) = puzzles.unreadable() {
        let _ =
            write!(body, "<p class=\"errorbox\" id=\"puzzles-unreadable\">{}</p>", esc(&words::unreadable(lang, e)));
    }
    match puzzles.stage() {
        Stage::Asking { .. } => {
            let _ = write!(body, "<p id=\"puzzles-asking\" aria-busy=\"true\">{}</p>", esc(p(lang, P::Asking)));
        }
        Stage::Failed(failure) => {
            let _ =
                write!(body, "<p class=\"errorbox\" id=\"puzzles-failed\">{}</p>", esc(&words::failed(lang, failure)));
        }
        _ => {}
    }
    let _ =
        write!(body, "<div class=\"row\" role=\"group\" aria-label=\"{0}\"><span>{0}:</span>", esc(p(lang, P::Choose)));
    for level in Level::ALL {
        let class = if level == puzzles.level() { "primary" } else { "" };
        body.push_str(&puzzle_button(
            &format!("btn-puzzles-{}", level.code()),
            PuzzleIntent::Ask(level),
            class,
            words::level(lang, level),
            level == puzzles.level(),
        ));
    }
    body.push_str("</div>");
    // The player's own mistakes, once the rater has said how many are due.
    if let Some(news) = puzzles.mine_news() {
        body.push_str(news.html[usize::from(lang == Lang::Ja)].as_str());
    }
    let _ = write!(body, "<p class=\"note\">{}</p><div class=\"row end\">", esc(p(lang, P::KeptHere)));
    body.push_str(&button("btn-close", Intent::Close, "", p(lang, P::Close), false));
    body.push_str("</div>");
    card(&esc(p(lang, P::Title)), &body)
}

/// The picker's row of the player's own mistakes, built by the rater (docs/puzzles.md,
/// "Your mistakes"): the button with how many are due, and `status`, the rater's sentence
/// on the queue (when none is due, when the next is). The page's module carries none of it.
pub fn mine_row(lang: Lang, due: usize, status: &str) -> PuzzleHtml {
    let mut out = format!("<div class=\"row\" id=\"mistakes\" data-due=\"{due}\">");
    out.push_str(&puzzle_button(
        "btn-puzzles-mine",
        PuzzleIntent::Ask(Level::Mine),
        "",
        &words::mine_button(lang, due),
        false,
    ));
    // Read out as it changes (nothing due, the next one's time): the page says nothing else.
    let _ = write!(out, "</div><p id=\"mistakes-status\" role=\"status\">{}</p>", esc(status));
    PuzzleHtml::built(out)
}

/// The screen after the Day: being judged, the verdict with its explanation, or why not.
pub fn done_dialog(app: &Model) -> String {
    let lang = app.lang;
    let mut body = String::new();
    let title = match app.puzzles().stage() {
        Stage::Judged { verdict, .. } => {
            // Built by the rater, escaped there (`explanation`).
            body.push_str(verdict.html[usize::from(lang == Lang::Ja)].as_str());
            p(lang, if verdict.solved { P::Solved } else { P::NotSolved })
        }
        Stage::Failed(failure) => {
            let _ =
                write!(body, "<p class=\"errorbox\" id=\"puzzle-failed\">{}</p>", esc(&words::failed(lang, failure)));
            p(lang, P::Title)
        }
        _ => {
            let _ = write!(body, "<p id=\"puzzle-judging\" aria-busy=\"true\">{}</p>", esc(p(lang, P::Judging)));
            p(lang, P::Title)
        }
    };
    body.push_str("<div class=\"row end\">");
    body.push_str(&puzzle_button("btn-puzzle-leave", PuzzleIntent::Leave, "", p(lang, P::Leave), false));
    body.push_str(&puzzle_button("btn-puzzle-retry", PuzzleIntent::Retry, "", p(lang, P::Retry), false));
    body.push_str(&puzzle_button("btn-puzzle-next", PuzzleIntent::Next, "primary", p(lang, P::Next), true));
    body.push_str("</div>");
    card(&esc(title), &body)
}

/// What the explanation is made of (the rater's).
pub struct Explained<'a> {
    pub number: u32,
    pub solved: bool,
    pub solution: &'a [Action],
    /// The Day played, if it was one legal Day.
    pub played: Option<&'a [Action]>,
    /// The coach's reason for the solution's first step.
    pub why: Option<Why>,
    /// How far the hand was from declaring before the Day.
    pub distance: Option<Distance>,
    pub themes: &'a [Theme],
    /// The margin in points, one decimal.
    pub margin: String,
    pub difficulty: Difficulty,
    /// A mistake of the player's: the Day played in the game (the margin is what it cost).
    pub in_game: Option<&'a [Action]>,
}

/// The explanation in `lang`, built in the rater's worker, which sends it to the page
/// finished: the page's module carries none of this code nor its words.
pub fn explanation(lang: Lang, e: &Explained<'_>) -> PuzzleHtml {
    // Japanese runs on after a full-width colon and between sentences; English leaves a space.
    let (stop, space) = if lang == Lang::Ja { ("。", "") } else { (".", " ") };
    let mut out = format!(
        "<p id=\"puzzle-verdict\" data-number=\"{}\" data-solved=\"{}\" class=\"note\">{}</p>",
        e.number,
        e.solved,
        esc(&match e.in_game {
            Some(_) => words::mine_heading(lang, &e.margin),
            None => words::heading(lang, e.number, e.difficulty),
        })
    );
    let mut line = |id: &str, key: &str, text: &str| {
        let _ = write!(out, "<p id=\"{id}\"><strong>{}</strong>{space}{}</p>", esc(key), esc(text));
    };
    line("puzzle-solution", p(lang, P::Solution), &format!("{}{stop}", plan_text(lang, e.solution)));
    if let Some(played) = e.played.filter(|_| !e.solved) {
        line("puzzle-played", p(lang, P::YourDay), &format!("{}{stop}", plan_text(lang, played)));
    }
    if let Some(played) = e.in_game {
        line("puzzle-in-game", words::in_your_game(lang), &format!("{}{stop}", plan_text(lang, played)));
    }
    let mut coach: Vec<String> = e.distance.map(|d| distance(lang, d)).into_iter().collect();
    coach.extend(e.why.map(|w| why(lang, w)));
    coach.push(match e.in_game {
        Some(_) => words::mine_margin(lang, &e.margin),
        None => words::margin(lang, &e.margin),
    });
    line("puzzle-coach", p(lang, P::Coach), &coach.join(space));
    let themes: Vec<String> = e.themes.iter().map(|&t| words::theme(lang, t)).collect();
    let names: Vec<&str> = e.themes.iter().map(|t| t.name()).collect();
    let _ = write!(
        out,
        "<p id=\"puzzle-themes\" data-themes=\"{}\"><strong>{}</strong>{space}{}</p>",
        names.join(","),
        esc(p(lang, P::Themes)),
        esc(&themes.join(if lang == Lang::Ja { "、" } else { ", " })),
    );
    PuzzleHtml::built(out)
}
