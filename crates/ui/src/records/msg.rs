//! What the records feature is sent: its buttons (each with its one `data-intent` text,
//! carried by [`crate::msg::Intent::Records`]), the viewer's keys, and the record texts the
//! shell reads from a field, a file or the page's address.

use crate::msg::Key;
use crate::uri::UriError;

/// Which link of the links dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Record,
    Position,
}

/// A move of the replay viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayStep {
    Start,
    PrevDay,
    Prev,
    Next,
    NextDay,
    End,
}

/// A records button, or a key of the replay viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordsIntent {
    Export,
    Links,
    Copy(Link),
    ReplayOwn,
    OpenImport,
    /// Import the pasted text (the shell reads the field and sends [`RecordsMsg::Import`]).
    ImportPasted,
    Replay(ReplayStep),
    ReplayClose,
}

/// What the records feature is sent.
#[derive(Clone, Debug)]
pub enum RecordsMsg {
    /// A button or a viewer's key.
    Button(RecordsIntent),
    /// A record to open in the replay viewer (a pasted text, a chosen file, a `#record=`
    /// link).
    Import(String),
    /// A file chosen for import is larger than any record ([`MAX_RECORD_BYTES`]): its size.
    /// The shell checks the size before reading, so a huge file is never loaded.
    ///
    /// [`MAX_RECORD_BYTES`]: lauzait_engine::notation::MAX_RECORD_BYTES
    ImportTooLarge(u64),
    /// A `#record=` link whose text cannot be decoded.
    BadLink(UriError),
}

impl RecordsIntent {
    /// What a key does while the viewer is open: ←/→ a step, PageUp/PageDown or ↑/↓ a Day,
    /// Home/End, Escape closes; `None` for a key the viewer does not use.
    pub fn of_viewer_key(key: Key) -> Option<RecordsIntent> {
        Some(match key {
            Key::Right => RecordsIntent::Replay(ReplayStep::Next),
            Key::Left => RecordsIntent::Replay(ReplayStep::Prev),
            Key::Down | Key::PageDown => RecordsIntent::Replay(ReplayStep::NextDay),
            Key::Up | Key::PageUp => RecordsIntent::Replay(ReplayStep::PrevDay),
            Key::Home => RecordsIntent::Replay(ReplayStep::Start),
            Key::End => RecordsIntent::Replay(ReplayStep::End),
            Key::Back => RecordsIntent::ReplayClose,
            _ => return None,
        })
    }
}
