//! Whole Seasons dealt by 2, 3 and 4 simulated devices (R6, R30, R40): every device opens
//! exactly its own nine, the board and the luminous piece, and nothing else; the opened deal
//! is one the engine deals; once every device publishes, every device verifies every step.

use lauzait_joint_deal::simulation;

use lauzait_engine::{Chance, Direction, Drawn, Game, GameOptions, PieceCounts};
use lauzait_joint_deal::{unmask, DealError, Phase, PieceCopies, Scalar};
use proptest::prelude::*;
use simulation::Table;
use std::collections::HashSet;

/// One Season dealt and checked; `relay` delivers every sealed box to every device.
fn deal_and_check(players: usize, luminous: bool, seed: &[u8], relay: bool) {
    let mut table = Table::new(players, luminous, seed);
    table.relay_everything = relay;
    table.run().unwrap();
    let layout = table.setup.layout();

    // Before publication: each device holds exactly what R40 lets its seat see.
    let mut held_before: Vec<HashSet<[u8; 32]>> = Vec::new();
    for device in &table.devices {
        assert_eq!(device.phase(), Phase::Dealt);
        let entitled: HashSet<usize> = device.entitled().collect();
        assert_eq!(entitled.len(), 9 + 24 + usize::from(luminous));
        for position in 0..layout.pieces() {
            match device.try_open(position) {
                Ok(_) => assert!(entitled.contains(&position), "{} opens position {position}", device.me()),
                Err(DealError::KeysMissing { awaited, .. }) => {
                    assert!(!entitled.contains(&position));
                    assert!(!awaited.is_empty() && !awaited.contains(&device.me()));
                }
                Err(other) => panic!("{} fails to open {position}: {other}", device.me()),
            }
        }
        held_before.push(device.held_scalars().iter().map(Scalar::to_bytes).collect());
    }
    let seat_deals: Vec<_> = table.devices.iter().map(|d| d.seat_deal().expect("dealt")).collect();
    for deal in &seat_deals[1..] {
        assert_eq!((deal.board, deal.luminous), (seat_deals[0].board, seat_deals[0].luminous));
    }

    table.publish_all().unwrap();
    let full = table.devices[0].verified().expect("verified").clone();
    for device in &table.devices {
        assert_eq!(device.phase(), Phase::Verified);
        assert_eq!(device.verified(), Some(&full));
    }

    // The opened deal is the engine's: the full set (R1, R3), dealt by the engine's layout,
    // and the engine takes it as a Season's opening.
    let dealt: PieceCounts = full.pieces().iter().copied().collect();
    assert_eq!(dealt, PieceCounts::full_set(layout.players()));
    let opening = full.opening(0, Direction::Clockwise).unwrap();
    for (seat, deal) in seat_deals.iter().enumerate() {
        let hand: PieceCounts = deal.hand.iter().copied().collect();
        assert_eq!(Some(&hand), opening.hands.as_ref().map(|h| &h[seat]));
        assert_eq!(deal.board, opening.board);
        assert_eq!(deal.luminous, opening.luminous);
    }
    let options = GameOptions::for_players(players, luminous).unwrap();
    let game = Game::replay(options, &[Drawn { after: 0, chance: Chance::Opening { opening } }], &[]);
    assert!(game.is_ok(), "the engine refuses the deal: {:?}", game.err());

    // No device held, before publication, any other device's key for a position it may not
    // open: it could not have opened one with any key it was sent.
    let published = table.devices[0].transcript().published.clone();
    for (i, device) in table.devices.iter().enumerate() {
        let entitled: HashSet<usize> = device.entitled().collect();
        for (d, publish) in published.iter().enumerate().filter(|&(d, _)| d != i) {
            for (position, key) in publish.as_ref().unwrap().keys.iter().enumerate() {
                if !entitled.contains(&position) {
                    assert!(
                        !held_before[i].contains(&key.to_bytes()),
                        "device {i} held device {d}'s key for {position}"
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn r6_r40_seasons_dealt_by_every_device(
        players in 2usize..=4,
        luminous: bool,
        relay: bool,
        seed in proptest::collection::vec(any::<u8>(), 32),
    ) {
        deal_and_check(players, luminous, &seed, relay);
    }
}

/// Everything a device holds, tried on every position it may not open (R40): its secrets,
/// every key it was sent, each alone, with its own key for the position, and every opened
/// position's full set of keys reused. None opens to a piece.
#[test]
fn r40_no_key_a_device_holds_opens_another_seats_piece_or_the_pool() {
    for players in [2, 4] {
        let mut table = Table::new(players, true, b"held keys");
        table.relay_everything = true;
        table.run().unwrap();
        let copies = PieceCopies::new(table.setup.layout().players());
        for (i, device) in table.devices.iter().enumerate() {
            let list = &device.transcript().final_list().unwrap().points;
            let held = device.held_scalars();
            let entitled: HashSet<usize> = device.entitled().collect();
            let own = |position: usize| device.known_key(device.me(), position).unwrap();
            // Every device's key for an opened position, as a reused set.
            let opened_sets: Vec<Vec<Scalar>> = entitled
                .iter()
                .map(|&p| table.setup.all_devices().map(|d| device.known_key(d, p).unwrap()).collect())
                .collect();
            for position in (0..list.len()).filter(|p| !entitled.contains(p)) {
                let masked = &list[position];
                for &scalar in &held {
                    assert_eq!(unmask(&copies, masked, [scalar]), None);
                    assert_eq!(unmask(&copies, masked, [own(position), scalar]), None);
                }
                for set in &opened_sets {
                    assert_eq!(unmask(&copies, masked, set.iter().copied()), None);
                    let mut with_own = set.clone();
                    with_own[i] = own(position);
                    assert_eq!(unmask(&copies, masked, with_own), None);
                }
            }
            assert!(device.try_open(list.len()).is_err());
        }
    }
}

/// A deal given up before it is dealt (every device publishes at once): each device checks
/// the steps it saw and says where the deal stopped, blaming nobody.
#[test]
fn a_deal_given_up_midway_checks_the_steps_taken_and_blames_nobody() {
    let mut table = Table::new(3, false, b"given up");
    // The greetings, then the first shuffle: device 2 has shuffled too, when all give up.
    table.deliver_first(3);
    table.deliver_first(1);
    let refused = table.publish_all().unwrap_err();
    let (first, second, third) = (table.device(0), table.device(1), table.device(2));
    assert!(refused.contains(&(first, DealError::Unfinished { awaited: vec![second] })), "{refused:?}");
    assert!(refused.contains(&(second, DealError::Unfinished { awaited: vec![third] })), "{refused:?}");
    assert!(!refused.iter().any(|(_, e)| matches!(e, DealError::Cheat(_))), "{refused:?}");
}

/// The time of whole deals, for BENCHMARKS.md: `cargo test --release -p lauzait-joint-deal
/// --test deal measured -- --ignored --nocapture` (its CPU time: the test binary under
/// `perf stat -e task-clock`, one test at a time).
fn measure(players: usize) {
    let deals = 20;
    let start = std::time::Instant::now();
    for i in 0..deals {
        simulation::whole_deal(players, &[i as u8]);
    }
    let each = start.elapsed() / deals;
    println!("MEASURED whole deal with {players} devices (all devices, publication and verification): {each:?} per deal over {deals}");
}

#[test]
#[ignore = "a measurement"]
fn measured_whole_deal_2_devices() {
    measure(2);
}

#[test]
#[ignore = "a measurement"]
fn measured_whole_deal_4_devices() {
    measure(4);
}

/// Every seat shows each of its nine in play (R12.1's discards, R10's Forms, R11's hand), each
/// read back from the wire by every other device, which opens the position and finds the
/// piece played; a tenth has nothing left to show; and the deal still verifies at publication.
#[test]
fn r12_1_r10_a_seat_shows_each_dealt_piece_once_and_every_device_takes_it() {
    use lauzait_joint_deal::wire::{decode_shown, encode_shown};
    let mut table = Table::new(3, true, b"show");
    table.run().unwrap();
    for seat in 0..3 {
        let hand = table.devices[seat].seat_deal().unwrap().hand;
        for &piece in &hand {
            let shown = table.devices[seat].show(piece).unwrap();
            let bytes = encode_shown(&shown);
            for other in (0..3).filter(|&d| d != seat) {
                table.devices[other].take_shown(&decode_shown(&bytes).unwrap(), piece).unwrap();
                assert!(table.devices[other].is_shown(usize::from(shown.position)));
                assert_eq!(table.devices[other].try_open(usize::from(shown.position)), Ok(piece));
            }
        }
        assert_eq!(table.devices[seat].show(hand[0]), Err(DealError::NotInHand { piece: hand[0] }));
    }
    table.publish_all().unwrap();
    assert!(table.devices.iter().all(|d| d.verified().is_some()));
}

/// A piece is shown only once the deal is dealt: before, there is nothing to show.
#[test]
fn a_piece_is_shown_only_once_dealt() {
    let mut table = Table::new(2, false, b"early");
    let piece = PieceCopies::new(simulation::players(2)).piece(0).unwrap();
    assert_eq!(table.devices[0].show(piece), Err(DealError::NotDealt));
    table.run().unwrap();
    let hand = table.devices[0].seat_deal().unwrap().hand;
    assert!(table.devices[0].show(hand[0]).is_ok());
}

/// R40: dealt, a device can open nothing beyond its seat's nine, the board and the luminous
/// piece; published, still nothing by its keys (the whole deal is read from the published
/// secrets, once verified).
#[test]
fn r40_a_device_opens_nothing_beyond_its_seat_by_its_keys() {
    let mut table = Table::new(3, true, b"beyond");
    table.run().unwrap();
    for device in &table.devices {
        assert_eq!(device.opens_beyond_its_seat(), Vec::<usize>::new(), "{}", device.me());
        assert!(device.try_open(device.entitled().next().unwrap()).is_ok());
    }
    table.publish_all().unwrap();
    for device in &table.devices {
        assert_eq!(device.opens_beyond_its_seat(), Vec::<usize>::new(), "{}", device.me());
        assert!(device.verified().is_some());
    }
    // Every seat's sealed keys delivered to every device, as a relaying device would: each
    // box opens for its own seat only, and no device opens another's nine.
    let mut leaky = Table::new(2, true, b"leaky");
    leaky.relay_everything = true;
    leaky.run().unwrap();
    assert!(
        leaky.devices.iter().all(|d| d.opens_beyond_its_seat().is_empty()),
        "sealed boxes open only for their seat"
    );
}
