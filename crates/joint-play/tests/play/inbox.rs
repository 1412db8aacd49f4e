//! The inbox in front of each device: a message that comes early is held and taken in its
//! turn, an exact repeat is ignored, a different message for a step already filled stops the
//! game naming its sender, a flood of early messages is refused past a limit, and the inbox
//! says whom the device waits for. (Whole games in any order are
//! `r6_r40_messages_in_any_order_and_some_twice_give_the_same_game`.)

use super::table::Table;
use lauzait_engine::Action;
use lauzait_joint_deal::Digest;
use lauzait_joint_play::{
    Act, ActSlot, Awaited, Inbox, InboxError, PlayError, PlayMessage, PlayPhase, Slot, Stop, Waiting,
    MAX_HELD_PER_DEVICE,
};

/// A table of three whose first Day waits: the seat whose Day it is, and its first action's
/// message as its device sends it (not delivered).
fn first_action() -> (Table, usize, Act) {
    let mut table = Table::new(3, true, b"inbox");
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("{:?}", table.phase()) };
    let game = table.devices[to_move].game().unwrap().view().rebuild().unwrap();
    let action = game.day().legal_actions(game.players())[0];
    let out = table.devices[to_move].clone().act(action).unwrap();
    let PlayMessage::Act(act) = out[0].message.clone() else { panic!("{out:?}") };
    (table, to_move, act)
}

/// Another seat than `seat`.
fn other(seat: usize) -> usize {
    (seat + 1) % 3
}

#[test]
fn the_inbox_says_whom_the_device_waits_for() {
    let (table, mover, act) = first_action();
    let inbox = Inbox::new(table.devices[other(mover)].clone());
    let mover_device = table.device(mover as u8);
    assert_eq!(inbox.waiting(), Waiting { awaited: Awaited::Day { from: mover_device }, held: vec![] });
    // An action of the step after it waits too, held, counted for its sender.
    let mut inbox = inbox;
    let later = Act { step: act.step + 1, ..act.clone() };
    assert_eq!(inbox.receive(PlayMessage::Act(later)), Ok(vec![]));
    assert_eq!(inbox.waiting().held, vec![(mover_device, 1)]);
    // A new table's devices wait for each other's greetings.
    let fresh = Table::new(3, false, b"greetings");
    let waiting = Inbox::new(fresh.devices[0].clone()).waiting();
    assert_eq!(waiting.awaited, Awaited::Deal { season: 1, from: vec![fresh.device(1), fresh.device(2)] });
}

#[test]
fn an_exact_repeat_is_ignored_and_a_different_action_for_the_step_stops_the_game_naming_the_device() {
    let (table, mover, act) = first_action();
    let mut inbox = Inbox::new(table.devices[other(mover)].clone());
    inbox.receive(PlayMessage::Act(act.clone())).unwrap();
    let step = inbox.device().step();
    let saved = inbox.save();
    assert_eq!(inbox.receive(PlayMessage::Act(act.clone())), Ok(vec![]), "a repeat changes nothing");
    assert_eq!((inbox.device().step(), inbox.save()), (step, saved));
    let changed = Act { state: Digest([7; 32]), ..act.clone() };
    let refused = inbox.receive(PlayMessage::Act(changed)).unwrap_err();
    let slot = Slot::Act { from: act.from, step: act.step, what: ActSlot::Move };
    let stop = Stop::Equivocated { device: act.from, slot };
    assert_eq!(refused, InboxError::Refused(PlayError::Stopped(stop.clone())));
    assert_eq!(inbox.device().phase(), PlayPhase::Stopped(stop.clone()));
    assert!(stop.to_string().starts_with(&format!("{} sent two different messages for its action at step", act.from)));
    // The stop survives a reload.
    let restored = Inbox::restore(&inbox.save()).unwrap();
    assert_eq!(restored.device().phase(), PlayPhase::Stopped(stop));
}

#[test]
fn two_different_early_messages_for_one_step_stop_the_game_naming_the_device() {
    let (table, mover, act) = first_action();
    let mut inbox = Inbox::new(table.devices[other(mover)].clone());
    let later = Act { step: act.step + 1, ..act.clone() };
    inbox.receive(PlayMessage::Act(later.clone())).unwrap();
    assert_eq!(inbox.receive(PlayMessage::Act(later.clone())), Ok(vec![]), "a repeat of a held message");
    let changed = Act { action: Action::EndSeasonByAgreement, ..later.clone() };
    assert_eq!(inbox.receive(PlayMessage::Act(changed)), Ok(vec![]), "an agreement fills another slot");
    let changed = Act { state: Digest([3; 32]), ..later };
    let refused = inbox.receive(PlayMessage::Act(changed));
    assert!(
        matches!(refused, Err(InboxError::Refused(PlayError::Stopped(Stop::Equivocated { device, .. }))) if device == act.from),
        "{refused:?}"
    );
}

#[test]
fn a_held_message_is_taken_in_its_turn() {
    let (mut table, mover, act) = first_action();
    let watcher = other(mover);
    let mut inbox = Inbox::new(table.devices[watcher].clone());
    // The mover's first two actions, the second delivered first.
    let out = table.devices[mover].act(act.action).unwrap();
    table.send(out);
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("{:?}", table.phase()) };
    let game = table.devices[to_move].game().unwrap().view().rebuild().unwrap();
    let second = game.day().legal_actions(game.players())[0];
    let out = table.devices[to_move].act(second).unwrap();
    let PlayMessage::Act(second) = out[0].message.clone() else { panic!("{out:?}") };
    inbox.receive(PlayMessage::Act(second)).unwrap();
    assert_eq!(inbox.held().len(), 1);
    inbox.receive(PlayMessage::Act(act)).unwrap();
    assert!(inbox.held().is_empty(), "the held action was taken once the one before it was");
    assert_eq!(inbox.device().step(), 2);
}

#[test]
fn a_flood_of_early_messages_is_refused_past_the_limit() {
    let (table, mover, act) = first_action();
    let mut inbox = Inbox::new(table.devices[other(mover)].clone());
    for ahead in 1..=MAX_HELD_PER_DEVICE as u32 {
        inbox.receive(PlayMessage::Act(Act { step: act.step + ahead, ..act.clone() })).unwrap();
    }
    let flood = Act { step: act.step + 1000, ..act.clone() };
    assert_eq!(inbox.receive(PlayMessage::Act(flood)), Err(InboxError::TooManyHeld { from: act.from }));
}
