//! Links that must be refused, each with its own error: altered, replayed, forwarded,
//! signed by another key, out of order.

use super::{entropy, guest_key_entropy, Table};
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::party::Party;
use lauzait_remote::{GuestDevice, Letter, OpenError, ReadError};

#[test]
fn an_altered_link_is_refused_and_changes_nothing() {
    let mut t = Table::new(11, 2);
    let link = t.guests[0].write().fragment();
    // A field changed inside the letter, its signature kept.
    let mut altered = Letter::read(&link).unwrap();
    altered.ack += 1;
    assert_eq!(t.host.open(&altered.fragment()), Err(OpenError::BadSignature));
    // Its join changed to another seat's: the invite's token no longer vouches for the key.
    let mut moved = Letter::read(&link).unwrap();
    moved.messages[0] = moved.messages[0].replace("\"seat\":1", "\"seat\":0");
    assert_eq!(t.host.open(&moved.fragment()), Err(OpenError::UnknownKey { from: Party::Seat(1) }));
    // A flipped character anywhere in the link: refused one way or another, never applied.
    let before = t.host.save();
    for at in (2..link.len() - 1).step_by(7) {
        let mut bytes = link.clone().into_bytes();
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        let flipped = String::from_utf8(bytes).unwrap();
        assert!(t.host.open(&flipped).is_err(), "a link flipped at {at} was opened");
    }
    assert_eq!(t.host.save(), before, "nothing changed");
    assert!(t.host.open(&link).is_ok(), "the real link still opens");
}

#[test]
fn a_link_of_another_table_is_refused() {
    let mut t = Table::new(13, 2);
    let mut other = Table::new(14, 2);
    let foreign = other.guests[0].write().fragment();
    assert_eq!(t.host.open(&foreign), Err(OpenError::WrongTable));
    let from_other_host = {
        other.guest_to_host(1);
        other.host.write_to(1).unwrap().fragment()
    };
    assert_eq!(t.guests[0].open(&from_other_host), Err(OpenError::WrongTable));
}

#[test]
fn a_replayed_number_with_other_contents_is_refused() {
    let mut t = Table::new(15, 2);
    t.seat_everyone();
    // The guest's device, restored from an old save, writes its letter number again with
    // something else in it; the host opened that number already.
    let key = DeviceKey::from_entropy(&guest_key_entropy(15, 1)).unwrap();
    let table = t.guests[0].guest().table;
    let replay = Letter::sign(
        &key,
        table,
        (Party::Seat(1), Party::Host),
        (2, 1, 2),
        false,
        vec![r#"{"t":"resync","v":4}"#.into()],
    );
    assert_eq!(t.host.open(&replay.fragment()), Err(OpenError::SeqReused { seq: 2 }));
}

#[test]
fn a_forwarded_link_is_refused_on_the_other_seats_device() {
    let mut t = Table::new(17, 3);
    t.seat_everyone();
    let to_seat_1 = t.host.write_to(1).unwrap().fragment();
    assert_eq!(t.guests[1].open(&to_seat_1), Err(OpenError::WrongRecipient { to: Party::Seat(1) }));
    // A guest's letter is the host's only: another guest does not open it.
    let from_seat_1 = t.guests[0].write().fragment();
    assert_eq!(t.guests[1].open(&from_seat_1), Err(OpenError::UnknownSender { from: Party::Seat(1) }));
    assert!(t.guests[0].open(&to_seat_1).is_ok(), "its own device opens it");
}

#[test]
fn a_link_signed_by_another_key_is_refused() {
    let mut t = Table::new(19, 2);
    let table = t.guests[0].guest().table;
    // A stranger who saw the invite's link on the way but not the token: its own key, a join with a made-up token.
    let stranger = DeviceKey::from_entropy(&entropy(200, 32)).unwrap();
    let join = format!(r#"{{"t":"join","v":4,"table":"{table}","seat":1,"token":"0000000000000000"}}"#);
    let forged = Letter::sign(&stranger, table, (Party::Seat(1), Party::Host), (1, 0, 1), true, vec![join]);
    assert_eq!(t.host.open(&forged.fragment()), Err(OpenError::UnknownKey { from: Party::Seat(1) }));
    // The seat is bound to the guest's key: once seated, another key is refused, with or without it in the letter.
    t.seat_everyone();
    let resync = vec![r#"{"t":"resync","v":4}"#.to_string()];
    let with_key = Letter::sign(&stranger, table, (Party::Seat(1), Party::Host), (9, 1, 9), true, resync.clone());
    assert_eq!(t.host.open(&with_key.fragment()), Err(OpenError::UnknownKey { from: Party::Seat(1) }));
    let without = Letter::sign(&stranger, table, (Party::Seat(1), Party::Host), (9, 1, 9), false, resync);
    assert_eq!(t.host.open(&without.fragment()), Err(OpenError::BadSignature));
    // A host's letter signed by another key: refused by the guest, which knows the host's from the invite.
    let fake_host = Letter::sign(&stranger, table, (Party::Host, Party::Seat(1)), (50, 0, 1), false, Vec::new());
    assert_eq!(t.guests[0].open(&fake_host.fragment()), Err(OpenError::BadSignature));
}

#[test]
fn a_host_letter_with_a_message_table_mode_cannot_take_is_refused_with_table_modes_reason() {
    use lauzait_table_mode::guest_error::GuestError;
    let seed = 31;
    let mut t = Table::new(seed, 2);
    let table = t.guests[0].guest().table;
    // Signed with the host's own key (as a device of another version would write it).
    let host_key = DeviceKey::from_entropy(&entropy(seed.wrapping_add(1), 32)).unwrap();
    let odd = Letter::sign(
        &host_key,
        table,
        (Party::Host, Party::Seat(1)),
        (1, 0, 1),
        false,
        vec!["{\"t\":\"dance\"}".into()],
    );
    let refused = t.guests[0].open(&odd.fragment()).unwrap_err();
    assert!(matches!(&refused, OpenError::Table(GuestError::Unreadable(_))), "{refused:?}");
    assert!(refused.to_string().starts_with("the table refused the letter: "), "{refused}");
}

#[test]
fn a_gap_names_the_link_to_open_first() {
    let mut t = Table::new(21, 2);
    t.guest_to_host(1);
    // The guest's device is restored from a save made before it opened the host's first
    // letter, which it had acknowledged; the host's next letter starts after it.
    let before = t.guests[0].save();
    t.host_to_guest(1);
    t.guest_to_host(1);
    let next = t.host.write_to(1).unwrap().fragment();
    t.guests[0] = GuestDevice::resume(&before).unwrap();
    assert_eq!(t.guests[0].open(&next), Err(OpenError::Gap { open_first: 1 }));
}

#[test]
fn links_that_are_no_letters_are_refused_with_what_to_do() {
    let mut t = Table::new(23, 2);
    assert_eq!(t.host.open("#l=%%%"), Err(OpenError::Read(ReadError::NotALetter)));
    assert_eq!(t.host.open("l=AAAA"), Err(OpenError::Read(ReadError::Damaged)));
    let long = "A".repeat(lauzait_remote::letter::MAX_LINK_CHARS + 1);
    assert!(matches!(t.host.open(&long), Err(OpenError::Read(ReadError::TooLong { .. }))));
    let link = t.guests[0].write().fragment();
    let cut = &link[..link.len() / 2];
    assert!(matches!(t.host.open(cut), Err(OpenError::Read(_))));
}
