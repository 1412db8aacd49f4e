//! A table's spectators (TABLE-PROTOCOL.md, "Spectators"), through the host's screen as the
//! page drives it: a spectator pairs with its own link, is sent the public view on every
//! public change and nothing else (R40), and whatever it sends — a join with a seat's token,
//! a rejoin, an action — is refused, logged and changes nothing, as an attacker would try it.

use super::table_sim::{Sim, ANSWER, OFFER};
use lauzait_engine::{SpectatorView, Status};
use lauzait_table_mode::bytes::SeatKey;
use lauzait_table_mode::controls::HostControl;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::HostEvent;
use lauzait_table_mode::link::{answer_code, read_answer, Answer, FIRST_SPECTATOR};
use lauzait_table_mode::pairing::{LinkState, MAX_SPECTATORS};
use lauzait_table_mode::protocol::{GuestMsg, VERSION};
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::spectator::{read_spectator, SpectatorMsg};
use lauzait_table_mode::spectator_screen::SpectatorScreen;
use lauzait_table_mode::validate::write;

/// The views a spectator was sent, read as its page reads them.
fn views(sim: &Sim, conn: Conn) -> Vec<(u32, SpectatorView)> {
    sim.watched[&conn]
        .iter()
        .map(|text| match read_spectator(text) {
            Ok(SpectatorMsg::Public { seq, view, .. }) => (seq, *view),
            Err(e) => panic!("a spectator's message that does not read: {e:?}: {text}"),
        })
        .collect()
}

/// The public view of the host's game now.
fn public_now(sim: &Sim) -> SpectatorView {
    SpectatorView::new(&sim.screen.host().unwrap().game().unwrap().public())
}

/// Plays `steps` steps on the phones (the computer's Days thought through), checking after
/// each that the spectator's latest view is the table's public view.
fn play_watched(sim: &mut Sim, spectator: Conn, steps: usize) -> usize {
    let mut changes = 0;
    for _ in 0..steps {
        let game = sim.screen.host().unwrap().game().unwrap();
        if game.status() != Status::Playing {
            break;
        }
        let before = game.log().len();
        if sim.screen.host().unwrap().computer_to_move().is_some() {
            sim.advance(2000.0);
            sim.think();
        } else {
            let to_move = game.to_move();
            let conn = *sim.phones.iter().find(|(_, g)| usize::from(g.seat) == to_move).unwrap().0;
            let phone = sim.phones.get_mut(&conn).unwrap();
            let msg = phone.press(phone.choices()[0]).unwrap();
            sim.event(HostEvent::Message { conn, text: write(&msg) });
        }
        sim.advance(20.0);
        if sim.screen.host().unwrap().game().unwrap().log().len() > before {
            changes += 1;
            let seen = views(sim, spectator);
            assert_eq!(
                seen.last().map(|(_, v)| v),
                Some(&public_now(sim)),
                "after step {changes} the spectator is behind"
            );
        }
    }
    changes
}

#[test]
fn r40_a_spectator_is_sent_every_public_change_and_nothing_but_the_public_view() {
    let (mut sim, _) = Sim::seated();
    let (invite, conn) = sim.pair_spectator();
    assert_eq!((invite.table, invite.slot), (sim.screen.host().unwrap().table, FIRST_SPECTATOR));
    // At once, the table as it stands.
    let first = views(&sim, conn);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].1, public_now(&sim));
    let changes = play_watched(&mut sim, conn, 120);
    assert!(changes > 20, "{changes} steps watched");
    let seen = views(&sim, conn);
    // One message per view the table made, numbered as the seats' views, in order.
    assert!(
        seen.windows(2).all(|w| w[1].0 == w[0].0 + 1),
        "numbered one by one: {:?}",
        seen.iter().map(|s| s.0).collect::<Vec<_>>()
    );
    // Each message is exactly the kind, the version, the number and the public view: no
    // other field can carry anything beside it.
    for text in &sim.watched[&conn] {
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        let mut keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(keys, ["names", "seq", "t", "v", "view"]);
        assert_eq!(value["names"], serde_json::json!(["Ann", "Bo", "Cy", "Computer"]));
        assert_eq!((value["t"].as_str(), value["v"].as_u64()), (Some("public"), Some(u64::from(VERSION))));
        assert!(value["view"].as_str().unwrap().starts_with("pv1 "));
    }
}

#[test]
fn a_spectator_joining_rejoining_or_acting_for_a_seat_is_refused_logged_and_changes_nothing() {
    let mut sim = Sim::new();
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    // The attacker watches first, and reads seat 0's still unspent token off the board.
    let (_, spy) = sim.pair_spectator();
    let seat0 = sim.invite(0);
    let join = GuestMsg::Join { v: VERSION, table: seat0.table, seat: 0, token: seat0.token };
    sim.event(HostEvent::Message { conn: spy, text: write(&join) });
    let host = sim.screen.host().unwrap();
    assert!(!host.seats()[0].claimed, "a spectator took seat 0");
    assert!(!host.is_seated(spy));
    assert!(host.refusals().last().unwrap().contains("(spectator): spectator"), "{:?}", host.refusals());
    // The seat's own phone still joins with that token.
    let phones: Vec<_> = (0..3).map(|s| (s, sim.new_phone(s))).collect();
    for (s, phone) in phones {
        sim.pair(s, phone);
    }
    assert!(sim.screen.host().unwrap().seats()[0].claimed && sim.screen.host().unwrap().game().is_some());
    play_watched(&mut sim, spy, 3);

    // A rejoin with any key, and the action the seat to move would take, on the view now.
    let game = sim.screen.host().unwrap().game().unwrap().clone();
    let refusals = sim.screen.host().unwrap().refusals().len();
    let to_move = game.to_move() as u8;
    let rejoin =
        GuestMsg::Rejoin { v: VERSION, table: seat0.table, seat: to_move, key: SeatKey::from_entropy(&[0; 16]) };
    let seq = views(&sim, spy).last().unwrap().0;
    let action = game.day().legal_actions(game.players())[0];
    let act = GuestMsg::Act { v: VERSION, n: 1, seq, action };
    let sent_before = sim.watched[&spy].len();
    for msg in [write(&rejoin), write(&act), write(&GuestMsg::Resync { v: VERSION }), "nonsense".into()] {
        sim.event(HostEvent::Message { conn: spy, text: msg });
    }
    sim.advance(20.0);
    let host = sim.screen.host().unwrap();
    assert_eq!(host.game().unwrap().log(), game.log(), "a spectator's action was taken");
    assert_eq!(host.refusals().len(), refusals + 4, "each refused and logged: {:?}", host.refusals());
    assert_eq!(sim.watched[&spy].len(), sent_before, "a spectator is not answered");
    assert!(!host.connected().is_empty() && !host.is_seated(spy));
}

#[test]
fn spectators_pair_in_their_own_slots_and_a_lost_one_gets_no_new_code() {
    let (mut sim, _) = Sim::seated();
    let (first, a) = sim.pair_spectator();
    let (second, b) = sim.pair_spectator();
    assert_eq!((first.slot, second.slot), (FIRST_SPECTATOR, FIRST_SPECTATOR + 1));
    assert_ne!(a, b);
    assert_eq!(views(&sim, a), views(&sim, b), "both watch the same table");
    // One spectator's answer is not another's.
    sim.event(HostEvent::Control(HostControl::InviteSpectator));
    let third = sim.screen.pairing().spectators()[2].conn;
    sim.event(HostEvent::OfferMade { conn: third, sdp: OFFER.into() });
    let wrong = answer_code(&Answer { seat: FIRST_SPECTATOR, answer: SessionDescription::parse(ANSWER).unwrap() });
    sim.event(HostEvent::AnswerRead { seat: FIRST_SPECTATOR + 2, code: wrong });
    assert_eq!(sim.screen.pairing().spectators()[2].state, LinkState::Waiting);
    assert!(sim.screen.problem().is_some(), "the wrong answer is said");
    // A spectator gone watches no more, and no code is made for it.
    sim.event(HostEvent::ChannelClosed(a));
    sim.advance(1000.0);
    assert_eq!(sim.screen.pairing().spectators()[0].state, LinkState::Lost);
    assert_eq!(sim.screen.host().unwrap().watchers(), [b]);
    assert_eq!(sim.screen.pairing().spectators().len(), 3, "no new code");
    // At most MAX_SPECTATORS are invited.
    for _ in 0..20 {
        sim.event(HostEvent::Control(HostControl::InviteSpectator));
    }
    assert_eq!(sim.screen.pairing().spectators().len(), MAX_SPECTATORS);
}

#[test]
fn a_spectators_page_answers_in_its_slot_shows_the_newest_view_and_sends_nothing() {
    let (mut sim, _) = Sim::seated();
    let (invite, conn) = sim.pair_spectator();
    let mut page = SpectatorScreen::start(&invite, "https://example.org/table.html".into());
    let mut fx = page.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    assert_eq!(read_answer(page.answering().code().unwrap()).unwrap().seat, invite.slot);
    assert!(page.answering().answer_link().unwrap().starts_with("https://example.org/table.html#a="));
    fx.extend(page.update(GuestEvent::ChannelOpen, 1.0));
    play_watched(&mut sim, conn, 6);
    let sent = sim.watched[&conn].clone();
    for (i, text) in sent.iter().enumerate() {
        fx.extend(page.update(GuestEvent::Message(text.clone()), 10.0 + i as f64 * 100.0));
    }
    assert_eq!(page.view().map(|(_, v)| v), Some(&public_now(&sim)));
    // An older view arriving late does not replace the newer one.
    let newest = page.view().cloned();
    fx.extend(page.update(GuestEvent::Message(sent[0].clone()), 5000.0));
    assert_eq!(page.view().cloned(), newest);
    // Nonsense is said, and changes nothing shown.
    fx.extend(page.update(GuestEvent::Message("{\"t\":\"view\",\"v\":4}".into()), 6000.0));
    assert!(page.answering().problem().is_some());
    assert_eq!(page.view().cloned(), newest);
    // A spectator's page takes no choice and sends nothing at all.
    fx.extend(page.update(GuestEvent::Choice(0), 7000.0));
    assert!(!fx.iter().any(|e| matches!(e, GuestEffect::Send(_))), "a spectator sent something");
}

/// One tag a line, as the other page snapshots are written.
fn lines(html: &str) -> String {
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

/// Snapshots of a spectator's page, pairing and then watching a Season under way, in both
/// languages: the board, each seat's score, Departments and concealed count, and the
/// Season's log — no hand (crates/ui/src/html/table/spectator.rs).
#[test]
fn a_spectators_page_pairs_and_then_shows_the_public_view() {
    use lauzait_ui::html::table::spectator::page;
    use lauzait_ui::i18n::Lang;
    let (mut sim, _) = Sim::seated();
    let (invite, conn) = sim.pair_spectator();
    let mut screen = SpectatorScreen::start(&invite, "https://example.org/table.html".into());
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    for lang in [Lang::En, Lang::Ja] {
        insta::assert_snapshot!(format!("spectator_pairing_{}", lang.code()), lines(&page(lang, &screen, true)));
    }
    screen.update(GuestEvent::ChannelOpen, 1.0);
    play_watched(&mut sim, conn, 40);
    for (i, text) in sim.watched[&conn].iter().enumerate() {
        screen.update(GuestEvent::Message(text.clone()), 10.0 + i as f64 * 100.0);
    }
    let view = public_now(&sim);
    assert!(
        view.seen_days.len() > 3 && view.hands.iter().any(|h| !h.departments.is_empty()),
        "a Season with a log and a Department"
    );
    for lang in [Lang::En, Lang::Ja] {
        let html = page(lang, &screen, true);
        assert!(
            !html.contains("id=\"hand\"") && !html.contains("id=\"choices\""),
            "a spectator's page shows no hand and no button to act"
        );
        insta::assert_snapshot!(format!("spectator_watching_{}", lang.code()), lines(&html));
    }
}

/// A spectator's page pairs and fails as a phone's does (one model of the connection,
/// crates/table-mode/src/answering.rs): it says why no path opened while pairing, and once
/// the channel it had closes, that it was lost, in its own words — no answer shown then.
#[test]
fn a_spectators_page_says_why_no_path_opened_and_that_its_channel_was_lost() {
    use lauzait_ui::html::markup::esc;
    use lauzait_ui::html::table::spectator::page;
    use lauzait_ui::i18n::spectator::{s, S};
    use lauzait_ui::i18n::Lang;
    let (mut sim, _) = Sim::seated();
    let (invite, _) = sim.pair_spectator();
    let mut screen = SpectatorScreen::start(&invite, "https://example.org/table.html".into());
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    let fx = screen.update(GuestEvent::PathFailed, 10.0);
    assert!(fx.contains(&GuestEffect::Redraw), "{fx:?}");
    let html = page(Lang::En, &screen, false);
    assert!(html.contains("id=\"no-path\"") && html.contains("id=\"answer-code\""), "{html}");
    screen.update(GuestEvent::ChannelOpen, 20.0);
    screen.update(GuestEvent::ChannelClosed, 30.0);
    let html = page(Lang::En, &screen, false);
    assert!(!html.contains("id=\"no-path\"") && !html.contains("id=\"answer-code\""), "{html}");
    assert!(html.contains("id=\"lost\"") && html.contains(&esc(s(Lang::En, S::Lost))), "{html}");
}
