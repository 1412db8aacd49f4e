//! The table's setup on the host's page: a saved table to resume, how many seats, who
//! plays each (a person on a phone or the computer at a level), the luminous rule, and the
//! table's ICE servers ([`super::ice`]).

use super::HostPage;
use crate::html::markup::{esc, seat_chip};
use crate::i18n::relayed::{v, V};
use crate::i18n::remote::{r, R};
use crate::i18n::table_mode::{computer_level_of, t, T};
use crate::i18n::tablet::{w, W};
use crate::i18n::{self, Lang};
use lauzait_bots::{Level, Player};
use lauzait_table_mode::controls::{HostControl, HostField, SetupButton};
use lauzait_table_mode::setup::Setup;

pub fn setup(p: &HostPage) -> String {
    let l = p.lang;
    let mut html = format!("<p>{}</p>", esc(t(l, T::Intro)));
    if p.screen.saved_game() {
        html.push_str(&resume_row(l));
    }
    html.push_str(&format!("<h2>{}</h2>", esc(t(l, T::Players))));
    let words = SeatWords { person: t(l, T::Person), own: None };
    html.push_str(&seats_and_players(l, p.screen.setup(), |b| HostControl::Setup(b).id(), words));
    html.push_str(&format!(
        "<p><label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label></p>\
         <p class=\"row\"><button id=\"{}\" class=\"primary big\">{}</button><a href=\"./\">{}</a></p>\
         <p class=\"note\">{} <a id=\"link-remote\" href=\"remote.html?lang={}\">{}</a></p>\
         <p class=\"note\">{} <a id=\"link-relayed\" href=\"table.html?deal=phones&amp;lang={}\">{}</a></p>",
        HostField::Luminous.id(),
        if p.screen.setup().luminous { " checked" } else { "" },
        esc(t(l, T::Luminous)),
        HostControl::Create.id(),
        esc(t(l, T::CreateTable)),
        esc(t(l, T::BackToGame)),
        esc(r(l, R::NotInOneRoom)),
        l.code(),
        esc(r(l, R::PlayByTurns)),
        esc(v(l, V::DealOnPhonesNote)),
        l.code(),
        esc(v(l, V::DealOnPhones))
    ));
    html.push_str(&super::ice::settings(l, p.screen.ice()));
    html
}

/// The buttons that resume the table saved on this browser or set a new one (every table
/// page's setup offers them alike).
pub fn resume_row(l: Lang) -> String {
    format!(
        "<p class=\"row\"><button id=\"{}\" class=\"primary big\">{}</button><button id=\"{}\">{}</button></p>",
        HostControl::Resume.id(),
        esc(t(l, T::Resume)),
        HostControl::NewTable.id(),
        esc(t(l, T::NewTable))
    )
}

/// Who plays a seat, in a setup's words ([`seats_and_players`]).
pub struct SeatWords<'a> {
    /// A person on a device of their own (a phone at the table).
    pub person: &'a str,
    /// The seat this device's person plays, and who that is; it has no switch.
    pub own: Option<(usize, &'a str)>,
}

/// A table's setup's seat count and, for each seat, who plays it (a person on a device of
/// their own, or the computer at a level), each button named by `id`. The tablet's setup and
/// the host's by turns share it.
pub fn seats_and_players(l: Lang, setup: &Setup, id: impl Fn(SetupButton) -> String, words: SeatWords) -> String {
    let mut html = String::from("<p class=\"row\">");
    for n in 2..=4u8 {
        let pressed = if setup.players.get() == usize::from(n) { "true" } else { "false" };
        html.push_str(&format!(
            "<button id=\"{}\" aria-pressed=\"{pressed}\">{n}</button>",
            id(SetupButton::Players(n))
        ));
    }
    html.push_str("</p>");
    for ((i, &seat), player) in setup.seats().iter().enumerate().zip(setup.seated) {
        if let Some((_, who)) = words.own.filter(|&(own, _)| own == i) {
            html.push_str(&format!(
                "<p class=\"row seat-role\" data-seat=\"{i}\">{}<b>{}</b> <span class=\"role\">{} <b>{}</b></span></p>",
                seat_chip(seat),
                esc(i18n::seat_name(l, seat)),
                esc(w(l, W::PlayedBy)),
                esc(who)
            ));
            continue;
        }
        // Who plays the seat is said as a state; the button beside it says what it does
        // (a button labelled with the state it shows read as the other one).
        let (kind, switch) =
            if player.is_person() { (words.person, W::MakeComputer) } else { (t(l, T::Computer), W::MakePerson) };
        // A computer seat's level: one pressed button of three, each a full-size target.
        let levels: String = player
            .level()
            .map(|chosen| {
                let buttons: String = Level::ALL
                    .iter()
                    .map(|&level| {
                        format!(
                            "<button id=\"{}\" aria-pressed=\"{}\">{}</button>",
                            id(SetupButton::Level(i as u8, level)),
                            level == chosen,
                            esc(i18n::kind_label(l, Player::Computer(level)))
                        )
                    })
                    .collect();
                format!(
                    "<span class=\"levels\" role=\"group\" aria-label=\"{}\">{buttons}</span>",
                    esc(&computer_level_of(l, i18n::seat_name(l, seat)))
                )
            })
            .unwrap_or_default();
        html.push_str(&format!(
            "<p class=\"row seat-role\" data-seat=\"{i}\">{}<b>{}</b> <span class=\"role\">{} <b>{}</b></span> \
             <button id=\"{}\" class=\"quiet\">{}</button>{levels}</p>",
            seat_chip(seat),
            esc(i18n::seat_name(l, seat)),
            esc(w(l, W::PlayedBy)),
            esc(kind),
            id(SetupButton::ToggleComputer(i as u8)),
            esc(w(l, switch))
        ));
    }
    html
}
