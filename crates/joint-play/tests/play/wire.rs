//! The wire form of joint play: every message of a real game reads back as itself, and bytes
//! that are not exactly one message (cut short, bytes left over, another version or kind, a
//! list longer than any action's, an action no record holds, a piece that is none, a vote
//! naming no device or its voter) are refused with a typed error, never a panic; what reads,
//! however damaged, a device takes or refuses, never a panic.

use super::table::Table;
use lauzait_bots::Level;
use lauzait_joint_deal::Device;
use lauzait_joint_play::wire::{decode, encode, WireError, PLAY_WIRE_VERSION};
use lauzait_joint_play::{PlayMessage, PlayPhase, Void};
use proptest::prelude::*;

/// A two-device game played to the end, every message's bytes kept.
fn game_bytes() -> Vec<Vec<u8>> {
    let mut table = Table::new(2, true, b"wire");
    table.keep_bytes = true;
    table.play_to_the_end(&[Level::Easy, Level::Easy], 5);
    table.bytes
}

#[test]
fn every_message_reads_back_as_itself_and_damage_is_refused() {
    let bytes = game_bytes();
    let acts: Vec<&Vec<u8>> = bytes.iter().filter(|b| matches!(decode(b), Ok(PlayMessage::Act(_)))).collect();
    assert!(acts.len() > 20 && bytes.len() > acts.len());
    for message in bytes.iter().filter(|b| b.len() < 600) {
        for cut in 0..message.len() {
            assert!(decode(&message[..cut]).is_err(), "a message cut at {cut} of {} reads", message.len());
        }
        let mut longer = message.clone();
        longer.push(0);
        assert!(decode(&longer).is_err());
        let mut other = message.clone();
        other[0] = PLAY_WIRE_VERSION + 1;
        assert_eq!(decode(&other), Err(WireError::Version { got: PLAY_WIRE_VERSION + 1 }));
        other[0] = PLAY_WIRE_VERSION;
        other[1] = 9;
        assert_eq!(decode(&other), Err(WireError::Kind { got: 9 }));
    }
    // An action's token must be one record token (NOTATION.md); its pieces real ones.
    let act = acts[0];
    let mut token = act.clone();
    let at = 2 + 1 + 4 + 32;
    token[at + 1] = b' ';
    assert_eq!(decode(&token), Err(WireError::NotAnAction));
    let mut long = act.clone();
    long[at] = 200;
    assert_eq!(decode(&long), Err(WireError::TooLong { count: 200 }));
}

/// A vote to give the Season up reads back as itself; one naming nobody, its voter, devices
/// out of seat order or twice, or more devices than a table has others, is refused.
#[test]
fn a_vote_reads_back_as_itself_and_a_malformed_one_is_refused() {
    let vote = Void { from: Device::from_byte(1), season: 3, left: vec![Device::from_byte(0), Device::from_byte(2)] };
    let bytes = encode(&PlayMessage::Void(vote.clone()));
    assert_eq!(bytes, [PLAY_WIRE_VERSION, 3, 1, 3, 2, 0, 2]);
    assert_eq!(decode(&bytes), Ok(PlayMessage::Void(vote)));
    for left in [&[][..], &[1], &[2, 0], &[0, 0]] {
        let mut malformed = vec![PLAY_WIRE_VERSION, 3, 1, 3, left.len() as u8];
        malformed.extend(left);
        assert_eq!(decode(&malformed), Err(WireError::NotAsWritten), "{left:?}");
    }
    assert_eq!(decode(&[PLAY_WIRE_VERSION, 3, 1, 3, 4, 0, 2, 3, 4]), Err(WireError::TooLong { count: 4 }));
    assert_eq!(decode(&[PLAY_WIRE_VERSION, 3, 1, 3, 2, 0]), Err(WireError::Short { at: 5 }));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn any_bytes_read_as_a_message_or_a_typed_error(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(message) = decode(&bytes) {
            prop_assert_eq!(decode(&encode(&message)), Ok(message));
        }
    }
}

/// Every message of a real game with one byte changed, given to a device in the middle of a
/// game of two: it reads or is refused, and what reads is taken or refused, never a panic.
#[test]
fn a_damaged_message_in_the_middle_of_a_game_is_refused_or_taken_never_a_panic() {
    let bytes = game_bytes();
    let mut table = Table::new(2, true, b"wire");
    table.run();
    assert!(matches!(table.phase(), PlayPhase::Playing { .. }));
    for (i, message) in bytes.iter().enumerate().step_by(7) {
        let mut damaged = message.clone();
        let at = i * 31 % damaged.len();
        damaged[at] ^= 1 << (i % 8);
        if let Ok(read) = decode(&damaged) {
            let mut device = table.devices[(i / 7) % 2].clone();
            let _ = device.receive(read);
        }
    }
}
