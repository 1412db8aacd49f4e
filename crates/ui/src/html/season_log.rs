//! The Season log beside the board (wide screens) or over it on request (phones): an
//! `<ol>` with one line per Day, the sticks drawn beside a throw's line, the latest last
//! and kept in sight. Its place never changes the canvas's size, so the board stays put
//! while the log grows (crates/ui/src/layout.rs).

use super::markup::{box_vars, esc, explained, stick_faces};
use crate::i18n::season_log as words;
use crate::i18n::Lang;
use crate::model::Model;
use crate::season_log::{season_log, SeasonLog};

/// Where the log goes when opened over the table (CSS variables of `#log`, used by
/// index.html below the width where the log sits beside the board).
pub fn log_box_style(app: &Model) -> String {
    box_vars("log", app.device.layout.log_over())
}

/// The log's contents (empty, and so hidden, without a game on the table).
pub fn log_html(app: &Model) -> String {
    let Some(sess) = app.table.shown().filter(|_| !app.table.is_replay()) else {
        return String::new();
    };
    let lang = app.lang;
    let g = sess.game();
    let section = log_section(lang, &season_log(g), &|p| sess.who(lang, p), (g.season().number, g.scores().len()));
    // A folded coach below the log, next to the hand it speaks of and away from the status
    // bar's long messages above.
    format!("{section}{}", super::controls::coach_folded(app))
}

/// A Season's log as its section: each player worded by `who`, in Season `season.0` of
/// `season.1` players. The game's page and table mode's shared screen both show it.
pub fn log_section(lang: Lang, log: &SeasonLog, who: &dyn Fn(usize) -> String, season: (u8, usize)) -> String {
    let mut done = Default::default();
    let mut items: String = log
        .days
        .iter()
        .map(|d| {
            let sticks = d
                .record
                .sticks
                .map(|st| format!("<span class=\"sticks sm\" aria-hidden=\"true\">{}</span>", stick_faces(st.0)));
            format!(
                "<li data-day=\"{}\"{}>{}{}</li>",
                d.number,
                if sticks.is_some() { " class=\"throw\"" } else { "" },
                explained(lang, &words::day_line_by(lang, who, d), &mut done),
                sticks.unwrap_or_default()
            )
        })
        .collect();
    if let Some(end) = &log.end {
        items.push_str(&format!("<li class=\"end\">{}</li>", esc(&words::end_line_by(lang, who, season, end))));
    }
    let body = if items.is_empty() {
        format!("<p class=\"empty\">{}</p>", esc(words::empty(lang)))
    } else {
        format!("<ol>{items}</ol>")
    };
    format!(
        "<section aria-labelledby=\"log-title\"><h2 id=\"log-title\">{}</h2><div class=\"scroll\" tabindex=\"0\">{body}</div></section>",
        esc(words::title(lang)),
    )
}
