//! A guest's page by turns: its seat, whose move it is as the seat sees it, its letter to
//! the host (the button that writes it when it has news; the link on show until the host
//! answers), the board and its hand with its choices, and the finished game's check.

use super::{link_box, table_and_hand, RemotePage};
use crate::html::markup::{esc, seat_chip};
use crate::html::table::phone::verdict;
use crate::i18n::remote::{r, seat_of, waiting_for_move, R};
use crate::i18n::table_mode::{t, T};
use lauzait_engine::Seat;
use lauzait_remote::screen::controls::Control;
use lauzait_remote::screen::guest::GuestScreen;
use lauzait_remote::screen::Shown;
use lauzait_remote::turn::Awaited;

pub fn guest(p: &RemotePage, s: &GuestScreen) -> String {
    let l = p.lang;
    let device = s.device();
    let seat = device.seat();
    let chip = Seat::ALL.get(usize::from(seat)).map(|&c| seat_chip(c)).unwrap_or_default();
    let turn = s.turn();
    let mut html = format!(
        "<h2 id=\"my-seat\">{chip}{}</h2><p class=\"turn\" id=\"turn\" data-turn=\"{}\">{}</p>",
        esc(&seat_of(l, seat)),
        super::host::turn_name(&turn),
        esc(&turn_text(s, &turn, l))
    );
    if device.has_news() {
        html.push_str(&format!(
            "<p><button id=\"{}\" class=\"primary big\">{}</button></p>",
            Control::Write(seat).id(),
            esc(r(l, R::WriteToHost))
        ));
    }
    if let Some(letter) = s.letter() {
        let heading = r(l, R::SendToHost);
        html.push_str(&link_box(p, Shown::Letter(seat), heading, r(l, R::LetterNote), letter, s.copied()));
    }
    if let Some(game) = device.game() {
        html.push_str(&table_and_hand(l, &game, seat, &s.choices()));
    }
    html.push_str(&verdict(l, device.guest().verification()));
    html
}

fn turn_text(s: &GuestScreen, turn: &Awaited, l: crate::i18n::Lang) -> String {
    let device = s.device();
    let me = device.seat();
    match turn {
        Awaited::Seating if device.has_news() => r(l, R::TakeYourSeat).into(),
        Awaited::Seating => r(l, R::WelcomeComing).into(),
        Awaited::Dealing { waiting_for } if waiting_for.contains(&me) => r(l, R::DealNeedsYou).into(),
        Awaited::Dealing { .. } => r(l, R::WaitingForHost).into(),
        Awaited::Day { seat } if *seat == me && !s.choices().is_empty() => r(l, R::YourMove).into(),
        // The Day is taken: to be written into a letter, then its answer awaited.
        Awaited::Day { seat } if *seat == me && device.has_news() => r(l, R::DaySent).into(),
        Awaited::Day { seat } if *seat == me => r(l, R::WaitingForHost).into(),
        Awaited::Day { seat } => waiting_for_move(l, &seat_of(l, *seat)),
        Awaited::SeasonOver => r(l, R::SeasonOverGuest).into(),
        Awaited::GameOver => t(l, T::GameOver).into(),
    }
}
