//! A relayed table's pages (a tablet and a phone per seat, dealt by every phone:
//! DEAL-PROTOCOL.md, "A table relayed by a tablet"), built natively from their pure screens
//! (`lauzait_remote::screen::relayed_tablet`, `relayed_phone`; snapshots:
//! tests/ui/relayed_html.rs). The tablet: its setup, a pairing card per seat as table mode's
//! host shows them, the request to compare the table's code, and the board as every phone
//! agrees it stands (drawn from a public view alone: on the tablet's canvas by the game's board
//! renderer, its squares as a spectator's page lists them kept for screen readers). A phone:
//! its answer while pairing, then the table's code, whose move the table waits for, the
//! table's choices, and its own hand with its choices as table mode's phone shows them (the
//! board is the tablet's). The shells (src/web/table/relayed_tablet_page.rs,
//! relayed_phone_page.rs) set it in the page and paint its tiles.

use super::answering::{answer, connection_notices};
use super::no_path;
use super::notices::{notices, problem_text, Notices};
use super::pairing::{card, section, Cards};
use super::phone::under_hand;
use super::setup::{resume_row, seats_and_players, SeatWords};
use super::spectator::{watched_as, BoardAs};
use crate::html::markup::{esc, seat_chip, tiles};
use crate::html::remote::joint::{names, table_choice_buttons, turn_line_of};
use crate::i18n::relayed::{board_waits, phone_problem, tablet_problem, v, V};
use crate::i18n::remote::seat_of;
use crate::i18n::table_mode::{seat_code_title, t, T};
use crate::i18n::{self, Lang};
use crate::storage_refusal::StorageRefusal;
use lauzait_bots::Player;
use lauzait_engine::{Action, Game, Seat};
use lauzait_remote::screen::relayed_phone::RelayedPhoneScreen;
use lauzait_remote::screen::relayed_tablet::{RelayedTabletScreen, TabletProblem};
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::pairing::LinkState;
use lauzait_table_mode::setup::Setup;

/// What the tablet's page shows: the screen, in the page's language, and what the browser adds.
pub struct RelayedTabletPage<'a> {
    pub screen: &'a RelayedTabletScreen,
    pub lang: Lang,
    pub can_share: bool,
    /// A QR code's markup (as on table mode's host page).
    pub qr: &'a dyn Fn(&str, &str) -> String,
}

/// What a phone's page shows.
pub struct RelayedPhonePage<'a> {
    pub screen: &'a RelayedPhoneScreen,
    pub lang: Lang,
    pub not_saved: Option<&'a StorageRefusal>,
    pub can_share: bool,
}

pub fn tablet_page(p: &RelayedTabletPage) -> String {
    let l = p.lang;
    let s = p.screen;
    let mut html = format!("<h1>{}</h1>", esc(v(l, V::TabletTitle)));
    let problem = s.problem().and_then(|problem| match problem {
        TabletProblem::Page(page) => Some(problem_text(l, page)),
        other => tablet_problem(l, other),
    });
    // A computer seat whose Day could not be played is said as on table mode's host page:
    // the table would otherwise wait for it with nothing on the tablet saying why.
    let computer_failed = s.computer_failed();
    html.push_str(&notices(l, Notices { problem: problem.as_deref(), computer_failed, ..Notices::default() }));
    if let Some(why) = s.no_path() {
        html.push_str(&no_path(l, why));
    }
    if let Some(chosen) = s.setup() {
        if s.saved_table() {
            html.push_str(&resume_row(l));
        }
        html.push_str(&setup(l, chosen));
        html.push_str(&super::ice::settings(l, s.ice()));
        return html;
    }
    html.push_str(&pairing(p));
    html.push_str(&format!("<p class=\"note\" id=\"compare-codes\">{}</p>", esc(v(l, V::CompareCodes))));
    match s.shown() {
        Some(view) => {
            let seats: Vec<String> = (0..view.options.seats().len() as u8).map(|seat| seat_of(l, seat)).collect();
            html.push_str(&watched_as(l, view, &seats, BoardAs::Canvas));
            let waits = s.differing();
            if !waits.is_empty() {
                let who = names(l, waits.iter().map(|d| d.to_byte()));
                html.push_str(&format!("<p class=\"note\" id=\"board-waits\">{}</p>", esc(&board_waits(l, &who))));
            }
        }
        None => html.push_str(&format!("<p id=\"no-board\">{}</p>", esc(v(l, V::NoBoardYet)))),
    }
    html
}

/// How many play, who plays each seat (a person on a phone, or the computer at a level: a
/// device the tablet runs, holding that seat's hand alone) and the luminous rule; the button
/// that sets the table.
fn setup(l: Lang, chosen: &Setup) -> String {
    let words = SeatWords { person: t(l, T::Person), own: None };
    format!(
        "<p>{}</p><h2>{}</h2>{}\
         <p><label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label></p>\
         <p class=\"row\"><button id=\"{}\" class=\"primary big\">{}</button></p>",
        esc(v(l, V::TabletIntro)),
        esc(t(l, T::Players)),
        seats_and_players(l, chosen, |b| HostControl::Setup(b).id(), words),
        HostField::Luminous.id(),
        if chosen.luminous { " checked" } else { "" },
        esc(t(l, T::Luminous)),
        HostControl::Create.id(),
        esc(t(l, T::CreateTable)),
    )
}

/// A card per seat whose phone is not connected, a line per connected one.
fn pairing(p: &RelayedTabletPage) -> String {
    let l = p.lang;
    let cards_with = Cards { lang: l, qr: p.qr, can_share: p.can_share, copied: p.screen.copied() };
    let mut cards = String::new();
    let mut lines = String::new();
    for (i, link) in p.screen.pairing().links().iter().enumerate() {
        let (Some(link), Some(&seat)) = (link, Seat::ALL.get(i)) else { continue };
        let name = seat_of(l, i as u8);
        if link.state == LinkState::Connected {
            lines.push_str(&format!(
                "<span class=\"paired\" data-seat=\"{i}\">{}{} ✓</span> ",
                seat_chip(seat),
                esc(&name)
            ));
            continue;
        }
        let title = format!("{}{}", seat_chip(seat), esc(&seat_code_title(l, &name)));
        cards.push_str(&card(&cards_with, i as u8, &title, &name, link, ""));
    }
    // The computer seats: devices the tablet runs, seated from the start.
    for computer in p.screen.save().map(|save| save.computers.as_slice()).unwrap_or_default() {
        let Some(&seat) = Seat::ALL.get(usize::from(computer.seat)) else { continue };
        lines.push_str(&format!(
            "<span class=\"paired computer\" data-seat=\"{}\">{}{} — {} ({})</span> ",
            computer.seat,
            seat_chip(seat),
            esc(&seat_of(l, computer.seat)),
            esc(t(l, T::Computer)),
            esc(i18n::kind_label(l, Player::Computer(computer.level)))
        ));
    }
    section(l, &cards, &lines, p.screen.scanning().is_some())
}

pub fn phone_page(p: &RelayedPhonePage) -> String {
    let l = p.lang;
    let s = p.screen;
    let seat = s.seat();
    let chip = Seat::ALL.get(usize::from(seat)).map(|&c| seat_chip(c)).unwrap_or_default();
    let mut html = format!("<h1>{chip}{}</h1>", esc(&seat_of(l, seat)));
    let problem = match (s.problem(), s.answering().problem()) {
        (Some(mine), _) => Some(phone_problem(l, mine)),
        (None, Some(page)) => Some(problem_text(l, page)),
        (None, None) => None,
    };
    html.push_str(&notices(l, Notices { problem: problem.as_deref(), not_saved: p.not_saved, ..Notices::default() }));
    html.push_str(&connection_notices(l, s.answering(), t(l, T::Disconnected)));
    if !s.answering().channel().connected() && s.phone().is_none() {
        html.push_str(&answer(l, s.answering(), p.can_share));
        return html;
    }
    if s.phone().is_none() {
        html.push_str(&format!("<p id=\"waiting\">{}</p>", esc(v(l, V::Joined))));
        return html;
    }
    html.push_str(&code(l, s));
    if let Some((phase, awaited)) = s.phase() {
        html.push_str(&turn_line_of(l, &phase, &awaited, !s.choices().is_empty()));
    }
    html.push_str(&table_choice_buttons(l, &s.table_choices()));
    if let Some(game) = s.game() {
        html.push_str(&hand(l, &game, seat, &s.choices()));
    }
    html
}

/// The seat's own hand and its choices, as table mode's phone shows them: the board is on the
/// tablet.
fn hand(l: Lang, game: &Game, seat: u8, choices: &[Action]) -> String {
    let Some(h) = game.hand_now(usize::from(seat)) else { return String::new() };
    let concealed: Vec<_> = h.concealed.pieces().collect();
    format!(
        "<h2>{}</h2><div class=\"hand\" id=\"hand\">{}</div>{}",
        esc(t(l, T::YourHand)),
        tiles(l, &concealed, false),
        under_hand(l, game, usize::from(seat), h, choices)
    )
}

/// The table's code, once every phone's part is in, with what to do with it.
fn code(l: Lang, s: &RelayedPhoneScreen) -> String {
    match s.code() {
        Some(code) => format!(
            "<section id=\"table-code\" data-code=\"{:06}\"><h2>{}</h2><p class=\"code\">{code}</p><p class=\"note\">{}</p></section>",
            code.value(),
            esc(v(l, V::CodeTitle)),
            esc(v(l, V::CodeNote))
        ),
        None => format!("<p class=\"note\" id=\"table-code\">{}</p>", esc(v(l, V::CodeWaiting))),
    }
}
