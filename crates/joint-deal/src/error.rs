//! What can go wrong in a deal, typed: a device caught cheating ([`Cheat`]: which device, at
//! which step, how), or a message that cannot be taken now ([`DealError`]). Each says what a
//! person can do about it.

use super::ids::Device;
use std::fmt;

/// A step of the protocol, in the order the protocol takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// The first message: identity key, commitment, chain head.
    Greeting,
    /// Raising the whole list to the device's secret and permuting it.
    Shuffle,
    /// Putting the device's key on one position.
    Lock { position: usize },
    /// Opening a board or luminous position to everyone.
    PublicOpening { position: usize },
    /// Opening a hand's positions to its seat (`position` when one key is at fault, `None`
    /// when the sealed box as a whole is).
    PrivateOpening { to: Device, position: Option<usize> },
    /// Publishing the secrets at the Season's end.
    Publication,
    /// A throw of the sticks (R12.6), counted from 1.
    Throw { throw: u32 },
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Greeting => f.write_str("its greeting"),
            Step::Shuffle => f.write_str("its shuffle"),
            Step::Lock { position } => write!(f, "its lock of position {position}"),
            Step::PublicOpening { position } => write!(f, "opening position {position} to everyone"),
            Step::PrivateOpening { to, position: Some(p) } => write!(f, "opening position {p} to {to}"),
            Step::PrivateOpening { to, position: None } => write!(f, "opening {to}'s hand to it"),
            Step::Publication => f.write_str("publishing its secrets"),
            Step::Throw { throw } => write!(f, "throw {throw} of the sticks"),
        }
    }
}

/// How a step was wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A list of the wrong length.
    WrongLength { expected: usize, got: usize },
    /// The entry at `position` is not a group element (or is the identity, which masks nothing).
    NotAPoint { position: usize },
    /// The entry at `position` repeats an earlier one: a piece copied.
    Repeated { position: usize },
    /// A second, different message for a step already taken.
    Changed,
    /// The list is not the previous one raised to the published secret, in any order: a
    /// piece replaced or dropped.
    NotAPermutation,
    /// A key that is not the one committed to.
    KeyNotCommitted,
    /// A published secret that is not the one committed to.
    SecretNotCommitted,
    /// The position is not the previous list's entry with the published secret taken off and
    /// the published key put on.
    LockMismatch,
    /// A sealed box that does not open with the keys agreed.
    Undecryptable,
    /// A published secret of zero, which would erase what it masks.
    ZeroSecret,
    /// A throw value that does not hash to the device's previous one.
    ChainMismatch,
    /// A message for a device that does not take part, or for the sender itself.
    Misaddressed,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::WrongLength { expected, got } => write!(f, "sent {got} entries instead of {expected}"),
            Fault::NotAPoint { position } => write!(f, "sent no valid masked piece at position {position}"),
            Fault::Repeated { position } => write!(f, "repeated a piece at position {position}"),
            Fault::Changed => f.write_str("sent something else for a step it had already taken"),
            Fault::NotAPermutation => f.write_str("did not just mask and reorder the pieces it was given"),
            Fault::KeyNotCommitted => f.write_str("sent a key other than the one it committed to"),
            Fault::SecretNotCommitted => f.write_str("published a secret other than the one it committed to"),
            Fault::LockMismatch => f.write_str("masked the position with another key than the one it published"),
            Fault::Undecryptable => f.write_str("sent a sealed box that does not open"),
            Fault::ZeroSecret => f.write_str("published a zero secret"),
            Fault::ChainMismatch => f.write_str("revealed a value that does not follow its hash chain"),
            Fault::Misaddressed => f.write_str("addressed a message to nobody at the table"),
        }
    }
}

/// A device caught cheating: the game must stop, and every device can say which one did what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cheat {
    pub device: Device,
    pub step: Step,
    pub fault: Fault,
}

impl fmt::Display for Cheat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cheated in {}: it {}. The Season cannot go on", self.device, self.step, self.fault)
    }
}

/// Why a device refuses a message or a request. Nothing changes on a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Cheat(Cheat),
    /// The message names a sender that is not at this table.
    NotAtTable {
        from: u8,
    },
    /// The message is for a later step than the one under way; `awaited` is what the step
    /// under way waits for. Deliver it again once they have spoken.
    OutOfTurn {
        from: Device,
        awaited: Vec<Device>,
    },
    /// A position opened to something that is not a piece copy: someone masked it with
    /// other keys than they committed to. Who is known once every device publishes.
    Unopenable {
        position: usize,
    },
    /// Two positions opened to the same piece copy: someone substituted a piece. Who is known
    /// once every device publishes.
    CopyTwice {
        position: usize,
        earlier: usize,
    },
    /// The position cannot be opened here: these devices' keys for it are not known to this
    /// device (for a position of another seat's hand or of the pool, they never will be).
    KeysMissing {
        position: usize,
        awaited: Vec<Device>,
    },
    /// The throw cannot be decided until these devices reveal their values.
    ThrowPending {
        throw: u32,
        awaited: Vec<Device>,
    },
    /// Every value of the device's hash chain has been used.
    ChainSpent {
        throws: u32,
    },
    /// Throws are decided once the deal is dealt.
    NotDealt,
    /// The publication is incomplete: these devices have not published yet.
    NotPublished {
        awaited: Vec<Device>,
    },
    /// The deal was published before it was dealt, while it waited for these devices: every
    /// step taken checked out, and there is no whole deal to open.
    Unfinished {
        awaited: Vec<Device>,
    },
}

impl From<Cheat> for DealError {
    fn from(cheat: Cheat) -> DealError {
        DealError::Cheat(cheat)
    }
}

fn list(devices: &[Device]) -> String {
    devices.iter().map(Device::to_string).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Cheat(cheat) => cheat.fmt(f),
            DealError::NotAtTable { from } => {
                write!(f, "a message from seat {}, which is not at this table", u16::from(*from) + 1)
            }
            DealError::OutOfTurn { from, awaited } => {
                write!(f, "{from}'s message came early: waiting for {} first; deliver it again later", list(awaited))
            }
            DealError::Unopenable { position } => write!(
                f,
                "position {position} opens to no piece: a device masked it with keys it did not commit to; \
                 every device must publish its secrets to learn which"
            ),
            DealError::CopyTwice { position, earlier } => write!(
                f,
                "positions {earlier} and {position} open to the same piece: a device substituted one; \
                 every device must publish its secrets to learn which"
            ),
            DealError::KeysMissing { position, awaited } => {
                write!(f, "position {position} cannot be opened without the keys of {}", list(awaited))
            }
            DealError::ThrowPending { throw, awaited } => {
                write!(f, "throw {throw} waits for {}", list(awaited))
            }
            DealError::ChainSpent { throws } => {
                write!(f, "every one of the {throws} throws this deal allows has been made; deal again")
            }
            DealError::NotDealt => f.write_str("the sticks are thrown only once the Season is dealt"),
            DealError::NotPublished { awaited } => write!(f, "waiting for {} to publish", list(awaited)),
            DealError::Unfinished { awaited } => {
                write!(f, "the deal was given up while it waited for {}: every step taken was honest", list(awaited))
            }
        }
    }
}

impl std::error::Error for DealError {}
