//! Cheats, each written as the cheating device would do it: it computes its step honestly,
//! then changes what it sends. Each test asserts that every honest device names that device
//! and the step (DEAL-PROTOCOL.md, "What a cheating device can do").

use lauzait_joint_deal::simulation;

use lauzait_engine::Piece;
use lauzait_joint_deal::seal;
use lauzait_joint_deal::{
    Cheat, DealDevice, DealError, Device, Fault, Message, Phase, PieceCopies, Scalar, Shown, Step,
};
use simulation::Table;

/// The refusals of the devices other than `cheater`, which must be at least one and all the
/// same cheat.
fn named_by_the_others(refused: Vec<(Device, DealError)>, cheater: Device) -> Cheat {
    let honest: Vec<DealError> = refused.into_iter().filter(|(d, _)| *d != cheater).map(|(_, e)| e).collect();
    let Some(DealError::Cheat(first)) = honest.first().cloned() else {
        panic!("no honest device named a cheat: {honest:?}")
    };
    assert!(honest.iter().all(|e| *e == DealError::Cheat(first)), "{honest:?}");
    assert_eq!(first.device, cheater, "{first}");
    first
}

/// Deals to the end (refusals mid-Season allowed, as a broken deal gives them), publishes, and
/// returns what the honest devices found.
fn caught_at_publication(mut table: Table, cheater: Device) -> Cheat {
    let _ = table.publish_all();
    let honest: Vec<&DealDevice> = table.devices.iter().filter(|d| d.me() != cheater).collect();
    assert!(honest.iter().all(|d| d.verified().is_none()));
    // Each honest device checks again what it holds, to read the verdict.
    let verdicts: Vec<Cheat> = honest
        .iter()
        .map(|d| {
            match lauzait_joint_deal::verify(d.setup(), &PieceCopies::new(d.setup().layout().players()), d.transcript())
            {
                Err(DealError::Cheat(c)) => c,
                other => panic!("{} did not name a cheat: {other:?}", d.me()),
            }
        })
        .collect();
    assert!(verdicts.iter().all(|v| *v == verdicts[0]), "{verdicts:?}");
    assert_eq!(verdicts[0].device, cheater, "{}", verdicts[0]);
    verdicts[0]
}

#[test]
fn a_shuffle_that_copies_a_piece_is_refused_at_once() {
    let mut table = Table::new(3, true, b"copy");
    let cheater = table.device(1);
    let refused = table
        .run_tampered(&mut |_, m| {
            if let Message::Shuffle(s) = m {
                if s.from == cheater {
                    s.list[5] = s.list[3];
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Shuffle, Fault::Repeated { position: 5 }));
}

#[test]
fn a_shuffle_that_replaces_a_piece_is_caught_at_publication() {
    let mut table = Table::new(3, true, b"replace");
    let cheater = table.device(1);
    let copies = PieceCopies::new(table.setup.layout().players());
    // The cheater puts a Joker of its choosing (the last copy) in place of its list's first
    // entry, masked with its own secret only.
    let joker = *copies.points().last().unwrap();
    let _ = table.run_tampered(&mut |devices, m| {
        if let Message::Shuffle(s) = m {
            if s.from == cheater {
                let secret = devices[cheater.index()].held_scalars()[0];
                s.list[0] = (secret * joker).compress();
            }
        }
    });
    let cheat = caught_at_publication(table, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Shuffle, Fault::NotAPermutation));
}

#[test]
fn a_board_key_other_than_the_committed_one_is_refused_at_once() {
    let mut table = Table::new(3, false, b"public key");
    let cheater = table.device(2);
    let refused = table
        .run_tampered(&mut |_, m| {
            if let Message::Reveal(r) = m {
                if r.from == cheater {
                    r.keys[4] += Scalar::ONE;
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    let position = table.setup.public_positions()[4];
    assert_eq!((cheat.step, cheat.fault), (Step::PublicOpening { position }, Fault::KeyNotCommitted));
}

#[test]
fn a_lock_step_that_moves_a_hand_piece_onto_the_board_is_caught() {
    // The last device to lock swaps seat 1's first position with the first board position,
    // hoping to put that piece face up: neither position opens, and publication names it.
    let mut table = Table::new(4, true, b"swap");
    let cheater = table.device(3);
    let board = table.setup.public_positions()[0];
    let refused = table
        .run_tampered(&mut |_, m| {
            if let Message::Lock(l) = m {
                if l.from == cheater {
                    l.list.swap(0, board);
                }
            }
        })
        .unwrap_err();
    assert!(refused.iter().any(|(_, e)| *e == DealError::Unopenable { position: board }), "{refused:?}");
    assert_eq!(table.devices[1].phase(), Phase::Broken { position: board });
    assert_eq!(table.devices[1].reveal_throw(), Err(DealError::NotDealt));
    let cheat = caught_at_publication(table, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Lock { position: 0 }, Fault::LockMismatch));
}

/// The cheater reopens its own sealed box to `to`, changes what `change` says and seals again.
fn tamper_sealed(
    table: &mut Table,
    cheater: Device,
    to: Device,
    change: fn(&mut Vec<Scalar>),
) -> Vec<(Device, DealError)> {
    let context = table.setup.context();
    table
        .run_tampered(&mut |devices, m| {
            if let Message::Sealed(s) = m {
                if s.from == cheater && s.to == to {
                    let own = devices[cheater.index()].held_scalars()[1];
                    let greeting = devices[cheater.index()].transcript().greetings[to.index()].clone().unwrap();
                    let mut keys = seal::open(&context, cheater, to, &own, &greeting.identity, &s.sealed).unwrap();
                    change(&mut keys);
                    s.sealed = seal::seal(&context, cheater, to, &own, &greeting.identity, &keys);
                }
            }
        })
        .unwrap_err()
}

#[test]
fn a_wrong_key_sealed_to_a_seat_is_refused_by_that_seat() {
    let mut table = Table::new(3, true, b"sealed key");
    let (cheater, seat) = (table.device(1), table.device(2));
    let refused = tamper_sealed(&mut table, cheater, seat, |keys| keys[2] += Scalar::ONE);
    let cheat = named_by_the_others(refused, cheater);
    let position = table.setup.layout().hand(seat.index()).start + 2;
    let step = Step::PrivateOpening { to: seat, position: Some(position) };
    assert_eq!((cheat.step, cheat.fault), (step, Fault::KeyNotCommitted));
}

#[test]
fn a_sealed_box_that_does_not_open_is_refused_by_its_seat() {
    let mut table = Table::new(2, true, b"damaged box");
    let (cheater, seat) = (table.device(0), table.device(1));
    let refused = table
        .run_tampered(&mut |_, m| {
            if let Message::Sealed(s) = m {
                if s.from == cheater {
                    s.sealed[7] ^= 1;
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::PrivateOpening { to: seat, position: None }, Fault::Undecryptable));
}

#[test]
fn a_published_key_other_than_the_one_used_is_caught() {
    let mut table = Table::new(3, true, b"published key");
    table.run().unwrap();
    let cheater = table.device(2);
    let refused = table
        .publish_all_tampered(&mut |_, m| {
            if let Message::Publish(p) = m {
                if p.from == cheater {
                    p.keys[10] += Scalar::ONE;
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Lock { position: 10 }, Fault::KeyNotCommitted));
}

#[test]
fn a_published_global_secret_other_than_the_one_used_is_caught() {
    let mut table = Table::new(2, false, b"published secret");
    table.run().unwrap();
    let cheater = table.device(0);
    let refused = table
        .publish_all_tampered(&mut |_, m| {
            if let Message::Publish(p) = m {
                if p.from == cheater {
                    p.global += Scalar::ONE;
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Publication, Fault::SecretNotCommitted));
}

#[test]
fn a_step_sent_twice_differently_is_refused() {
    let mut table = Table::new(2, true, b"twice");
    table.run().unwrap();
    let other = table.device(1);
    let mut greeting = table.devices[0].transcript().greetings[0].clone().unwrap().hello;
    assert_eq!(table.devices[1].receive(Message::Hello(greeting.clone())), Ok(vec![]));
    greeting.chain_head.0[0] ^= 1;
    let cheat = Cheat { device: table.device(0), step: Step::Greeting, fault: Fault::Changed };
    assert_eq!(table.devices[other.index()].receive(Message::Hello(greeting)), Err(DealError::Cheat(cheat)));
}

#[test]
fn a_published_permutation_other_than_the_one_used_is_caught() {
    let mut table = Table::new(4, false, b"published permutation");
    table.run().unwrap();
    let cheater = table.device(1);
    let refused = table
        .publish_all_tampered(&mut |_, m| {
            if let Message::Publish(p) = m {
                if p.from == cheater {
                    p.permutation.swap(0, 1);
                }
            }
        })
        .unwrap_err();
    let cheat = named_by_the_others(refused, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Shuffle, Fault::NotAPermutation));
}

#[test]
fn the_last_device_to_publish_still_sends_its_secrets_when_the_check_fails() {
    let mut table = Table::new(2, false, b"last to publish");
    table.run().unwrap();
    let cheater = table.device(1);
    let mut out = table.devices[cheater.index()].publish();
    if let Message::Publish(p) = &mut out[0].message {
        p.keys[3] += Scalar::ONE;
    }
    table.send(out);
    table.run().unwrap();
    let out = table.devices[0].publish();
    assert!(matches!(out.as_slice(), [o] if matches!(o.message, Message::Publish(_))));
    let cheat = Cheat { device: cheater, step: Step::Lock { position: 3 }, fault: Fault::KeyNotCommitted };
    assert_eq!(table.devices[0].phase(), Phase::Failed(DealError::Cheat(cheat)));
}

/// A dealt table of three and, for seat 1, a piece of its hand and a piece it was not dealt.
fn dealt_with_pieces(seed: &[u8]) -> (Table, Piece, Piece) {
    let mut table = Table::new(3, true, seed);
    table.run().unwrap();
    let hand = table.devices[1].seat_deal().unwrap().hand;
    let copies = PieceCopies::new(table.setup.layout().players());
    let not_dealt = (0..copies.len()).filter_map(|c| copies.piece(c)).find(|p| !hand.contains(p)).unwrap();
    (table, hand[0], not_dealt)
}

/// What every device but seat 1 says of `shown` played as `claimed`; all must agree.
fn taken_by_the_others(table: &mut Table, shown: &Shown, claimed: Piece) -> Result<(), DealError> {
    let verdicts: Vec<_> = [0, 2].iter().map(|&d| table.devices[d].take_shown(shown, claimed)).collect();
    assert_eq!(verdicts[0], verdicts[1]);
    verdicts[0].clone()
}

/// R12.1: a seat discarding a piece it was not dealt can show only a position of its own,
/// which opens to another piece; every other device names it, and nothing changes there.
#[test]
fn r12_1_a_discard_of_a_piece_not_dealt_is_refused_naming_the_device() {
    let (mut table, dealt, not_dealt) = dealt_with_pieces(b"not dealt");
    let cheater = table.device(1);
    let shown = table.devices[1].show(dealt).unwrap();
    let refused = taken_by_the_others(&mut table, &shown, not_dealt).unwrap_err();
    let position = usize::from(shown.position);
    let expected = Cheat {
        device: cheater,
        step: Step::Shown { position },
        fault: Fault::NotThatPiece { claimed: not_dealt, opened: dealt },
    };
    assert_eq!(refused, DealError::Cheat(expected));
    assert!(!table.devices[0].is_shown(position), "a refusal changes nothing");
    assert_eq!(taken_by_the_others(&mut table, &shown, dealt), Ok(()));
}

/// A seat showing a position of another seat's hand, of the board or of the pool, with the
/// keys it holds for it, is refused before any key is looked at.
#[test]
fn a_piece_shown_from_a_position_not_in_the_seats_hand_is_refused() {
    let (mut table, _, _) = dealt_with_pieces(b"not its own");
    let cheater = table.device(1);
    let layout = table.setup.layout();
    for position in [layout.hand(2).start, layout.board().next().unwrap().0, layout.pool().start] {
        let keys =
            (0..3).map(|d| table.devices[1].known_key(table.device(d), position).unwrap_or(Scalar::ONE)).collect();
        let shown = Shown { from: cheater, position: position as u8, keys };
        let piece = table.devices[0].try_open(position).unwrap_or(Piece::JOKER);
        let refused = taken_by_the_others(&mut table, &shown, piece).unwrap_err();
        let expected = Cheat { device: cheater, step: Step::Shown { position }, fault: Fault::NotItsPosition };
        assert_eq!(refused, DealError::Cheat(expected));
    }
}

/// One dealt piece played twice: the second showing of its position is refused.
#[test]
fn a_piece_shown_twice_is_refused() {
    let (mut table, dealt, _) = dealt_with_pieces(b"twice");
    let shown = table.devices[1].show(dealt).unwrap();
    assert_eq!(taken_by_the_others(&mut table, &shown, dealt), Ok(()));
    let refused = taken_by_the_others(&mut table, &shown, dealt).unwrap_err();
    let step = Step::Shown { position: usize::from(shown.position) };
    assert_eq!(refused, DealError::Cheat(Cheat { device: table.device(1), step, fault: Fault::ShownTwice }));
}

/// A key other than the one its device committed to in its lock step (a seat trying to open
/// its position to another piece) is refused, whichever device's key it replaces.
#[test]
fn a_shown_piece_with_a_key_other_than_the_committed_one_is_refused() {
    let (mut table, dealt, _) = dealt_with_pieces(b"wrong key");
    let honest = table.devices[1].clone().show(dealt).unwrap();
    for d in 0..3 {
        let mut shown = honest.clone();
        shown.keys[d] *= Scalar::from(2u8);
        let refused = taken_by_the_others(&mut table, &shown, dealt).unwrap_err();
        let step = Step::Shown { position: usize::from(shown.position) };
        assert_eq!(refused, DealError::Cheat(Cheat { device: table.device(1), step, fault: Fault::KeyNotCommitted }));
        shown.keys.pop();
        let refused = taken_by_the_others(&mut table, &shown, dealt).unwrap_err();
        let fault = Fault::WrongLength { expected: 3, got: 2 };
        assert_eq!(refused, DealError::Cheat(Cheat { device: table.device(1), step, fault }));
    }
    assert_eq!(taken_by_the_others(&mut table, &honest, dealt), Ok(()));
}
