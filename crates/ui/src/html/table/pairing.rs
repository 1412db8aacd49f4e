//! Pairing on the host's page: a card per person's seat not yet connected (its link as a
//! QR code and as text to copy or share, the ways to read the phone's answer), a line per
//! connected one, and the button that gives a lost phone's seat to another.

use super::HostPage;
use crate::html::markup::{esc, seat_chip};
use crate::i18n::table_mode::{seat_code_title, t, T};
use crate::i18n::tablet::{link_of, w, W};
use crate::i18n::Lang;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::host::Player;
use lauzait_table_mode::pairing::LinkState;

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
        let state = match link.state {
            LinkState::Preparing => T::Preparing,
            LinkState::Waiting => T::Waiting,
            LinkState::Connecting => T::Waiting,
            LinkState::Connected => T::Connected,
            LinkState::Lost => T::Disconnected,
        };
        if link.state == LinkState::Connected {
            lines.push_str(&format!(
                "<span class=\"paired\" data-seat=\"{i}\">{}{} ✓</span> {}",
                seat_chip(seat),
                esc(&s.name),
                give_seat(l, i as u8)
            ));
            continue;
        }
        let qr = if link.url.is_empty() { String::new() } else { (p.qr)(&link.url, &s.name) };
        cards.push_str(&format!(
            "<div class=\"pair card\" id=\"pair-{i}\" data-seat=\"{i}\" data-link=\"{}\"><h3>{}{}</h3><p class=\"state\">{}</p>{qr}{}\
             <p class=\"row\"><button id=\"{}\" class=\"primary\">{}</button>\
             <label class=\"file\">{} <input type=\"file\" accept=\"image/*\" id=\"{}\"></label></p>\
             <label>{}<textarea id=\"{}\" rows=\"2\"></textarea></label>\
             <p class=\"row\"><button id=\"{}\">{}</button><button id=\"{}\" class=\"quiet\">{}</button></p>{}</div>",
            esc(&link.url),
            seat_chip(seat),
            esc(&seat_code_title(l, &s.name)),
            esc(t(l, state)),
            link_text(p, i as u8, &s.name, &link.url),
            HostControl::Scan(i as u8).id(),
            esc(t(l, T::ScanAnswer)),
            esc(t(l, T::ScanImage)),
            HostField::AnswerImage(i as u8).id(),
            esc(t(l, T::PasteAnswer)),
            HostField::AnswerText(i as u8).id(),
            HostControl::Connect(i as u8).id(),
            esc(t(l, T::Connect)),
            HostControl::Relink(i as u8).id(),
            esc(t(l, T::NewLink)),
            if s.claimed { format!("<p class=\"row\">{}</p>", give_seat(l, i as u8)) } else { String::new() },
        ));
    }
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
    if p.screen.scanning().is_some() {
        html.push_str(&format!(
            "<p><button id=\"{}\">{}</button></p>",
            HostControl::StopCamera.id(),
            esc(t(l, T::StopCamera))
        ));
    }
    html
}

/// The seat's link as text, for a phone that cannot read the QR code: selectable in a
/// read-only field, with Copy and, where the browser has a share sheet, Share.
fn link_text(p: &HostPage, seat: u8, name: &str, url: &str) -> String {
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
    let copied = if p.screen.copied() == Some(seat) { esc(w(l, W::LinkCopied)) } else { String::new() };
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
