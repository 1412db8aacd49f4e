//! The records feature's state as plain data: the replay viewer's record and position (on
//! the table with the player's own game set aside, `on_table.rs`), and the records dialog.
//! What is done with them: [`super::Records::update`].

use lauzait_engine::notation::NotationError;
use lauzait_engine::Record;
use lauzait_engine::{Game, Status};
use std::fmt;

/// The records part of the app state.
#[derive(Clone, Debug, Default)]
pub struct Records {
    /// The dialog: import (with its last error) or the links to copy.
    pub dialog: Dialog,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Dialog {
    #[default]
    Import,
    Links {
        record: String,
        position: Option<String>,
    },
}

#[derive(Clone, Debug)]
pub struct Replay {
    /// The record as imported: a full one, or a public one (made while its game was under
    /// way) that keeps the hands hidden.
    pub record: Record,
    /// The record as played: a public record's hidden hands filled with stand-ins
    /// (`Record::filled`), never shown.
    pub played: Record,
    /// How many actions are applied.
    pub at: usize,
    /// The recorded game is over, and the record holds its deals: its hands may be shown.
    /// Decided by replaying the record, never by anything in it a person could type: a
    /// public record replays on stand-in hands, so it is never finished, however it ends
    /// (R40).
    pub finished: bool,
    pub error: Option<String>,
}

impl Replay {
    pub fn len(&self) -> usize {
        self.record.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.record.actions.is_empty()
    }
}

/// A record text checked: it parses and every action is accepted.
pub struct Checked {
    pub record: Record,
    /// [`Replay::played`].
    pub played: Record,
    pub game: Game,
}

/// Checks a record text: it parses and every action is accepted.
pub fn check(text: &str) -> Result<Checked, UnreadableRecord> {
    let record = Record::parse(text.trim()).map_err(UnreadableRecord)?;
    let played = record.filled().map_err(UnreadableRecord)?;
    let game = played.replay().map_err(UnreadableRecord)?;
    Ok(Checked { record, played, game })
}

/// A record text that does not parse or replay: the token at fault and why, shown after
/// `Record:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableRecord(pub NotationError);

impl fmt::Display for UnreadableRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Record: {}", self.0)
    }
}

impl std::error::Error for UnreadableRecord {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl Checked {
    /// [`Replay::finished`].
    pub fn finished(&self) -> bool {
        !self.record.is_public() && matches!(self.game.status(), Status::GameOver { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lauzait_engine::notation::NotationCause;

    #[test]
    fn a_record_that_cannot_be_opened_says_why() {
        let Err(UnreadableRecord(e)) = check("LZR9 red,blue lum=off :") else { panic!("not a record") };
        assert_eq!((e.token, e.why), (1, NotationCause::NotARecord));
        let e = check("hello").err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("Record: token 1 'hello': a record starts with LZR2 (or LZR1, the first format)")
        );
    }
}
