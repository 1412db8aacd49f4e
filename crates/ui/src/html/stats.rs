//! Your record's screen (docs/history.md). The page builds its frame: the figures as the
//! rater sent them, or the state they are in (working, none yet, unreadable, failed), the
//! export and the delete ([`stats_dialog`]). The rater builds the figures ([`figures`]): the
//! totals, the player's games by the strongest computer player met, the Glicko-2 rating
//! with a line of it after each game beside the three levels' fixed ratings, and a bar for
//! the points of each recent game. The words are in `ui::i18n::stats` (the frame's) and
//! `ui::i18n::stats_figures` (the figures'); every number is
//! written with `Fixed`.

use super::markup::{button, card, esc};
use crate::fixed::Fixed;
use crate::i18n::stats::{self as words, w, W};
use crate::i18n::stats_figures::{self as figure_words, f, F};
use crate::i18n::Lang;
use crate::model::Model;
use crate::msg::Intent;
use crate::stats::{Figured, StatsHtml, StatsIntent};
use lauzait_bots::Level;
use lauzait_history::{anchor, Rated, Statistics, Tally};
use std::fmt::Write;

/// The charts' drawing size, in their own units.
const CHART_W: f64 = 280.0;
const CHART_H: f64 = 90.0;
/// The most recent games the points chart shows.
const POINTS_SHOWN: usize = 40;

fn stats_button(id: &str, intent: StatsIntent, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Stats(intent), class, label, autofocus)
}

/// The button that opens the screen (the menu, the final results).
pub fn open_button(app: &Model) -> String {
    stats_button("btn-stats", StatsIntent::Open, "", w(app.lang, W::Open), false)
}

/// The screen.
pub fn stats_dialog(app: &Model) -> String {
    let lang = app.lang;
    let stats = app.stats();
    let mut body = String::new();
    let any = match stats.history() {
        Err(e) => {
            let _ =
                write!(body, "<p class=\"errorbox\" id=\"stats-unreadable\">{}</p>", esc(&words::unreadable(lang, &e)));
            true
        }
        Ok(h) if h.is_empty() => {
            let _ = write!(body, "<p id=\"stats-empty\">{}</p>", esc(words::empty(lang)));
            false
        }
        Ok(_) => {
            match stats.figured() {
                Figured::Nothing | Figured::Asking { .. } => {
                    let _ = write!(body, "<p id=\"stats-working\">{}</p>", esc(words::working(lang)));
                }
                // Built by the rater, escaped there (`figures`).
                Figured::Shown(reply) => body.push_str(reply.html[usize::from(lang == Lang::Ja)].as_str()),
                Figured::Failed(failure) => {
                    let _ = write!(
                        body,
                        "<p class=\"errorbox\" id=\"stats-failed\">{}</p>",
                        esc(&words::failed(lang, failure))
                    );
                }
            }
            true
        }
    };
    let _ = write!(body, "<p class=\"note\">{}</p>", esc(w(lang, W::KeptHere)));
    body.push_str("<div class=\"row end\">");
    if stats.deleting() {
        let _ = write!(
            body,
            "<p id=\"stats-delete-question\">{}</p>{}{}",
            esc(words::delete_question(lang)),
            stats_button("btn-stats-delete-cancel", StatsIntent::DeleteCancel, "", w(lang, W::DeleteCancel), true),
            stats_button(
                "btn-stats-delete-confirm",
                StatsIntent::DeleteConfirm,
                "danger",
                w(lang, W::DeleteConfirm),
                false
            ),
        );
    } else {
        if any && stats.history().is_ok() {
            body.push_str(&stats_button("btn-stats-export", StatsIntent::Export, "", w(lang, W::Export), false));
        }
        if any {
            body.push_str(&stats_button("btn-stats-delete", StatsIntent::Delete, "", w(lang, W::Delete), false));
        }
        body.push_str(&button("btn-close", Intent::Close, "primary", w(lang, W::Close), true));
    }
    body.push_str("</div>");
    card(&esc(w(lang, W::Title)), &body)
}

/// The screen's figures in `lang`, built in the rater's worker, which sends them to the page
/// finished: the page's module carries none of this code nor its words.
pub fn figures(lang: Lang, s: &Statistics) -> StatsHtml {
    let mut out = totals(lang, s);
    out.push_str(&by_level(lang, s));
    out.push_str(&rating(lang, s));
    out.push_str(&points_chart(lang, &s.points));
    StatsHtml::built(out)
}

fn totals(lang: Lang, s: &Statistics) -> String {
    let t = &s.all;
    let mut out = String::from("<dl class=\"stats-totals\" id=\"stats-totals\">");
    let rows: [(F, String); 5] = [
        (F::Games, s.games_kept.to_string()),
        (F::Won, figure_words::won(lang, t)),
        (F::AveragePoints, figure_words::one_decimal(t.average_points())),
        (F::Declarations, t.declarations.to_string()),
        (F::Stalemates, t.stalemates.to_string()),
    ];
    for (key, value) in rows {
        let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", esc(f(lang, key)), esc(&value));
    }
    out.push_str("</dl>");
    if s.games_kept > t.games {
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(f(lang, F::SeveralPersons)));
    }
    out
}

fn by_level(lang: Lang, s: &Statistics) -> String {
    let head = [F::Against, F::Games, F::Won, F::AveragePoints, F::Agreement, F::Accuracy];
    // On a phone the six columns are wider than the screen, and the last two (agreement,
    // accuracy) were hidden to the right of a scroll nobody sees: smaller there, and the
    // headings may wrap. Built here, in the rater's worker, so that the page's style sheet
    // (in the offline install) carries none of it; the page's policy allows inline styles.
    let mut out = String::from(
        "<style>@media (max-width:480px){#stats-by-level{font-size:11px}#stats-by-level th{white-space:normal;padding:6px 2px}#stats-by-level td{padding:6px 2px}}</style><div class=\"scroll\"><table class=\"scores\" id=\"stats-by-level\"><thead><tr>",
    );
    for (i, key) in head.into_iter().enumerate() {
        let class = if i == 0 { "" } else { " class=\"n\"" };
        let _ = write!(out, "<th scope=\"col\"{class}>{}</th>", esc(f(lang, key)));
    }
    out.push_str("</tr></thead><tbody>");
    for (level, t) in &s.by_level {
        out.push_str(&level_row(lang, *level, t));
    }
    out.push_str("</tbody></table></div>");
    out
}

fn level_row(lang: Lang, level: Level, t: &Tally) -> String {
    let agreement = t.agreement().map(|a| format!("{}%", figure_words::whole(Some(a))));
    format!(
        "<tr id=\"stats-level-{}\"><th scope=\"row\">{}</th><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
        level.name(),
        esc(figure_words::level(lang, level)),
        t.games,
        t.wins,
        figure_words::one_decimal(t.average_points()),
        agreement.unwrap_or_else(|| "–".into()),
        figure_words::whole(t.accuracy()),
    )
}

fn rating(lang: Lang, s: &Statistics) -> String {
    let mut out = format!("<h3>{}</h3>", esc(f(lang, F::RatingTitle)));
    match s.rating.last() {
        None => {
            let _ = write!(out, "<p id=\"stats-rating\">{}</p>", esc(f(lang, F::NoRating)));
        }
        Some(last) => {
            let _ = write!(
                out,
                "<p id=\"stats-rating\" class=\"big-figure\">{}</p><p class=\"note\">{}</p>",
                esc(&figure_words::rating(last)),
                esc(f(lang, F::RatingNote))
            );
            out.push_str(&rating_chart(lang, &s.rating));
        }
    }
    out
}

fn n(value: f64) -> Fixed {
    Fixed { value, places: 1 }
}

/// The rating after each game as a line, over dashed lines at the three levels' fixed
/// ratings, so that the player sees where they sit among them. Words say the same above:
/// the drawing is hidden from screen readers.
fn rating_chart(lang: Lang, series: &[Rated]) -> String {
    let levels: Vec<(Level, f64)> = Level::ALL.iter().map(|&l| (l, anchor(l).rating)).collect();
    let drawn: Vec<f64> = series.iter().map(|r| r.rating).chain(levels.iter().map(|l| l.1)).collect();
    let low = drawn.iter().copied().fold(f64::MAX, f64::min) - 50.0;
    let high = drawn.iter().copied().fold(f64::MIN, f64::max) + 50.0;
    let y = |rating: f64| CHART_H - (rating - low) / (high - low) * CHART_H;
    // The line starts a dot's radius in, so that the first game's dot is whole.
    let left = 4.0;
    let step = if series.len() > 1 { (CHART_W - 60.0 - left) / (series.len() - 1) as f64 } else { 0.0 };
    let mut svg = format!(
        "<figure class=\"stats-chart\"><figcaption>{}</figcaption><svg id=\"stats-rating-chart\" viewBox=\"0 0 {} {}\" aria-hidden=\"true\" focusable=\"false\">",
        esc(f(lang, F::RatingChart)),
        n(CHART_W),
        n(CHART_H)
    );
    for (level, rating) in &levels {
        let _ = write!(
            svg,
            "<line class=\"level\" x1=\"0\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\"></line><text class=\"level-name\" x=\"{2}\" y=\"{3}\">{4}</text>",
            n(y(*rating)),
            n(CHART_W - 60.0),
            n(CHART_W - 56.0),
            n(y(*rating) + 4.0),
            esc(figure_words::level(lang, *level))
        );
    }
    let points: Vec<String> =
        series.iter().enumerate().map(|(i, r)| format!("{},{}", n(left + i as f64 * step), n(y(r.rating)))).collect();
    let _ = write!(svg, "<polyline class=\"rating-line\" points=\"{}\"></polyline>", points.join(" "));
    // The rating now, as a dot: a line of one game is only a point.
    if let Some(last) = series.last() {
        let x = left + (series.len() - 1) as f64 * step;
        let _ =
            write!(svg, "<circle class=\"rating-now\" cx=\"{}\" cy=\"{}\" r=\"3\"></circle>", n(x), n(y(last.rating)));
    }
    svg.push_str("</svg></figure>");
    svg
}

/// A bar for the player's points in each of the most recent games, from a zero line.
fn points_chart(lang: Lang, points: &[i32]) -> String {
    let shown = &points[points.len().saturating_sub(POINTS_SHOWN)..];
    if shown.is_empty() {
        return String::new();
    }
    // The zero line splits the height as the largest gain and the largest loss do: at the
    // bottom when no game lost points.
    let gain = f64::from(shown.iter().copied().max().unwrap_or(0).max(0));
    let loss = f64::from(shown.iter().copied().min().unwrap_or(0).min(0)).abs();
    let largest = gain + loss;
    let zero = if largest > 0.0 { 1.0 + (CHART_H - 2.0) * gain / largest } else { CHART_H - 1.0 };
    let largest = largest.max(1.0);
    let width = CHART_W / POINTS_SHOWN as f64;
    let mut svg = format!(
        "<figure class=\"stats-chart\"><figcaption>{}</figcaption><svg id=\"stats-points-chart\" viewBox=\"0 0 {} {}\" aria-hidden=\"true\" focusable=\"false\">",
        esc(f(lang, F::PointsChart)),
        n(CHART_W),
        n(CHART_H)
    );
    for (i, &p) in shown.iter().enumerate() {
        let length = (f64::from(p).abs() / largest * (CHART_H - 2.0)).max(1.0);
        let top = if p < 0 { zero } else { zero - length };
        let class = if p < 0 { "bar minus" } else { "bar" };
        let _ = write!(
            svg,
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"></rect>",
            n(i as f64 * width + 1.0),
            n(top),
            n(width - 2.0),
            n(length)
        );
    }
    let _ = write!(
        svg,
        "<line class=\"zero\" x1=\"0\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\"></line></svg></figure>",
        n(zero),
        n(CHART_W)
    );
    svg
}
