//! The sticks (R5, R12.6) thrown from every device's hash chain: every device decides the same
//! throw, with R5's odds; a value off the chain is refused naming its device, and a withheld
//! one leaves the throw pending naming the devices awaited. A value may instead draw who
//! starts a Season and which way (R7), as every device agrees and the rule allows.

use lauzait_joint_deal::simulation;

use lauzait_engine::{Direction, StartRule};
use lauzait_joint_deal::sticks::{combine, start_from, HashChain};
use lauzait_joint_deal::{Cheat, DealError, Digest, Fault, Message, Step};
use sha2::{Digest as _, Sha256};
use simulation::Table;

/// Every device reveals its value for the throw under way.
fn reveal_all(table: &mut Table) {
    for i in 0..table.devices.len() {
        let out = table.devices[i].reveal_throw().unwrap();
        table.send(out);
    }
}

#[test]
fn r12_6_every_device_decides_the_same_throws() {
    let mut table = Table::new(3, true, b"throws");
    table.run().unwrap();
    for throw in 1..=simulation::THROWS {
        reveal_all(&mut table);
        table.run().unwrap();
        let sticks: Vec<_> = table.devices.iter_mut().map(|d| d.decide_throw().unwrap()).collect();
        assert!(sticks.iter().all(|s| *s == sticks[0]), "throw {throw}: {sticks:?}");
    }
    assert_eq!(table.devices[0].reveal_throw(), Err(DealError::ChainSpent { throws: simulation::THROWS }));
}

#[test]
fn r12_6_a_withheld_value_leaves_the_throw_pending_naming_the_device() {
    let mut table = Table::new(3, false, b"withheld");
    table.run().unwrap();
    let withholder = table.device(1);
    for i in [0, 2] {
        let out = table.devices[i].reveal_throw().unwrap();
        table.send(out);
    }
    table.run().unwrap();
    let pending = DealError::ThrowPending { throw: 1, awaited: vec![withholder] };
    assert_eq!(table.devices[0].decide_throw(), Err(pending.clone()));
    assert_eq!(table.devices[2].decide_throw(), Err(pending));
    let out = table.devices[1].reveal_throw().unwrap();
    table.send(out);
    table.run().unwrap();
    let sticks: Vec<_> = table.devices.iter_mut().map(|d| d.decide_throw().unwrap()).collect();
    assert!(sticks.iter().all(|s| *s == sticks[0]));
}

#[test]
fn r12_6_a_value_off_the_chain_is_refused_naming_the_device() {
    let mut table = Table::new(2, true, b"off chain");
    table.run().unwrap();
    let cheater = table.device(0);
    reveal_all(&mut table);
    let refused = table
        .run_tampered(&mut |_, m| {
            if let Message::ThrowValue(v) = m {
                if v.from == cheater {
                    // A value of the cheater's choosing, as if it could pick its throw.
                    v.value = Digest([9; 32]);
                }
            }
        })
        .unwrap_err();
    let cheat = Cheat { device: cheater, step: Step::Throw { throw: 1 }, fault: Fault::ChainMismatch };
    assert_eq!(refused, vec![(table.device(1), DealError::Cheat(cheat))]);
    // The throw still waits for a value on the cheater's chain.
    let pending = DealError::ThrowPending { throw: 1, awaited: vec![cheater] };
    assert_eq!(table.devices[1].decide_throw(), Err(pending));
}

#[test]
fn a_setup_asking_for_more_throws_than_a_phone_keeps_is_refused() {
    let layout = lauzait_engine::DealLayout::new(simulation::players(2), false);
    let id = lauzait_joint_deal::DealId([0; 32]);
    assert!(lauzait_joint_deal::DealSetup::new(id, layout, lauzait_joint_deal::MAX_THROWS).is_ok());
    let refused = lauzait_joint_deal::DealSetup::new(id, layout, u32::MAX);
    assert_eq!(refused, Err(lauzait_joint_deal::SetupError::TooManyThrows { asked: u32::MAX }));
}

#[test]
fn r5_combined_throws_follow_the_odds_of_five_fair_sticks() {
    // Three devices' chains, combined throw by throw as the devices do; the dark faces
    // counted against Binomial(5, ½) by a chi-square test (5 degrees of freedom; 20.5 is
    // its 0.1% point, so an honest mapping fails it once in a thousand seeds, this seed never).
    let throws = 20_000u32;
    let chains: Vec<HashChain> = (0..3u8).map(|d| HashChain::new([d; 32], throws)).collect();
    let mut faces = [0u32; 6];
    for throw in 1..=throws {
        let values: Vec<Digest> = chains.iter().map(|c| c.value(throw).unwrap()).collect();
        faces[usize::from(combine(&[5; 32], throw, &values).dark_faces())] += 1;
    }
    let odds = [1.0, 5.0, 10.0, 10.0, 5.0, 1.0].map(|c| c / 32.0);
    let chi_square: f64 = faces
        .iter()
        .zip(odds)
        .map(|(&seen, p)| {
            let expected = p * f64::from(throws);
            (f64::from(seen) - expected).powi(2) / expected
        })
        .sum();
    assert!(chi_square < 20.5, "chi-square {chi_square:.1} for {faces:?}");
}

/// R7: the Season's first value drawn as its start by every device, each the same start and
/// direction, one the rule allows; the next value is a throw again, the same everywhere.
#[test]
fn r7_every_device_draws_the_same_start_and_direction() {
    for (players, rule) in [(4, StartRule::first_season(4)), (3, StartRule::after(&[0, 5, 0]))] {
        let mut table = Table::new(players, true, b"start");
        table.run().unwrap();
        reveal_all(&mut table);
        table.run().unwrap();
        let drawn: Vec<_> = table.devices.iter_mut().map(|d| d.decide_start(&rule).unwrap()).collect();
        assert!(drawn.iter().all(|d| *d == drawn[0]), "{drawn:?}");
        assert!(rule.allows(drawn[0].0, drawn[0].1), "{drawn:?} under {rule:?}");
        reveal_all(&mut table);
        table.run().unwrap();
        let sticks: Vec<_> = table.devices.iter_mut().map(|d| d.decide_throw().unwrap()).collect();
        assert!(sticks.iter().all(|s| *s == sticks[0]));
    }
}

/// R7: a start drawn from a value is always one the rule allows, each allowed start and each
/// open direction about equally often (chi-square over 12 000 draws, 0.1% point), and a
/// direction R7 fixes is always that one.
#[test]
fn r7_a_drawn_start_is_one_the_rule_allows_each_as_often() {
    let draw = |i: u32| Digest(Sha256::digest(i.to_le_bytes()).into());
    for (rule, outcomes) in [(StartRule::first_season(3), 6), (StartRule::after(&[0, 5, 0, 5]), 4)] {
        let mut counts = std::collections::HashMap::new();
        let n = 12_000u32;
        for i in 0..n {
            let (start, direction) = start_from(&rule, &draw(i));
            assert!(rule.allows(start, direction));
            *counts.entry((start, direction)).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), outcomes, "{counts:?}");
        let expected = f64::from(n) / outcomes as f64;
        let chi_square: f64 = counts.values().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum();
        // 0.1% points: 20.5 with 5 degrees of freedom, 16.3 with 3.
        assert!(chi_square < if outcomes == 6 { 20.5 } else { 16.3 }, "chi-square {chi_square:.1} for {counts:?}");
    }
    let fixed = StartRule::after(&[10, -3, 4, 2]);
    assert!((0..100).all(|i| start_from(&fixed, &draw(i)) == (1, Direction::Clockwise)));
}
