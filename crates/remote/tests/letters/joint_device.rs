//! Devices of joint play by turns (`JointDevice`, DEAL-PROTOCOL.md "Play by turns"): whole
//! games of 2, 3 and 4 devices where each device writes a letter to every device it has news
//! for and the links are opened in a shuffled order — each letter carries what its recipient
//! has not acknowledged, so any order works; every device saved and reopened mid-game; and
//! each letter a device must refuse, refused with nothing changed.

use crate::joint::{next_for, Next};
use lauzait_engine::Action;
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::PlayPhase;
use lauzait_remote::channel::Channel;
use lauzait_remote::error::OpenError;
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::joint::{party, JointTextError};
use lauzait_remote::joint_device::{JointDevice, JointOpenError, JointSetupError};
use lauzait_remote::joint_table::{Gathering, Joining, Roster, TABLE_ENTROPY};
use lauzait_remote::{Letter, ReadError};
use lauzait_table_mode::bytes::Bytes;

/// Device 0's entropy for a table ([`TABLE_ENTROPY`] bytes): its letter key is the second half.
fn table_entropy(seed: u8) -> Vec<u8> {
    let mut e = vec![seed; TABLE_ENTROPY - 32];
    e.extend([seed.wrapping_add(1); 32]);
    e
}

/// Device `device`'s letter key at the table of `seed` (device 0's from [`table_entropy`]).
fn key(seed: u8, device: usize) -> DeviceKey {
    DeviceKey::from_entropy(&[seed.wrapping_add(device as u8 + 1); 32]).unwrap()
}

fn device_entropy(seed: u8, device: usize) -> DeviceEntropy {
    DeviceEntropy([seed.wrapping_mul(3).wrapping_add(device as u8); 64])
}

/// Device 0's table gathered: every other seat's device joins from its invite, and each is
/// made from the roster device 0's first letter brings.
pub fn gathered(players: usize, seed: u8) -> Vec<JointDevice> {
    let mut gathering = Gathering::new(players, true, 256, &table_entropy(seed)).unwrap();
    let mut joining: Vec<Joining> = (1..players as u8)
        .map(|s| Joining::from_invite(&gathering.invite(s).unwrap(), &[seed.wrapping_add(s + 1); 32]).unwrap())
        .collect();
    for j in &mut joining {
        assert!(!gathering.awaited().is_empty());
        gathering.open(&j.write().fragment()).unwrap();
    }
    let mut zero = gathering.start(&device_entropy(seed, 0)).unwrap().unwrap();
    let mut devices: Vec<JointDevice> = joining
        .iter()
        .map(|j| {
            let link = zero.write(Device::from_byte(j.seat())).unwrap().fragment();
            j.open(&link, &device_entropy(seed, usize::from(j.seat()))).unwrap()
        })
        .collect();
    devices.insert(0, zero);
    devices
}

/// The devices of one table and the links on their way, opened in a seeded, shuffled order.
struct Table {
    devices: Vec<JointDevice>,
    mail: Vec<(usize, String)>,
    /// The shuffled order's generator (an LCG: the test's own, not the game's).
    state: u64,
    letters: usize,
}

impl Table {
    fn new(players: usize, seed: u8) -> Table {
        let mut table = Table { devices: gathered(players, seed), mail: Vec::new(), state: seed as u64, letters: 0 };
        for d in 0..players {
            table.post(d);
        }
        table
    }

    /// A letter from device `from` to every device it has news for.
    fn post(&mut self, from: usize) {
        for to in self.devices[from].news_for() {
            let link = self.devices[from].write(to).unwrap().fragment();
            self.mail.push((to.index(), link));
            self.letters += 1;
        }
    }

    /// Every link opened, in a shuffled order, and the answers posted, until none is left.
    fn run(&mut self) {
        while !self.mail.is_empty() {
            self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let (to, link) = self.mail.swap_remove((self.state >> 33) as usize % self.mail.len());
            self.devices[to].open(&link).unwrap_or_else(|e| panic!("device {to} refuses a letter: {e}"));
            self.post(to);
        }
    }

    fn phase(&self) -> PlayPhase {
        self.devices[0].device().phase()
    }

    /// Plays on until the game is over or `days` Days were played.
    fn play(&mut self, days: u32) {
        for day in 0..days {
            self.run();
            match self.phase() {
                PlayPhase::Over => return,
                PlayPhase::Playing { to_move } => {
                    let view = self.devices[to_move].device().game().unwrap().view().clone();
                    match next_for(&view, day as u64) {
                        Next::Agree => {
                            for seat in 0..self.devices.len() {
                                self.devices[seat].act(Action::EndSeasonByAgreement).unwrap();
                                self.post(seat);
                                self.run();
                            }
                        }
                        Next::Day(actions) => {
                            for action in actions {
                                self.devices[to_move].act(action).unwrap();
                            }
                            self.post(to_move);
                        }
                    }
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }

    /// Every device saved as text and opened again from it.
    fn reopen_all(&mut self) {
        for device in &mut self.devices {
            let text = device.save();
            *device = JointDevice::resume(&text).unwrap();
            assert_eq!(device.save(), text, "a device reopened saves as it was saved");
        }
    }

    fn assert_over_and_agreed(&self) {
        assert_eq!(self.phase(), PlayPhase::Over);
        let record = self.devices[0].device().record().expect("a finished game's record");
        for device in &self.devices {
            assert_eq!(device.device().record().as_ref(), Some(&record), "every device keeps the same record");
        }
    }
}

#[test]
fn whole_games_of_2_3_and_4_devices_by_letters_opened_in_any_order() {
    for (players, seed) in [(2, 11), (3, 12), (4, 13)] {
        let mut table = Table::new(players, seed);
        table.play(u32::MAX);
        table.assert_over_and_agreed();
        println!("{players} devices: {} letters", table.letters);
    }
}

#[test]
fn every_device_saved_and_reopened_mid_game_plays_on_to_the_same_end() {
    let mut table = Table::new(3, 21);
    table.play(12);
    // Links on their way stay valid for the devices reopened from their saves.
    table.reopen_all();
    table.play(u32::MAX);
    table.assert_over_and_agreed();
}

#[test]
fn a_letter_a_device_must_refuse_is_refused_and_changes_nothing() {
    let mut table = Table::new(3, 31);
    let (zero, one, two) = (Device::from_byte(0), Device::from_byte(1), Device::from_byte(2));
    let before = table.devices[1].save();
    let refused = |table: &mut Table, link: &str| {
        let e = table.devices[1].open(link).unwrap_err();
        assert!(!e.to_string().is_empty());
        assert_eq!(table.devices[1].save(), before, "nothing changed after: {e}");
        e
    };

    // Device 0's letter to device 2, opened on device 1.
    let for_two = table.devices[0].clone().write(two).unwrap().fragment();
    let to = party(two);
    assert_eq!(refused(&mut table, &for_two), JointOpenError::Letter(OpenError::WrongRecipient { to }));

    // A letter in device 0's name signed with another key.
    let texts = Letter::read(&table.devices[0].clone().write(one).unwrap().fragment()).unwrap().messages;
    let table_id = table.devices[0].table();
    let forged = Letter::sign(&key(99, 0), table_id, (party(zero), party(one)), (1, 0, 1), false, texts.clone());
    assert_eq!(refused(&mut table, &forged.fragment()), JointOpenError::Letter(OpenError::BadSignature));

    // The same from another table.
    let elsewhere = Letter::sign(&key(31, 0), Bytes([8; 8]), (party(zero), party(one)), (1, 0, 1), false, texts);
    assert_eq!(refused(&mut table, &elsewhere.fragment()), JointOpenError::Letter(OpenError::WrongTable));

    // Device 0's next letter, signed by its key, with a text that is not a message of joint
    // play after its own.
    let next = Letter::read(&table.devices[0].clone().write(one).unwrap().fragment()).unwrap();
    let mut other = next.messages.clone();
    other.push("{\"t\":\"hello\"}".to_string());
    let numbers = (next.seq, next.ack, next.first);
    let not_joint = Letter::sign(&key(31, 0), table_id, (party(zero), party(one)), numbers, false, other);
    assert_eq!(refused(&mut table, &not_joint.fragment()), JointOpenError::Text(JointTextError::NotJoint));

    // From a device not at the table: a fourth seat of a three-device game.
    let stranger =
        Letter::sign(&key(31, 3), table_id, (party(Device::from_byte(3)), party(one)), (1, 0, 1), false, vec![]);
    let from = party(Device::from_byte(3));
    assert_eq!(refused(&mut table, &stranger.fragment()), JointOpenError::Letter(OpenError::UnknownSender { from }));

    // Not a letter at all.
    assert_eq!(
        refused(&mut table, "https://example.org/remote.html#x=1"),
        JointOpenError::Letter(OpenError::Read(ReadError::NotALetter))
    );

    // The real letter still opens afterwards.
    let real = table.devices[0].write(one).unwrap().fragment();
    table.devices[1].open(&real).unwrap();
}

#[test]
fn a_device_is_made_only_with_the_rosters_keys_and_reopened_only_from_its_own_save() {
    let roster = Roster { luminous: true, throws: 256, keys: (0..3).map(|d| key(5, d).public()).collect() };
    let table = Bytes([5; 8]);
    let me = Device::from_byte(0);
    let channel = |d: usize| (Device::from_byte(d as u8), Channel::with_key(key(5, d).public()));
    let make = |key: DeviceKey, channels| {
        JointDevice::from_roster(table, key, roster.clone(), me, channels, &device_entropy(5, 0))
    };
    assert!(make(key(5, 0), vec![channel(1), channel(2)]).is_ok());
    // A channel missing, one to itself, one with another key than the roster's, or a key of
    // its own that is not the roster's at its seat.
    assert_eq!(make(key(5, 0), vec![channel(1)]).err(), Some(JointSetupError::Peers));
    assert_eq!(make(key(5, 0), vec![channel(0), channel(1)]).err(), Some(JointSetupError::Peers));
    let other_key = (Device::from_byte(2), Channel::with_key(key(6, 2).public()));
    assert_eq!(make(key(5, 0), vec![channel(1), other_key]).err(), Some(JointSetupError::Peers));
    assert_eq!(make(key(6, 0), vec![channel(1), channel(2)]).err(), Some(JointSetupError::Peers));

    assert_eq!(JointDevice::resume("not a save").err(), Some(JointSetupError::Unreadable));
    let devices = gathered(2, 41);
    let saved = devices[0].save();
    let cut = saved.replace("\"channels\":[[1,", "\"channels\":[[3,");
    assert_eq!(JointDevice::resume(&cut).err(), Some(JointSetupError::Peers));
    // Its inbox under another table's roster: the inbox's game is not the roster's.
    let elsewhere = gathered(2, 42);
    let swapped = saved.replace(&roster_of(&devices[0]), &roster_of(&elsewhere[0]));
    assert_ne!(swapped, saved);
    assert_eq!(JointDevice::resume(&swapped).err(), Some(JointSetupError::Peers));
    for e in [JointSetupError::Peers, JointSetupError::Unreadable] {
        assert!(!e.to_string().is_empty());
    }
}

fn roster_of(device: &JointDevice) -> String {
    device.roster().unwrap().to_text()
}
