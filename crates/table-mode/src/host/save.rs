//! The host's save: what a reload needs to resume the table, and the careful reading of it.
//!
//! It holds the table's identity and the host's stored secret, the seats (who plays each,
//! its link's token and its key), every deal round (the last may be under way), the
//! abandoned round if any, the options and every action taken, the computer players' seed
//! and the view count. It holds no engine `Game`: the game is rebuilt by replaying the
//! actions, each Season from its own round's deal ([`verify_record`]), exactly as a phone
//! checks the finished game's record. So no concealed piece is written out (the secrets
//! the host holds make the deal again, which is also the save's check), no engine field is
//! part of the format, and a save edited so that it no longer replays is refused with what
//! went wrong ([`SaveError`]).
//!
//! The first format (before `format` and `version`: the serde form of the whole host,
//! its engine `Game` included) is not read: it is named as such, so the page can say the
//! table cannot be resumed and a new one must be set.

use super::Host;
use crate::bytes::{Secret, TableId};
use crate::deal::{commit_at, round_secret_at, verify_record, Contributor, Round, TableRecord};
use crate::record_error::RecordError;
use crate::restart::check_withheld;
use crate::seat::{Player, SeatState};
use lauzait_engine::piece::excerpt;
use lauzait_engine::{Action, GameOptions};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// What the save's `format` field says.
const FORMAT: &str = "lauzait-table-host";
/// The format written and read.
pub const SAVE_VERSION: u64 = 2;

/// Why a saved table does not resume. Each says what is wrong in words about the table, so
/// the person at the host knows the save is lost and a new table must be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not a table's save at all, or cut short: the reader's words.
    Unreadable(String),
    /// A save of the first format, which held the engine's whole game: not read any more.
    FirstFormat,
    /// A save of a newer version of the page than this one.
    Newer(u64),
    /// A seat for each of the game's players is not what the save holds.
    Seats { seats: usize, players: usize },
    /// A deal round damaged, out of order, of another table or with other contributors
    /// than the table's host and persons.
    Round(u32),
    /// More views sent than a game can ever send (the count would overflow).
    Views(u32),
    /// Actions taken before the first deal.
    ActionsBeforeDeal,
    /// The actions do not replay from the rounds' deals.
    Replay(RecordError),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fresh = "set a new table";
        match self {
            SaveError::Unreadable(why) => write!(f, "the table's save is unreadable ({why}); {fresh}"),
            SaveError::FirstFormat => {
                write!(f, "the table's save was made by an earlier version of this page and cannot be resumed; {fresh}")
            }
            SaveError::Newer(v) => {
                write!(f, "the table's save was made by a newer version of this page (format {v}); reload the page")
            }
            SaveError::Seats { seats, players } => {
                write!(f, "the table's save has {seats} seats for {players} players; {fresh}")
            }
            SaveError::Round(n) => write!(f, "the table's save holds a damaged deal round ({n}); {fresh}"),
            SaveError::Views(n) => {
                write!(f, "the table's save has sent {n} views, more than a game can; {fresh}")
            }
            SaveError::ActionsBeforeDeal => {
                write!(f, "the table's saved game does not replay (actions taken before the first deal); {fresh}")
            }
            SaveError::Replay(why) => write!(f, "the table's saved game does not replay ({why}); {fresh}"),
        }
    }
}

/// The stored text's fields.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    format: String,
    version: u64,
    table: TableId,
    /// The host's stored secret: it makes every round's host contribution.
    secret: Secret,
    bot_seed: u64,
    seq: u32,
    seats: Vec<SeatState>,
    options: GameOptions,
    /// Every round, round `n` for Season `n`; the last may be under way.
    rounds: Vec<Round>,
    /// Every action taken; empty before the first deal.
    log: Vec<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    abandoned: Option<Round>,
    /// Every attempt at a round dealt again after a seat withheld its secret.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    withheld: Vec<Round>,
}

/// The two fields that tell a save's format, whatever else it holds.
#[derive(Deserialize)]
struct Header {
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    version: Option<u64>,
    #[serde(default)]
    table: Option<IgnoredAny>,
}

impl Host {
    /// The state to save (JSON text).
    pub fn save(&self) -> String {
        let stored = Stored {
            format: FORMAT.into(),
            version: SAVE_VERSION,
            table: self.table,
            secret: self.secret,
            bot_seed: self.bot_seed,
            seq: self.seq,
            seats: self.seats.clone(),
            options: self.options.clone(),
            rounds: self.rounds.clone(),
            log: self.game.as_ref().map(|g| g.log().to_vec()).unwrap_or_default(),
            abandoned: self.abandoned.clone(),
            withheld: self.withheld.clone(),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// The host read back from its save, its game rebuilt by replaying its actions from
    /// its rounds' deals; a save that does not hold together is refused with why.
    pub fn resume(text: &str) -> Result<Host, SaveError> {
        let unreadable = |e: serde_json::Error| SaveError::Unreadable(excerpt(&e.to_string()));
        let header: Header = serde_json::from_str(text).map_err(unreadable)?;
        match (header.format.as_deref(), header.version) {
            (None, None) if header.table.is_some() => return Err(SaveError::FirstFormat),
            (Some(FORMAT), Some(SAVE_VERSION)) => {}
            (Some(FORMAT), Some(v)) if v > SAVE_VERSION => return Err(SaveError::Newer(v)),
            _ => return Err(SaveError::Unreadable("not a table's save".into())),
        }
        let stored: Stored = serde_json::from_str(text).map_err(unreadable)?;
        rebuild(stored)
    }
}

/// The host a save stands for, once what the rest of the host takes for granted holds: a
/// seat for each player, rounds numbered from 1 of this table with the host and every
/// person as contributors and the host's own commitment, the complete ones first and at
/// most one under way, a view count far from its end, and actions that replay.
fn rebuild(s: Stored) -> Result<Host, SaveError> {
    let players = s.options.seats().len();
    if s.seats.len() != players {
        return Err(SaveError::Seats { seats: s.seats.len(), players });
    }
    if s.seq > u32::MAX / 2 {
        return Err(SaveError::Views(s.seq));
    }
    let people = (s.seats.iter().enumerate()).filter(|(_, seat)| seat.player == Player::Person);
    let contributors: Vec<Contributor> = std::iter::once(Contributor::Host)
        .chain(people.filter_map(|(i, _)| u8::try_from(i).ok().map(Contributor::Seat)))
        .collect();
    let host_commitment = |r: &Round| {
        let mine = round_secret_at(&s.secret, r.number, r.attempt);
        commit_at(s.table, r.number, r.attempt, Contributor::Host, &mine)
    };
    let round_ok = |r: &Round, number: u32| {
        r.is_well_formed()
            && r.table == s.table
            && r.number == number
            && r.contributors == contributors
            && r.commitments[0] == Some(host_commitment(r))
    };

    let complete = |r: &Round| r.secrets.iter().all(Option::is_some);
    let dealt = s.rounds.iter().take_while(|r| complete(r)).count();
    for (i, r) in s.rounds.iter().enumerate() {
        // Only the last round may be under way, and the host reveals last, at the deal.
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        if !round_ok(r, number) || (i >= dealt && (i + 1 != s.rounds.len() || r.secrets[0].is_some())) {
            return Err(SaveError::Round(r.number));
        }
    }
    if let Some(r) = &s.abandoned {
        let number = u32::try_from(dealt + 1).unwrap_or(u32::MAX);
        if dealt != s.rounds.len() || !round_ok(r, number) {
            return Err(SaveError::Round(r.number));
        }
    }
    // The attempts dealt again: each of a round the save holds, in order, each with the host's
    // own commitment.
    let all = TableRecord {
        rounds: s.rounds.clone(),
        options: s.options.clone(),
        log: Vec::new(),
        abandoned: s.abandoned.clone(),
        withheld: s.withheld.clone(),
    };
    let not_mine = s.withheld.iter().find(|w| w.commitments.first() != Some(&Some(host_commitment(w))));
    if let Some(w) = not_mine.or(s.withheld.first().filter(|_| check_withheld(&all).is_err())) {
        return Err(SaveError::Round(w.number));
    }
    let game = if dealt == 0 {
        if !s.log.is_empty() {
            return Err(SaveError::ActionsBeforeDeal);
        }
        None
    } else {
        let withheld = s.withheld.iter().filter(|w| w.number as usize <= dealt).cloned().collect();
        let record = TableRecord {
            rounds: s.rounds[..dealt].to_vec(),
            options: s.options.clone(),
            log: s.log,
            abandoned: None,
            withheld,
        };
        Some(verify_record(&record, Some((Contributor::Host, s.secret))).map_err(SaveError::Replay)?)
    };
    Ok(Host {
        table: s.table,
        options: s.options,
        seats: s.seats,
        secret: s.secret,
        rounds: s.rounds,
        abandoned: s.abandoned,
        withheld: s.withheld,
        game,
        bot_seed: s.bot_seed,
        seq: s.seq,
        conns: BTreeMap::new(),
        watchers: Default::default(),
        refusals: Vec::new(),
    })
}
