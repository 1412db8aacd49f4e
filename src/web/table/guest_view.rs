//! A phone's markup: the answer's QR code and text while pairing, then the seat's own
//! hand — its concealed pieces, its Departments — and a button for each action the engine
//! offers in the seat's Day (discard, Form, Dissolve, Lauzait-Cep!, Undo, and the Hiring's
//! mover and destination).

use super::guest_page::Page;
use super::notices::{notices, Notices};
use super::qr;
use crate::engine::{Action, Status};
use crate::table::controls::GuestControl;
use crate::table::guest::Stage;
use crate::ui::i18n::table_mode::{action_label, refusal, t, T};
use crate::ui::i18n::{self, Lang};
use crate::web::view::html::{esc, seat_chip, tiles};

pub fn page(p: &Page) -> String {
    let l = p.lang;
    let g = &p.guest;
    let mut html = format!("<h1>{}</h1>", esc(t(l, T::Title)));
    // The seat's name in this phone's language: the table's names are its seats' names in
    // the board's language (`table::setup`), which the phone's player may not read.
    if let Some(&seat) = g.view().and_then(|view| view.options.seats().get(view.seat)) {
        html = format!("<h1>{}{}</h1>", seat_chip(seat), esc(i18n::seat_name(l, seat)));
    }
    html.push_str(&notices(
        l,
        Notices { problem: p.problem.as_deref(), not_saved: p.not_saved.as_ref(), ..Notices::default() },
    ));
    if let Some((r, _)) = &g.refused {
        html.push_str(&format!("<p class=\"errorbox\" id=\"refused\">{}</p>", esc(refusal(l, *r))));
    }
    if p.channel.lost() {
        html.push_str(&format!("<p class=\"errorbox\" id=\"lost\">{}</p>", esc(t(l, T::Disconnected))));
    }
    // Until the channel is open the answer is what the phone must show, whatever it holds.
    if !p.channel.connected() {
        html.push_str(&pairing(l, p.code.as_deref()));
        return html;
    }
    match g.stage() {
        Stage::Joining => html.push_str(&format!("<p>{}</p>", esc(t(l, T::Waiting)))),
        Stage::Waiting => html.push_str(&format!(
            "<p id=\"waiting\">{}</p><p class=\"note\">{}</p>",
            esc(t(l, T::Joined)),
            esc(t(l, T::DealMaking))
        )),
        Stage::Playing => html.push_str(&hand(p)),
    }
    html
}

fn pairing(l: Lang, code: Option<&str>) -> String {
    let Some(code) = code else { return format!("<p>{}</p>", esc(t(l, T::Preparing))) };
    format!(
        "<p><b>{}</b></p><div id=\"answer-qr\">{}</div><p class=\"note\">{}</p>\
         <textarea id=\"answer-code\" readonly rows=\"3\">{}</textarea><p><button id=\"{}\">{}</button></p>",
        esc(t(l, T::ShowHost)),
        qr::svg(code, t(l, T::ShowHost)),
        esc(t(l, T::AnswerNote)),
        esc(code),
        GuestControl::CopyCode.id(),
        esc(t(l, T::CopyCode))
    )
}

fn hand(p: &Page) -> String {
    let l = p.lang;
    let g = &p.guest;
    let Some(game) = g.game() else { return String::new() };
    let seat = g.seat as usize;
    let h = if game.to_move() == seat { &game.day().hand } else { &game.season().hands[seat] };
    let concealed: Vec<_> = h.concealed.pieces().collect();
    let mut html = format!(
        "<p class=\"turn\" id=\"turn\">{}</p><h2>{}</h2><div class=\"hand\" id=\"hand\">{}</div>",
        esc(match (game.status(), g.my_day()) {
            (Status::SeasonOver, _) => t(l, T::SeasonOver),
            (Status::GameOver { .. }, _) => t(l, T::GameOver),
            (_, true) => t(l, T::YourDay),
            (_, false) => t(l, T::NotYourDay),
        }),
        esc(t(l, T::YourHand)),
        tiles(l, &concealed, false)
    );
    if g.dealing_next() && game.status() == Status::SeasonOver {
        html.push_str(&format!("<p class=\"note\" id=\"dealing\">{}</p>", esc(t(l, T::DealMaking))));
    }
    if !h.departments.is_empty() {
        html.push_str(&format!("<h3>{}</h3>", esc(t(l, T::Departments))));
        for d in &h.departments {
            html.push_str(&format!("<span class=\"dep\">{}</span> ", tiles(l, &d.pieces, true)));
        }
    }
    html.push_str(&format!(
        "<p class=\"note\">{} · {}</p>",
        esc(&i18n::pts(l, game.scores()[seat])),
        esc(&i18n::day_n(l, game.day().number))
    ));
    let choices = g.choices();
    if !choices.is_empty() {
        html.push_str("<div class=\"choices\" id=\"choices\">");
        for (i, &a) in choices.iter().enumerate() {
            let class = match a {
                Action::Declare => "primary",
                Action::Undo => "quiet",
                _ => "",
            };
            html.push_str(&format!(
                "<button id=\"{}\" class=\"{class}\">{}</button>",
                GuestControl::Choice(i).id(),
                esc(&action_label(l, a))
            ));
        }
        html.push_str("</div>");
    }
    if let Some(Ok(())) = &g.verdict {
        html.push_str(&format!("<p class=\"note\" id=\"verdict\">✓ {}</p>", esc(t(l, T::RecordOk))));
    } else if let Some(Err(e)) = &g.verdict {
        html.push_str(&format!("<p class=\"errorbox\" id=\"verdict\">{}</p>", esc(e)));
    }
    html
}

/// The page's state for tests.
pub fn state_json(p: &Page) -> String {
    let g = &p.guest;
    serde_json::json!({
        "stage": format!("{:?}", g.stage()), "seat": g.seat, "myDay": g.my_day(),
        "choices": g.choices(), "refused": g.refused.as_ref().map(|(r, d)| format!("{r:?}: {d}")),
        "verdict": g.verdict.as_ref().map(|v| v.is_ok()), "lost": p.channel.lost(), "connected": p.channel.connected(),
        "code": p.code, "problem": p.problem, "notSaved": p.not_saved.as_ref().map(|why| format!("{why:?}")), "rounds": g.rounds().keys().collect::<Vec<_>>(),
        "season": g.game().map(|x| x.season().number),
    })
    .to_string()
}
