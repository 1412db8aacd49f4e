//! One rated person's part of the results screen (docs/rating.md): the three figures and
//! the score difference split into skill and luck, in words and a small bar chart. Built in
//! the rater's worker, which sends it to the page finished ([`RatingHtml`]): the page's
//! module carries none of this code nor its words (BENCHMARKS.md, "Download size").

use super::markup::esc;
use crate::fixed::Fixed;
use crate::i18n::rating as words;
use crate::i18n::Lang;
use crate::rating::SeatFigures;
use std::fmt::Write;

/// A rated person's part of the results, escaped and finished: made only by [`person`],
/// and read back as the rater sent it ([`RatingHtml::from_rater`]). One line: it travels
/// as one line of the rater's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingHtml(String);

impl RatingHtml {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The fragment [`person`] built in the rater's worker, as its reply carries it. The
    /// rater is a module of the page's own build, fetched from the build's own folder
    /// (docs/web-layout.md): its text is the builder's output, not a visitor's.
    pub(crate) fn from_rater(line: &str) -> RatingHtml {
        RatingHtml(line.to_string())
    }
}

/// A person's figures and chart in `lang`.
pub fn person(lang: Lang, r: &SeatFigures) -> RatingHtml {
    let seat = r.seat;
    let mut out = String::new();
    match (r.agreement, r.accuracy) {
        (Some(agreement), Some(accuracy)) => {
            let _ = write!(
                out,
                "<p class=\"figures\" id=\"rating-figures-{seat}\" title=\"{}\">{}</p>",
                esc(words::figures_meaning(lang)),
                esc(&words::figures(lang, agreement, r.costly, accuracy))
            );
        }
        _ => {
            let _ = write!(out, "<p class=\"figures\" id=\"rating-figures-{seat}\">{}</p>", esc(words::no_days(lang)));
        }
    }
    let line = words::skill_and_luck(lang, r.score_difference, r.skill, r.luck);
    let _ = write!(
        out,
        "<figure class=\"luck-chart\"><figcaption id=\"rating-luck-{seat}\">{}</figcaption>{}</figure>",
        esc(&line),
        chart(lang, r)
    );
    // Escaped text has no line breaks; the fragment must stay one line of the reply.
    RatingHtml(out.replace(['\n', '\r'], " "))
}

/// Width of the chart's drawing, its label column and one bar's height, in its own units.
const CHART_W: f64 = 240.0;
const LABEL_W: f64 = 56.0;
const BAR_H: f64 = 14.0;

/// Three bars from a zero line — the score difference, skill and luck — each as long as its
/// share of the largest. The caption above says the same in words, so the drawing is hidden
/// from screen readers.
fn chart(lang: Lang, r: &SeatFigures) -> String {
    // Written with `Fixed`, as the page's numbers are (BENCHMARKS.md).
    let n = |value: f64| Fixed { value, places: 1 };
    let values = [r.score_difference, r.skill, r.luck];
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
