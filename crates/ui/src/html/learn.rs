//! The lessons' HTML: the lessons list, the lesson's end, the lesson's text beside the
//! board and its buttons in the action bar. The words are in `ui::i18n::learn`.

use super::markup::{box_vars, button, card, esc};
use crate::i18n::learn::{self as words, l, L};
use crate::learn::LessonIntent;
use crate::model::Model;
use crate::msg::Intent;
use crate::on_table::OnTable;
use lauzait_learn::lessons::LessonId;

fn learn_button(id: &str, intent: LessonIntent, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Learn(intent), class, label, autofocus)
}

/// The lessons list: every lesson with its number and whether it is done.
pub fn lessons_dialog(app: &Model) -> String {
    let lang = app.lang;
    let next = LessonId::ALL.into_iter().find(|&id| !app.learn.progress.is_done(id)).unwrap_or(LessonId::Board);
    let mut body = format!("<p class=\"note\">{}</p><ol class=\"lessons\">", esc(l(lang, L::LessonsNote)));
    for id in LessonId::ALL {
        let done = app.learn.progress.is_done(id);
        let mark =
            if done { format!(" <span class=\"done\">✓ {}</span>", esc(l(lang, L::Done))) } else { String::new() };
        body.push_str(&format!(
            "<li><button id=\"btn-lesson-{}\" data-intent=\"{}\" class=\"{}\"{}>{}{mark}</button></li>",
            id.code(),
            Intent::Learn(LessonIntent::Start(id)).code(),
            if id == next { "primary" } else { "" },
            if id == next { " data-autofocus" } else { "" },
            esc(words::title(lang, id)),
        ));
    }
    body.push_str(&format!("</ol><div class=\"row\">{}</div><div class=\"row end\">", super::drill::open_button(app)));
    if app.table.is_lesson() {
        body.push_str(&learn_button("btn-lesson-leave", LessonIntent::Leave, "", leave_label(app), false));
    }
    body.push_str(&button("btn-close", Intent::Close, "", crate::i18n::s(lang, crate::i18n::S::Close), false));
    body.push_str("</div>");
    card(&esc(l(lang, L::LessonsTitle)), &body)
}

/// Back to the game set aside, or to the first screen.
fn leave_label(app: &Model) -> &'static str {
    let has_game = matches!(&app.table, OnTable::Lesson { own: Some(_), .. });
    if has_game {
        l(app.lang, L::BackToGame)
    } else {
        crate::i18n::s(app.lang, crate::i18n::S::NewGame)
    }
}

/// The lesson's end: well done, and what next.
pub fn done_dialog(app: &Model) -> String {
    let lang = app.lang;
    let Some(run) = app.table.lesson() else { return String::new() };
    let mut body = format!("<p id=\"lesson-done\">{}</p>", esc(&words::heading(lang, run.id)));
    // The lesson's closing note, or a fault to know of (the progress not kept): in the
    // dialog, since the status bar above it may have room for one line only.
    if let Some(m) = &app.message {
        let class = if m.error { "errorbox" } else { "note" };
        body.push_str(&format!("<p class=\"{class}\" id=\"lesson-done-message\">{}</p>", esc(&m.text)));
    }
    if run.id.next().is_none() {
        body.push_str(&format!("<p id=\"lessons-all-done\">{}</p>", esc(l(lang, L::AllDone))));
    }
    body.push_str("<div class=\"row end\">");
    // (Its own id: the lesson's box beside the board, under this dialog, has `btn-lessons`.)
    body.push_str(&learn_button("btn-lesson-done-lessons", LessonIntent::Open, "", l(lang, L::Lessons), false));
    body.push_str(&learn_button("btn-lesson-leave", LessonIntent::Leave, "", leave_label(app), false));
    if run.id.next().is_some() {
        body.push_str(&learn_button("btn-lesson-next", LessonIntent::Next, "primary", l(lang, L::NextLesson), true));
    }
    body.push_str("</div>");
    card(&esc(l(lang, L::WellDone)), &body)
}

/// The lesson under way, in the box the layout keeps for it beside the board
/// (`Layout::lesson`): heading, task and the coach (always on in a lesson). The box scrolls
/// when its text is longer than the room, so it takes the keyboard's focus.
pub fn lesson_text(app: &Model) -> String {
    let lang = app.lang;
    let Some(run) = app.table.lesson() else { return String::new() };
    format!(
        "<section id=\"lesson\" tabindex=\"0\" aria-labelledby=\"lesson-heading\"><div class=\"row\" id=\"lesson-top\"><h2 id=\"lesson-heading\">{}</h2><span id=\"lesson-buttons\">{}{}{}</span></div><p id=\"lesson-task\">{}</p>{}</section>",
        esc(&words::heading(lang, run.id)),
        learn_button("btn-lesson-hint", LessonIntent::Hint, "", l(lang, L::Hint), false),
        learn_button("btn-lesson-restart", LessonIntent::Restart, "quiet", l(lang, L::Restart), false),
        learn_button("btn-lessons", LessonIntent::Open, "quiet", l(lang, L::Lessons), false),
        super::markup::explained(lang, words::task(lang, run.id), &mut Default::default()),
        coach_panel(app),
    )
}

/// Where the lesson's box goes (CSS variables of `#lesson-place`): below the status bar's
/// message, which covers `covered` CSS pixels of the canvas's top (`Layout::lesson_clear_of`);
/// none outside a lesson, where the layout keeps no place for it.
pub fn lesson_box_style(app: &Model, covered: f64) -> String {
    match app.device.layout.lesson_clear_of(covered) {
        Some(r) => box_vars("lesson", r),
        None => "display:none".into(),
    }
}

/// The "Learn to play" button of the first screen and the menu.
pub fn learn_to_play(app: &Model, primary: bool) -> String {
    let learn = learn_button(
        "btn-learn",
        LessonIntent::Open,
        if primary { "primary big" } else { "" },
        l(app.lang, L::LearnToPlay),
        false,
    );
    // The scoring drill is offered beside the lessons wherever they are.
    format!("{learn}{}{}", super::drill::open_button(app), super::puzzles::open_button(app))
}

/// The menu's rows: the lessons, and leaving the one under way.
pub fn menu_rows(app: &Model) -> String {
    let mut row = learn_to_play(app, false);
    if app.table.is_lesson() {
        row.push_str(&learn_button("btn-lesson-leave", LessonIntent::Leave, "", leave_label(app), false));
    }
    if app.table.is_puzzle() {
        row.push_str(&super::markup::button(
            "btn-puzzle-leave",
            crate::msg::Intent::Puzzles(crate::puzzles::PuzzleIntent::Leave),
            "",
            crate::i18n::puzzles::p(app.lang, crate::i18n::puzzles::P::Leave),
            false,
        ));
    }
    format!("<div class=\"row\">{row}</div>{}", coach_switch(app))
}

/// The coach beside the table: how far the hand is, what would help (unseen by this seat,
/// R40), what each discard allows, and the Strong player's hint.
pub fn coach_panel(app: &Model) -> String {
    use crate::learn::coach::HintState;
    let lang = app.lang;
    let Some(advice) = app.learn.coach.advice() else { return String::new() };
    // The Strong player's hint first: a docked coach shows its first lines whole
    // (`layout::chrome::COACH_DOCK`), the numbers below them scroll.
    let hint = match &app.learn.coach.hint {
        HintState::None => String::new(),
        HintState::Asked { .. } => format!("<p id=\"coach-hint\" aria-busy=\"true\">{}</p>", esc(l(lang, L::Thinking))),
        HintState::Shown { hint, plan, .. } => format!(
            "<p id=\"coach-hint\" data-action=\"{}\">{}</p>",
            lauzait_engine::notation::ActionToken(hint.action),
            esc(&words::hint_text(lang, plan, hint.why))
        ),
    };
    let mut out = format!(
        "<section id=\"coach\" aria-labelledby=\"coach-title\"><div class=\"row\"><h3 id=\"coach-title\">{}</h3>{}</div>{hint}",
        esc(l(lang, L::CoachTitle)),
        learn_button("btn-coach-hint", LessonIntent::CoachHint, "", l(lang, L::StrongHint), false)
    );
    out.push_str(&format!(
        "<p id=\"coach-distance\" data-sets-away=\"{}\" data-pieces-away=\"{}\">{} {}</p>",
        advice.distance.sets_away,
        advice.distance.pieces_away,
        esc(l(lang, L::Distance)),
        esc(&words::distance(lang, advice.distance)),
    ));
    let data: String = advice.helpers.iter().map(|h| format!("{}:{}:{} ", h.piece, h.unseen, h.on_board)).collect();
    out.push_str(&format!(
        "<p id=\"coach-helpful\" data-helpers=\"{}\">{} {}</p>",
        data.trim_end(),
        esc(l(lang, L::Helpful)),
        esc(&words::helpers(lang, advice))
    ));
    if !advice.discards.is_empty() {
        out.push_str(&format!("<p class=\"coach-h\">{}</p><ul id=\"coach-discards\">", esc(l(lang, L::Discards))));
        for d in &advice.discards {
            out.push_str(&format!(
                "<li data-piece=\"{}\" data-movers=\"{}\">{}</li>",
                d.piece,
                d.movers.len(),
                esc(&words::discard_line(lang, d, advice.distance))
            ));
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
    out
}

/// The menu's coach switch.
pub fn coach_switch(app: &Model) -> String {
    let on = app.learn.progress.coach;
    format!(
        "<div class=\"row\"><button id=\"btn-coach\" data-intent=\"{}\" aria-pressed=\"{on}\">{} {}</button></div><p class=\"note\">{}</p>",
        Intent::Learn(LessonIntent::Coach).code(),
        if on { "☑" } else { "☐" },
        esc(l(app.lang, L::Coach)),
        esc(l(app.lang, L::CoachNote))
    )
}
