//! The Form and Dissolve choosers (every legal choice as a button) and the declaration
//! preview.

use super::markup::{button, card, esc, explained, tiles};
use super::results::{hand_tiles, patterns_table};
use crate::i18n::{self, s, screens as words, Lang, S};
use crate::model::Model;
use crate::msg::Intent;
use lauzait_engine::{Action, Piece};

/// One button of a chooser: the pieces, what choosing them means, and the points it moves.
struct Choice<'a> {
    id: String,
    intent: Intent,
    /// The first choice takes the focus.
    first: bool,
    pieces: &'a [Piece],
    /// HTML.
    what: String,
    points: i32,
}

impl Choice<'_> {
    fn html(&self, lang: Lang) -> String {
        format!(
            "<button class=\"choice\" id=\"{}\" data-intent=\"{}\"{}>{}<span class=\"what\">{}</span><span class=\"pts\">{}</span></button>",
            self.id,
            self.intent.code(),
            if self.first { " data-autofocus" } else { "" },
            tiles(lang, self.pieces, false),
            self.what,
            esc(&i18n::signed_pts(lang, self.points))
        )
    }
}

fn cancel_row(lang: Lang) -> String {
    format!("<div class=\"row end\">{}</div>", button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false))
}

pub fn form_chooser(app: &Model) -> String {
    let lang = app.lang;
    let mut body = format!("<p class=\"note\">{}</p>", esc(s(lang, S::FormNote)));
    for (i, f) in app.play.legal.forms.iter().enumerate() {
        for (j, r) in f.readings.iter().enumerate() {
            let mut what = String::new();
            if let Some(read) = r.reading.joker_stands_for(&f.pieces) {
                // The button's name is its content (the tiles are named images): the arrow
                // is read as words.
                what.push_str(&format!(
                    "<span aria-hidden=\"true\">→</span><span class=\"sr-only\">{}</span> {} ",
                    esc(words::read_as(lang)),
                    tiles(lang, &read, true)
                ));
            }
            what.push_str(&format!("<span class=\"kind\">{}</span>", esc(i18n::reading_kind(lang, r.reading.kind()))));
            body.push_str(
                &Choice {
                    id: format!("form-{i}-{j}"),
                    intent: Intent::FormPick(i, j),
                    first: i == 0 && j == 0,
                    pieces: &f.pieces,
                    what,
                    points: r.bonus as i32,
                }
                .html(lang),
            );
        }
    }
    body.push_str(&cancel_row(lang));
    card(&explained(lang, s(lang, S::FormTitle), &mut Default::default()), &body)
}

pub fn dissolve_chooser(app: &Model) -> String {
    let lang = app.lang;
    let Some(g) = app.game() else { return String::new() };
    let me = g.to_move();
    let Some(view) = g.view(me) else { return String::new() };
    let depts = view.departments(me);
    let mut body = String::new();
    for (k, &d) in app.play.legal.dissolvable.iter().enumerate() {
        let Some(dep) = depts.get(d as usize) else { continue };
        let pay = words::pay_back(lang, dep.bonus as i32);
        body.push_str(
            &Choice {
                id: format!("dissolve-{d}"),
                intent: Intent::DissolvePick(d),
                first: k == 0,
                pieces: &dep.pieces,
                what: esc(&pay),
                points: -(dep.bonus as i32),
            }
            .html(lang),
        );
    }
    body.push_str(&cancel_row(lang));
    card(&explained(lang, s(lang, S::DissolveTitle), &mut Default::default()), &body)
}

pub fn declare_preview(app: &Model) -> String {
    let lang = app.lang;
    let Some(g) = app.game() else { return String::new() };
    let mut body = format!("<p>{}</p>", esc(s(lang, S::DeclareNote)));
    if let Some(p) = g.declaration_preview(Action::Declare) {
        body.push_str(&hand_tiles(lang, g, true));
        body.push_str(&patterns_table(lang, &p, g.options().luminous(), "patterns"));
    }
    body.push_str(&format!(
        "<div class=\"row end\">{}{}</div>",
        button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false),
        button("btn-declare-confirm", Intent::DeclareConfirm, "primary big", s(lang, S::DeclareConfirm), true)
    ));
    card(&esc(s(lang, S::DeclareTitle)), &body)
}
