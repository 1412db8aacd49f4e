//! What happens on a page that answers the host's invite, and what such a page is asked to
//! do: a phone's page has use for all of it; a spectator's page, which answers the same way
//! but takes no part, for the connection's part ([`super::answering`]) and its copy and
//! share buttons. The pages' shells (`web::table::guest_page`, `web::table::spectator_page`)
//! turn the browser's callbacks into [`GuestEvent`]s and run the [`GuestEffect`]s.

use super::channel::ChannelOpening;

/// Which `disconnected` spell of the connection a [`GuestEvent::PathCheckDue`] is about:
/// a wait of a spell that ended (the connection came back) finds another, or none, and is
/// ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DisconnectedSpell(u32);

impl DisconnectedSpell {
    /// The `n`th spell of a page's connection.
    pub(crate) fn new(n: u32) -> DisconnectedSpell {
        DisconnectedSpell(n)
    }
}

/// Something that happened on the guest's page.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The browser answered the host's offer with this SDP.
    AnswerMade(String),
    /// The browser could not answer; its words.
    AnswerFailed(String),
    ChannelOpen,
    ChannelClosed,
    /// The connection found no path to the host (its state is `failed`).
    PathFailed,
    /// The connection's state became `disconnected`: its checks went unanswered a while.
    PathDisconnected,
    /// The connection's state became `connecting` or `connected` again.
    PathResumed,
    /// The wait of [`GuestEffect::PathCheckAfter`] for this spell is over.
    PathCheckDue(DisconnectedSpell),
    /// A message from the host.
    Message(String),
    /// The flush asked for by [`GuestEffect::FlushAfter`] is due: save and draw what the
    /// host's messages changed.
    Flush,
    /// The hello's retry timer of this opening of the channel went off.
    HelloDue(ChannelOpening),
    /// The person pressed the `i`th choice.
    Choice(usize),
    /// The person asked for the answer's code to be copied.
    CopyCode,
    /// The person asked for the answer's link to be copied.
    CopyAnswerLink,
    /// The person asked for the answer's link to be shared.
    ShareAnswerLink,
}

/// Something for the page to do.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEffect {
    /// Send `text` on the data channel.
    Send(String),
    /// Store the guest's save under its key (`super::guest_screen::save_key`).
    Store(String),
    /// Send [`GuestEvent::HelloDue`] with this opening after `ms`.
    HelloAfter {
        ms: u32,
        opening: ChannelOpening,
    },
    /// Send [`GuestEvent::PathCheckDue`] with this spell after `ms`.
    PathCheckAfter {
        ms: u32,
        spell: DisconnectedSpell,
    },
    /// Send [`GuestEvent::Flush`] after `ms`.
    FlushAfter(u32),
    /// Put `text` on the clipboard.
    Copy(String),
    /// Offer the answer's link `url` to the device's share sheet.
    Share(String),
    Redraw,
    /// A line for the connection log that the test build keeps.
    Trace(String),
    /// The person pressed a choice (the start of tap-to-board, for the test build).
    Tapped,
}
