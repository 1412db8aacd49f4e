//! The results screen's rating (docs/rating.md): per person, the three figures and the
//! score difference split into skill and luck, in words and a small bar chart; "Rating…"
//! while the worker rates.

use super::markup::{esc, seat_chip};
use crate::fixed::Fixed;
use crate::i18n::rating as words;
use crate::i18n::Lang;
use crate::model::Model;
use crate::rating::{SeatRating, Stage};
use lauzait_rating::GameRating;
use std::fmt::Write;

/// The rating's section of the final results: nothing when no person is rated.
pub fn section(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let Some(game) = app.rating.game.as_ref().filter(|g| !g.seats.is_empty()) else { return String::new() };
    let mut out = format!(
        "<section id=\"rating\" aria-labelledby=\"rating-title\"><h3 id=\"rating-title\">{}</h3>",
        esc(words::title(lang))
    );
    match &game.stage {
        Stage::Asking { .. } => {
            let (done, all) = game.progress();
            let _ =
                write!(out, "<p id=\"rating-progress\" role=\"status\">{}</p>", esc(&words::progress(lang, done, all)));
        }
        Stage::Failed { error } => {
            let _ = write!(out, "<p class=\"note\" id=\"rating-failed\">{}</p>", esc(&words::failed(lang, error)));
        }
        Stage::Done | Stage::Stopped => {}
    }
    out.push_str("<ul class=\"rating\">");
    for person in &game.seats {
        let seat = person.seat;
        let chip = sess.game().options().seats().get(seat).map(|&s| seat_chip(s)).unwrap_or_default();
        let _ = write!(out, "<li id=\"rating-{seat}\"><span class=\"who\">{chip}{}</span>", esc(&sess.who(lang, seat)));
        out.push_str(&person_figures(app, person));
        out.push_str("</li>");
    }
    out.push_str("</ul></section>");
    out
}

/// One person's figures once all their items are rated; nothing before.
fn person_figures(app: &Model, person: &SeatRating) -> String {
    let lang = app.lang;
    let seat = person.seat;
    let Some(r) = person.figures() else { return String::new() };
    let mut out = String::new();
    match (r.agreement(), r.accuracy()) {
        (Some(agreement), Some(accuracy)) => {
            let _ = write!(
                out,
                "<p class=\"figures\" id=\"rating-figures-{seat}\" title=\"{}\">{}</p>",
                esc(words::figures_meaning(lang)),
                esc(&words::figures(lang, agreement, r.costly(), accuracy))
            );
        }
        _ => {
            let _ = write!(out, "<p class=\"figures\" id=\"rating-figures-{seat}\">{}</p>", esc(words::no_days(lang)));
        }
    }
    let line = words::skill_and_luck(lang, r.score_difference(), r.skill(), r.luck());
    let _ = write!(
        out,
        "<figure class=\"luck-chart\"><figcaption id=\"rating-luck-{seat}\">{}</figcaption>{}</figure>",
        esc(&line),
        chart(lang, &r)
    );
    out
}

/// Width of the chart's drawing, its label column and one bar's height, in its own units.
const CHART_W: f64 = 240.0;
const LABEL_W: f64 = 56.0;
const BAR_H: f64 = 14.0;

/// Three bars from a zero line — the score difference, skill and luck — each as long as its
/// share of the largest. The caption above says the same in words, so the drawing is hidden
/// from screen readers.
fn chart(lang: Lang, r: &GameRating) -> String {
    // Written with `Fixed`: the page carries no float printer (BENCHMARKS.md).
    let n = |value: f64| Fixed { value, places: 1 };
    let values = [r.score_difference(), r.skill(), r.luck()];
    let largest = values.iter().fold(1.0f64, |m, v| m.max(v.abs()));
    let half = (CHART_W - LABEL_W) / 2.0;
    let zero = LABEL_W + half;
    let height = BAR_H * 3.0 + 8.0;
    let (w, h) = (n(CHART_W), n(height));
    let mut svg = format!(
        "<svg class=\"luck-bars\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" aria-hidden=\"true\" focusable=\"false\">"
    );
    for (i, (name, value)) in words::bar_names(lang).iter().zip(values).enumerate() {
        let y = 2.0 + i as f64 * (BAR_H + 2.0);
        let length = (value.abs() / largest * (half - 2.0)).max(1.0);
        let x = if value < 0.0 { zero - length } else { zero };
        let kind = ["diff", "skill", "luck"][i];
        let _ = write!(
            svg,
            "<text x=\"0\" y=\"{}\" class=\"bar-name\">{}</text><rect class=\"bar bar-{kind}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"></rect>",
            n(y + BAR_H - 3.0),
            esc(name),
            n(x),
            n(y),
            n(length),
            n(BAR_H)
        );
    }
    let _ = write!(svg, "<line class=\"zero\" x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{h}\"></line></svg>", n(zero));
    svg
}
