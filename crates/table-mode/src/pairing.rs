//! Pairing on the host's side: which connection each person's seat is on and where that
//! connection stands, from its code shown to its channel open, or lost. Decided here and
//! tested natively; the host's page (`web::table::host_page`) holds the browser's peer
//! objects by connection, runs the timers and asks this what to do when they fire.
//!
//! A seat's connection is named by a [`Conn`] that is never reused, so an event of a
//! connection given up on (a late "channel open", a second "closed") finds no seat and
//! changes nothing.

use super::code_error::CodeError;
use super::host::{Conn, Paired};
use super::link::{read_answer, Answer, FIRST_SPECTATOR};

/// The most spectators a table invites (each a connection the host sends every public
/// change to).
pub const MAX_SPECTATORS: usize = 8;

/// How long an open channel may stay silent before its device's first message (a join) is
/// given up on, in milliseconds. A channel that opens but never carries the join leaves its
/// seat neither free nor held; after this the seat gets a new code, as after a drop.
pub const JOIN_WAIT_MS: u32 = 8000;
/// How long an accepted answer may take to open a channel before the devices are taken to
/// have no path to each other (not on one network), in milliseconds.
pub const PATH_WAIT_MS: u32 = 15_000;
/// The pause before a lost seat's new code, in milliseconds: both the channel's closing and
/// the connection's failure report a loss, and the new code should follow the last of them.
pub const NEW_CODE_PAUSE_MS: u32 = 300;

/// Where one person's seat is in pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Its code is being made (the browser gathers the offer).
    Preparing,
    /// Its code is shown, waiting for the phone's answer.
    Waiting,
    /// The phone's answer is read; the devices are finding a path.
    Connecting,
    /// The channel is open.
    Connected,
    /// The connection is gone; a new code follows.
    Lost,
}

impl LinkState {
    /// Its name, as table mode's state report gives it (`Waiting`).
    pub fn name(self) -> &'static str {
        match self {
            LinkState::Preparing => "Preparing",
            LinkState::Waiting => "Waiting",
            LinkState::Connecting => "Connecting",
            LinkState::Connected => "Connected",
            LinkState::Lost => "Lost",
        }
    }
}

/// One seat's connection attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub conn: Conn,
    /// The pairing link its code holds (empty while `Preparing`).
    pub url: String,
    pub state: LinkState,
    /// When its code was shown (ms), for the pairing time.
    pub shown_at: f64,
}

/// What is wrong with an answer code read for a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerProblem {
    /// A good answer, but for another seat's code.
    OtherSeat,
    /// Not a readable answer; the reader's reason, to tell rescanning from recopying.
    Unreadable(CodeError),
}

/// Every seat's connection attempt, and every spectator's.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    links: Vec<Option<Link>>,
    /// The spectators' connections, in the order they were invited: spectator `i` pairs in
    /// slot [`FIRST_SPECTATOR`]` + i` (the byte its answer names).
    spectators: Vec<Link>,
    next_conn: Conn,
}

impl Pairing {
    /// A table of `seats` seats, none with a code yet.
    pub fn new(seats: usize) -> Pairing {
        Pairing { links: vec![None; seats], spectators: Vec::new(), next_conn: 1 }
    }

    /// Every spectator's connection, in the order they were invited.
    pub fn spectators(&self) -> &[Link] {
        &self.spectators
    }

    /// A new spectator's connection and its pairing slot; `None` once [`MAX_SPECTATORS`]
    /// were invited.
    pub fn begin_spectator(&mut self) -> Option<(u8, Conn)> {
        if self.spectators.len() >= MAX_SPECTATORS {
            return None;
        }
        let slot = FIRST_SPECTATOR + self.spectators.len() as u8;
        let conn = self.next_conn;
        self.next_conn += 1;
        self.spectators.push(Link { conn, url: String::new(), state: LinkState::Preparing, shown_at: 0.0 });
        Some((slot, conn))
    }

    /// The spectator's slot whose connection is `conn`, if a spectator's.
    pub fn spectator_of(&self, conn: Conn) -> Option<u8> {
        let i = self.spectators.iter().position(|l| l.conn == conn)?;
        Some(FIRST_SPECTATOR + i as u8)
    }

    /// A spectator's connection is gone: true the first time (a channel closing and its
    /// connection failing both report it). A spectator gets no new code: the host invites
    /// another.
    pub fn spectator_lost(&mut self, conn: Conn) -> bool {
        let Some(link) = self.spectators.iter_mut().find(|l| l.conn == conn && l.state != LinkState::Lost) else {
            return false;
        };
        link.state = LinkState::Lost;
        true
    }

    /// Each seat's attempt, in seat order (`None`: no code yet, or a computer's seat).
    pub fn links(&self) -> &[Option<Link>] {
        &self.links
    }

    /// The seat's attempt, or a spectator's for its slot.
    pub fn link(&self, seat: u8) -> Option<&Link> {
        match seat.checked_sub(FIRST_SPECTATOR) {
            Some(i) => self.spectators.get(usize::from(i)),
            None => self.links.get(usize::from(seat)).and_then(Option::as_ref),
        }
    }

    /// The seat whose attempt is connection `conn`.
    pub fn seat_of(&self, conn: Conn) -> Option<u8> {
        let i = self.links.iter().position(|l| l.as_ref().is_some_and(|l| l.conn == conn))?;
        u8::try_from(i).ok()
    }

    /// Connection `conn` with the seat whose code opened it, to hand the host its messages
    /// with ([`Paired`]); `None` for a connection no seat holds any more.
    pub fn paired(&self, conn: Conn) -> Option<Paired> {
        self.seat_of(conn).map(|seat| Paired { conn, seat })
    }

    /// Of `persons` (the seats persons play), those without an open channel: each gets a
    /// code.
    pub fn seats_to_offer(&self, persons: impl IntoIterator<Item = u8>) -> Vec<u8> {
        persons
            .into_iter()
            .filter(|&s| usize::from(s) < self.links.len())
            .filter(|&s| self.link(s).is_none_or(|l| l.state != LinkState::Connected))
            .collect()
    }

    /// A new connection for `seat`'s code, its earlier one (to be closed) given back;
    /// `None` for a seat the table does not have.
    pub fn begin(&mut self, seat: u8) -> Option<(Conn, Option<Conn>)> {
        let slot = self.links.get_mut(usize::from(seat))?;
        let conn = self.next_conn;
        self.next_conn += 1;
        let earlier = slot.replace(Link { conn, url: String::new(), state: LinkState::Preparing, shown_at: 0.0 });
        Some((conn, earlier.map(|l| l.conn)))
    }

    /// Connection `conn`'s code, holding `url`, is shown at `now`. False if the seat has
    /// moved on to another connection meanwhile (the code is stale and its peer is to be
    /// closed). A spectator's code too.
    pub fn shown(&mut self, conn: Conn, url: String, now: f64) -> bool {
        let mut all = self.links.iter_mut().flatten().chain(&mut self.spectators);
        let Some(link) = all.find(|l| l.conn == conn).filter(|l| l.state == LinkState::Preparing) else { return false };
        (link.url, link.state, link.shown_at) = (url, LinkState::Waiting, now);
        true
    }

    /// Reads the answer `code` for `seat`'s code.
    pub fn check_answer(seat: u8, code: &str) -> Result<Answer, AnswerProblem> {
        match read_answer(code) {
            Ok(answer) if answer.seat == seat => Ok(answer),
            Ok(_) => Err(AnswerProblem::OtherSeat),
            Err(e) => Err(AnswerProblem::Unreadable(e)),
        }
    }

    /// The seat's answer was read: the connection to give it to, now connecting. `None`
    /// when the seat has no code shown to answer.
    pub fn answered(&mut self, seat: u8) -> Option<Conn> {
        let link = match seat.checked_sub(FIRST_SPECTATOR) {
            Some(i) => self.spectators.get_mut(usize::from(i))?,
            None => self.links.get_mut(usize::from(seat))?.as_mut()?,
        };
        if !matches!(link.state, LinkState::Waiting | LinkState::Connecting) {
            return None;
        }
        link.state = LinkState::Connecting;
        Some(link.conn)
    }

    /// Connection `conn`'s channel opened at `now`: how long its pairing took since the
    /// code was shown, or `None` for a connection no seat holds any more, or one whose code
    /// was never shown (no channel opens without it).
    pub fn opened(&mut self, conn: Conn, now: f64) -> Option<f64> {
        let link = (self.links.iter_mut().flatten().chain(&mut self.spectators))
            .find(|l| l.conn == conn)
            .filter(|l| matches!(l.state, LinkState::Waiting | LinkState::Connecting))?;
        link.state = LinkState::Connected;
        Some(now - link.shown_at)
    }

    /// After [`JOIN_WAIT_MS`]: whether connection `conn`, open and still its seat's, has not
    /// joined (`seated`: the host took its join) and is to be given up on.
    pub fn join_overdue(&self, conn: Conn, seated: bool) -> bool {
        !seated && self.find(conn).is_some_and(|l| l.state == LinkState::Connected)
    }

    /// After [`PATH_WAIT_MS`]: whether connection `conn`, answered then, is still its seat's
    /// and still connecting (no path between the devices: to be given up on). A seat that
    /// has moved on to a newer connection meanwhile is left to it.
    pub fn stuck(&self, conn: Conn) -> bool {
        let mut all = self.links.iter().flatten().chain(&self.spectators);
        all.find(|l| l.conn == conn).is_some_and(|l| l.state == LinkState::Connecting)
    }

    /// Connection `conn` is gone or given up on: the seat that gets a new code after
    /// [`NEW_CODE_PAUSE_MS`], once only (a channel closing and its connection failing both
    /// report the loss; the second finds it lost already).
    pub fn lost(&mut self, conn: Conn) -> Option<u8> {
        let seat = self.seat_of(conn)?;
        let link = self.links[usize::from(seat)].as_mut().filter(|l| l.state != LinkState::Lost)?;
        link.state = LinkState::Lost;
        Some(seat)
    }

    fn find(&self, conn: Conn) -> Option<&Link> {
        self.links.iter().flatten().find(|l| l.conn == conn)
    }
}
