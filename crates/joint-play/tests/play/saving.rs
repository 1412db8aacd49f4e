//! A device's save (DEAL-PROTOCOL.md, "A device closed and reopened"): it holds the device's
//! own secrets and what other devices sent it, nothing else of theirs; a restored device opens
//! exactly what it opened; and damaged bytes are refused saying why, never with a panic.
//! (Restoring at any point of whole games is `r6_r40_a_device_restored_from_its_save_…`.)

use super::table::{entropy, Table};
use lauzait_bots::Level;
use lauzait_joint_deal::{Message, Scalar};
use lauzait_joint_play::{PlayDevice, PlayPhase, SaveError, SAVE_VERSION};

/// Whether `needle` appears anywhere in `bytes`.
fn holds(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// A table of four, a few Days into its first Season.
fn table_in_play() -> Table {
    let mut table = Table::new(4, true, b"saves");
    table.run();
    for day in 0..6 {
        let PlayPhase::Playing { .. } = table.phase() else { break };
        table.play_day(Level::Easy, day);
    }
    assert!(matches!(table.phase(), PlayPhase::Playing { .. }), "{:?}", table.phase());
    table
}

/// R40: device A's save holds A's entropy and what the others sent A; of another device B it
/// holds no secret B has not sent (its global and identity secrets, its keys for positions A
/// may not open, the next value of its chain, its entropy). The keys B sent A for the board
/// are found in it, as a check that the search finds keys at all.
#[test]
fn r40_a_save_holds_no_secret_of_another_device_it_was_not_sent() {
    let table = table_in_play();
    let seed: &[u8] = b"saves";
    for a in &table.devices {
        let save = a.save();
        assert!(holds(&save, &entropy(seed, a.me().index()).0), "its own entropy is its save's secret");
        let may_open: Vec<usize> = a
            .deal()
            .entitled()
            .chain((0..a.deal().setup().layout().pieces()).filter(|&p| a.deal().is_shown(p)))
            .collect();
        for b in table.devices.iter().filter(|b| b.me() != a.me()) {
            let who = format!("{}'s save, {}'s", a.me(), b.me());
            assert!(!holds(&save, &entropy(seed, b.me().index()).0), "{who} entropy");
            let secrets = b.deal().held_scalars();
            assert!(!holds(&save, secrets[0].as_bytes()), "{who} global secret");
            assert!(!holds(&save, secrets[1].as_bytes()), "{who} identity secret");
            let key = |p: usize| b.deal().known_key(b.me(), p).map(|k: Scalar| k.to_bytes()).unwrap();
            for position in 0..a.deal().setup().layout().pieces() {
                let found = holds(&save, &key(position));
                let public = a.deal().setup().public_positions().contains(&position);
                if public {
                    assert!(found, "{who} key for the public position {position} is missing");
                } else if !may_open.contains(&position) {
                    assert!(!found, "{who} key for position {position}");
                }
            }
            let next = b.deal().clone().reveal_throw().unwrap();
            let Message::ThrowValue(value) = &next[0].message else { panic!("{next:?}") };
            assert!(!holds(&save, &value.value.0), "{who} next chain value");
        }
    }
}

/// R40: a device restored from its save opens exactly what it opened (checked by the table's
/// own secrecy check), shows the same game, and goes on playing with the others.
#[test]
fn r40_a_restored_device_opens_what_it_opened_and_plays_on() {
    let mut table = table_in_play();
    for i in 0..table.devices.len() {
        let restored = PlayDevice::restore(&table.devices[i].save()).unwrap();
        assert_eq!(restored.game().map(|g| g.view()), table.devices[i].game().map(|g| g.view()));
        assert_eq!(restored.save(), table.devices[i].save());
        table.devices[i] = restored;
    }
    table.check_secrecy(true);
    for day in 0..4 {
        let PlayPhase::Playing { .. } = table.phase() else { break };
        table.play_day(Level::Easy, 10 + day);
    }
    assert_eq!(table.refused, vec![]);
}

/// Damaged bytes are refused with the reason, never a panic: another file, another version, a
/// save cut short anywhere or with bytes after it, a seat not at the table, an input of no kind.
#[test]
fn a_damaged_save_is_refused_saying_why() {
    let table = table_in_play();
    let save = table.devices[2].save();
    assert!(save.len() < 200_000, "{} bytes", save.len());
    let restore = |bytes: &[u8]| PlayDevice::restore(bytes).err();
    assert_eq!(restore(b"not a save"), Some(SaveError::NotASave));
    let mut other = save.clone();
    other[4] = SAVE_VERSION + 1;
    assert_eq!(restore(&other), Some(SaveError::Version { got: SAVE_VERSION + 1 }));
    let mut longer = save.clone();
    longer.push(0);
    assert_eq!(restore(&longer), Some(SaveError::Trailing { extra: 1 }));
    // The seat's byte follows the magic, the version, the table, the throws and the options.
    let options_len = usize::from(u16::from_le_bytes([save[41], save[42]]));
    let seat_at = 43 + options_len;
    let mut elsewhere = save.clone();
    elsewhere[seat_at] = 7;
    assert_eq!(restore(&elsewhere), Some(SaveError::NotAtTable { seat: 7 }));
    let mut no_kind = save.clone();
    no_kind[seat_at + 1 + 64 + 4] = 99;
    assert_eq!(restore(&no_kind), Some(SaveError::InputKind { at: 0, got: 99 }));
    let mut no_options = save.clone();
    no_options[43] = b'[';
    assert_eq!(restore(&no_options), Some(SaveError::Options));
    for cut in (0..save.len()).step_by(97).chain([save.len() - 1]) {
        let refused = restore(&save[..cut]).expect("a save cut short restores");
        let text = refused.to_string();
        assert!(!text.is_empty() && text.len() < 300, "{text}");
    }
}
