//! A device that leaves mid-Season (DEAL-PROTOCOL.md, "A device that leaves mid-Season"):
//! every other device shows that it waits for that device, learns nothing concealed of it,
//! and can give the Season up as void together, a typed outcome, rather than wait forever.

use super::table::Table;
use lauzait_bots::Level;
use lauzait_joint_deal::{DealError, Device, Phase};
use lauzait_joint_play::{Awaited, Outgoing, PlayError, PlayPhase, Stop};

/// From now on, nothing `device` sends reaches anyone: it has left.
fn leaves(table: &mut Table, device: Device) {
    table.cheat = Some((device, Box::new(|_, _| false)));
}

/// Every device but `left` votes to give the Season up without it; their votes delivered.
fn give_up_without(table: &mut Table, left: Device) {
    let mut votes: Vec<Outgoing> = Vec::new();
    for device in table.devices.iter_mut().filter(|d| d.me() != left) {
        votes.extend(device.give_up(vec![left]).unwrap());
    }
    table.send(votes);
    table.run();
}

/// R40: the devices still at the table open none of `left`'s nine it did not show, and hold
/// none of its keys for them.
fn nothing_concealed_of(table: &Table, left: Device) {
    for device in table.devices.iter().filter(|d| d.me() != left) {
        let deal = device.deal();
        for position in deal.setup().layout().hand(left.index()).filter(|&p| !deal.is_shown(p)) {
            assert!(matches!(deal.try_open(position), Err(DealError::KeysMissing { .. })), "{position}");
            assert_eq!(deal.known_key(left, position), None);
        }
        assert!(!matches!(deal.phase(), Phase::Publishing { .. } | Phase::Verified | Phase::Failed(_)));
    }
}

/// A device leaves in its Day: the others wait for it by name; once every other device has
/// voted, the Season is void everywhere, nothing of its deal published, and the device that
/// left, should it come back, sees the same.
#[test]
fn a_device_that_leaves_in_its_day_is_awaited_by_name_and_the_season_is_void_by_all() {
    let mut table = Table::new(3, true, b"leaves");
    table.run();
    let mut day = 0;
    let left = loop {
        let PlayPhase::Playing { to_move } = table.phase() else { panic!("{:?}", table.phase()) };
        if day >= 3 {
            break table.device(to_move as u8);
        }
        table.play_day(Level::Easy, day);
        day += 1;
    };
    leaves(&mut table, left);
    for device in table.devices.iter().filter(|d| d.me() != left) {
        assert_eq!(device.awaited(), Awaited::Day { from: left });
    }
    // One vote is not enough: the others wait for the rest.
    let voter = table.devices.iter().position(|d| d.me() != left).unwrap();
    let vote = table.devices[voter].give_up(vec![left]).unwrap();
    table.send(vote);
    table.run();
    let me = table.devices[voter].me();
    let rest: Vec<Device> = table.devices.iter().map(|d| d.me()).filter(|d| *d != left && *d != me).collect();
    assert_eq!(table.devices[voter].awaited(), Awaited::Void { left: vec![left], from: rest.clone() });
    assert!(matches!(table.devices[voter].phase(), PlayPhase::Playing { .. }));
    let season = table.devices[voter].season();
    let mut votes = Vec::new();
    for device in table.devices.iter_mut().filter(|d| rest.contains(&d.me())) {
        votes.extend(device.give_up(vec![left]).unwrap());
    }
    table.send(votes);
    table.run();
    let void = PlayPhase::Stopped(Stop::Void { season, left: vec![left] });
    for device in &table.devices {
        assert_eq!(device.phase(), void, "{}", device.me());
        assert_eq!(device.awaited(), Awaited::Nothing);
    }
    nothing_concealed_of(&table, left);
    let PlayPhase::Stopped(stop) = void else { unreachable!() };
    assert_eq!(stop.device(), None, "leaving is no cheat");
    assert!(stop.to_string().contains(&format!("{left} left the table")), "{stop}");
}

/// A device leaves before its shuffle: the others wait for it by name in the deal, and give the
/// Season up.
#[test]
fn a_device_that_leaves_during_the_deal_is_awaited_by_name_and_the_season_is_void() {
    let mut table = Table::new(4, false, b"leaves early");
    let left = table.device(2);
    leaves(&mut table, left);
    table.run();
    for device in table.devices.iter().filter(|d| d.me() != left) {
        assert_eq!(device.awaited(), Awaited::Deal { season: 1, from: vec![left] });
    }
    give_up_without(&mut table, left);
    for device in table.devices.iter().filter(|d| d.me() != left) {
        assert_eq!(device.phase(), PlayPhase::Stopped(Stop::Void { season: 1, left: vec![left] }));
    }
}

/// A vote must name other devices at the table: none, itself or a stranger is refused.
#[test]
fn a_vote_naming_nobody_itself_or_a_stranger_is_refused() {
    let mut table = Table::new(2, false, b"bad votes");
    table.run();
    let me = table.devices[0].me();
    for left in [vec![], vec![me], vec![Device::from_byte(5)]] {
        assert_eq!(table.devices[0].give_up(left), Err(PlayError::NotAVote { from: me }));
    }
}
