//! The connection's part of a phone's and a spectator's page, apart from either: the answer,
//! why no path opened (only while pairing), the `disconnected` spells waited out, the budget
//! of the host's messages, and what is handed back to the page.

use super::*;
use crate::link::read_answer;
use crate::screen::MESSAGE_BURST;

const OFFER: &str = include_str!("../../fixtures/sdp/chromium-offer-mdns.sdp");
const FAR: &str = include_str!("../../fixtures/sdp/handwritten-offer-stun-turn.sdp");
const ANSWER: &str = include_str!("../../fixtures/sdp/chromium-answer-mdns.sdp");
const TWO_SERVERS: &str = "stun:stun.example.org\nturn:turn.example.org u p";
const PAGE: &str = "https://example.org/table.html";

fn answering(offer: &str, servers: &str, problem: Option<Problem>) -> Answering {
    let ice = IceServers::parse(servers).unwrap();
    Answering::new(3, &SessionDescription::parse(offer).unwrap(), &ice, PAGE.into(), problem)
}

/// `event` handled, with its effects and what it hands back to the page.
fn run(a: &mut Answering, event: GuestEvent, now: f64) -> (Vec<GuestEffect>, Option<PageEvent>) {
    let mut fx = Vec::new();
    let back = a.update(event, now, &mut fx);
    (fx, back)
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
fn the_answer_names_its_slot_and_is_offered_as_code_and_link() {
    let mut a = answering(OFFER, "", None);
    let (fx, back) = run(&mut a, GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    assert_eq!((fx, back), (vec![GuestEffect::Redraw], None));
    let code = a.code().expect("the answer's code").to_string();
    assert_eq!(read_answer(&code).unwrap().seat, 3);
    let link = a.answer_link().unwrap();
    assert!(link.starts_with("https://example.org/table.html#a="), "{link}");
    assert_eq!(run(&mut a, GuestEvent::CopyCode, 0.0).0, vec![GuestEffect::Copy(code)]);
    assert_eq!(run(&mut a, GuestEvent::CopyAnswerLink, 0.0).0, vec![GuestEffect::Copy(link.clone())]);
    assert_eq!(run(&mut a, GuestEvent::ShareAnswerLink, 0.0).0, vec![GuestEffect::Share(link)]);
}

#[test]
fn a_spent_code_shows_no_answer_and_a_broken_answer_is_said() {
    let mut spent = answering(OFFER, "", Some(Problem::SpentCode));
    assert!(spent.spent());
    assert_eq!(run(&mut spent, GuestEvent::AnswerMade(ANSWER.into()), 0.0), (vec![], None));
    assert_eq!(spent.code(), None, "no answer shown for a code that cannot connect");
    assert_eq!(run(&mut spent, GuestEvent::CopyCode, 0.0).0, vec![], "nothing to copy");
    let mut broken = answering(OFFER, "", None);
    run(&mut broken, GuestEvent::AnswerMade("not a session description".into()), 0.0);
    assert!(matches!(broken.problem(), Some(Problem::ConnectionFailed(_))), "{:?}", broken.problem());
    assert_eq!(broken.code(), None);
}

#[test]
fn pairing_clears_what_went_wrong_and_hands_the_opening_to_the_page() {
    let mut a = answering(FAR, "stun:stun.example.org", None);
    run(&mut a, GuestEvent::AnswerFailed("no network interface".into()), 0.0);
    run(&mut a, GuestEvent::PathFailed, 0.0);
    assert!(a.problem().is_some() && a.no_path().is_some());
    let (fx, back) = run(&mut a, GuestEvent::ChannelOpen, 10.0);
    assert!(matches!(back, Some(PageEvent::Opened(_))), "{back:?}");
    assert_eq!(fx, vec![GuestEffect::Trace("channel open".into())], "the page draws what pairing means to it");
    assert_eq!((a.problem(), a.no_path()), (None, None), "paired: nothing left to blame");
    assert!(a.channel().connected() && !a.pairing());
    run(&mut a, GuestEvent::ChannelClosed, 20.0);
    assert!(a.channel().lost() && !a.pairing());
}

#[test]
fn no_path_says_why_only_while_the_channel_never_opened() {
    let mut a = answering(FAR, "stun:stun.example.org", None);
    let (fx, _) = run(&mut a, GuestEvent::PathFailed, 0.0);
    assert_eq!(a.no_path(), Some(NoPath::NoRelayServer));
    assert!(fx.contains(&GuestEffect::Redraw));
    run(&mut a, GuestEvent::ChannelOpen, 0.0);
    run(&mut a, GuestEvent::PathFailed, 0.0);
    assert_eq!(a.no_path(), None, "an open channel's failure is a host gone");
    run(&mut a, GuestEvent::ChannelClosed, 0.0);
    run(&mut a, GuestEvent::PathFailed, 0.0);
    assert_eq!(a.no_path(), None, "a lost channel's failure is a host gone");
    let mut relayed = answering(FAR, TWO_SERVERS, None);
    run(&mut relayed, GuestEvent::PathFailed, 0.0);
    assert_eq!(relayed.no_path(), Some(NoPath::RelayFailed));
    let mut unreached = answering(OFFER, TWO_SERVERS, None);
    run(&mut unreached, GuestEvent::PathFailed, 0.0);
    assert_eq!(unreached.no_path(), Some(NoPath::RelayNotReached));
}

#[test]
fn a_disconnected_spell_is_no_path_only_once_it_outlasts_its_own_wait() {
    let mut a = answering(FAR, TWO_SERVERS, None);
    let first = check_asked(&run(&mut a, GuestEvent::PathDisconnected, 0.0).0).expect("a wait asked for");
    run(&mut a, GuestEvent::PathResumed, 1000.0);
    assert_eq!(run(&mut a, first.clone(), 3000.0), (vec![], None), "the spell ended before its wait");
    assert_eq!(a.no_path(), None);
    let second = check_asked(&run(&mut a, GuestEvent::PathDisconnected, 4000.0).0).expect("a wait asked for");
    assert_ne!(first, second, "each spell has its own wait");
    assert_eq!(run(&mut a, first, 4500.0), (vec![], None), "an earlier spell's late wait");
    let (fx, _) = run(&mut a, second, 7000.0);
    assert_eq!(a.no_path(), Some(NoPath::RelayFailed));
    assert!(fx.contains(&GuestEffect::Redraw));
    run(&mut a, GuestEvent::ChannelOpen, 8000.0);
    assert_eq!(check_asked(&run(&mut a, GuestEvent::PathDisconnected, 9000.0).0), None, "no wait once paired");
}

#[test]
fn the_hosts_messages_reach_the_page_within_the_budget_and_are_counted_beyond_it() {
    let mut a = answering(OFFER, "", None);
    run(&mut a, GuestEvent::ChannelOpen, 0.0);
    let mut handed = 0u64;
    for i in 0..1000 {
        match run(&mut a, GuestEvent::Message("m".into()), 10.0 * f64::from(i)) {
            (fx, Some(PageEvent::Message(text))) => {
                assert_eq!((fx, text.as_str()), (vec![], "m"), "the page draws what a message means");
                handed += 1;
            }
            (fx, back) => assert_eq!((fx, back), (vec![], None), "dropped unread"),
        }
    }
    assert_eq!(handed + a.dropped(), 1000);
    assert!((200..=250).contains(&handed) && handed >= MESSAGE_BURST as u64, "{handed} handed on");
}

#[test]
fn a_pages_own_events_are_handed_back_untouched() {
    let mut a = answering(OFFER, "", None);
    let Some(PageEvent::Opened(opening)) = run(&mut a, GuestEvent::ChannelOpen, 0.0).1 else { panic!("opened") };
    assert_eq!(run(&mut a, GuestEvent::Flush, 0.0), (vec![], Some(PageEvent::Flush)));
    assert_eq!(run(&mut a, GuestEvent::HelloDue(opening), 0.0), (vec![], Some(PageEvent::HelloDue(opening))));
    assert_eq!(run(&mut a, GuestEvent::Choice(2), 0.0), (vec![], Some(PageEvent::Choice(2))));
}
