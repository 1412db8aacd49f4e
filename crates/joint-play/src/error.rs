//! What can go wrong in joint play, typed: a message refused for now (nothing changes; it may
//! be delivered again), a request of this device's own player refused, or the game stopped
//! for good ([`Stop`]), naming the device at fault and the step.

use crate::slot::Slot;
use lauzait_engine::notation::ActionToken;
use lauzait_engine::{Action, SeatGameError};
use lauzait_joint_deal::{Cheat, DealError, Device, SetupError};
use std::fmt;

/// How a device's action broke the protocol of play (beyond what the deal checks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayFault {
    /// It acted in another seat's Day.
    NotItsDay { to_move: usize },
    /// It sent a step that cannot be shown to every device and then taken back (Undo), or
    /// one the table takes itself (the next Season begins once its deal is dealt).
    NotInJointPlay { action: Action },
    /// It showed another number of pieces from the deal than the action plays beyond what
    /// everyone saw it take.
    ShownCount { expected: usize, got: usize },
    /// It showed a piece in another device's name.
    ShownForAnother { named: Device },
    /// A declaration or a Stalemate came without its hand (R11, R19).
    HandMissing,
    /// A hand came with an action that shows none.
    HandUnused,
    /// The rules refuse the action, as this device knows the game.
    Rules(SeatGameError),
}

impl fmt::Display for PlayFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayFault::NotItsDay { to_move } => write!(f, "acted in seat {}'s Day", to_move + 1),
            PlayFault::NotInJointPlay { action } => write!(f, "sent {}, which no device sends", ActionToken(*action)),
            PlayFault::ShownCount { expected, got } => {
                write!(f, "showed {got} pieces from its deal where the action plays {expected}")
            }
            PlayFault::ShownForAnother { named } => write!(f, "showed a piece in {named}'s name"),
            PlayFault::HandMissing => f.write_str("declared without showing its hand (R11, R19)"),
            PlayFault::HandUnused => f.write_str("showed a hand with an action that shows none"),
            PlayFault::Rules(e) => write!(f, "played what the rules refuse: {e}"),
        }
    }
}

/// Why the game stopped at this device, for good: every honest device stops likewise, naming
/// the same device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The deal caught a device cheating: a piece shown that it was not dealt, a throw value
    /// off its chain, a step of the deal found wrong at once or at publication.
    Cheat(Cheat),
    /// A device's action at `step` (the number of actions before it) broke the protocol.
    Misplayed { device: Device, step: u32, fault: PlayFault },
    /// A device's public game differs from this one's at `step`: the first step where it does.
    Disagreement { device: Device, step: u32 },
    /// The deal was given up before the Season's end, first by `by`, and every step of it
    /// checked out: the Season is void.
    Abandoned { by: Device },
    /// The deal's check failed without naming a device (a deal given up before it was dealt).
    DealFailed(DealError),
    /// A device sent two different messages for one step (`slot`): a cheat, whichever came
    /// first.
    Equivocated { device: Device, slot: Slot },
    /// Every device still at the table gave Season `season` up as void because the devices in
    /// `left` left mid-Season: nothing of its deal was published, and it does not count.
    Void { season: u8, left: Vec<Device> },
}

impl Stop {
    /// The device at fault, where one is.
    pub fn device(&self) -> Option<Device> {
        match self {
            Stop::Cheat(cheat) => Some(cheat.device),
            Stop::Misplayed { device, .. } | Stop::Disagreement { device, .. } => Some(*device),
            Stop::Abandoned { by } => Some(*by),
            Stop::Equivocated { device, .. } => Some(*device),
            // Leaving is no cheat: the table just cannot go on without the seat.
            Stop::DealFailed(_) | Stop::Void { .. } => None,
        }
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Cheat(cheat) => cheat.fmt(f),
            Stop::Misplayed { device, step, fault } => {
                write!(f, "{device} {fault} at step {step}. The game cannot go on")
            }
            Stop::Disagreement { device, step } => {
                write!(f, "{device} sees another game than this device from step {step} on. The game cannot go on")
            }
            Stop::Abandoned { by } => {
                write!(f, "{by} gave up the Season's deal; every step of it was honest, and the Season does not count")
            }
            Stop::DealFailed(e) => write!(f, "the Season's deal failed its check: {e}"),
            Stop::Equivocated { device, slot } => {
                write!(f, "{device} sent two different messages for {slot}. The game cannot go on")
            }
            Stop::Void { season, left } => write!(
                f,
                "Season {season} is void: {} left the table, and every other device gave the Season up; \
                 nothing of its deal was shown",
                list(left)
            ),
        }
    }
}

/// Why a device refuses a message or a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has stopped, and why.
    Stopped(Stop),
    /// The deal refuses the message without blame (early, say: deliver it again later).
    Deal(DealError),
    /// A message from a seat not at this table.
    NotAtTable { from: Device },
    /// An action for a later step than this device has reached (`step`): deliver it again once
    /// the steps before it are in.
    Early { from: Device, step: u32 },
    /// An action for a step already taken: a repeat, which changes nothing.
    Stale { from: Device, step: u32 },
    /// A publication of the Season's deal sent at `step`, which this device has not reached:
    /// the Season's end, whose last action is still on its way. Deliver it again once it is in.
    EarlyPublication { from: Device, step: u32 },
    /// A message for a later Season than the one under way here.
    LaterSeason { from: Device, season: u8 },
    /// An action while none can be taken: the Season is being dealt, a throw or a publication
    /// is awaited, or the game is over.
    NotNow,
    /// This device's player asked for an action of another seat's Day.
    NotYourDay { to_move: usize },
    /// This device's player asked for Undo or the next Season, which the table does not take
    /// from one device.
    NotInJointPlay { action: Action },
    /// The rules refuse this device's player's action.
    Refused(SeatGameError),
    /// The setup asks for more throws a Season than a device keeps.
    Setup(SetupError),
    /// A vote to give the Season up (from `from`, this device's own or another's) that names
    /// no device, names its voter, or names a device not at the table.
    NotAVote { from: Device },
}

impl PlayError {
    /// A refusal that leaves the device as it was, a message to deliver again later or a
    /// repeat: nothing of it needs keeping in the device's save.
    pub fn changes_nothing(&self) -> bool {
        matches!(
            self,
            PlayError::Early { .. }
                | PlayError::EarlyPublication { .. }
                | PlayError::Stale { .. }
                | PlayError::LaterSeason { .. }
                | PlayError::NotAtTable { .. }
                | PlayError::NotNow
                | PlayError::NotAVote { .. }
                | PlayError::Deal(DealError::OutOfTurn { .. } | DealError::NotDealt)
        )
    }

    /// A message refused only because it came before the device can use it: one to keep and
    /// deliver again once the steps before it are in ([`crate::Inbox`]).
    pub fn is_early(&self) -> bool {
        matches!(
            self,
            PlayError::Early { .. }
                | PlayError::EarlyPublication { .. }
                | PlayError::LaterSeason { .. }
                | PlayError::NotNow
                | PlayError::Deal(DealError::OutOfTurn { .. } | DealError::NotDealt)
        )
    }
}

fn list(devices: &[Device]) -> String {
    devices.iter().map(Device::to_string).collect::<Vec<_>>().join(", ")
}

impl From<Stop> for PlayError {
    fn from(stop: Stop) -> PlayError {
        PlayError::Stopped(stop)
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Stopped(stop) => stop.fmt(f),
            PlayError::Deal(e) => e.fmt(f),
            PlayError::NotAtTable { from } => write!(f, "a message from {from}, which is not at this table"),
            PlayError::Early { from, step } => {
                write!(f, "{from}'s action for step {step} came early: deliver it again later")
            }
            PlayError::Stale { from, step } => write!(f, "{from}'s action for step {step} was taken already"),
            PlayError::EarlyPublication { from, step } => {
                write!(f, "{from} published its deal at step {step}, which this device has not reached: deliver it again later")
            }
            PlayError::LaterSeason { from, season } => {
                write!(f, "{from}'s message for Season {season} came early: deliver it again later")
            }
            PlayError::NotNow => f.write_str("no action can be taken now: wait for the deal, the throw or the end"),
            PlayError::NotYourDay { to_move } => write!(f, "it is seat {}'s Day", to_move + 1),
            PlayError::NotInJointPlay { action } => {
                write!(f, "{} cannot be taken back or taken by one device at this table", ActionToken(*action))
            }
            PlayError::Refused(e) => e.fmt(f),
            PlayError::Setup(e) => e.fmt(f),
            PlayError::NotAVote { from } => {
                write!(f, "{from}'s vote to give the Season up does not name other devices at this table")
            }
        }
    }
}

impl std::error::Error for PlayError {}
