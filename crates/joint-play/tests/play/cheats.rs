//! Cheats, each as the cheating device would do it: it changes (or keeps back) what it sends.
//! Every honest device stops the game, naming the cheating device; a withheld value stalls the
//! throw, and every honest device sees which device it waits for.

use super::table::Table;
use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, Piece, PlayerCount};
use lauzait_joint_deal::{Cheat, Device, Digest, Fault, Message, PieceCopies, Recipient, Step};
use lauzait_joint_play::{public_state, Act, Outgoing, PlayMessage, PlayPhase, Stop};

/// Plays honest Days (the cheater's device plays its seat too, changing only what its tamper
/// changes) until the honest devices leave play: the phase they are then in.
fn play_until_play_stops(table: &mut Table, days: u64) -> PlayPhase {
    table.run();
    for day in 0..days {
        let PlayPhase::Playing { to_move } = table.phase() else { return table.phase() };
        let game = table.devices[to_move].game().unwrap().view().rebuild().unwrap();
        let (actions, _) = plan_whole_day(&game, to_move, Level::Easy, day, 0).unwrap();
        for action in actions {
            let _ = table.act(to_move, action);
            if !matches!(table.phase(), PlayPhase::Playing { .. }) {
                return table.phase();
            }
        }
    }
    panic!("the honest devices are still playing after {days} Days")
}

/// The cheat every honest device stopped the game for, the same everywhere.
fn stopped_by(table: &Table, cheater: Device) -> Cheat {
    let PlayPhase::Stopped(Stop::Cheat(cheat)) = table.phase() else { panic!("not stopped: {:?}", table.phase()) };
    assert_eq!(cheat.device, cheater, "{cheat}");
    assert!(cheat.to_string().starts_with(&format!("{cheater} cheated")), "{cheat}");
    cheat
}

/// The seat whose first Day it is, once the first Season is dealt.
fn first_mover(table: &mut Table) -> usize {
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("not dealt: {:?}", table.phase()) };
    to_move
}

/// A piece `seat` was not dealt (and that is in play with this many players).
fn not_dealt(table: &Table, seat: usize, players: PlayerCount) -> Piece {
    let hand = table.devices[seat].deal().seat_deal().unwrap().hand;
    Piece::all().find(|p| p.is_in_play(players) && !hand.contains(p)).unwrap()
}

/// R12.1: the device whose Day it is discards a piece it was not dealt, showing a position of
/// its own that holds another.
#[test]
fn r12_1_a_discard_of_a_piece_not_dealt_stops_the_game_naming_the_device() {
    let mut table = Table::new(3, true, b"discard not dealt");
    let seat = first_mover(&mut table);
    let cheater = table.device(seat as u8);
    let forged = not_dealt(&table, seat, PlayerCount::Three);
    table.cheat = Some((
        cheater,
        Box::new(move |_, m| {
            if let PlayMessage::Act(act) = m {
                if let Action::Discard { .. } = act.action {
                    act.action = Action::Discard { piece: forged };
                }
            }
            true
        }),
    ));
    play_until_play_stops(&mut table, 3);
    let cheat = stopped_by(&table, cheater);
    assert!(matches!(cheat.fault, Fault::NotThatPiece { claimed, .. } if claimed == forged), "{cheat:?}");
    assert!(matches!(cheat.step, Step::Shown { .. }));
}

/// R11: the device whose Day it is declares Lauzait-Cep! with a hand it does not hold: one of
/// its pieces swapped for one it was not dealt, each piece shown from its deal.
#[test]
fn r11_a_declaration_with_a_hand_not_held_stops_the_game_naming_the_device() {
    let mut table = Table::new(2, false, b"declare not held");
    let seat = first_mover(&mut table);
    let cheater = table.device(seat as u8);
    let device = &table.devices[seat];
    let view = device.game().unwrap().view().clone();
    let mut deal = device.deal().clone();
    let shown = view.concealed.pieces().map(|p| deal.show(p).unwrap()).collect();
    let mut hand = view.concealed;
    let swapped = hand.pieces().next().unwrap();
    hand.remove(swapped);
    hand.add(not_dealt(&table, seat, PlayerCount::Two));
    let act = Act {
        from: cheater,
        step: device.step(),
        state: public_state(&view),
        action: Action::Declare,
        hand: Some(hand),
        shown,
    };
    table.send(vec![Outgoing { to: Recipient::Everyone, message: PlayMessage::Act(act) }]);
    table.run();
    let honest = table.device(1 - seat as u8);
    let PlayPhase::Stopped(Stop::Cheat(cheat)) = table.devices[honest.index()].phase() else {
        panic!("{:?}", table.devices[honest.index()].phase())
    };
    assert_eq!(cheat.device, cheater);
    assert!(matches!(cheat.fault, Fault::NotThatPiece { .. }), "{cheat:?}");
}

/// R12.6: a device reveals a value that is not the next of its hash chain, as if it could pick
/// its throw.
#[test]
fn r12_6_a_throw_value_off_the_chain_stops_the_game_naming_the_device() {
    let mut table = Table::new(4, false, b"off chain");
    let cheater = table.device(2);
    table.cheat = Some((
        cheater,
        Box::new(|_, m| {
            // The Season's first value draws its start (R7); the throws come after it.
            if let PlayMessage::Deal { message: Message::ThrowValue(v), .. } = m {
                if v.throw >= 2 {
                    v.value = Digest([9; 32]);
                }
            }
            true
        }),
    ));
    play_until_play_stops(&mut table, 400);
    let cheat = stopped_by(&table, cheater);
    assert!(matches!((cheat.step, cheat.fault), (Step::Throw { throw }, Fault::ChainMismatch) if throw >= 2));
}

/// R12.6: a device keeps its value back once a Hiring into the Water is fixed: the throw waits,
/// and every honest device sees that it waits for that device.
#[test]
fn r12_6_a_withheld_value_stalls_the_throw_naming_the_device() {
    let mut table = Table::new(3, true, b"withheld");
    let cheater = table.device(1);
    table.cheat = Some((
        cheater,
        Box::new(|_, m| !matches!(m, PlayMessage::Deal { message: Message::ThrowValue(v), .. } if v.throw >= 2)),
    ));
    let phase = play_until_play_stops(&mut table, 400);
    assert_eq!(phase, PlayPhase::Throwing { awaited: vec![cheater] });
}

/// R6: a device replaces an entry of its shuffle with a Joker of its choosing: the deal breaks,
/// and the publication that follows (when a device finds a position that opens to no piece,
/// or at the Season's end) names the device and its shuffle.
#[test]
fn r6_a_substituted_piece_in_a_shuffle_stops_the_game_naming_the_device() {
    let mut table = Table::new(3, true, b"substitute");
    let cheater = table.device(1);
    let joker = *PieceCopies::new(PlayerCount::Three).points().last().unwrap();
    table.cheat = Some((
        cheater,
        Box::new(move |devices, m| {
            if let PlayMessage::Deal { season: 1, message: Message::Shuffle(s), .. } = m {
                let secret = devices[1].deal().held_scalars()[0];
                s.list[0] = (secret * joker).compress();
            }
            true
        }),
    ));
    play_until_play_stops(&mut table, 400);
    let cheat = stopped_by(&table, cheater);
    assert_eq!((cheat.step, cheat.fault), (Step::Shuffle, Fault::NotAPermutation));
}

/// A device whose public game differs (it sends an action on another game than the others'):
/// every honest device stops, naming it and the step where the games first differ.
#[test]
fn a_disagreement_about_the_public_game_stops_it_naming_the_device_and_the_step() {
    let mut table = Table::new(3, false, b"disagree");
    let seat = first_mover(&mut table);
    let cheater = table.device(seat as u8);
    table.cheat = Some((
        cheater,
        Box::new(|_, m| {
            if let PlayMessage::Act(act) = m {
                act.state = Digest([1; 32]);
            }
            true
        }),
    ));
    let step = table.devices[seat].step();
    play_until_play_stops(&mut table, 3);
    let stop = table.phase();
    assert_eq!(stop, PlayPhase::Stopped(Stop::Disagreement { device: cheater, step }));
    let PlayPhase::Stopped(stop) = stop else { unreachable!() };
    assert!(stop.to_string().contains(&format!("{cheater} sees another game")), "{stop}");
}
