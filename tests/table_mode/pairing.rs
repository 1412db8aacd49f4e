//! Pairing on the host's side (`table::pairing`): a seat's code, its answer, its channel,
//! and every way a connection is lost or given up on, each seat getting a new code once.

use lauzait_table_mode::link::{answer_code, Answer};
use lauzait_table_mode::pairing::{AnswerProblem, LinkState, Pairing};
use lauzait_table_mode::sdp::SessionDescription;
use proptest::prelude::*;

fn state(p: &Pairing, seat: u8) -> Option<LinkState> {
    p.link(seat).map(|l| l.state)
}

/// Seat `seat`'s code shown at time 1000 on a new connection.
fn shown(p: &mut Pairing, seat: u8) -> u32 {
    let (conn, _) = p.begin(seat).unwrap();
    assert!(p.shown(conn, format!("https://table.example/#j=seat{seat}"), 1000.0));
    conn
}

/// Seat `seat`'s code shown, answered, and its channel open at time `at`.
fn connected(p: &mut Pairing, seat: u8, at: f64) -> u32 {
    let conn = shown(p, seat);
    assert_eq!(p.answered(seat), Some(conn));
    assert_eq!(p.opened(conn, at), Some(at - 1000.0));
    conn
}

#[test]
fn a_seat_goes_from_its_code_to_an_open_channel() {
    let mut p = Pairing::new(3);
    assert_eq!(p.seats_to_offer([0, 1]), vec![0, 1], "every person's seat gets a code");
    let (conn, earlier) = p.begin(1).unwrap();
    assert_eq!(earlier, None);
    assert_eq!(state(&p, 1), Some(LinkState::Preparing));
    assert!(p.link(1).unwrap().url.is_empty(), "no code to show while the offer is made");
    assert!(p.shown(conn, "https://table.example/#j=x".into(), 1000.0));
    assert_eq!(state(&p, 1), Some(LinkState::Waiting));
    assert_eq!(p.answered(1), Some(conn));
    assert_eq!(state(&p, 1), Some(LinkState::Connecting));
    assert_eq!(p.opened(conn, 3500.0), Some(2500.0), "paired 2.5 s after the code was shown");
    assert_eq!(state(&p, 1), Some(LinkState::Connected));
    assert_eq!(p.seat_of(conn), Some(1));
    assert_eq!(p.seats_to_offer([0, 1]), vec![0], "a seat with an open channel needs no new code");
}

#[test]
fn a_new_code_replaces_the_earlier_connection_which_is_closed() {
    let mut p = Pairing::new(2);
    let first = shown(&mut p, 0);
    let (second, earlier) = p.begin(0).unwrap();
    assert_eq!(earlier, Some(first), "the earlier connection is given back to be closed");
    assert_ne!(second, first, "connections are never reused");
    assert!(!p.shown(first, "stale".into(), 2000.0), "the earlier offer's code is stale");
    assert_eq!(p.opened(first, 2000.0), None, "the earlier connection opening changes nothing");
    assert_eq!(p.lost(first), None);
    assert_eq!(state(&p, 0), Some(LinkState::Preparing));
}

#[test]
fn a_loss_is_reported_once_and_the_seat_gets_a_new_code() {
    let mut p = Pairing::new(2);
    let conn = connected(&mut p, 1, 2000.0);
    assert_eq!(p.lost(conn), Some(1), "the channel closed: seat 1 gets a new code");
    assert_eq!(p.lost(conn), None, "the connection failing as well asks for no second code");
    assert_eq!(state(&p, 1), Some(LinkState::Lost));
    assert_eq!(p.opened(conn, 2500.0), None, "a lost connection does not come back");
    assert_eq!(p.seats_to_offer([1]), vec![1]);
}

#[test]
fn an_open_channel_without_a_join_is_given_up_on_after_the_wait() {
    let mut p = Pairing::new(2);
    let conn = connected(&mut p, 0, 1500.0);
    assert!(!p.join_overdue(conn, true), "the phone joined: nothing to do");
    assert!(p.join_overdue(conn, false), "open but silent: given up on");
    p.lost(conn);
    assert!(!p.join_overdue(conn, false), "already lost: not given up on twice");
    let waiting = shown(&mut p, 1);
    assert!(!p.join_overdue(waiting, false), "a channel not yet open is not waited on for a join");
}

#[test]
fn an_answer_without_a_path_is_given_up_on_and_a_second_answer_keeps_an_open_channel() {
    let mut p = Pairing::new(2);
    let conn = shown(&mut p, 0);
    assert!(!p.stuck(conn), "not connecting yet");
    assert_eq!(p.answered(0), Some(conn));
    assert!(p.stuck(conn), "still connecting after the wait: no path");
    p.opened(conn, 5000.0);
    assert!(!p.stuck(conn), "the channel opened in time");
    assert_eq!(p.answered(0), None, "an answer read again does not unsettle an open channel");
    assert_eq!(state(&p, 0), Some(LinkState::Connected));
}

#[test]
fn a_newer_code_answered_meanwhile_is_not_given_up_on_for_the_earlier_one() {
    let mut p = Pairing::new(2);
    let first = shown(&mut p, 1);
    p.answered(1);
    let second = shown(&mut p, 1);
    assert_eq!(p.answered(1), Some(second));
    assert!(!p.stuck(first), "the earlier connection's wait ends without touching the newer one");
    assert!(p.stuck(second));
}

#[test]
fn seats_the_table_does_not_have_change_nothing() {
    let mut p = Pairing::new(2);
    let before = p.clone();
    assert_eq!(p.begin(2), None);
    assert_eq!(p.begin(200), None);
    assert_eq!(p.answered(3), None);
    assert!(!p.stuck(99));
    assert_eq!(p.lost(99), None);
    assert_eq!(p.opened(99, 1.0), None);
    assert_eq!(p, before);
    assert_eq!(p.seats_to_offer([0, 3, 7]), vec![0]);
    assert_eq!(p.answered(0), None, "no code shown yet: nothing to answer");
}

#[test]
fn an_answer_is_read_for_its_own_seat_only() {
    let sdp = include_str!("../../crates/table-mode/fixtures/sdp/chromium-answer-mdns.sdp");
    let code = answer_code(&Answer { seat: 2, answer: SessionDescription::parse(sdp).unwrap() });
    assert_eq!(Pairing::check_answer(2, &code).map(|a| a.seat), Ok(2));
    assert_eq!(Pairing::check_answer(1, &code).map(|a| a.seat), Err(AnswerProblem::OtherSeat));
    let Err(AnswerProblem::Unreadable(why)) = Pairing::check_answer(2, "j=abc") else {
        panic!("read a link as an answer")
    };
    assert!(why.to_string().contains("a="), "the reason tells an answer from a link: {why}");
}

/// One event the host's page may report, in any order (timers firing late, events of
/// connections long given up on, seats the table lacks).
#[derive(Clone, Debug)]
enum Event {
    Begin(u8),
    Shown(u32),
    Answered(u8),
    Opened(u32),
    JoinWaitOver(u32, bool),
    PathWaitOver(u32),
    Lost(u32),
}

fn any_event() -> impl Strategy<Value = Event> {
    prop_oneof![
        (0u8..5).prop_map(Event::Begin),
        (0u32..12).prop_map(Event::Shown),
        (0u8..5).prop_map(Event::Answered),
        (0u32..12).prop_map(Event::Opened),
        (0u32..12, any::<bool>()).prop_map(|(c, seated)| Event::JoinWaitOver(c, seated)),
        (0u32..12).prop_map(Event::PathWaitOver),
        (0u32..12).prop_map(Event::Lost),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever happens: each seat is on at most one connection, no connection is on two
    /// seats or reused, a connection's loss asks for one new code at most, and what a
    /// seat the table lacks or a connection it let go of reports changes nothing.
    #[test]
    fn any_events_keep_one_connection_per_seat_and_each_loss_counted_once(
        seats in 2usize..=4,
        events in proptest::collection::vec(any_event(), 0..80),
    ) {
        let mut p = Pairing::new(seats);
        let mut issued: Vec<u32> = Vec::new();
        let mut lost_once: Vec<u32> = Vec::new();
        for (t, event) in events.into_iter().enumerate() {
            let before = p.clone();
            let now = t as f64 * 100.0;
            let changed = match event {
                Event::Begin(seat) => match p.begin(seat) {
                    Some((conn, earlier)) => {
                        prop_assert!(usize::from(seat) < seats);
                        prop_assert!(issued.iter().all(|&c| c < conn), "connection {conn} reused or out of order");
                        prop_assert_eq!(earlier, before.link(seat).map(|l| l.conn));
                        issued.push(conn);
                        true
                    }
                    None => false,
                },
                Event::Shown(conn) => p.shown(conn, format!("#j={conn}"), now),
                Event::Answered(seat) => p.answered(seat).is_some(),
                Event::Opened(conn) => p.opened(conn, now).is_some(),
                Event::JoinWaitOver(conn, seated) => {
                    if p.join_overdue(conn, seated) {
                        prop_assert!(!seated);
                        p.lost(conn).is_some()
                    } else {
                        false
                    }
                }
                Event::PathWaitOver(conn) => p.stuck(conn) && p.lost(conn).is_some(),
                Event::Lost(conn) => match p.lost(conn) {
                    Some(seat) => {
                        prop_assert!(!lost_once.contains(&conn), "connection {conn} lost twice");
                        prop_assert_eq!(before.link(seat).map(|l| l.conn), Some(conn));
                        lost_once.push(conn);
                        true
                    }
                    None => false,
                },
            };
            if !changed {
                prop_assert_eq!(&p, &before, "a refused event changed the pairing");
            }
            prop_assert_eq!(p.links().len(), seats);
            let conns: Vec<u32> = p.links().iter().flatten().map(|l| l.conn).collect();
            let mut unique = conns.clone();
            unique.sort_unstable();
            unique.dedup();
            prop_assert_eq!(unique.len(), conns.len(), "a connection on two seats");
            for l in p.links().iter().flatten() {
                prop_assert!(issued.contains(&l.conn));
                match l.state {
                    LinkState::Preparing => prop_assert!(l.url.is_empty(), "no code before the offer is made"),
                    LinkState::Waiting | LinkState::Connecting | LinkState::Connected => {
                        prop_assert!(!l.url.is_empty(), "a seat past its code has a code")
                    }
                    LinkState::Lost => {}
                }
            }
        }
    }
}
