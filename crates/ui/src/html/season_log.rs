//! The Season log beside the board (wide screens) or over it on request (phones): an
//! `<ol>` with one line per Day, the sticks drawn beside a throw's line, the latest last
//! and kept in sight. Its place never changes the canvas's size, so the board stays put
//! while the log grows (crates/ui/src/layout.rs).

use super::markup::{box_vars, esc, explained, stick_faces, tile, tiles};
use crate::i18n::season_log as words;
use crate::i18n::{self, Lang};
use crate::model::Model;
use crate::season_log::{public_season_log, season_log, SeasonLog};
use lauzait_engine::{PublicView, SeenDay};

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
    let items: String = log
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
    framed(lang, items, log.end.as_ref().map(|end| words::end_line_by(lang, who, season, end)))
}

/// The log of the Season `view` shows. A device that holds only a seat's view (play by turns
/// rebuilds its game from the host's latest view) has no record of the Season's moves and
/// throws, only what everyone saw of each Day: then its Days as seen, each with who played,
/// the discard, the piece taken and the Departments, rather than an empty log.
pub fn public_log_section(lang: Lang, view: &PublicView, who: &dyn Fn(usize) -> String) -> String {
    let season = (view.season_number(), view.scores().len());
    let log = public_season_log(view);
    if view.season_opening().is_some() || view.seen_days().is_empty() {
        return log_section(lang, &log, who, season);
    }
    let items: String = view
        .seen_days()
        .iter()
        .enumerate()
        .map(|(i, d)| format!("<li data-day=\"{}\">{}</li>", i + 1, seen_day_line(lang, i, d, who)))
        .collect();
    framed(lang, items, log.end.as_ref().map(|end| words::end_line_by(lang, who, season, end)))
}

/// One Day as everyone saw it, from its [`SeenDay`] alone: its number, who (`who`: the
/// player's words, markup allowed), the discard, the piece taken into the hand, the
/// Department dissolved or formed. A spectator's log is made of these.
pub fn seen_day_line(lang: Lang, index: usize, d: &SeenDay, who: &dyn Fn(usize) -> String) -> String {
    let mut line = format!("{} · {} ", esc(&i18n::day_n(lang, index as u32 + 1)), who(d.player));
    if let Some(x) = d.discarded {
        line.push_str(&tile(lang, x, true));
    }
    if let Some(x) = d.taken {
        line.push_str(&format!("→{}", tile(lang, x, true)));
    }
    for pieces in [d.dissolved, d.formed].into_iter().flatten() {
        line.push_str(&format!(" <span class=\"dep\">{}</span>", tiles(lang, &pieces, true)));
    }
    line
}

/// The log's frame around its `items`, with the Season's `end` line once it has ended.
fn framed(lang: Lang, mut items: String, end: Option<String>) -> String {
    if let Some(end) = end {
        items.push_str(&format!("<li class=\"end\">{}</li>", esc(&end)));
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
