//! A phone's screen (crates/table-mode/src/guest_screen.rs) under load and while pairing:
//! the host's messages within a budget and their saves and redraws gathered into one per
//! frame, as on the host's page; a code the phone already connected through named as the
//! cause, and a pairing problem gone once the phone pairs. And the host's side of that: a
//! connection that fails after it opened, or one its seat moved on from, does not blame
//! the network.

use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions, SeatView};
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{GuestScreen, FLUSH_MS, GUEST_ENTROPY};
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::protocol::{HostMsg, VERSION};
use lauzait_table_mode::screen::{Problem, MESSAGE_BURST};
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::validate::write;

const OFFER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-offer-mdns.sdp");
const OTHER_OFFER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-offer-ip.sdp");
const ANSWER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-answer-mdns.sdp");

fn invite(offer: &str) -> Invite {
    Invite {
        table: TableId::from_entropy(&[3; 8]),
        seat: 1,
        token: JoinToken::from_entropy(&[4; 8]),
        offer: SessionDescription::parse(offer).unwrap(),
        ice: Default::default(),
    }
}

fn new_screen() -> GuestScreen {
    GuestScreen::start(&invite(OFFER), None, &[7; GUEST_ENTROPY]).unwrap().0
}

/// A view of seat 1, numbered `seq`, as the host sends it.
fn view(seq: u32) -> String {
    let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut seeded(5));
    write(&HostMsg::View { v: VERSION, seq, view: Box::new(SeatView::new(&game.view(1).unwrap())) })
}

fn count(fx: &[GuestEffect], what: fn(&GuestEffect) -> bool) -> usize {
    fx.iter().filter(|e| what(e)).count()
}

/// A burst of the host's messages is drawn as each comes (the page and what a tap on it
/// does never part) and saved once, at the flush.
#[test]
fn a_burst_of_the_hosts_messages_is_drawn_at_once_and_saved_once_at_the_flush() {
    let mut s = new_screen();
    s.update(GuestEvent::ChannelOpen, 0.0);
    let mut fx = Vec::new();
    for seq in 1..=5 {
        fx.extend(s.update(GuestEvent::Message(view(seq)), 10.0));
    }
    assert_eq!(count(&fx, |e| matches!(e, GuestEffect::FlushAfter(FLUSH_MS))), 1, "one flush asked for: {fx:?}");
    assert_eq!(count(&fx, |e| matches!(e, GuestEffect::Redraw)), 5, "each drawn: {fx:?}");
    assert_eq!(count(&fx, |e| matches!(e, GuestEffect::Store(_))), 0, "nothing saved before the flush");
    assert!(!s.settled(), "a save on its way");
    let flush = s.update(GuestEvent::Flush, 26.0);
    assert_eq!(count(&flush, |e| matches!(e, GuestEffect::Store(_))), 1);
    assert!(s.settled());
    // The same view again changes nothing that is kept: drawn, not stored again.
    s.update(GuestEvent::Message(view(5)), 40.0);
    let flush = s.update(GuestEvent::Flush, 56.0);
    assert_eq!(count(&flush, |e| matches!(e, GuestEffect::Store(_))), 0, "{flush:?}");
    assert!(s.update(GuestEvent::Flush, 60.0).is_empty(), "a flush with nothing new does nothing");
}

#[test]
fn a_flood_from_the_host_is_dropped_unread_beyond_the_budget() {
    let mut s = new_screen();
    s.update(GuestEvent::ChannelOpen, 0.0);
    let text = view(1);
    let mut sends = 0;
    // 1,000 messages in 10 s: 20 a second after a burst of 40 are read.
    for i in 0..1000 {
        let fx = s.update(GuestEvent::Message(text.clone()), 10.0 * f64::from(i));
        sends += count(&fx, |e| matches!(e, GuestEffect::Send(_)));
    }
    let read = 1000 - s.answering().dropped();
    assert!((200..=250).contains(&read) && read >= MESSAGE_BURST as u64, "{read} read");
    assert_eq!(sends, 0, "a view needs no answer");
    // A quiet while refills the budget.
    s.update(GuestEvent::Message(text), 20_000.0);
    assert_eq!(s.answering().dropped(), 1000 - read, "read again after a pause");
}

#[test]
fn a_code_the_phone_already_paired_with_says_so_and_shows_no_answer() {
    let (mut s, _) = GuestScreen::start(&invite(OFFER), None, &[7; GUEST_ENTROPY]).unwrap();
    s.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    let fx = s.update(GuestEvent::ChannelOpen, 5.0);
    let Some(GuestEffect::Store(saved)) = fx.iter().find(|e| matches!(e, GuestEffect::Store(_))) else {
        panic!("the spent code is saved at once: {fx:?}")
    };
    // The board reloads; the phone's page is opened again on the same, old link.
    let (mut again, _) = GuestScreen::start(&invite(OFFER), Some(saved), &[]).unwrap();
    assert_eq!(again.answering().problem(), Some(&Problem::SpentCode));
    assert!(again.answering().spent());
    again.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    assert_eq!(again.answering().code(), None, "no answer shown for a code that cannot connect");
    // The seat's new code pairs as usual.
    let (mut new, _) = GuestScreen::start(&invite(OTHER_OFFER), Some(saved), &[]).unwrap();
    assert_eq!(new.answering().problem(), None);
    new.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    assert!(new.answering().code().is_some());
}

#[test]
fn a_pairing_problem_is_gone_once_the_phone_pairs() {
    let mut s = new_screen();
    s.update(GuestEvent::AnswerFailed("no network interface".into()), 0.0);
    assert!(matches!(s.answering().problem(), Some(Problem::ConnectionFailed(_))));
    s.update(GuestEvent::AnswerMade(ANSWER.into()), 100.0);
    s.update(GuestEvent::ChannelOpen, 200.0);
    assert_eq!(s.answering().problem(), None, "the phone is paired: nothing left to blame");
}
