//! The messages of joint play (DEAL-PROTOCOL.md, "Playing the Season"): the steps of each
//! Season's deal, its throws' values included, and the game's actions with what each shows.

use lauzait_engine::{Action, PieceCounts};
use lauzait_joint_deal::{Device, Digest, Message, Recipient, Shown};

/// One message between the devices of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayMessage {
    /// A step of Season `season`'s deal (counted from 1), or a device's chain value for its
    /// start or a throw.
    /// `step` is how many actions its sender's record held as it sent it: a publication from
    /// a later step than the receiver's comes from a Season's end the receiver has not
    /// reached yet (its last action is still on its way), not from a deal given up.
    Deal { season: u8, step: u32, message: Message },
    /// An action of the game.
    Act(Act),
    /// A device's vote to give the Season up as void because the devices it names have left
    /// the table (DEAL-PROTOCOL.md, "A device that leaves mid-Season").
    Void(Void),
}

impl PlayMessage {
    /// The device that sent it (as the transport authenticates it: DEAL-PROTOCOL.md).
    pub fn from(&self) -> Device {
        match self {
            PlayMessage::Deal { message, .. } => message.from(),
            PlayMessage::Act(act) => act.from,
            PlayMessage::Void(void) => void.from,
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

/// `from`'s vote to give Season `season` up as void without the devices in `left`, which have
/// left the table: once every device not in `left` has voted for the same `left`, the Season
/// is void at every device, and nothing of it is published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Void {
    pub from: Device,
    pub season: u8,
    /// The devices that left, in seat order, never `from`.
    pub left: Vec<Device>,
}

/// A message a device sends, and to whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub to: Recipient,
    pub message: PlayMessage,
}
