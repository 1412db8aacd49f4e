//! The messages of joint play (DEAL-PROTOCOL.md, "Playing the Season"): the steps of each
//! Season's deal, its throws' values included, and the game's actions with what each shows.

use lauzait_engine::{Action, PieceCounts};
use lauzait_joint_deal::{Device, Digest, Message, Recipient, Shown};

/// One message between the devices of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayMessage {
    /// A step of Season `season`'s deal (counted from 1), or a device's chain value for its
    /// start or a throw.
    Deal { season: u8, message: Message },
    /// An action of the game.
    Act(Act),
}

impl PlayMessage {
    /// The device that sent it (as the transport authenticates it: DEAL-PROTOCOL.md).
    pub fn from(&self) -> Device {
        match self {
            PlayMessage::Deal { message, .. } => message.from(),
            PlayMessage::Act(act) => act.from,
        }
    }
}

/// An action of `from`'s seat (or `from`'s agreement to end the Season or the game), with
/// everything every other device needs to check it and apply it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Act {
    pub from: Device,
    /// How many actions the game's record holds before this one.
    pub step: u32,
    /// The public game as its sender saw it before the action ([`crate::public_state`]):
    /// a device whose game differs is named at the first step where it does.
    pub state: Digest,
    pub action: Action,
    /// The concealed pieces a declaration or a Stalemate shows (R11, R19): the whole hand.
    pub hand: Option<PieceCounts>,
    /// Each concealed piece the action plays that its seat is not publicly known to hold,
    /// shown from the deal, in the order [`crate::to_show`] gives.
    pub shown: Vec<Shown>,
}

/// A message a device sends, and to whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub to: Recipient,
    pub message: PlayMessage,
}
