//! Pairing on the host's page: a card per person's seat not yet connected (its link as a
//! QR code and as text to copy or share, the ways to read the phone's answer), a line per
//! connected one, and the button that gives a lost phone's seat to another; then the
//! table's spectators, each invited with a card of the same kind.

use super::HostPage;
use crate::html::markup::{esc, seat_chip};
use crate::i18n::spectator::{s, spectator_n, spectator_watching, S};
use crate::i18n::table_mode::{seat_code_title, t, T};
use crate::i18n::tablet::{link_of, w, W};
use crate::i18n::Lang;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::host::Player;
use lauzait_table_mode::link::FIRST_SPECTATOR;
use lauzait_table_mode::pairing::{Link, LinkState, MAX_SPECTATORS};

/// A card per person's seat not yet connected; a line per connected one.
pub fn pairing(p: &HostPage) -> String {
    let l = p.lang;
    let Some(host) = p.screen.host() else { return String::new() };
    let mut cards = String::new();
    let mut lines = String::new();
    for (i, s) in host.seats().iter().enumerate() {
        if s.player != Player::Person {
            continue;
        }
        let Some(&seat) = host.options().seats().get(i) else { continue };
        let Some(link) = p.screen.pairing().links().get(i).and_then(Option::as_ref) else { continue };
        if link.state == LinkState::Connected {
            lines.push_str(&format!(
                "<span class=\"paired\" data-seat=\"{i}\">{}{} ✓</span> {}",
                seat_chip(seat),
                esc(&s.name),
                give_seat(l, i as u8)
            ));
            continue;
        }
        let claimed = if s.claimed { format!("<p class=\"row\">{}</p>", give_seat(l, i as u8)) } else { String::new() };
        let title = format!("{}{}", seat_chip(seat), esc(&seat_code_title(l, &s.name)));
        cards.push_str(&card(&Cards::of(p), i as u8, &title, &s.name, link, &claimed));
    }
    section(l, &cards, &lines, p.screen.scanning().is_some())
}

/// The seats' pairing, whichever table's page shows it: the cards of the seats whose phone is
/// not connected under their heading, a line of the connected ones, and the camera's Stop
/// while it reads an answer.
pub fn section(l: Lang, cards: &str, lines: &str, scanning: bool) -> String {
    let mut html = String::new();
    if !cards.is_empty() {
        html.push_str(&format!(
            "<h2>{}</h2><p class=\"note\">{}</p><div class=\"pairs\">{cards}</div>",
            esc(t(l, T::Pairing)),
            esc(t(l, T::PairingNote))
        ));
    }
    if !lines.is_empty() {
        html.push_str(&format!("<p class=\"row\">{lines}</p>"));
    }
    if scanning {
        html.push_str(&format!(
            "<p><button id=\"{}\">{}</button></p>",
            HostControl::StopCamera.id(),
            esc(t(l, T::StopCamera))
        ));
    }
    html
}

/// What a pairing card is drawn with, whichever table's page shows it.
pub struct Cards<'a> {
    pub lang: Lang,
    /// A QR code's markup ([`HostPage::qr`]).
    pub qr: &'a dyn Fn(&str, &str) -> String,
    pub can_share: bool,
    /// The slot whose link the browser last copied.
    pub copied: Option<u8>,
}

impl<'a> Cards<'a> {
    fn of(p: &'a HostPage) -> Cards<'a> {
        Cards { lang: p.lang, qr: p.qr, can_share: p.can_share, copied: p.screen.copied() }
    }
}

/// The card of a pairing slot (a seat, or a spectator's) whose channel is not open: its link
/// as a QR code and as text, the ways to read the answer, and `extra` below them. `name`
/// names the link for screen readers.
pub fn card(p: &Cards, slot: u8, title: &str, name: &str, link: &Link, extra: &str) -> String {
    let l = p.lang;
    let state = match link.state {
        LinkState::Preparing => T::Preparing,
        LinkState::Waiting => T::Waiting,
        LinkState::Connecting => T::Waiting,
        LinkState::Connected => T::Connected,
        LinkState::Lost => T::Disconnected,
    };
    let qr = if link.url.is_empty() { String::new() } else { (p.qr)(&link.url, name) };
    let relink = if slot < FIRST_SPECTATOR {
        format!("<button id=\"{}\" class=\"quiet\">{}</button>", HostControl::Relink(slot).id(), esc(t(l, T::NewLink)))
    } else {
        String::new()
    };
    format!(
        "<div class=\"pair card\" id=\"pair-{slot}\" data-seat=\"{slot}\" data-link=\"{}\"><h3>{title}</h3><p class=\"state\">{}</p>{qr}{}\
         <p class=\"row\"><button id=\"{}\" class=\"primary\">{}</button>\
         <label class=\"file\">{} <input type=\"file\" accept=\"image/*\" id=\"{}\"></label></p>\
         <label>{}<textarea id=\"{}\" rows=\"2\"></textarea></label>\
         <p class=\"row\"><button id=\"{}\">{}</button>{relink}</p>{extra}</div>",
        esc(&link.url),
        esc(t(l, state)),
        link_text(p, slot, name, &link.url),
        HostControl::Scan(slot).id(),
        esc(t(l, T::ScanAnswer)),
        esc(t(l, T::ScanImage)),
        HostField::AnswerImage(slot).id(),
        esc(t(l, T::PasteAnswer)),
        HostField::AnswerText(slot).id(),
        HostControl::Connect(slot).id(),
        esc(t(l, T::Connect)),
    )
}

/// The table's spectators: the button that invites one, a card per spectator pairing, a
/// line per one watching (one whose connection is gone is left out: the host invites
/// another).
pub fn spectators(p: &HostPage) -> String {
    let l = p.lang;
    let mut cards = String::new();
    let mut lines = String::new();
    for (i, link) in p.screen.pairing().spectators().iter().enumerate() {
        let slot = FIRST_SPECTATOR + i as u8;
        match link.state {
            LinkState::Connected => lines.push_str(&format!(
                "<span class=\"paired\" data-spectator=\"{slot}\">{} ✓ {}</span> ",
                esc(&spectator_watching(l, i + 1)),
                esc(s(l, S::Watching))
            )),
            LinkState::Lost => {}
            _ => {
                let title = esc(&spectator_n(l, i + 1));
                cards.push_str(&card(&Cards::of(p), slot, &title, &spectator_watching(l, i + 1), link, ""));
            }
        }
    }
    let invite = if p.screen.pairing().spectators().len() < MAX_SPECTATORS {
        format!("<button id=\"{}\">{}</button>", HostControl::InviteSpectator.id(), esc(s(l, S::Invite)))
    } else {
        String::new()
    };
    format!(
        "<section id=\"spectators\"><h2>{}</h2><p class=\"note\">{}</p><p class=\"row\">{lines}{invite}</p><div class=\"pairs\">{cards}</div></section>",
        esc(s(l, S::Spectators)),
        esc(s(l, S::InviteNote))
    )
}

/// The seat's link as text, for a phone that cannot read the QR code: selectable in a
/// read-only field, with Copy and, where the browser has a share sheet, Share.
fn link_text(p: &Cards, seat: u8, name: &str, url: &str) -> String {
    if url.is_empty() {
        return String::new();
    }
    let l = p.lang;
    let share = if p.can_share {
        format!(
            "<button id=\"{}\" aria-label=\"{}\">{}</button>",
            HostControl::ShareLink(seat).id(),
            esc(&format!("{} — {}", w(l, W::ShareLink), link_of(l, name))),
            esc(w(l, W::ShareLink))
        )
    } else {
        String::new()
    };
    let copied = if p.copied == Some(seat) { esc(w(l, W::LinkCopied)) } else { String::new() };
    format!(
        "<div class=\"link-text\"><label for=\"link-{seat}\">{}</label>\
         <input type=\"text\" readonly id=\"link-{seat}\" value=\"{}\" title=\"{}\">\
         <p class=\"row\"><button id=\"{}\" aria-label=\"{}\">{}</button>{share}\
         <span class=\"copied\" role=\"status\">{copied}</span></p></div>",
        esc(w(l, W::LinkText)),
        esc(url),
        esc(&link_of(l, name)),
        HostControl::CopyLink(seat).id(),
        esc(&format!("{} — {}", w(l, W::CopyLink), link_of(l, name))),
        esc(w(l, W::CopyLink)),
    )
}

/// The button that gives a seat to another phone, when its phone is lost for good: only a
/// claimed seat has a phone to refuse.
fn give_seat(l: Lang, seat: u8) -> String {
    // A short label beside the seat's chip, the whole consequence in its title: the table
    // shows one per seat, and a long sentence each crowded out the board.
    format!(
        "<button id=\"{}\" class=\"quiet\" title=\"{}\">{}</button>",
        HostControl::GiveSeat(seat).id(),
        esc(t(l, T::GiveSeat)),
        esc(t(l, T::GiveSeatLabel))
    )
}
