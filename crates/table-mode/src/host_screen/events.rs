//! The host screen's events, wake-ups and effects ([`super::HostScreen::update`]).

use crate::controls::HostControl;
use crate::forward::ForwardReply;
use crate::host::Conn;
use crate::ice::IceServers;

/// Something that happened on the host's page.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// A button that needs nothing read from the page (the page reads a pasted answer
    /// itself and sends [`HostEvent::AnswerRead`]; `Create` comes as [`HostEvent::Create`]).
    Control(HostControl),
    /// Set the table: the seats' names in the board's language, in seat order.
    Create {
        names: Vec<String>,
    },
    /// The luminous rule's checkbox.
    Luminous(bool),
    /// The ICE servers' field, as typed, when its Save button was pressed.
    IceServersEntered(String),
    /// The browser made connection `conn`'s offer ([`HostEffect::MakeOffer`]).
    OfferMade {
        conn: Conn,
        sdp: String,
    },
    /// The browser could not make an offer; its words.
    OfferFailed(String),
    /// An answer code was read for `seat` (pasted, scanned, or from a picture).
    AnswerRead {
        seat: u8,
        code: String,
    },
    /// An answer link's tab posted this text ([`crate::forward`]); report
    /// [`HostEffect::ReplyForwarded`].
    AnswerForwarded(String),
    /// A picture was read for `seat` and held no code.
    AnswerUnreadable,
    /// The browser took connection `conn`'s answer ([`HostEffect::Accept`]).
    Accepted(Conn),
    /// The browser refused an answer; its words.
    AcceptFailed(String),
    /// The camera scanning for `seat` stopped, with the code it read, if any.
    ScanEnded {
        seat: u8,
        code: Option<String>,
    },
    /// The camera could not start.
    CameraFailed {
        seat: u8,
    },
    ChannelOpen(Conn),
    ChannelClosed(Conn),
    /// The connection found no path to its phone.
    PathFailed(Conn),
    /// A message on connection `conn`.
    Message {
        conn: Conn,
        text: String,
    },
    /// The bot worker's reply, as text.
    WorkerReply(String),
    /// The bot worker failed to load or trapped (the page has closed it).
    WorkerFailed(lauzait_autoplay::WorkerFailure),
    /// A wake-up asked for with [`HostEffect::WakeAfter`] is due.
    Wake(Timer),
    /// The browser copied `seat`'s pairing link ([`HostEffect::CopyText`]).
    LinkCopied(u8),
}

impl HostEvent {
    /// Whether [`HostScreen::update`] needs [`SCREEN_ENTROPY`](super::SCREEN_ENTROPY) bytes for this event (the
    /// page draws them only then).
    pub fn needs_entropy(&self) -> bool {
        matches!(
            self,
            HostEvent::Create { .. }
                | HostEvent::Control(HostControl::GiveSeat(_))
                | HostEvent::Control(HostControl::DealAgain)
        )
    }
}

/// What a wake-up is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timer {
    /// Save and draw what changed since the last flush.
    Flush,
    /// Connection `conn`'s channel opened [`JOIN_WAIT_MS`](crate::pairing::JOIN_WAIT_MS) ago: has it joined?
    JoinDue(Conn),
    /// Connection `conn`'s answer was taken [`PATH_WAIT_MS`](crate::pairing::PATH_WAIT_MS) ago: has it found a path?
    PathDue(Conn),
    /// The seat's new code after a lost connection.
    NewCode(u8),
    /// Ask for the computer player's Day.
    ComputerDue,
    /// The phones had [`REVEAL_PATIENCE_MS`](super::patience::REVEAL_PATIENCE_MS) to reveal
    /// in `round`'s `attempt`.
    RevealDue { round: u32, attempt: u32 },
}

/// Something for the page to do.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEffect {
    /// Send `text` on connection `conn`'s channel.
    Send {
        conn: Conn,
        text: String,
    },
    /// Close connection `conn` (its phone sees the channel close) and let go of it.
    Close(Conn),
    /// Make a connection with these ICE servers and its offer, numbered `conn`; report
    /// [`HostEvent::OfferMade`].
    MakeOffer {
        conn: Conn,
        ice: IceServers,
    },
    /// Give connection `conn` the phone's answer; report [`HostEvent::Accepted`].
    Accept {
        conn: Conn,
        sdp: String,
    },
    /// Start the camera and scan for `seat`'s answer; report [`HostEvent::ScanEnded`].
    StartCamera(u8),
    StopCamera,
    /// Store the table's save (what [`Host::save`] gives).
    Store(String),
    /// Forget the table's save.
    RemoveSave,
    /// Post this reply to the answer links' tabs ([`crate::forward::ANSWERS_CHANNEL`]).
    ReplyForwarded(ForwardReply),
    /// Keep the ICE servers' text in the browser's storage
    /// ([`ICE_SAVE_KEY`](super::ICE_SAVE_KEY)).
    StoreIceServers(String),
    /// Post this request to the bot worker (starting it if need be).
    AskWorker(String),
    /// Close the bot worker (it answered nonsense): the next request starts a new one.
    StopWorker,
    /// Send [`HostEvent::Wake`] with `timer` after `ms`.
    WakeAfter {
        ms: u32,
        timer: Timer,
    },
    /// Draw the page again.
    Redraw,
    /// A line for the connection log that the test build keeps.
    Trace(String),
    /// A seat's pairing took this long from its code shown to its channel open (ms).
    PairedIn(f64),
    /// Copy `seat`'s pairing link `url` to the clipboard; report [`HostEvent::LinkCopied`].
    CopyText {
        seat: u8,
        url: String,
    },
    /// Offer `seat`'s pairing link `url` to the device's share sheet (where it has one).
    Share {
        seat: u8,
        url: String,
    },
}
