//! The post-game review's HTML: the judging's progress, a moment (the person's hand at the
//! Day's start, the choices to try, then the better choice and why), and the end; and the
//! review buttons of the results and the replay viewer. The words are in `crate::i18n::review`;
//! the moment's board is painted on its canvas by the web shell (src/web/view/review.rs).

use super::markup::{button, card, esc, seat_chip, tile, tiles};
use crate::i18n::review::{self as words, r, R};
use crate::i18n::{self, Lang};
use crate::model::Model;
use crate::msg::Intent;
use crate::review::{Answer, PlanMarks, Review, ReviewIntent, Shown, Stage};

fn review_button(id: &str, intent: ReviewIntent, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Review(intent), class, label, autofocus)
}

/// One "Review …'s game" button per seat that can be reviewed now.
pub fn review_buttons(app: &Model) -> String {
    let seats = app.reviewable_seats();
    if seats.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    for p in seats {
        let name = match (app.table.replay(), app.table.shown()) {
            (None, Some(sess)) => sess.names().get(p).cloned().unwrap_or_default(),
            _ => app
                .game()
                .and_then(|g| g.options().seats().get(p).copied())
                .map(|s| crate::i18n::seat_name(app.lang, s).to_string())
                .unwrap_or_default(),
        };
        out.push_str(&review_button(
            &format!("btn-review-{p}"),
            ReviewIntent::Open(p as u8),
            "",
            &words::review_seat(app.lang, &name),
            false,
        ));
    }
    out
}

/// The review dialog.
pub fn review_dialog(app: &Model) -> String {
    let lang = app.lang;
    let Some(rv) = app.review() else { return String::new() };
    let close = review_button("btn-review-close", ReviewIntent::Close, "", r(lang, R::Close), false);
    let body = match &rv.stage {
        Stage::Working { .. } => {
            let (done, all) = rv.progress();
            format!(
                "<p>{}</p><p id=\"review-progress\" class=\"note\" aria-live=\"polite\">{}</p><div class=\"row end\">{close}</div>",
                esc(r(lang, R::Judging)),
                esc(&words::progress(lang, done, all))
            )
        }
        Stage::Failed { error, .. } => format!(
            "<p id=\"review-failed\" class=\"errorbox\" role=\"alert\">{}</p><div class=\"row end\">{close}{}</div>",
            esc(&words::failed(lang, error)),
            review_button("btn-review-retry", ReviewIntent::Retry, "primary", r(lang, R::Retry), true)
        ),
        Stage::End => format!(
            "<p id=\"review-end\" data-days=\"{}\">{}</p>{}<p class=\"note\">{}</p><div class=\"row end\">{}</div>",
            rv.days.len(),
            esc(&words::end_text(lang, rv.picked.len())),
            finals_html(app, rv),
            esc(r(lang, R::Note)),
            review_button("btn-review-close", ReviewIntent::Close, "primary", r(lang, R::Close), true)
        ),
        Stage::Moment(shown) => {
            let Some(m) = rv.picked.get(shown.index) else { return String::new() };
            let answered = shown.answer != Answer::Asking;
            let mut body = format!(
                "<h3 id=\"review-moment\" data-days=\"{}\">{}</h3><canvas class=\"mini-board\" id=\"review-board\" role=\"img\" aria-label=\"{}\"></canvas><p id=\"review-hand\">{}</p>{}",
                rv.days.len(),
                esc(&words::moment_heading(lang, shown.index, rv.picked.len(), m.season, m.day)),
                esc(words::board_label(lang, answered)),
                esc(&words::hand_and_departments(lang, &shown.hand, &shown.departments)),
                marked_hand(lang, shown, answered.then(|| (PlanMarks::of(&m.best), PlanMarks::of(&m.played)))),
            );
            match shown.answer {
                Answer::Asking => {
                    body.push_str(&format!(
                        "<p>{}</p><div class=\"row\" id=\"review-choices\">",
                        esc(r(lang, R::TryAgain))
                    ));
                    for (i, &a) in shown.choices.iter().enumerate() {
                        body.push_str(&review_button(
                            &format!("btn-review-try-{i}"),
                            ReviewIntent::Try(i as u8),
                            "",
                            &words::choice(lang, a),
                            i == 0,
                        ));
                    }
                    body.push_str("</div>");
                    body.push_str(&format!(
                        "<div class=\"row end\">{}{close}</div>",
                        review_button("btn-review-show", ReviewIntent::Show, "", r(lang, R::ShowAnswer), false)
                    ));
                }
                Answer::Tried { .. } | Answer::Shown => {
                    if let Answer::Tried { found, .. } = shown.answer {
                        let (class, text) =
                            if found { ("good", r(lang, R::WellFound)) } else { ("errorbox", r(lang, R::NotThisOne)) };
                        body.push_str(&format!("<p id=\"review-verdict\" class=\"{class}\">{}</p>", esc(text)));
                    }
                    if let Some(text) = rv.explanation(lang) {
                        body.push_str(&format!("<p id=\"review-why\" aria-live=\"polite\">{}</p>", esc(&text)));
                    }
                    let (better, played) = words::legend(lang, &m.best, &m.played);
                    body.push_str(&format!(
                        "<p class=\"legend\" id=\"review-legend\">{}<br>{}</p>",
                        esc(&better),
                        esc(&played)
                    ));
                    body.push_str(&format!(
                        "<div class=\"row end\">{close}{}</div>",
                        review_button("btn-review-next", ReviewIntent::Next, "primary", r(lang, R::Next), true)
                    ));
                }
            }
            body
        }
    };
    card(&esc(r(lang, R::Title)), &body)
}

/// The person's hand as tiles; once answered, the better choice's discard framed solid
/// green and the one played framed dashed red (the legend says the same in words).
fn marked_hand(lang: Lang, shown: &Shown, marks: Option<(PlanMarks, PlanMarks)>) -> String {
    let (mut better, mut played) = match marks {
        Some((b, p)) => (b.discard, p.discard),
        None => (None, None),
    };
    let mut out = String::from("<div class=\"tiles\" id=\"review-tiles\" aria-hidden=\"true\">");
    for &p in &shown.hand {
        let class = if better == Some(p) {
            better = None;
            " mark-better"
        } else if played == Some(p) {
            played = None;
            " mark-played"
        } else {
            ""
        };
        out.push_str(&tile(lang, p, false).replacen("class=\"tile\"", &format!("class=\"tile{class}\""), 1));
    }
    for d in &shown.departments {
        out.push_str(&tiles(lang, d, true));
    }
    out.push_str("</div>");
    out
}

/// The closing summary: every person's hand as the game ended.
fn finals_html(app: &Model, rv: &Review) -> String {
    if rv.finals.is_empty() {
        return String::new();
    }
    let lang = app.lang;
    let seats = rv.record.options.seats();
    let mut out = format!("<h3>{}</h3><ul id=\"review-finals\" class=\"finals\">", esc(words::finals_title(lang)));
    for f in &rv.finals {
        let Some(&seat) = seats.get(f.player) else { continue };
        let name = i18n::seat_name(lang, seat);
        let depts: String = f.departments.iter().map(|d| tiles(lang, d, true)).collect();
        out.push_str(&format!(
            "<li data-player=\"{}\"><p>{}{}</p><div aria-hidden=\"true\">{}{depts}</div></li>",
            f.player,
            seat_chip(seat),
            esc(&words::final_hand(lang, name, &f.concealed, &f.departments)),
            tiles(lang, &f.concealed, true),
        ));
    }
    out.push_str("</ul>");
    out
}
