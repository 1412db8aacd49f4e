//! Live play across networks on the host's and the phones' screens: the ICE servers the
//! host's player sets in the table's settings, kept in the browser's storage and used for
//! every connection of the table, and what each page says when no path opens.

use super::table_sim::{entropy, Sim, ANSWER};
use lauzait_table_mode::answering::DISCONNECTED_WAIT_MS;
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::forward::ForwardReply;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{GuestScreen, GUEST_ENTROPY};
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, HostScreen, SCREEN_ENTROPY};
use lauzait_table_mode::ice::IceServers;
use lauzait_table_mode::ice_error::IceFault;
use lauzait_table_mode::link::{answer_code, Answer, Invite};
use lauzait_table_mode::no_path::NoPath;
use lauzait_table_mode::pairing::PATH_WAIT_MS;
use lauzait_table_mode::sdp::{SessionDescription, Setup};
use lauzait_ui::html::table::phone::{page as phone_page, GuestPage};
use lauzait_ui::html::table::{page, HostPage};
use lauzait_ui::i18n::Lang;

const TWO_SERVERS: &str = "stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=tcp alice s3cret";

/// The offers the host's page is asked to make, with their servers.
fn offers(fx: &[HostEffect]) -> Vec<String> {
    fx.iter()
        .filter_map(|e| match e {
            HostEffect::MakeOffer { ice, .. } => Some(ice.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_servers_typed_in_the_settings_are_stored_and_every_offer_uses_them() {
    let mut screen = HostScreen::new("https://example.org/table.html".into(), 64, None);
    assert!(screen.ice().servers().is_empty(), "none by default: nothing leaves the room");
    let fx = screen.update(HostEvent::IceServersEntered(format!("  {TWO_SERVERS}\n\n")), 0.0, &[]);
    assert!(fx.contains(&HostEffect::StoreIceServers(TWO_SERVERS.into())), "{fx:?}");
    assert!(fx.contains(&HostEffect::Redraw));
    assert!(screen.ice().saved());
    let fx = screen.update(
        HostEvent::Create { names: ["A", "B", "C", "D"].map(String::from).to_vec() },
        0.0,
        &entropy(7, SCREEN_ENTROPY),
    );
    assert_eq!(offers(&fx), vec![TWO_SERVERS.to_string(); 3], "each person's seat, through the servers");
}

#[test]
fn a_wrongly_typed_server_is_refused_with_which_and_why_and_nothing_is_stored() {
    let mut sim = Sim::new();
    let fx = sim.screen.update(HostEvent::IceServersEntered("stun:ok.example\nturn:relay.example".into()), 0.0, &[]);
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::StoreIceServers(_))), "{fx:?}");
    let e = sim.screen.ice().error().unwrap();
    assert_eq!((e.number, e.entry.as_str(), e.fault), (2, "turn:relay.example", IceFault::TurnLogin));
    assert!(e.to_string().contains("for example turn:"), "{e}");
    // The table still sets, with no servers (what was stored before is kept).
    let fx = sim.screen.update(
        HostEvent::Create { names: ["A", "B", "C", "D"].map(String::from).to_vec() },
        0.0,
        &entropy(7, SCREEN_ENTROPY),
    );
    assert_eq!(offers(&fx), vec![String::new(); 3]);
}

#[test]
fn the_stored_servers_are_the_tables_when_the_page_loads_and_an_unreadable_store_says_why() {
    let screen = HostScreen::new("https://example.org/table.html".into(), 64, None).with_ice_servers(Some(TWO_SERVERS));
    assert!(screen.ice().servers().has_turn());
    assert_eq!(screen.ice().text(), TWO_SERVERS);
    let screen = HostScreen::new("https://example.org/table.html".into(), 64, None).with_ice_servers(Some("stun:"));
    assert!(screen.ice().servers().is_empty());
    assert_eq!(screen.ice().error().map(|e| e.fault), Some(IceFault::Host));
}

/// A hand-written session with a STUN and a TURN server's candidates (its relayed one too).
const FAR: &str = include_str!("../../crates/table-mode/fixtures/sdp/handwritten-offer-stun-turn.sdp");

/// A table with `servers` whose seat 0 is answered with `answer` and never finds a path:
/// the host gives up after its wait, as the page does.
fn stuck_with(servers: &str, answer: &str) -> Sim {
    let mut sim = Sim::new();
    sim.event(HostEvent::IceServersEntered(servers.into()));
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    sim.invite(0);
    let answer = Answer {
        seat: 0,
        answer: SessionDescription { setup: Setup::Active, ..SessionDescription::parse(answer).unwrap() },
    };
    sim.event(HostEvent::AnswerRead { seat: 0, code: answer_code(&answer) });
    let conn = sim.screen.pairing().link(0).unwrap().conn;
    sim.event(HostEvent::Accepted(conn));
    sim.advance(f64::from(PATH_WAIT_MS) + 10.0);
    sim
}

#[test]
fn no_path_says_why_from_the_servers_and_the_candidates_exchanged() {
    let cases = [
        ("", ANSWER, NoPath::NoServers),
        ("stun:stun.example.org", FAR, NoPath::NoRelayServer),
        (TWO_SERVERS, ANSWER, NoPath::RelayNotReached),
        (TWO_SERVERS, FAR, NoPath::RelayFailed),
    ];
    for (servers, answer, why) in cases {
        let sim = stuck_with(servers, answer);
        assert_eq!(sim.screen.no_path_reason(), Some(why), "{servers:?}");
        let p = HostPage {
            screen: &sim.screen,
            lang: Lang::En,
            not_saved: None,
            can_share: false,
            qr: &|_, _| String::new(),
        };
        let html = page(&p);
        assert!(html.contains(&format!("data-why=\"{}\"", why.name())), "{html}");
        // Without servers the one-network advice stays (a Wi-Fi that keeps devices apart, a
        // hotspot); with servers it would mislead, and is not given.
        let hotspot = html.contains("hotspot (tethering)");
        assert_eq!(hotspot, why == NoPath::NoServers, "{why:?}: {html}");
        // The settings are at hand to add or fix a server.
        assert!(html.contains("id=\"save-ice-servers\""), "{why:?}");
        for lang in [Lang::En, Lang::Ja] {
            let p = HostPage { lang, ..p };
            let html = page(&p);
            let box_ = &html[html.find("id=\"no-path\"").unwrap()..];
            let box_ = &box_[..box_.find("</div>").unwrap()];
            insta::assert_snapshot!(format!("no_path_{}_{}", why.name(), lang.code()), box_);
        }
    }
}

#[test]
fn a_phone_says_why_no_path_opened_only_while_it_never_connected() {
    let ice = IceServers::parse("stun:stun.example.org").unwrap();
    let invite = Invite {
        table: TableId::from_entropy(&[3; 8]),
        seat: 1,
        token: JoinToken::from_entropy(&[4; 8]),
        offer: SessionDescription::parse(FAR).unwrap(),
        ice,
    };
    let (mut screen, _) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    let fx = screen.update(GuestEvent::PathFailed, 0.0);
    assert_eq!(screen.answering().no_path(), Some(NoPath::NoRelayServer));
    assert!(fx.contains(&GuestEffect::Redraw));
    let html = phone_page(&GuestPage { screen: &screen, lang: Lang::En, not_saved: None, can_share: true });
    assert!(html.contains("id=\"no-path\"") && html.contains("adds a TURN server"), "{html}");
    // Paired after all (a new code): the reason goes, and a later failure of an open
    // channel is a host gone, not networks kept apart.
    screen.update(GuestEvent::ChannelOpen, 0.0);
    assert_eq!(screen.answering().no_path(), None);
    screen.update(GuestEvent::PathFailed, 0.0);
    assert_eq!(screen.answering().no_path(), None);
    // The relay's case, from the host's TURN server and the relayed candidate in its offer.
    let invite = Invite { ice: IceServers::parse(TWO_SERVERS).unwrap(), ..invite };
    let (mut screen, _) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
    screen.update(GuestEvent::PathFailed, 0.0);
    assert_eq!(screen.answering().no_path(), Some(NoPath::RelayFailed));
}

/// The wait a `disconnected` connection's effects ask for, and the spell it is about.
fn check_asked(fx: &[GuestEffect]) -> Option<GuestEvent> {
    fx.iter().find_map(|e| match e {
        GuestEffect::PathCheckAfter { ms, spell } => {
            assert_eq!(*ms, DISCONNECTED_WAIT_MS);
            Some(GuestEvent::PathCheckDue(*spell))
        }
        _ => None,
    })
}

#[test]
fn a_phone_takes_a_connection_disconnected_past_its_wait_while_pairing_for_no_path() {
    // Chromium calls a pairing whose checks go unanswered `disconnected`, and `failed` only
    // much later or never: the phone says why once the spell outlasts its wait.
    let invite = Invite {
        table: TableId::from_entropy(&[3; 8]),
        seat: 1,
        token: JoinToken::from_entropy(&[4; 8]),
        offer: SessionDescription::parse(FAR).unwrap(),
        ice: IceServers::parse(TWO_SERVERS).unwrap(),
    };
    let (mut screen, _) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    // A spell that ends before its wait (the connection came back) is no path found.
    let first = check_asked(&screen.update(GuestEvent::PathDisconnected, 0.0)).expect("a wait asked for");
    screen.update(GuestEvent::PathResumed, 1000.0);
    assert!(screen.update(first.clone(), 3000.0).is_empty());
    assert_eq!(screen.answering().no_path(), None);
    // A second spell: the first's late wait changes nothing; its own says why.
    let second = check_asked(&screen.update(GuestEvent::PathDisconnected, 4000.0)).expect("a wait asked for");
    assert_ne!(first, second, "each spell has its own wait");
    assert!(screen.update(first, 4500.0).is_empty());
    assert_eq!(screen.answering().no_path(), None);
    let fx = screen.update(second, 7000.0);
    assert_eq!(
        screen.answering().no_path(),
        Some(NoPath::RelayFailed),
        "a relayed candidate in the offer, and still no path"
    );
    assert!(fx.contains(&GuestEffect::Redraw));
    // Paired after all: a connection that was open and goes `disconnected` is a host gone,
    // not networks kept apart, and no wait is asked for.
    screen.update(GuestEvent::ChannelOpen, 8000.0);
    assert_eq!(screen.answering().no_path(), None);
    assert_eq!(check_asked(&screen.update(GuestEvent::PathDisconnected, 9000.0)), None);
    assert_eq!(screen.answering().no_path(), None);
}

#[test]
fn an_answer_link_forwarded_from_another_tab_pairs_its_seat_and_is_replied_to() {
    let mut sim = Sim::new();
    let answer = |seat| answer_code(&Answer { seat, answer: SessionDescription::parse(ANSWER).unwrap() });
    // No table yet: nothing waits for it.
    let fx = sim.screen.update(HostEvent::AnswerForwarded(answer(0)), 0.0, &[]);
    assert!(fx.contains(&HostEffect::ReplyForwarded(ForwardReply::NotAwaited)), "{fx:?}");
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    sim.invite(0);
    let fx = sim.screen.update(HostEvent::AnswerForwarded(answer(0)), 0.0, &[]);
    assert!(fx.contains(&HostEffect::ReplyForwarded(ForwardReply::Taken)), "{fx:?}");
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Accept { .. })), "taken as a pasted answer is: {fx:?}");
    // Seat 3 is the computer's: no code, no answer awaited.
    let fx = sim.screen.update(HostEvent::AnswerForwarded(answer(3)), 0.0, &[]);
    assert!(fx.contains(&HostEffect::ReplyForwarded(ForwardReply::NotAwaited)), "{fx:?}");
    let fx = sim.screen.update(HostEvent::AnswerForwarded("a=!!".into()), 0.0, &[]);
    assert!(fx.contains(&HostEffect::ReplyForwarded(ForwardReply::Unreadable)), "{fx:?}");
    // Another table's page's reply on the channel is no answer, and is not replied to.
    for reply in [ForwardReply::Taken, ForwardReply::NotAwaited, ForwardReply::Unreadable] {
        let fx = sim.screen.update(HostEvent::AnswerForwarded(reply.wire().into()), 0.0, &[]);
        assert!(!fx.iter().any(|e| matches!(e, HostEffect::ReplyForwarded(_))), "{fx:?}");
    }
}

#[test]
fn a_phone_offers_its_answer_as_a_link_to_copy_or_share() {
    let invite = Invite {
        table: TableId::from_entropy(&[3; 8]),
        seat: 1,
        token: JoinToken::from_entropy(&[4; 8]),
        offer: SessionDescription::parse(FAR).unwrap(),
        ice: IceServers::default(),
    };
    let (screen, _) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
    let mut screen = screen.with_page_url("https://example.org/table.html".into());
    assert_eq!(screen.answering().answer_link(), None, "no answer yet");
    screen.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    let link = screen.answering().answer_link().unwrap();
    assert_eq!(link, format!("https://example.org/table.html#{}", screen.answering().code().unwrap()));
    assert_eq!(screen.update(GuestEvent::CopyAnswerLink, 0.0), vec![GuestEffect::Copy(link.clone())]);
    assert_eq!(screen.update(GuestEvent::ShareAnswerLink, 0.0), vec![GuestEffect::Share(link.clone())]);
    let html = phone_page(&GuestPage { screen: &screen, lang: Lang::En, not_saved: None, can_share: false });
    for part in ["id=\"answer-link\"", "id=\"copy-answer-link\"", &format!("value=\"{link}\"")] {
        assert!(html.contains(part), "{part} in {html}");
    }
    assert!(!html.contains("share-answer-link"), "no Share without a share sheet");
    let html = phone_page(&GuestPage { screen: &screen, lang: Lang::Ja, not_saved: None, can_share: true });
    assert!(html.contains("id=\"share-answer-link\""));
}

/// The settings changed while a seat's offer gathers (the no-path explanation puts them at
/// hand): that seat's link carries the servers its connection was made with, and the next
/// code the new ones.
#[test]
fn a_link_carries_the_servers_its_connection_was_made_with() {
    let mut sim = Sim::new();
    sim.event(HostEvent::IceServersEntered("stun:stun.example.org".into()));
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    sim.event(HostEvent::IceServersEntered(TWO_SERVERS.into()));
    assert_eq!(sim.invite(0).ice.to_string(), "stun:stun.example.org");
    let fx = sim.screen.update(HostEvent::Control(lauzait_table_mode::controls::HostControl::Relink(0)), 0.0, &[]);
    assert_eq!(offers(&fx), vec![TWO_SERVERS.to_string()]);
    assert_eq!(sim.invite(0).ice.to_string(), TWO_SERVERS);
}
