//! The statistics screen's messages: its buttons (carried by
//! [`crate::msg::Intent::Stats`], with their `data-intent` texts), what the shell reports and
//! what the rater answers.

use super::wire::RecordReply;
use super::RecordFailure;
use crate::storage_refusal::StorageRefusal;

/// The statistics screen's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsIntent {
    Open,
    /// Offer the history as a text file.
    Export,
    /// Ask to delete every game kept.
    Delete,
    DeleteConfirm,
    DeleteCancel,
}

const CODES: [(StatsIntent, &str); 5] = [
    (StatsIntent::Open, "stats"),
    (StatsIntent::Export, "stats-export"),
    (StatsIntent::Delete, "stats-delete"),
    (StatsIntent::DeleteConfirm, "stats-delete-confirm"),
    (StatsIntent::DeleteCancel, "stats-delete-cancel"),
];

impl StatsIntent {
    pub fn code(self) -> &'static str {
        CODES.iter().find(|(i, _)| *i == self).map_or("stats", |(_, c)| c)
    }

    pub fn parse(text: &str) -> Option<StatsIntent> {
        CODES.iter().find(|(_, c)| *c == text).map(|(i, _)| *i)
    }
}

/// What the statistics feature is sent.
#[derive(Clone, Debug, PartialEq)]
pub enum StatsMsg {
    /// The stored history as the shell read it at the start (`None`: nothing stored), kept
    /// unread until its games are needed.
    Stored(Option<String>),
    Button(StatsIntent),
    /// Writing the history failed, and why.
    SaveFailed(StorageRefusal),
    /// The rater's figures for the screen.
    Reply(Box<RecordReply>),
    /// The rater could not give them.
    Failed(RecordFailure),
}
