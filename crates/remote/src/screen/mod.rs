//! The by-turns pages as pure models, one per side: the host's ([`host::HostScreen`]: the
//! table's setup, each seat's invite, the letters to write, its own seat's Day) and a
//! guest's ([`guest::GuestScreen`]: its hand and choices, its letter to the host). The
//! browser shell (`web::remote`) turns the page's taps and the links it is given into
//! events, and runs the [`Effect`]s the screens answer; the entropy a new device needs comes
//! in with the event that makes it. [`boot`] picks the screen a link opens on this device.
//!
//! Everything a person sees go wrong is a [`Problem`], typed, so that the page says it in
//! its own language (the words: `lauzait_ui::i18n::remote`).

pub mod boot;
pub mod controls;
pub mod guest;
pub mod host;
pub mod joint;
pub mod relayed_phone;
pub mod relayed_tablet;
pub mod seat_day;
pub mod watch;

use crate::error::{OpenError, ReadError};
use crate::host_device::{PressError, ResumeError, SetupError};
use crate::letter::{Letter, LINK_CEILING};
use lauzait_table_mode::bytes::TableId;

/// Where the device of the page opened last is named: a page opened with no link goes back
/// to it.
pub const CURRENT_KEY: &str = "lauzait-remote/current";

/// Where a table's host device is saved.
pub fn host_key(table: TableId) -> String {
    format!("lauzait-remote/host/{table}")
}

/// Where a table's seat's guest device is saved.
pub fn guest_key(table: TableId, seat: u8) -> String {
    format!("lauzait-remote/guest/{table}/{seat}")
}

/// Something for the page to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Keep `text` under `key` in the browser's storage.
    Store {
        key: String,
        text: String,
    },
    Redraw,
    /// Put this link's fragment (`r=…` or `l=…`), after the page's address, on the clipboard.
    Copy(String),
    /// Offer this link's fragment, after the page's address, to the device's share sheet.
    Share(String),
    /// Offer `text` (a letter's fragment, too long for a link) as a file named `name` to
    /// save: opened with the page's "Open a file", it reads as the link would.
    Download {
        name: String,
        text: String,
    },
    /// A line for the test build's log.
    Trace(String),
    /// Post this request's text to the computer players' worker (started if need be): a
    /// computer seat's Day, from that seat's view only (R40).
    AskWorker(String),
    /// Stop the computer players' worker (it failed or answered nonsense).
    StopWorker,
    /// Send [`host::HostEvent::Wake`] after this many milliseconds.
    WakeAfter(u32),
}

/// A link the page shows, to copy or to share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A remote seat's invite (the host's page).
    Invite(u8),
    /// The letter last written to a seat (the host's page), or to the host (a guest's: its
    /// own seat).
    Letter(u8),
    /// The table's public view as it stands, for spectators (the host's page).
    Spectator,
}

/// Whether the link of `fragment` is too long for a messenger (over [`LINK_CEILING`]): the
/// page offers it as a file too.
pub fn needs_file(fragment: &str) -> bool {
    fragment.len() > LINK_CEILING
}

/// The file a letter's `fragment` travels as: `lauzait-<table>-<seq>.lzl`, holding the
/// fragment itself (read back by the page as a pasted link is). `None` for a link that is
/// not over the ceiling: it travels as a link.
pub fn letter_file(fragment: &str) -> Option<Effect> {
    if !needs_file(fragment) {
        return None;
    }
    let name = match Letter::read(fragment) {
        Ok(letter) => format!("lauzait-{}-{}.{LETTER_FILE_EXTENSION}", letter.table, letter.seq),
        Err(_) => format!("lauzait-letter.{LETTER_FILE_EXTENSION}"),
    };
    Some(Effect::Download { name, text: fragment.to_string() })
}

/// The extension of a letter's file (the page's "Open a file" accepts it).
pub const LETTER_FILE_EXTENSION: &str = "lzl";

/// What went wrong, shown above the page until the next thing the person does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A letter was refused; nothing on this device changed.
    Open(OpenError),
    /// A link that is neither an invite nor a letter of the game.
    Unreadable(ReadError),
    /// The browser gives no cryptographic randomness: keys and secrets cannot be made.
    NoEntropy,
    /// A letter of a table this device plays no part in.
    NoGameHere,
    /// The host's own invite opened on the host's device: it is for the seat's person.
    OwnInvite,
    /// An invite to a seat this device already plays (it goes on with the saved game).
    InviteAgain,
    /// This device's saved game could not be read back.
    Resume(ResumeError),
    /// The table could not be set.
    Setup(SetupError),
    /// A choice the table refused.
    Press(PressError),
    /// A table of joint play could not be made, or a saved device of it read back.
    JointSetup(crate::joint_device::JointSetupError),
    /// A letter of joint play was refused (or stopped the game: a cheat it caught).
    JointOpen(crate::joint_device::JointOpenError),
    /// The table's roster was refused.
    Roster(crate::joint_table::RosterError),
    /// Device 0's letter could not make this seat's device.
    Join(crate::joint_table::JoinError),
    /// The device refused this seat's own Day.
    Play(lauzait_joint_play::PlayError),
}

/// Says what opening a letter did, the same on either side's page: a letter applied (its
/// sender, returned: the device changed), the same letter again, or why it was refused.
fn say_opened(
    result: Result<crate::host_device::Applied, OpenError>,
    opened: &mut Option<Opened>,
    problem: &mut Option<Problem>,
    fx: &mut Vec<Effect>,
) -> Option<crate::party::Party> {
    use crate::host_device::Applied;
    let (now, applied) = match result {
        Ok(Applied::Applied { from }) => {
            fx.push(Effect::Trace(format!("opened a letter from {from}")));
            (Some(Opened::New(from)), Some(from))
        }
        Ok(Applied::AlreadyApplied) => {
            fx.push(Effect::Trace("a letter opened again".into()));
            (Some(Opened::Again), None)
        }
        Err(e) => {
            fx.push(Effect::Trace(format!("refused a letter: {e}")));
            *problem = Some(Problem::Open(e));
            (None, None)
        }
    };
    if now.is_some() {
        *problem = None;
    }
    *opened = now;
    applied
}

/// What the last letter opened did, for the page to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opened {
    /// A letter from this party was applied.
    New(crate::party::Party),
    /// The same letter again, or one a later letter carried: nothing changed.
    Again,
}
