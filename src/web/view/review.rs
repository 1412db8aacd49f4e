//! The post-game review's HTML: the judging's progress, a moment (the person's hand at the
//! Day's start, the choices to try, then the better choice and why), and the end; and the
//! review buttons of the results and the replay viewer. The words are in `ui::i18n::review`.

use super::html::{button, card, esc};
use crate::ui::i18n::review::{self as words, r, R};
use crate::ui::model::Model;
use crate::ui::msg::Intent;
use crate::ui::review::{Answer, ReviewIntent, Stage};

fn review_button(id: &str, intent: ReviewIntent, class: &str, label: &str, autofocus: bool) -> String {
    button(id, Intent::Review(intent), class, label, autofocus)
}

/// One "Review …'s game" button per seat that can be reviewed now.
pub fn review_buttons(app: &Model) -> String {
    let seats = app.reviewable_seats();
    if seats.is_empty() {
        return String::new();
    }
    let mut out = String::from("<div class=\"row\">");
    for p in seats {
        let name = match (&app.records.replay, &app.session) {
            (None, Some(sess)) => sess.names.get(p).cloned().unwrap_or_default(),
            _ => app
                .game()
                .and_then(|g| g.options().seats().get(p).copied())
                .map(|s| crate::ui::i18n::seat_name(app.lang, s).to_string())
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
    out.push_str("</div>");
    out
}

/// The review dialog.
pub fn review_dialog(app: &Model) -> String {
    let lang = app.lang;
    let Some(rv) = &app.review else { return String::new() };
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
        Stage::End => format!(
            "<p id=\"review-end\">{}</p><p class=\"note\">{}</p><div class=\"row end\">{}</div>",
            esc(&words::end_text(lang, rv.picked.len())),
            esc(r(lang, R::Note)),
            review_button("btn-review-close", ReviewIntent::Close, "primary", r(lang, R::Close), true)
        ),
        Stage::Moment(shown) => {
            let Some(m) = rv.picked.get(shown.index) else { return String::new() };
            let mut body = format!(
                "<h3 id=\"review-moment\">{}</h3><p id=\"review-hand\">{}</p>",
                esc(&words::moment_heading(lang, shown.index, rv.picked.len(), m.season, m.day)),
                esc(&words::hand(lang, &shown.hand))
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
                    if let Some(why) = shown.why {
                        body.push_str(&format!(
                            "<p id=\"review-why\" aria-live=\"polite\">{}</p>",
                            esc(&words::explanation(lang, &m.best, why, &m.played, m.loss()))
                        ));
                    }
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
