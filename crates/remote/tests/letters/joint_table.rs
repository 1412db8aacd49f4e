//! A table of joint play gathered by letters (`crates/remote/src/joint_table.rs`): a seat
//! joins only with its invite's token; the roster reads back as itself and damage is refused;
//! a seat refuses a roster that does not name it, or one that changes; and device 0 standing
//! between two seats (one given a roster with a key of device 0's for the other) is found out
//! at the first letter between them.

use crate::joint_device::gathered;
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_remote::error::OpenError;
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::invite::Invite;
use lauzait_remote::joint::party;
use lauzait_remote::joint_device::JointOpenError;
use lauzait_remote::joint_table::{
    invite_fragment, read_invite, Gathering, JoinError, Joining, Roster, RosterError, TABLE_ENTROPY,
};
use lauzait_remote::Letter;
use lauzait_table_mode::bytes::JoinToken;

fn entropy(seed: u8) -> Vec<u8> {
    (0..TABLE_ENTROPY as u8).map(|i| i.wrapping_mul(7).wrapping_add(seed)).collect()
}

/// Device 0's letter key at a table made from [`entropy`].
fn zero_key(seed: u8) -> DeviceKey {
    DeviceKey::from_entropy(&entropy(seed)[TABLE_ENTROPY - 32..]).unwrap()
}

#[test]
fn a_seat_joins_only_with_its_invites_token_and_the_table_starts_once_every_seat_has() {
    let mut gathering = Gathering::new(3, true, 64, &entropy(1)).unwrap();
    assert_eq!(gathering.awaited(), vec![1, 2]);
    // An invite whose token is not the seat's: its letter's key is vouched for by nothing.
    let mut forged = read_invite(&gathering.invite(1).unwrap()).unwrap();
    forged.token = JoinToken::from_entropy(&[9; 8]);
    let mut impostor = Joining::from_invite(&invite_fragment(&forged), &[3; 32]).unwrap();
    let from = party(Device::from_byte(1));
    assert_eq!(
        gathering.open(&impostor.write().fragment()),
        Err(JointOpenError::Letter(OpenError::UnknownKey { from }))
    );
    // Another table's seat.
    let other = Gathering::new(3, true, 64, &entropy(2)).unwrap();
    let mut elsewhere = Joining::from_invite(&other.invite(1).unwrap(), &[4; 32]).unwrap();
    assert_eq!(gathering.open(&elsewhere.write().fragment()), Err(JointOpenError::Letter(OpenError::WrongTable)));
    assert_eq!(gathering.awaited(), vec![1, 2]);
    assert!(gathering.clone().start(&DeviceEntropy([1; 64])).is_none(), "no table while a seat is awaited");

    // The real seats join; the same letter twice changes nothing.
    let mut one = Joining::from_invite(&gathering.invite(1).unwrap(), &[5; 32]).unwrap();
    let mut two = Joining::from_invite(&gathering.invite(2).unwrap(), &[6; 32]).unwrap();
    let link = one.write().fragment();
    gathering.open(&link).unwrap();
    gathering.open(&link).unwrap();
    assert_eq!(gathering.awaited(), vec![2]);
    gathering.open(&two.write().fragment()).unwrap();
    assert_eq!(gathering.awaited(), Vec::<u8>::new());
    let zero = gathering.start(&DeviceEntropy([1; 64])).unwrap().unwrap();
    let roster = zero.roster().unwrap();
    assert_eq!(roster.keys.len(), 3);
    assert_eq!(roster.keys[0], zero_key(1).public());
    // An invite to device 0's own seat, or to a seat past the table's, is none.
    assert_eq!(Gathering::new(3, true, 64, &entropy(1)).unwrap().invite(0), None);
    assert_eq!(Gathering::new(3, true, 64, &entropy(1)).unwrap().invite(3), None);
    assert!(matches!(Gathering::new(5, true, 64, &entropy(1)), Err(RosterError::Players { count: 5 })));
}

#[test]
fn a_roster_reads_back_as_itself_and_damage_is_refused() {
    let roster = Roster { luminous: false, throws: 200, keys: vec![[1; 32], [2; 32], [3; 32]] };
    let text = roster.to_text();
    assert_eq!(Roster::from_text(&text), Ok(roster.clone()));
    assert_eq!(Roster::from_text("j1.AAAA"), Err(RosterError::NotARoster));
    assert_eq!(Roster::from_text(&text[..text.len() - 3]), Err(RosterError::Damaged));
    let five = Roster { keys: vec![[1; 32]; 5], ..roster.clone() };
    assert_eq!(Roster::from_text(&five.to_text()), Err(RosterError::Damaged));
    let one = Roster { keys: vec![[1; 32]], ..roster.clone() };
    assert_eq!(Roster::from_text(&one.to_text()), Err(RosterError::Damaged));
    for e in [RosterError::NotARoster, RosterError::Damaged, RosterError::NotOurs, RosterError::Changed] {
        assert!(!e.to_string().is_empty());
    }
}

/// Device 0's roster letter to seat 1, carrying `roster` in place of the real one.
fn roster_letter(seed: u8, gathering: &Gathering, roster: &Roster) -> String {
    let (zero, one) = (party(Device::from_byte(0)), party(Device::from_byte(1)));
    Letter::sign(&zero_key(seed), gathering.table(), (zero, one), (1, 1, 1), false, vec![roster.to_text()]).fragment()
}

#[test]
fn a_seat_refuses_a_roster_that_does_not_name_it_or_that_changes() {
    let mut gathering = Gathering::new(2, true, 64, &entropy(7)).unwrap();
    let mut one = Joining::from_invite(&gathering.invite(1).unwrap(), &[8; 32]).unwrap();
    gathering.open(&one.write().fragment()).unwrap();
    let other_key = DeviceKey::from_entropy(&[99; 32]).unwrap().public();
    let not_ours = Roster { luminous: true, throws: 64, keys: vec![zero_key(7).public(), other_key] };
    let opened = one.open(&roster_letter(7, &gathering, &not_ours), &DeviceEntropy([2; 64]));
    assert_eq!(opened.err(), Some(JoinError::Roster(RosterError::NotOurs)));
    let no_roster = Letter::sign(
        &zero_key(7),
        gathering.table(),
        (party(Device::from_byte(0)), party(Device::from_byte(1))),
        (1, 1, 1),
        false,
        vec!["j1.AAAA".to_string()],
    );
    let opened = one.open(&no_roster.fragment(), &DeviceEntropy([2; 64]));
    assert_eq!(opened.err(), Some(JoinError::Roster(RosterError::NotARoster)));

    // The real roster, then a letter of device 0 with another roster after it.
    let mut zero = gathering.clone().start(&DeviceEntropy([1; 64])).unwrap().unwrap();
    let mut seat = one.open(&zero.write(Device::from_byte(1)).unwrap().fragment(), &DeviceEntropy([2; 64])).unwrap();
    let next = Letter::read(&zero.write(Device::from_byte(1)).unwrap().fragment()).unwrap();
    let mut messages = next.messages.clone();
    let changed = Roster { throws: 65, ..seat.roster().unwrap() };
    messages.push(changed.to_text());
    let route = (party(Device::from_byte(0)), party(Device::from_byte(1)));
    let letter =
        Letter::sign(&zero_key(7), gathering.table(), route, (next.seq, next.ack, next.first), false, messages);
    assert_eq!(seat.open(&letter.fragment()), Err(JointOpenError::Roster(RosterError::Changed)));
}

/// Device 0 gives seat 1 a roster where seat 2's key is one of its own, so that it could play
/// seat 2's part towards seat 1. The two seats' games are not the same game (the roster is in
/// the deal's context), and seat 2's own first letter to seat 1 is refused there, as written
/// with another key than the roster's: seat 1's player sees it at once.
#[test]
fn device_0_standing_between_two_seats_is_found_out_at_their_first_letter() {
    let seed = 11;
    let mut gathering = Gathering::new(3, true, 64, &entropy(seed)).unwrap();
    let mut one = Joining::from_invite(&gathering.invite(1).unwrap(), &[21; 32]).unwrap();
    let mut two = Joining::from_invite(&gathering.invite(2).unwrap(), &[22; 32]).unwrap();
    gathering.open(&one.write().fragment()).unwrap();
    gathering.open(&two.write().fragment()).unwrap();
    let mut zero = gathering.clone().start(&DeviceEntropy([1; 64])).unwrap().unwrap();
    let real = zero.roster().unwrap();
    let mut keys = real.keys.clone();
    keys[2] = DeviceKey::from_entropy(&[66; 32]).unwrap().public();
    let false_roster = Roster { keys, ..real.clone() };
    assert_ne!(false_roster.setup(gathering.table()).unwrap().table(), real.setup(gathering.table()).unwrap().table());

    let mut seat_one = one.open(&roster_letter(seed, &gathering, &false_roster), &DeviceEntropy([2; 64])).unwrap();
    let mut seat_two =
        two.open(&zero.write(Device::from_byte(2)).unwrap().fragment(), &DeviceEntropy([3; 64])).unwrap();
    let to_one = seat_two.write(Device::from_byte(1)).unwrap().fragment();
    assert_eq!(seat_one.open(&to_one), Err(JointOpenError::Letter(OpenError::BadSignature)));
    // Seat 1's letters still open on seat 2 (its key is the real one in both rosters), but the
    // deal needs every device's every step: seat 1 never takes seat 2's, and the table stalls
    // on the refusal seat 1's player has seen.
    let to_two = seat_one.write(Device::from_byte(2)).unwrap().fragment();
    assert!(seat_two.open(&to_two).is_ok());
    assert_eq!(seat_one.open(&to_one), Err(JointOpenError::Letter(OpenError::BadSignature)));
}

#[test]
fn an_invite_of_joint_play_reads_back_and_is_not_a_table_by_turns_invite() {
    let gathering = Gathering::new(4, false, 64, &entropy(3)).unwrap();
    let link = gathering.invite(3).unwrap();
    let invite: Invite = read_invite(&format!("#{link}")).unwrap();
    assert_eq!(invite.seat, 3);
    assert_eq!(invite_fragment(&invite), link);
    assert!(Invite::read(&link).is_err(), "a table by turns does not take it");
    assert!(read_invite(&invite.fragment()).is_err(), "nor joint play a table by turns' invite");
    // A devices' table of four, gathered, all agree on the roster.
    let devices = gathered(4, 3);
    assert!(devices.iter().all(|d| d.roster() == devices[0].roster()));
}
