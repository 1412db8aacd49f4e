//! Links each page refuses, with the reason it shows; nothing stored changes.

use super::{seated, Browser};
use lauzait_remote::screen::host::HostEvent;
use lauzait_remote::screen::Problem;
use lauzait_remote::{OpenError, Party, ReadError};

/// `link` with one character changed.
fn altered(link: &str, at: usize) -> String {
    let mut b = link.as_bytes().to_vec();
    b[at] = if b[at] == b'Q' { b'R' } else { b'Q' };
    String::from_utf8(b).unwrap()
}

#[test]
fn an_altered_link_is_refused_and_stores_nothing() {
    let (mut host, mut guest) = seated(21);
    if host.host_screen().turn() == Some(lauzait_remote::turn::Awaited::Day { seat: 0 }) {
        host.host_day();
    }
    let link = host.host_letter(1);
    let saved = guest.store.clone();
    for at in [link.len() / 3, link.len() / 2, link.len() - 10] {
        guest.visit(&altered(&link, at), 0);
        let refused = matches!(guest.problem(), Some(Problem::Open(_) | Problem::Unreadable(_)));
        assert!(refused, "refused: {:?}", guest.problem());
        assert_eq!(guest.store, saved, "nothing stored changed");
    }
    guest.visit(&link, 0);
    assert_eq!(guest.problem(), None, "the real link still opens");
}

#[test]
fn a_letter_meant_for_another_seat_is_refused_on_this_one() {
    let mut host = Browser::host(23, 3);
    let (mut one, mut two) = (Browser::blank(), Browser::blank());
    one.visit(&host.invite(1), 24);
    two.visit(&host.invite(2), 25);
    let l = one.guest_letter();
    host.visit(&l, 0);
    let l = two.guest_letter();
    host.visit(&l, 0);
    let for_two = host.host_letter(2);
    one.visit(&for_two, 0);
    assert_eq!(one.problem(), Some(Problem::Open(OpenError::WrongRecipient { to: Party::Seat(2) })));
    two.visit(&for_two, 0);
    assert_eq!(two.problem(), None, "its own device opens it");
}

#[test]
fn a_letter_of_another_game_is_refused_and_one_for_no_game_here_says_so() {
    let (mut host, _guest) = seated(27);
    let (mut other, _) = seated(28);
    let foreign = other.host_letter(1);
    host.visit(&foreign, 0);
    assert_eq!(host.problem(), Some(Problem::Open(OpenError::WrongTable)));
    let mut fresh = Browser::blank();
    fresh.visit(&foreign, 0);
    assert_eq!(fresh.problem(), Some(Problem::NoGameHere));
    fresh.visit("#l=not*a*letter", 0);
    assert_eq!(fresh.problem(), Some(Problem::Unreadable(ReadError::NotALetter)));
}

#[test]
fn a_device_restored_from_an_older_copy_is_told_which_letter_to_open_first() {
    let mut host = Browser::host(31, 2);
    let mut guest = Browser::blank();
    guest.visit(&host.invite(1), 32);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    let old_copy = guest.store.clone();
    let first = host.host_letter(1);
    guest.visit(&first, 0);
    let answer = guest.guest_letter();
    host.visit(&answer, 0);
    let second = host.host_letter(1);
    guest.store = old_copy;
    guest.visit(&second, 0);
    assert_eq!(guest.problem(), Some(Problem::Open(OpenError::Gap { open_first: 1 })));
    guest.visit(&first, 0);
    assert_eq!(guest.problem(), None, "the letter it names opens");
}

#[test]
fn the_host_cannot_deal_the_next_season_before_the_season_is_over() {
    let (mut host, _) = seated(33);
    let before = host.store.clone();
    host.host_event(HostEvent::NextSeason);
    assert_eq!(host.store, before, "nothing to do mid-Season");
}

#[test]
fn a_letter_opened_on_the_device_that_wrote_it_is_meant_for_another() {
    let mut host = Browser::host(35, 2);
    let mut guest = Browser::blank();
    guest.visit(&host.invite(1), 36);
    let join = guest.guest_letter();
    guest.visit(&join, 0);
    assert_eq!(guest.problem(), Some(Problem::Open(OpenError::UnknownSender { from: Party::Seat(1) })));
    host.visit(&join, 0);
    let answer = host.host_letter(1);
    host.visit(&answer, 0);
    assert_eq!(host.problem(), Some(Problem::Open(OpenError::WrongRecipient { to: Party::Seat(1) })));
}
