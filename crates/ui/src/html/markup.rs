//! The pieces of HTML the dialogs, the action bar and the embeds are made of: escaping,
//! piece tiles, seat chips, the dialog card, intent buttons and the sticks' picture.

use crate::fixed::Fixed;
use crate::i18n::glossary::{mark_terms, Chunk, Explained};
use crate::i18n::{self, Lang};
use crate::layout::Rect;
use crate::msg::Intent;
use lauzait_engine::{Piece, Rule, Seat};

/// Where a box laid over the canvas goes, as the CSS variables `--<name>-x/-y/-w/-h` that
/// index.html places it by (the lesson's box, the Season log over the table).
pub fn box_vars(name: &str, r: Rect) -> String {
    let (x, y, w, h) = (Fixed::css(r.x), Fixed::css(r.y), Fixed::css(r.w), Fixed::css(r.h));
    format!("--{name}-x:{x}px;--{name}-y:{y}px;--{name}-w:{w}px;--{name}-h:{h}px")
}

pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `text`, escaped, with the first use on the screen of each of the game's words (those
/// not in `done` yet) made a small link to the rules page's section about it, its one-line
/// explanation as the link's description (a tooltip; read out by screen readers).
pub fn explained(lang: Lang, text: &str, done: &mut Explained) -> String {
    mark_terms(lang, text, done)
        .into_iter()
        .map(|c| match c {
            Chunk::Plain(t) => esc(t),
            Chunk::Term(term, t) => format!(
                "<a class=\"term\" href=\"rules.html?lang={}#{}\" target=\"_blank\" rel=\"noopener\" title=\"{}\">{}</a>",
                lang.code(),
                term.section(),
                esc(term.explain(lang)),
                esc(t)
            ),
        })
        .collect()
}

/// A piece's canvas, painted by the web shell (src/web/view/piece.rs) once it is in the page.
pub fn tile(lang: Lang, p: Piece, small: bool) -> String {
    format!(
        "<canvas class=\"tile{}\" data-piece=\"{p}\" role=\"img\" aria-label=\"{}\"></canvas>",
        if small { " sm" } else { "" },
        esc(&i18n::piece(lang, p))
    )
}

pub fn tiles(lang: Lang, ps: &[Piece], small: bool) -> String {
    format!("<span class=\"tiles\">{}</span>", ps.iter().map(|&p| tile(lang, p, small)).collect::<String>())
}

/// A rule's id as a small link to the rules page's section that states it, in `lang`.
pub fn rule_link(lang: Lang, rule: Rule) -> String {
    format!(
        "<a class=\"rule\" href=\"rules.html?lang={}#{}\" target=\"_blank\" rel=\"noopener\" title=\"{}\">{}</a>",
        lang.code(),
        i18n::glossary::rule_section(rule),
        esc(i18n::records::rec(lang, i18n::records::Rec::Rules)),
        rule.id()
    )
}

pub fn seat_chip(seat: Seat) -> String {
    format!("<span class=\"seat s-{}\" aria-hidden=\"true\"></span>", i18n::seat_code(seat))
}

pub fn card(title: &str, body: &str) -> String {
    format!(
        "<div class=\"card\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"dlg-title\"><h2 id=\"dlg-title\">{title}</h2>{body}</div>"
    )
}

pub fn button(id: &str, intent: Intent, class: &str, label: &str, autofocus: bool) -> String {
    format!(
        "<button id=\"{id}\" data-intent=\"{}\" class=\"{class}\"{}>{}</button>",
        intent.code(),
        if autofocus { " data-autofocus" } else { "" },
        esc(label)
    )
}

/// The five sticks as thrown (true: the dark face), for a container the caller opens.
pub fn stick_faces(faces: [bool; 5]) -> String {
    faces
        .iter()
        .map(|&dark| if dark { "<span class=\"stick dark\"></span>" } else { "<span class=\"stick light\"></span>" })
        .collect()
}
