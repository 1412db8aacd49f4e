//! The results screen's rating (docs/rating.md): per person, their name and, once all their
//! items are rated, the part the rater built ([`super::rating_figures`]); "Rating…" and how
//! far while the worker rates, or why it stopped.

use super::markup::{esc, seat_chip};
use crate::i18n::rating as words;
use crate::model::Model;
use crate::rating::Stage;
use std::fmt::Write;

/// The rating's section of the final results: nothing when no person is rated.
pub fn section(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let Some(game) = app.rating.game.as_ref().filter(|g| !g.persons.is_empty()) else { return String::new() };
    let mut out = format!(
        "<section id=\"rating\" aria-labelledby=\"rating-title\"><h3 id=\"rating-title\">{}</h3>",
        esc(words::title(lang))
    );
    match &game.stage {
        Stage::Asking { progress, .. } => {
            let _ =
                write!(out, "<p id=\"rating-progress\" role=\"status\">{}</p>", esc(&words::progress(lang, *progress)));
        }
        Stage::Failed { error } => {
            let _ = write!(out, "<p class=\"note\" id=\"rating-failed\">{}</p>", esc(&words::failed(lang, error)));
        }
        Stage::Done | Stage::Stopped => {}
    }
    out.push_str("<ul class=\"rating\">");
    for &seat in &game.persons {
        let chip = sess.game().options().seats().get(seat).map(|&s| seat_chip(s)).unwrap_or_default();
        let _ = write!(out, "<li id=\"rating-{seat}\"><span class=\"who\">{chip}{}</span>", esc(&sess.who(lang, seat)));
        if let Some(person) = game.rated.iter().find(|p| p.figures.seat == seat) {
            out.push_str(person.html(lang).as_str());
        }
        out.push_str("</li>");
    }
    out.push_str("</ul></section>");
    out
}
