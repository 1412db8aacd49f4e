//! The step each message fills: a device sends one message per slot (its shuffle of a Season,
//! its action at a step, its value for a throw…), so two different messages for one slot
//! are a cheat, and the same message twice is a repeat ([`crate::Inbox`]).

use super::message::PlayMessage;
use lauzait_engine::Action;
use lauzait_joint_deal::{Device, Message};
use std::fmt;

/// A step of a Season's deal that a device sends one message for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealSlot {
    Greeting,
    Shuffle,
    Lock,
    /// Its keys for the board and the luminous piece.
    Reveal,
    /// Its keys for `to`'s nine.
    Sealed {
        to: Device,
    },
    Publication,
    /// Its chain value for a throw or for the Season's start (counted from 1).
    Value {
        throw: u32,
    },
}

/// What an action message is for: a step of its seat's Day, or an agreement to end the
/// Season or the game (sent at the same step as a Day's action may be, and for both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActSlot {
    Move,
    Agreement(Action),
}

/// The step a message fills, and its sender.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Deal {
        season: u8,
        from: Device,
        step: DealSlot,
    },
    Act {
        from: Device,
        step: u32,
        what: ActSlot,
    },
    /// A vote to give Season `season` up without `left`.
    Void {
        season: u8,
        from: Device,
        left: Vec<Device>,
    },
}

impl Slot {
    /// The slot `message` fills.
    pub fn of(message: &PlayMessage) -> Slot {
        match message {
            PlayMessage::Deal { season, message, .. } => {
                let step = match message {
                    Message::Hello(_) => DealSlot::Greeting,
                    Message::Shuffle(_) => DealSlot::Shuffle,
                    Message::Lock(_) => DealSlot::Lock,
                    Message::Reveal(_) => DealSlot::Reveal,
                    Message::Sealed(m) => DealSlot::Sealed { to: m.to },
                    Message::Publish(_) => DealSlot::Publication,
                    Message::ThrowValue(m) => DealSlot::Value { throw: m.throw },
                };
                Slot::Deal { season: *season, from: message.from(), step }
            }
            PlayMessage::Act(act) => {
                let what = match act.action {
                    Action::EndSeasonByAgreement | Action::EndGameByAgreement => ActSlot::Agreement(act.action),
                    _ => ActSlot::Move,
                };
                Slot::Act { from: act.from, step: act.step, what }
            }
            PlayMessage::Void(void) => Slot::Void { season: void.season, from: void.from, left: void.left.clone() },
        }
    }

    /// The device that fills it.
    pub fn from(&self) -> Device {
        match self {
            Slot::Deal { from, .. } | Slot::Act { from, .. } | Slot::Void { from, .. } => *from,
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Deal { season, step, .. } => {
                let step = match step {
                    DealSlot::Greeting => "its greeting".to_string(),
                    DealSlot::Shuffle => "its shuffle".to_string(),
                    DealSlot::Lock => "its lock step".to_string(),
                    DealSlot::Reveal => "its keys for the board".to_string(),
                    DealSlot::Sealed { to } => format!("its keys for {to}'s hand"),
                    DealSlot::Publication => "its publication".to_string(),
                    DealSlot::Value { throw } => format!("its value for throw {throw}"),
                };
                write!(f, "{step} in Season {season}'s deal")
            }
            Slot::Act { step, what: ActSlot::Move, .. } => write!(f, "its action at step {step}"),
            Slot::Act { step, what: ActSlot::Agreement(_), .. } => write!(f, "its agreement at step {step}"),
            Slot::Void { season, .. } => write!(f, "its vote to give Season {season} up"),
        }
    }
}
