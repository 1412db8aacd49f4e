//! Why a link is refused, each reason its own variant so the page can say what to do.

use crate::party::Party;
use lauzait_table_mode::guest_error::GuestError;

/// A link that is not a readable letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Longer than [`crate::letter::MAX_LINK_CHARS`]: not a letter of this game.
    TooLong { chars: usize },
    /// No `l=` letter in the link, or a character that base64url has not.
    NotALetter,
    /// The bytes do not inflate, or inflate past [`crate::letter::MAX_LETTER_BYTES`].
    Damaged,
    /// Another format of letter (a newer version of the game).
    Format(u8),
    /// The letter ends before a field it announces, or goes on after its signature.
    Truncated,
    /// A field out of range (a seat past the fourth, a message that is not text).
    Invalid(&'static str),
}

/// Why a letter that reads is not applied; nothing on the device changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    Read(ReadError),
    /// A letter of another table (an old game's link, or another group's).
    WrongTable,
    /// A letter meant for another device: forwarded, or opened on the wrong phone.
    WrongRecipient {
        to: Party,
    },
    /// A sender this device does not exchange letters with.
    UnknownSender {
        from: Party,
    },
    /// Signed with a key this device does not know for its sender (another device's, or
    /// a first letter whose invite token is not the seat's).
    UnknownKey {
        from: Party,
    },
    /// The signature does not match the letter: it was altered after it was written.
    BadSignature,
    /// A number already used by a letter with other contents: a replay of an older state.
    SeqReused {
        seq: u32,
    },
    /// Letters are missing before this one: open link number `open_first` first.
    Gap {
        open_first: u32,
    },
    /// It acknowledges a letter this device never wrote.
    AckUnsent {
        ack: u32,
        sent: u32,
    },
    /// Table mode refused a message the letter carries: the host's device wrote what this
    /// device's table mode cannot take (another version of the game, or a fault).
    Table(GuestError),
}

impl From<ReadError> for OpenError {
    fn from(e: ReadError) -> OpenError {
        OpenError::Read(e)
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::TooLong { chars } => write!(f, "the link is {chars} characters long, too long for a letter"),
            ReadError::NotALetter => f.write_str("this is not a letter of the game: copy the whole link"),
            ReadError::Damaged => f.write_str("the letter is damaged: copy the whole link again"),
            ReadError::Format(v) => write!(f, "a letter of format {v}: update the game to open it"),
            ReadError::Truncated => f.write_str("the letter is cut short: copy the whole link again"),
            ReadError::Invalid(what) => write!(f, "the letter is damaged ({what}): ask for it again"),
        }
    }
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Read(e) => e.fmt(f),
            OpenError::WrongTable => f.write_str("this letter belongs to another game"),
            OpenError::WrongRecipient { to } => write!(f, "this letter is for {to}'s device, not this one"),
            OpenError::UnknownSender { from } => write!(f, "this device does not play with {from}"),
            OpenError::UnknownKey { from } => {
                write!(f, "this letter is not signed by {from}'s device: it was not written there")
            }
            OpenError::BadSignature => f.write_str("this letter was changed after it was written"),
            OpenError::SeqReused { seq } => {
                write!(f, "letter {seq} was already opened with other contents: this is an old or altered copy")
            }
            OpenError::Gap { open_first } => write!(f, "a letter is missing: open letter {open_first} first"),
            OpenError::AckUnsent { ack, sent } => {
                write!(f, "this letter answers letter {ack}, but only {sent} were sent from here")
            }
            OpenError::Table(e) => write!(f, "the table refused the letter: {e}"),
        }
    }
}
