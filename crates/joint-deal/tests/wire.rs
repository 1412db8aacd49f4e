//! The wire form: every message of a real deal reads back as itself, and bytes that are not
//! exactly one message are refused with a typed error, never a panic.

use lauzait_joint_deal::simulation;

use lauzait_joint_deal::wire::{decode, decode_shown, encode, encode_shown, WireError, WIRE_VERSION};
use lauzait_joint_deal::{DealError, Message};
use proptest::prelude::*;
use simulation::Table;

/// Every message of a whole 4-device deal, its publication and one throw.
fn messages() -> Vec<Message> {
    let mut table = Table::new(4, true, b"wire");
    let mut seen = Vec::new();
    table.run_tampered(&mut |_, m| seen.push(m.clone())).unwrap();
    for i in 0..4 {
        let out = table.devices[i].reveal_throw().unwrap();
        table.send(out);
    }
    table.run_tampered(&mut |_, m| seen.push(m.clone())).unwrap();
    table.publish_all_tampered(&mut |_, m| seen.push(m.clone())).unwrap();
    seen
}

#[test]
fn every_message_reads_back_as_itself_and_damage_is_refused() {
    let messages = messages();
    let kinds: std::collections::HashSet<u8> = messages.iter().map(|m| encode(m)[1]).collect();
    assert_eq!(kinds.len(), 7, "every kind of message is sent");
    for message in &messages {
        let bytes = encode(message);
        assert_eq!(decode(&bytes).as_ref(), Ok(message));
        for cut in 0..bytes.len() {
            assert!(matches!(decode(&bytes[..cut]), Err(WireError::Short { .. })), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode(&longer), Err(WireError::Trailing { extra: 1 }));
        let mut other_version = bytes.clone();
        other_version[0] = WIRE_VERSION + 1;
        assert_eq!(decode(&other_version), Err(WireError::Version { got: WIRE_VERSION + 1 }));
    }
    let largest = messages.iter().map(|m| encode(m).len()).max().unwrap();
    println!("MEASURED largest deal message with 4 devices: {largest} bytes");
}

#[test]
fn lists_longer_than_a_deal_and_keys_out_of_range_are_refused() {
    assert_eq!(decode(&[WIRE_VERSION, 9, 0]), Err(WireError::Kind { got: 9 }));
    assert_eq!(decode(&[WIRE_VERSION, 2, 0, 0xff, 0xff]), Err(WireError::TooLong { count: 0xffff }));
    // A Reveal with one key of all ones: above the group order, not a canonical scalar.
    let mut reveal = vec![WIRE_VERSION, 4, 0, 1, 0];
    reveal.extend([0xff; 32]);
    assert_eq!(decode(&reveal), Err(WireError::NotAScalar { at: 5 }));
}

#[test]
fn a_message_from_a_seat_not_at_the_table_is_refused() {
    let mut table = Table::new(2, false, b"stranger");
    let mut bytes = encode(&Message::Hello(table.devices[0].transcript().greetings[0].clone().unwrap().hello));
    bytes[2] = 3;
    let stranger = decode(&bytes).unwrap();
    assert_eq!(table.devices[1].receive(stranger), Err(DealError::NotAtTable { from: 3 }));
}

#[test]
fn a_step_out_of_turn_is_refused_naming_the_device_awaited() {
    let mut table = Table::new(3, false, b"early");
    let mut shuffles = Vec::new();
    table
        .run_tampered(&mut |_, m| {
            if let Message::Shuffle(_) = m {
                shuffles.push(m.clone())
            }
        })
        .unwrap();
    // Device 3's shuffle shown to a fresh table, whose devices have not greeted each other.
    let mut fresh = Table::new(3, false, b"early");
    let awaited = vec![fresh.device(0), fresh.device(2)];
    let early = fresh.devices[1].receive(shuffles[2].clone());
    assert_eq!(early, Err(DealError::OutOfTurn { from: fresh.device(2), awaited }));
}

/// A piece shown in play reads back as itself; damage is refused; a shown piece is never read
/// as a step of the deal, nor a step of the deal as a shown piece; and bytes that read as one
/// but were damaged are taken or refused by a device, never a panic.
#[test]
fn a_shown_piece_reads_back_as_itself_and_damage_is_refused() {
    let mut table = Table::new(4, true, b"shown wire");
    table.run().unwrap();
    let piece = table.devices[2].seat_deal().unwrap().hand[4];
    let shown = table.devices[2].show(piece).unwrap();
    let bytes = encode_shown(&shown);
    println!("MEASURED a shown piece with 4 devices: {} bytes", bytes.len());
    assert_eq!(decode_shown(&bytes).as_ref(), Ok(&shown));
    for cut in 0..bytes.len() {
        assert!(matches!(decode_shown(&bytes[..cut]), Err(WireError::Short { .. })), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(decode_shown(&longer), Err(WireError::Trailing { extra: 1 }));
    assert_eq!(decode(&bytes), Err(WireError::Kind { got: 8 }));
    let hello = encode(&Message::Hello(table.devices[0].transcript().greetings[0].clone().unwrap().hello));
    assert_eq!(decode_shown(&hello), Err(WireError::Kind { got: 1 }));
    for at in 2..bytes.len() {
        for mask in [1u8, 0x80] {
            let mut damaged = bytes.clone();
            damaged[at] ^= mask;
            if let Ok(damaged) = decode_shown(&damaged) {
                assert!(table.devices[0].take_shown(&damaged, piece).is_err(), "byte {at} changed, taken");
            }
        }
    }
    assert_eq!(table.devices[0].take_shown(&shown, piece), Ok(()));
}

proptest! {
    #[test]
    fn any_bytes_read_as_a_shown_piece_or_a_typed_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let mut tagged = vec![WIRE_VERSION, 8];
        tagged.extend(&bytes);
        if let Ok(shown) = decode_shown(&tagged) {
            prop_assert_eq!(encode_shown(&shown), tagged);
        }
    }

    #[test]
    fn any_bytes_read_as_a_message_or_a_typed_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = decode(&bytes);
        let mut tagged = vec![WIRE_VERSION];
        tagged.extend(&bytes);
        if let Ok(message) = decode(&tagged) {
            prop_assert_eq!(encode(&message), tagged);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A deal in which one message, any one, arrives damaged (bytes changed, still a message):
    /// every device takes it or refuses it with a typed error, and never panics.
    #[test]
    fn a_damaged_message_at_any_step_is_refused_or_taken_never_a_panic(
        which in 0usize..40,
        flips in proptest::collection::vec((any::<proptest::sample::Index>(), 1u8..=255), 1..4),
        players in 2usize..=4,
    ) {
        let mut table = Table::new(players, true, b"damaged");
        let mut count = 0;
        let mut damage = |_: &[lauzait_joint_deal::DealDevice], m: &mut Message| {
            count += 1;
            if count != which + 1 {
                return;
            }
            let mut bytes = encode(m);
            for (at, mask) in &flips {
                let i = at.index(bytes.len());
                bytes[i] ^= mask;
            }
            if let Ok(damaged) = decode(&bytes) {
                *m = damaged;
            }
        };
        let _ = table.run_tampered(&mut damage);
        let _ = table.publish_all();
    }
}
