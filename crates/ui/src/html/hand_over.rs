//! The hand-over: what the last Day did, then the next player taps when only they can see.

use super::markup::{button, card, esc, explained, seat_chip, stick_faces};
use crate::i18n::{self, s, screens as words, table, S};
use crate::model::Model;
use crate::msg::Intent;

pub fn hand_over(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let g = &sess.game();
    let p = g.to_move();
    let seat = g.options().seats()[p];
    let who = sess.who(lang, p);
    let mut body = String::new();
    let mut done = Default::default();
    // Every Day since this person's previous one (the Days of the others, persons and
    // computers alike).
    let since = app.play.last_day.iter().rposition(|(by, _)| *by == Some(p)).map_or(0, |i| i + 1);
    for (_, line) in &app.play.last_day[since..] {
        body.push_str(&format!("<p>{}</p>", explained(lang, line, &mut done)));
    }
    // The sticks of the last Hiring, if it went into Water.
    if let Some(st) = g.season().last_hire.and_then(|rec| rec.sticks) {
        body.push_str(&format!(
            "<div class=\"sticks\" role=\"img\" aria-label=\"{}\">{}</div>",
            esc(&table::sticks_label(lang, st.dark_faces().into())),
            stick_faces(st.0)
        ));
    }
    body.push_str(&format!("<p class=\"note\">{}</p>", esc(words::hand_over_note(lang))));
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-ready", Intent::Ready, "primary big", &i18n::ready_button(lang, &sess.name(lang, p)), true)
    ));
    card(&format!("{}{} — {}", seat_chip(seat), esc(&i18n::pass_to(lang, &who)), esc(s(lang, S::TapWhenReady))), &body)
}
