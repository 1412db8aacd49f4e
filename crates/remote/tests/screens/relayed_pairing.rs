//! A relayed table's phone while pairing (DEAL-PROTOCOL.md, "A table relayed by a tablet"):
//! a code it already connected through is refused, as table mode's phone refuses it
//! (TABLE-PROTOCOL.md, spent codes).

use crate::relayed_phone::{invite, new_offer, Phone, ANSWER};
use lauzait_remote::screen::relayed_phone::{RelayedEvent, RelayedPhoneScreen};
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::guest_event::GuestEvent;
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::sdp::SessionDescription;

/// A code the phone already connected through is refused when its page is opened on it
/// again (the tablet shows the seat a new one after a reload or a lost connection), as table
/// mode's phone refuses it: no answer is made for a code that cannot connect. The seat's new
/// code pairs as usual, and a save from before phones kept their spent code still reads.
#[test]
fn a_code_the_relayed_phone_already_paired_with_says_so_and_shows_no_answer() {
    let table = TableId::from_entropy(&[9; 8]);
    let mut phone = Phone::open(invite(table, 1), 9, None);
    let fx = phone.screen.update(RelayedEvent::Page(GuestEvent::AnswerMade(ANSWER.into())), 0.0);
    phone.take(&fx);
    let fx = phone.screen.update(RelayedEvent::Page(GuestEvent::ChannelOpen), 5.0);
    phone.take(&fx);
    let fx = phone.screen.update(RelayedEvent::Page(GuestEvent::Flush), 10.0);
    phone.take(&fx);
    let saved = phone.stored.clone().expect("saved");
    assert!(saved.contains("spent_offer"), "the spent code is kept: {saved}");
    // The page opened again on the same, old link.
    let mut again = Phone::open(invite(table, 1), 9, Some(saved.clone()));
    assert!(again.screen.answering().spent());
    again.screen.update(RelayedEvent::Page(GuestEvent::AnswerMade(ANSWER.into())), 0.0);
    assert_eq!(again.screen.answering().code(), None, "no answer shown for a code that cannot connect");
    // The seat's new code.
    let new_code = Invite { offer: SessionDescription::parse(&new_offer()).unwrap(), ..invite(table, 1) };
    let mut new = Phone::open(new_code, 9, Some(saved.clone()));
    assert!(!new.screen.answering().spent());
    new.screen.update(RelayedEvent::Page(GuestEvent::AnswerMade(ANSWER.into())), 0.0);
    assert!(new.screen.answering().code().is_some());
    // A save without the field: read as a phone that has spent no code.
    let mut old: serde_json::Value = serde_json::from_str(&saved).unwrap();
    old.as_object_mut().unwrap().remove("spent_offer");
    // (No entropy: a new phone could not be made, so only the save read gives a page.)
    let (resumed, _) = RelayedPhoneScreen::start(&invite(table, 1), Some(&old.to_string()), &[]).expect("read");
    assert!(!resumed.answering().spent());
}
