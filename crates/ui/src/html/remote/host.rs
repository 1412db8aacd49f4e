//! The host's page by turns: the setup, then each remote seat's card (its invite until its
//! person joins, the letter to write when it has news, the letter on show until answered,
//! or what the table waits for from it), whose move it is, the board with this device's
//! own seat's hand, and the next Season's button.

use super::{link_box, table_and_hand, RemotePage};
use crate::html::markup::{esc, seat_chip};
use crate::html::table::setup::{seats_and_players, SeatWords};
use crate::i18n::bot_thinking;
use crate::i18n::computer::day_failure;
use crate::i18n::remote::{deal_waits, invite_for, r, seat_of, send_to, waiting_for, write_to, R};
use crate::i18n::spectator::{s as sp, S};
use crate::i18n::table_mode::{t, T};
use lauzait_bots::Level;
use lauzait_engine::Seat;
use lauzait_remote::host_device::HostDevice;
use lauzait_remote::screen::controls::Control;
use lauzait_remote::screen::host::{HostScreen, Phase, HOST_SEAT};
use lauzait_remote::screen::Shown;
use lauzait_remote::turn::Awaited;
use lauzait_table_mode::setup::Setup;

pub fn host(p: &RemotePage, s: &HostScreen) -> String {
    match s.phase() {
        Phase::Setup(setup) => setup_form(p, setup),
        Phase::Table(device) => table(p, s, device),
    }
}

fn setup_form(p: &RemotePage, setup: &Setup) -> String {
    let l = p.lang;
    // The seats as on the tablet's setup; the host's own is this device's person's.
    let words =
        SeatWords { person: r(l, R::PersonElsewhere), own: Some((usize::from(HOST_SEAT), r(l, R::PersonHere))) };
    let seats = seats_and_players(l, setup, |b| Control::Setup(b).id(), words);
    format!(
        "<section id=\"setup\"><p class=\"where intro\">{}</p><h2>{}</h2>{seats}\
         <label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label>\
         <p><button id=\"{}\" class=\"primary big\">{}</button></p>{}</section>",
        esc(r(l, R::Intro)),
        esc(t(l, T::Players)),
        Control::Luminous.id(),
        if setup.luminous { " checked" } else { "" },
        esc(t(l, T::Luminous)),
        Control::Create.id(),
        esc(t(l, T::CreateTable)),
        super::joint::create_button(l)
    )
}

fn table(p: &RemotePage, s: &HostScreen, device: &HostDevice) -> String {
    let l = p.lang;
    let turn = device.turn();
    let mut html = format!(
        "<p class=\"turn\" id=\"turn\" data-turn=\"{}\">{}</p>",
        turn_name(&turn),
        esc(&turn_text(p, s, &turn))
    );
    html.push_str("<div class=\"pairs\" id=\"seats\">");
    for seat in device.remote_seats() {
        html.push_str(&seat_card(p, s, device, seat, &turn));
    }
    html.push_str("</div>");
    if turn == Awaited::SeasonOver {
        html.push_str(&format!(
            "<p class=\"row\"><span>{}</span><button id=\"{}\" class=\"primary\">{}</button></p>",
            esc(t(l, T::SeasonOver)),
            Control::NextSeason.id(),
            esc(t(l, T::NextSeason))
        ));
    }
    if let Some(game) = device.local().and_then(|g| g.game()) {
        html.push_str(&table_and_hand(l, game, HOST_SEAT, &s.choices()));
    }
    // The spectators' link, of the table as it stands: sent again after any Day.
    if let Some(link) = s.link(Shown::Spectator) {
        let copied = s.copied() == Some(Shown::Spectator);
        html.push_str(&link_box(p, Shown::Spectator, sp(l, S::ByTurnsLink), sp(l, S::ByTurnsNote), &link, copied));
    }
    html
}

/// Whose move it is, as the test build and the page's styles read it.
pub fn turn_name(turn: &Awaited) -> String {
    match turn {
        Awaited::Seating => "seating".into(),
        Awaited::Dealing { .. } => "dealing".into(),
        Awaited::Day { seat } => format!("day-{seat}"),
        Awaited::SeasonOver => "season-over".into(),
        Awaited::GameOver => "game-over".into(),
    }
}

fn turn_text(p: &RemotePage, s: &HostScreen, turn: &Awaited) -> String {
    let l = p.lang;
    match turn {
        Awaited::Seating => r(l, R::SeatingHost).into(),
        Awaited::Dealing { waiting_for } => {
            let names: Vec<String> = waiting_for.iter().map(|&s| seat_of(l, s)).collect();
            deal_waits(l, &names.join(", "))
        }
        Awaited::Day { seat } if *seat == HOST_SEAT && !s.choices().is_empty() => r(l, R::YourMove).into(),
        Awaited::Day { seat } => match computer_level(s, *seat) {
            // Planned on this device: its Day goes out in the people's next letters.
            Some(level) => match s.computer_failed() {
                Some(why) => day_failure(l, why),
                None => bot_thinking(l, &seat_of(l, *seat), level),
            },
            // The seat's card says what to send it; the table waits for its answer.
            None => waiting_for(l, &seat_of(l, *seat)),
        },
        Awaited::SeasonOver => t(l, T::SeasonOver).into(),
        Awaited::GameOver => t(l, T::GameOver).into(),
    }
}

/// The level of the computer playing `seat`, if a computer plays it.
fn computer_level(s: &HostScreen, seat: u8) -> Option<Level> {
    s.device()?.host().seats().get(usize::from(seat))?.player.level()
}

fn seat_card(p: &RemotePage, s: &HostScreen, device: &HostDevice, seat: u8, turn: &Awaited) -> String {
    let l = p.lang;
    let name = seat_of(l, seat);
    let chip = Seat::ALL.get(usize::from(seat)).map(|&c| seat_chip(c)).unwrap_or_default();
    let mut html = format!("<div class=\"card pair\" data-seat=\"{seat}\"><h2>{chip}{}</h2>", esc(&name));
    let joined = device.host().seats().get(usize::from(seat)).is_some_and(|st| st.claimed);
    if !joined {
        if let Some(invite) = s.link(Shown::Invite(seat)) {
            let copied = s.copied() == Some(Shown::Invite(seat));
            let heading = invite_for(l, &name);
            html.push_str(&link_box(p, Shown::Invite(seat), &heading, r(l, R::InviteNote), &invite, copied));
        }
    }
    if device.has_news_for(seat) {
        html.push_str(&format!(
            "<p><button id=\"{}\" class=\"primary\">{}</button></p>",
            Control::Write(seat).id(),
            esc(&write_to(l, &name))
        ));
    }
    if let Some(letter) = s.letter(seat) {
        let copied = s.copied() == Some(Shown::Letter(seat));
        let heading = send_to(l, &name);
        html.push_str(&link_box(p, Shown::Letter(seat), &heading, r(l, R::LetterNote), letter, copied));
    } else if !device.has_news_for(seat) && awaits(turn, seat) {
        html.push_str(&format!("<p class=\"state waiting\">{}</p>", esc(&waiting_for(l, &name))));
    }
    html.push_str("</div>");
    html
}

/// Whether the table waits for this seat's letter.
fn awaits(turn: &Awaited, seat: u8) -> bool {
    match turn {
        Awaited::Seating => true,
        Awaited::Dealing { waiting_for } => waiting_for.contains(&seat),
        Awaited::Day { seat: s } => *s == seat,
        _ => false,
    }
}
