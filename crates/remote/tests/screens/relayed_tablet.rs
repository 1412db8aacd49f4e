//! A relayed table's tablet page across networks (DEAL-PROTOCOL.md, "A table relayed by a
//! tablet"): the ICE servers typed in its setup, used by every seat's offer, and a phone's
//! answer link opened on the tablet's device (a phone in another home), whose tab posts it.

use crate::entropy;
use lauzait_remote::screen::relayed_tablet::{RelayedTabletScreen, TABLET_ENTROPY};
use lauzait_table_mode::controls::{HostControl, SetupButton};
use lauzait_table_mode::forward::ForwardReply;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, IceSettings};
use lauzait_table_mode::link::{answer_code, Answer};
use lauzait_table_mode::sdp::SessionDescription;

const OFFER: &str = include_str!("../../../table-mode/fixtures/sdp/chromium-offer-ip.sdp");
const ANSWER: &str = include_str!("../../../table-mode/fixtures/sdp/chromium-answer-ip.sdp");

fn replied(fx: &[HostEffect]) -> Option<ForwardReply> {
    fx.iter().find_map(|e| match e {
        HostEffect::ReplyForwarded(reply) => Some(*reply),
        _ => None,
    })
}

#[test]
fn the_tablet_uses_the_servers_typed_in_its_setup_and_takes_an_answer_link_from_another_tab() {
    let mut screen = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
    // The servers typed in the setup are kept, and refused with why when they do not read.
    let fx = screen.update(HostEvent::IceServersEntered("turn:turn.example.org:3478 ann secret".into()), 1.0, &[]);
    assert!(fx.iter().any(|e| matches!(e, HostEffect::StoreIceServers(_))), "{fx:?}");
    assert!(!screen.ice().servers().is_empty());
    let fx = screen.update(HostEvent::IceServersEntered("ftp://nowhere".into()), 1.5, &[]);
    assert!(!fx.iter().any(|e| matches!(e, HostEffect::StoreIceServers(_))));
    assert!(screen.ice().error().is_some(), "said why");
    screen.update(HostEvent::IceServersEntered("turn:turn.example.org:3478 ann secret".into()), 1.8, &[]);
    let answer = |seat| answer_code(&Answer { seat, answer: SessionDescription::parse(ANSWER).unwrap() });
    // No table yet: nothing waits for an answer.
    let fx = screen.update(HostEvent::AnswerForwarded(answer(0)), 2.0, &[]);
    assert_eq!(replied(&fx), Some(ForwardReply::NotAwaited));
    // Three seats, the third the computer's; each person's offer with the servers typed.
    screen.update(HostEvent::Control(HostControl::Setup(SetupButton::ToggleComputer(2))), 3.0, &[]);
    let fx = screen.update(HostEvent::Create { names: Vec::new() }, 4.0, &entropy(21, TABLET_ENTROPY));
    let offers: Vec<_> = fx
        .iter()
        .filter_map(|e| match e {
            HostEffect::MakeOffer { conn, ice } => Some((*conn, ice.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(offers.len(), 2, "a code for each person's seat");
    for (conn, ice) in offers {
        assert_eq!(&ice, screen.ice().servers());
        screen.update(HostEvent::OfferMade { conn, sdp: OFFER.into() }, 5.0, &[]);
    }
    // Seat 0's answer link, opened in another tab of the tablet's browser: taken as a pasted
    // answer would be, and the tab told so.
    let fx = screen.update(HostEvent::AnswerForwarded(answer(0)), 6.0, &[]);
    assert_eq!(replied(&fx), Some(ForwardReply::Taken));
    assert!(fx.iter().any(|e| matches!(e, HostEffect::Accept { .. })), "{fx:?}");
    let traced = fx.iter().any(|e| matches!(e, HostEffect::Trace(t) if t.starts_with("answer link forwarded: ")));
    assert!(traced, "traced as table mode's host traces it: {fx:?}");
    // The computer's seat has no code, so no answer is awaited for it; a damaged link is said so.
    assert_eq!(
        replied(&screen.update(HostEvent::AnswerForwarded(answer(2)), 7.0, &[])),
        Some(ForwardReply::NotAwaited)
    );
    assert_eq!(
        replied(&screen.update(HostEvent::AnswerForwarded("a=!!".into()), 8.0, &[])),
        Some(ForwardReply::Unreadable)
    );
    // Another table page's reply on the channel is no answer, and is not replied to.
    for reply in [ForwardReply::Taken, ForwardReply::NotAwaited, ForwardReply::Unreadable] {
        assert_eq!(replied(&screen.update(HostEvent::AnswerForwarded(reply.wire().into()), 9.0, &[])), None);
    }
}
