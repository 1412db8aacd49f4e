//! The records part of the app state: the replay viewer's record and position (with the
//! player's own game set aside), and the records dialog. What is done with them:
//! `records.rs`.

use super::session::Session;
use crate::engine::notation::{ActionToken, Record};
use crate::engine::Game;

/// The records part of the app state.
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub replay: Option<Replay>,
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
    pub record: Record,
    /// How many actions are applied.
    pub at: usize,
    /// The player's own game, set aside while the viewer is open.
    pub saved: Option<Session>,
    /// The recorded game is over: its hands may be shown. (A game under way keeps them
    /// face down, so that a replay cannot show a player the others' pieces, R40.)
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

/// Checks a record text: it parses and every action is accepted.
pub fn check(text: &str) -> Result<(Record, Game), String> {
    let record = Record::parse(text.trim()).map_err(|e| format!("Record: {e}"))?;
    let game = record.replay().map_err(|e| {
        let token = ActionToken(e.action).to_string();
        format!("Record: token {} '{token}': action {} is refused: {}", e.index + 6, e.index + 1, e.error)
    })?;
    Ok((record, game))
}
