//! Why a deal round or a finished game's record does not hold together: a commitment
//! refused ([`CommitError`]), an attempt dealt again that is not as the rules of a restart
//! say ([`WithheldError`]), or the record itself ([`RecordError`]). A record comes from the
//! host, so a phone reads it as untrusted input: each variant names the round, the
//! contributor or the action at fault, and shows as the words the phone's "Not verified"
//! quotes.

use crate::deal::{Contributor, RevealError};
use lauzait_engine::notation::ActionToken;
use lauzait_engine::{Action, RuleError};
use std::fmt;

/// A commitment a round refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommitError {
    /// The contributor has no part in this round.
    NotAContributor(Contributor),
    /// The contributor already committed to another secret (it could otherwise wait to see
    /// the others' before choosing).
    Changed(Contributor),
}

impl fmt::Display for CommitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommitError::NotAContributor(who) => write!(f, "{who} does not contribute to this deal"),
            CommitError::Changed(who) => write!(f, "{who} already committed to another secret"),
        }
    }
}

impl std::error::Error for CommitError {}

/// An earlier attempt of a round, kept in the record because a seat withheld its secret
/// ([`crate::restart`]), that is not what an honest restart leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WithheldError {
    /// An attempt of a round the record does not hold.
    NoSuchRound { round: u32, attempt: u32 },
    /// Another table's, or with other contributors than the round's.
    NotThisTable { round: u32, attempt: u32 },
    /// Dealt again before every commitment was in.
    BeforeEveryCommitment { round: u32, attempt: u32 },
    /// The host's secret is not shown.
    HostSecretHidden { round: u32, attempt: u32 },
    /// A secret shown that does not match its commitment.
    Reveal { round: u32, attempt: u32, error: RevealError },
    /// Every seat had revealed: nobody withheld, so nothing allowed a new deal.
    EverySeatRevealed { round: u32, attempt: u32 },
    /// The round's earlier attempts are not all there, in order.
    Attempts { round: u32, attempt: u32, held: Vec<u32> },
}

impl fmt::Display for WithheldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WithheldError as E;
        match self {
            E::NoSuchRound { round: n, attempt: a } => {
                write!(f, "round {n} attempt {a} was dealt again, but the record has no round {n}")
            }
            E::NotThisTable { round: n, attempt: a } => {
                write!(f, "round {n} attempt {a}: not an attempt at this table's round {n}")
            }
            E::BeforeEveryCommitment { round: n, attempt: a } => {
                write!(f, "round {n} attempt {a}: dealt again before every commitment was in")
            }
            E::HostSecretHidden { round: n, attempt: a } => {
                write!(f, "round {n} attempt {a}: the host's secret is not shown")
            }
            E::Reveal { round: n, attempt: a, error } => write!(f, "round {n} attempt {a}: {error}"),
            E::EverySeatRevealed { round: n, attempt: a } => {
                write!(f, "round {n} attempt {a}: dealt again though every seat had revealed")
            }
            E::Attempts { round, attempt, held } => {
                write!(f, "round {round} is attempt {attempt}, but the record holds its earlier attempts {held:?}")
            }
        }
    }
}

impl std::error::Error for WithheldError {}

/// A record of a finished game (or a host's save rebuilt as one) that does not hold
/// together ([`crate::deal::verify_record`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    NoRound,
    /// A round numbered out of place, or of another table.
    RoundOutOfPlace {
        number: u32,
        expected: usize,
    },
    /// A round's contributors out of order, or commitments or secrets missing.
    Contributors {
        round: u32,
    },
    NoCommitment {
        round: u32,
        who: Contributor,
    },
    NoSecret {
        round: u32,
        who: Contributor,
    },
    Commit {
        round: u32,
        error: CommitError,
    },
    Reveal {
        round: u32,
        error: RevealError,
    },
    /// The checking device's contribution is not in the round.
    LeavesOut {
        round: u32,
        who: Contributor,
    },
    /// The round shows another secret for the checking device than the one it sent.
    OtherSecret {
        round: u32,
        who: Contributor,
    },
    SecretMissing {
        round: u32,
    },
    Withheld(WithheldError),
    NoRoundForSeason {
        season: u32,
    },
    /// The log's action `index` (from 1) is refused by the engine.
    DoesNotReplay {
        index: usize,
        action: Action,
        error: RuleError,
    },
    RoundCount {
        rounds: usize,
        seasons: u8,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordError as E;
        match self {
            E::NoRound => f.write_str("the record has no deal round"),
            E::RoundOutOfPlace { number, expected } => {
                write!(f, "the record's round {number} is not round {expected} of this table")
            }
            E::Contributors { round } => {
                write!(f, "round {round}: the contributors are not in order, or commitments are missing")
            }
            E::NoCommitment { round, who } => write!(f, "round {round}: {who} has no commitment"),
            E::NoSecret { round, who } => write!(f, "round {round}: {who} has no secret"),
            E::Commit { round, error } => write!(f, "round {round}: {error}"),
            E::Reveal { round, error } => write!(f, "round {round}: {error}"),
            E::LeavesOut { round, who } => write!(f, "round {round}: the record leaves out {who}"),
            E::OtherSecret { round, who } => {
                write!(f, "round {round}: the record shows another secret for {who} than the one it sent")
            }
            E::SecretMissing { round } => write!(f, "round {round}: a secret is missing"),
            E::Withheld(e) => e.fmt(f),
            E::NoRoundForSeason { season } => write!(f, "the record has no deal round for Season {season}"),
            E::DoesNotReplay { index, action, error } => {
                write!(f, "the record does not replay: action {index} ({}): {error}", ActionToken(*action))
            }
            E::RoundCount { rounds, seasons } => write!(f, "the record has {rounds} deal rounds for {seasons} Seasons"),
        }
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RecordError::Commit { error, .. } => Some(error),
            RecordError::Withheld(e) => Some(e),
            _ => None,
        }
    }
}
