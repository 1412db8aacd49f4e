//! A guest's page (a phone that opened its seat's link) as a pure model: the answer's code
//! while pairing, the channel to the host and when to say hello again, the [`Guest`] and
//! its save. The page (`web::table::guest_page`) holds only the browser's objects (the peer
//! connection, its data channel, the DOM), turns their callbacks into [`GuestEvent`]s and
//! runs the [`GuestEffect`]s that [`GuestScreen::update`] answers.

use super::bytes::TableId;
use super::channel::{GuestChannel, Opening, HELLO_RETRY_MS};
use super::guest::Guest;
use super::link::{answer_code, Answer, Invite};
use super::protocol::GuestMsg;
use super::screen::Problem;
use super::sdp::Session;
use super::validate::write;

/// The bytes of entropy a new guest needs (its commitments' secrets are drawn from them).
pub const GUEST_ENTROPY: usize = 32;

/// Something that happened on the guest's page.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The browser answered the host's offer with this SDP.
    AnswerMade(String),
    /// The browser could not answer; its words.
    AnswerFailed(String),
    ChannelOpen,
    ChannelClosed,
    /// A message from the host.
    Message(String),
    /// The hello's retry timer of this opening of the channel went off.
    HelloDue(Opening),
    /// The person pressed the `i`th choice.
    Choice(usize),
    /// The person asked for the answer's code to be copied.
    CopyCode,
}

/// Something for the page to do.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEffect {
    /// Send `text` on the data channel.
    Send(String),
    /// Store the guest's save under its key ([`save_key`]).
    Store(String),
    /// Send [`GuestEvent::HelloDue`] with this opening after `ms`.
    HelloAfter {
        ms: u32,
        opening: Opening,
    },
    /// Put `text` on the clipboard.
    Copy(String),
    Redraw,
    /// A line for the connection log that the test build keeps.
    Trace(String),
    /// The person pressed a choice (the start of tap-to-board, for the test build).
    Tapped,
}

/// Where the guest of a table's seat is saved: one save per table and seat.
pub fn save_key(table: TableId, seat: u8) -> String {
    format!("lauzait-table/guest/{table}/{seat}")
}

/// A guest's page.
#[derive(Clone, Debug)]
pub struct GuestScreen {
    guest: Guest,
    /// The answer's code, once made.
    code: Option<String>,
    channel: GuestChannel,
    problem: Option<Problem>,
}

impl GuestScreen {
    /// The page for `invite`: the guest saved for its table and seat (`saved`), or a new one
    /// made with `entropy` ([`GUEST_ENTROPY`] bytes from the browser's cryptographic
    /// generator); `None` without them, for a new guest's secrets would be guessable. The
    /// effects store the guest at once, so a reload comes back to it.
    pub fn start(invite: &Invite, saved: Option<&str>, entropy: &[u8]) -> Option<(GuestScreen, Vec<GuestEffect>)> {
        let resumed = saved.and_then(|text| Guest::resume(text).ok());
        let guest = match resumed {
            Some(guest) => guest,
            None if entropy.len() >= GUEST_ENTROPY => Guest::new(invite.table, invite.seat, invite.token, entropy),
            None => return None,
        };
        let fx = vec![GuestEffect::Store(guest.save()), GuestEffect::Redraw];
        Some((GuestScreen { guest, code: None, channel: GuestChannel::default(), problem: None }, fx))
    }

    pub fn guest(&self) -> &Guest {
        &self.guest
    }
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }
    pub fn channel(&self) -> &GuestChannel {
        &self.channel
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    /// Where this guest is saved.
    pub fn save_key(&self) -> String {
        save_key(self.guest.table, self.guest.seat)
    }

    /// Handles `event`.
    pub fn update(&mut self, event: GuestEvent) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        match event {
            GuestEvent::AnswerMade(sdp) => {
                match Session::parse(&sdp) {
                    Ok(answer) => self.code = Some(answer_code(&Answer { seat: self.guest.seat, answer })),
                    Err(why) => self.problem = Some(Problem::ConnectionFailed(why)),
                }
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::AnswerFailed(why) => {
                self.problem = Some(Problem::ConnectionFailed(why));
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::ChannelOpen => {
                fx.push(GuestEffect::Trace("channel open".into()));
                let opening = self.channel.opened();
                self.hello("hello sent", &mut fx);
                fx.push(GuestEffect::Redraw);
                fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
            }
            GuestEvent::HelloDue(opening) => {
                // Why it is said again: `super::channel`.
                if self.channel.hello_again(opening) {
                    self.hello("hello sent again", &mut fx);
                    fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
                }
            }
            GuestEvent::ChannelClosed => {
                fx.push(GuestEffect::Trace("channel closed".into()));
                self.channel.closed();
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::Message(text) => {
                self.channel.heard();
                let answers = self.guest.receive(&text);
                fx.push(GuestEffect::Store(self.guest.save()));
                match answers {
                    Ok(answers) => fx.extend(answers.iter().map(|a| GuestEffect::Send(write(a)))),
                    Err(why) => self.problem = Some(Problem::Other(why)),
                }
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::Choice(i) => {
                let pressed = self.guest.choices().get(i).copied().and_then(|action| self.guest.press(action));
                if let Some(msg) = pressed {
                    fx.push(GuestEffect::Tapped);
                    fx.push(GuestEffect::Send(write(&msg)));
                }
            }
            GuestEvent::CopyCode => fx.extend(self.code.clone().map(GuestEffect::Copy)),
        }
        fx
    }

    fn hello(&self, what: &str, fx: &mut Vec<GuestEffect>) {
        let hello: GuestMsg = self.guest.hello();
        fx.push(GuestEffect::Trace(what.to_string()));
        fx.push(GuestEffect::Send(write(&hello)));
    }
}
