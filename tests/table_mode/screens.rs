//! The host's and the guests' screens (crates/table-mode/src/host_screen.rs,
//! guest_screen.rs) driven as the pages drive them: events in, effects out, time and
//! entropy handed in. A small simulator plays the browser (tests/common/table_sim.rs).

use super::table_sim::{entropy, Sim, ANSWER, OFFER};
use lauzait_autoplay::{DayFailure, WorkerFailure};
use lauzait_table_mode::controls::HostControl;
use lauzait_table_mode::guest::{Guest, Stage};
use lauzait_table_mode::guest_error::GuestError;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{GuestScreen, GUEST_ENTROPY};
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, Timer, COMPUTER_PAUSE_MS, COMPUTER_RETRY_MS, FLUSH_MS};
use lauzait_table_mode::link::{answer_code, Answer, Invite};
use lauzait_table_mode::pairing::LinkState;
use lauzait_table_mode::protocol::{GuestMsg, Refusal, VERSION};
use lauzait_table_mode::screen::{HostProblem, Problem, MESSAGE_BURST};
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::validate::write;
use lauzait_table_mode::verify::Verdict;

#[test]
fn a_table_is_set_paired_and_played_with_its_computer_paced_by_wake_ups() {
    let (mut sim, _) = Sim::seated();
    assert!(sim.stores > 0 && sim.redraws > 0);
    // Play until the computer's Day has come and gone a few times, phones answering.
    let mut computer_days = 0;
    for _ in 0..200 {
        let game = sim.screen.host().unwrap().game().unwrap();
        if game.log().len() > 40 || game.status() != lauzait_engine::Status::Playing {
            break;
        }
        if let Some((seat, _)) = sim.screen.host().unwrap().computer_to_move() {
            // Not asked before the pause: the people see the last Day first.
            sim.advance(f64::from(COMPUTER_PAUSE_MS) - 30.0);
            assert!(sim.asked.is_empty(), "asked before the pause");
            sim.advance(40.0);
            assert_eq!(sim.asked.len(), 1, "asked once after the pause");
            sim.think();
            sim.advance(20.0);
            assert_ne!(sim.screen.host().unwrap().computer_to_move().map(|c| c.0), Some(seat), "its Day is played");
            computer_days += 1;
            continue;
        }
        let to_move = game.to_move();
        let conn = *sim.phones.iter().find(|(_, g)| usize::from(g.seat) == to_move).unwrap().0;
        let phone = sim.phones.get_mut(&conn).unwrap();
        let action = phone.choices()[0];
        let msg = phone.press(action).unwrap();
        sim.event(HostEvent::Message { conn, text: write(&msg) });
        sim.advance(20.0);
    }
    assert!(computer_days >= 2, "{computer_days} computer Days");
}

/// The worker's failure as the browser reports a trap.
fn trapped() -> WorkerFailure {
    WorkerFailure::Stopped { said: "the worker trapped".into() }
}

#[test]
fn a_failed_computer_day_is_asked_again_after_the_retry_pause() {
    let (mut sim, conns) = Sim::seated();
    // Walk the phones' Days until the computer's is due.
    while sim.screen.host().unwrap().computer_to_move().is_none() {
        let to_move = sim.screen.host().unwrap().game().unwrap().to_move();
        let conn = conns[to_move];
        let phone = sim.phones.get_mut(&conn).unwrap();
        let msg = phone.press(phone.choices()[0]).unwrap();
        sim.event(HostEvent::Message { conn, text: write(&msg) });
    }
    // A phone's step is saved and drawn at the next flush, which also makes the computer's
    // Day due: the pause runs from there.
    sim.advance(f64::from(FLUSH_MS + COMPUTER_PAUSE_MS) + 1.0);
    assert_eq!(sim.asked.len(), 1);
    sim.asked.clear();
    sim.event(HostEvent::WorkerFailed(trapped()));
    assert_eq!(sim.screen.computer_failed(), Some(&DayFailure::Worker(trapped())));
    sim.advance(f64::from(COMPUTER_RETRY_MS) - 10.0);
    assert!(sim.asked.is_empty(), "not asked again before the retry pause");
    sim.advance(20.0);
    assert_eq!(sim.asked.len(), 1, "asked again");
    sim.think();
    assert_eq!(sim.screen.computer_failed(), None, "the notice goes once a Day is played");
}

#[test]
fn the_tablet_takes_only_the_answer_to_its_computer_players_day_asked_last() {
    use lauzait_autoplay::{answer, RequestId};
    let (mut sim, conns) = Sim::seated();
    while sim.screen.host().unwrap().computer_to_move().is_none() {
        let to_move = sim.screen.host().unwrap().game().unwrap().to_move();
        let phone = sim.phones.get_mut(&conns[to_move]).unwrap();
        let msg = phone.press(phone.choices()[0]).unwrap();
        sim.event(HostEvent::Message { conn: conns[to_move], text: write(&msg) });
    }
    sim.advance(f64::from(FLUSH_MS + COMPUTER_PAUSE_MS) + 1.0);
    let first = answer(&sim.asked.remove(0), || 0.0);
    assert!(first.contains("\nid day 1\n"), "{first}");
    let save = sim.save();
    // Said to be a hint's or a review's, which the tablet never asks: not applied.
    for other in [RequestId::Hint(1), RequestId::Review(1)] {
        sim.event(HostEvent::WorkerReply(first.replacen("id day 1", &format!("id {}", other.to_text()), 1)));
        sim.advance(20.0);
        assert_eq!(sim.save(), save, "{other:?}");
    }
    // The worker fails and the Day is asked again: the first request's late answer is dropped.
    sim.event(HostEvent::WorkerFailed(trapped()));
    sim.advance(f64::from(COMPUTER_RETRY_MS) + 20.0);
    assert_eq!(sim.asked.len(), 1, "asked again");
    sim.event(HostEvent::WorkerReply(first));
    sim.advance(20.0);
    assert_eq!(sim.save(), save, "the given-up request's answer is not applied");
    assert!(sim.screen.host().unwrap().computer_to_move().is_some());
    sim.think();
    assert!(sim.screen.host().unwrap().computer_to_move().is_none_or(|_| sim.save() != save), "the Day is played");
    assert_eq!(sim.screen.computer_failed(), None);
}

/// The measured fault (1,000 resyncs at 100 a second from one seated phone blocked the
/// tablet for 18.8 s): now most are dropped unread, and none is saved or drawn.
#[test]
fn a_flood_from_one_phone_costs_no_save_no_redraw_and_changes_nothing() {
    let (mut sim, conns) = Sim::seated();
    sim.advance(1000.0);
    let (stores, redraws, save) = (sim.stores, sim.redraws, sim.save());
    let resync = write(&GuestMsg::Resync { v: VERSION });
    // The phone is gone from the simulator's table, so the host's answers go nowhere.
    sim.phones.remove(&conns[0]);
    for i in 0..1000 {
        sim.now += 10.0;
        let fx = sim.screen.update(HostEvent::Message { conn: conns[0], text: resync.clone() }, sim.now, &[]);
        let sends = fx.iter().filter(|e| matches!(e, HostEffect::Send { .. })).count();
        assert!(sends <= 1, "message {i}: {sends} answers");
        sim.run(fx);
        sim.advance(0.0);
    }
    assert_eq!(sim.stores, stores, "nothing saved");
    assert!(sim.redraws <= redraws + 1, "{} redraws", sim.redraws - redraws);
    assert_eq!(sim.save(), save, "the table is as it was");
    // 10 s at 20 a second, after a burst of 40.
    let read = 1000 - sim.screen.dropped();
    assert!((200..=250).contains(&read) && read >= MESSAGE_BURST as u64, "{read} read");
}

#[test]
fn changes_in_one_frame_are_saved_and_drawn_once() {
    let (mut sim, conns) = Sim::seated();
    sim.advance(1000.0);
    let (stores, redraws) = (sim.stores, sim.redraws);
    // A phone's step and its undo, in the same frame: one flush.
    let to_move = sim.screen.host().unwrap().game().unwrap().to_move();
    if to_move < 3 {
        let conn = conns[to_move];
        let phone = sim.phones.get_mut(&conn).unwrap();
        let first = phone.press(phone.choices()[0]).unwrap();
        let fx = sim.screen.update(HostEvent::Message { conn, text: write(&first) }, sim.now, &[]);
        assert!(!fx.iter().any(|e| matches!(e, HostEffect::Store(_) | HostEffect::Redraw)), "not before the frame");
        sim.run(fx);
        sim.advance(20.0);
        assert_eq!((sim.stores, sim.redraws), (stores + 1, redraws + 1));
    }
}

#[test]
fn a_refused_message_is_neither_saved_nor_drawn() {
    let (mut sim, conns) = Sim::seated();
    sim.advance(1000.0);
    let (stores, redraws) = (sim.stores, sim.redraws);
    for text in ["not json", "{\"t\":\"act\"}", &"x".repeat(5000)] {
        sim.event(HostEvent::Message { conn: conns[1], text: text.into() });
        sim.advance(20.0);
    }
    assert_eq!((sim.stores, sim.redraws), (stores, redraws));
    assert_eq!(sim.screen.host().unwrap().refusals().len(), 3, "each refusal is logged");
    // Nor does it ask for a flush: the next frame writes out no save to compare.
    for text in ["not json".to_string(), write(&GuestMsg::Resync { v: VERSION })] {
        sim.now += 100.0;
        let fx = sim.screen.update(HostEvent::Message { conn: conns[1], text: text.clone() }, sim.now, &[]);
        let flush = fx.iter().any(|e| matches!(e, HostEffect::WakeAfter { timer: Timer::Flush, .. }));
        assert!(!flush, "{text}: a flush asked for");
        sim.run(fx);
    }
}

#[test]
fn a_seat_given_to_another_phone_refuses_the_old_one_and_deals_the_new_one_in() {
    let (mut sim, conns) = Sim::seated();
    let old = sim.phones.get(&conns[0]).unwrap().clone();
    let hand = old.game().unwrap().hand_now(0).unwrap().clone();
    sim.event(HostEvent::Control(HostControl::GiveSeat(0)));
    assert!(sim.closed.contains(&conns[0]), "the old phone's connection is closed");
    let link = sim.screen.pairing().link(0).unwrap();
    assert!(link.conn != conns[0] && link.state == LinkState::Preparing, "a new code is on its way");
    // The old phone scans the new code (it is on the shared screen): its key is refused.
    let conn = sim.pair(0, old);
    let refused = sim.phones.get(&conn).unwrap().refused.clone();
    assert_eq!(refused.map(|r| r.0), Some(Refusal::BadKey));
    assert!(!sim.screen.host().unwrap().is_seated(conn));
    // A new phone takes the seat with the new code, and gets the seat's hand mid-Season.
    sim.event(HostEvent::Control(HostControl::Relink(0)));
    // Another device: its own stored secret, not the lost phone's.
    let invite = sim.invite(0);
    let phone = Guest::new(invite.table, 0, invite.token, &entropy(200, 32));
    let conn = sim.pair(0, phone);
    let phone = sim.phones.get(&conn).unwrap();
    assert_eq!(phone.stage(), Stage::Playing);
    assert_eq!(phone.game().unwrap().hand_now(0).unwrap(), &hand, "the seat's hand, as it was");
    assert!(sim.screen.host().unwrap().is_seated(conn));
    // The table ends the game there: every seated phone verifies the record, the new one
    // too, which checks its own secret only in the rounds it took part in (none here).
    sim.event(HostEvent::Control(HostControl::EndGame));
    let host = sim.screen.host().unwrap();
    assert!(host.record().is_some(), "the game is over");
    let seated: Vec<&Guest> = sim.phones.iter().filter(|(c, _)| host.is_seated(**c)).map(|(_, p)| p).collect();
    assert_eq!(seated.len(), 3);
    for p in seated {
        assert_eq!(p.verdict, Some(Verdict::Verified), "seat {}", p.seat);
    }
}

#[test]
fn without_entropy_no_table_is_set_and_no_seat_given() {
    let mut sim = Sim::new();
    let fx = sim.screen.update(HostEvent::Create { names: vec!["A".into(); 4] }, 0.0, &[]);
    assert!(sim.screen.host().is_none());
    assert_eq!(sim.screen.problem(), Some(&HostProblem::Page(Problem::NoEntropy)));
    assert!(fx.contains(&HostEffect::Redraw));
    let (mut sim, conns) = Sim::seated();
    let save = sim.save();
    sim.screen.update(HostEvent::Control(HostControl::GiveSeat(1)), sim.now, &[]);
    assert_eq!(sim.save(), save, "the seat keeps its key");
    assert!(sim.phones.contains_key(&conns[1]));
}

#[test]
fn a_connection_that_opens_but_never_joins_is_given_up_and_its_seat_gets_a_new_code() {
    let mut sim = Sim::new();
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    sim.invite(1);
    let conn = sim.screen.pairing().link(1).unwrap().conn;
    sim.event(HostEvent::ChannelOpen(conn));
    sim.advance(8400.0);
    assert!(sim.closed.contains(&conn));
    let link = sim.screen.pairing().link(1).unwrap();
    assert!(link.conn != conn, "a new connection for the seat's new code");
}

#[test]
fn a_guest_screen_needs_entropy_or_a_save_and_says_hello_until_heard() {
    let invite = Invite {
        table: lauzait_table_mode::bytes::TableId::from_entropy(&[3; 8]),
        seat: 1,
        token: lauzait_table_mode::bytes::JoinToken::from_entropy(&[4; 8]),
        offer: SessionDescription::parse(OFFER).unwrap(),
        ice: Default::default(),
    };
    assert!(GuestScreen::start(&invite, None, &[]).is_none(), "no guessable secrets");
    let (mut screen, fx) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
    let Some(GuestEffect::Store(saved)) = fx.first() else { panic!("stored at once: {fx:?}") };
    assert!(GuestScreen::start(&invite, Some(saved), &[]).is_some(), "a saved guest needs no entropy");
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    assert!(screen.answering().code().unwrap().starts_with("a="));
    let fx = screen.update(GuestEvent::ChannelOpen, 0.0);
    let sends = |fx: &[GuestEffect]| fx.iter().filter(|e| matches!(e, GuestEffect::Send(_))).count();
    assert_eq!(sends(&fx), 1);
    let Some(&GuestEffect::HelloAfter { opening, .. }) =
        fx.iter().find(|e| matches!(e, GuestEffect::HelloAfter { .. }))
    else {
        panic!("a retry: {fx:?}")
    };
    let again = screen.update(GuestEvent::HelloDue(opening), 0.0);
    assert_eq!(sends(&again), 1, "said again while unheard");
    let fx = screen.update(GuestEvent::Message("not json".into()), 0.0);
    assert!(matches!(screen.answering().problem(), Some(Problem::HostMessage(GuestError::Unreadable(_)))), "{fx:?}");
    assert_eq!(sends(&screen.update(GuestEvent::HelloDue(opening), 0.0)), 0, "not once heard");
}

/// The network is blamed (the hotspot advice) only for an answered connection that never
/// opened: not for a phone that dropped after it paired, nor for a connection its seat has
/// moved on from (a code from before, failing late), and the advice goes once a seat pairs.
#[test]
fn only_a_connection_that_never_opened_blames_the_network() {
    let (mut sim, conns) = Sim::seated();
    sim.event(HostEvent::PathFailed(conns[0]));
    assert!(!sim.screen.no_path(), "a paired phone that dropped is a lost seat, not a network that isolates");
    sim.advance(1000.0);
    // Seat 0's new code is answered but never opens: no path, said once the wait is over.
    let phone = sim.new_phone(0);
    sim.invite(0);
    let answer = Answer { seat: 0, answer: SessionDescription::parse(ANSWER).unwrap() };
    sim.event(HostEvent::AnswerRead { seat: 0, code: answer_code(&answer) });
    let stuck = sim.screen.pairing().link(0).unwrap().conn;
    sim.event(HostEvent::Accepted(stuck));
    sim.event(HostEvent::PathFailed(stuck));
    assert!(sim.screen.no_path(), "answered, never opened");
    // The seat's next code pairs: the advice goes, and the old connection failing late
    // brings it back no more.
    sim.advance(1000.0);
    sim.pair(0, phone);
    assert!(!sim.screen.no_path());
    sim.event(HostEvent::PathFailed(stuck));
    assert!(!sim.screen.no_path(), "a connection its seat moved on from says nothing of the network");
}
