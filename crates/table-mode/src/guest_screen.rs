//! A guest's page (a phone that opened its seat's link) as a pure model: the answer's code
//! while pairing, the channel to the host and when to say hello again, the [`Guest`] and
//! its save. The page (`web::table::guest_page`) holds only the browser's objects (the peer
//! connection, its data channel, the DOM), turns their callbacks into [`GuestEvent`]s and
//! runs the [`GuestEffect`]s that [`GuestScreen::update`] answers.
//!
//! Load, as on the host's page (`super::host_screen`): the host's messages go through a
//! [`Bucket`] first, and one over it is dropped unread and only counted, so that a host
//! flooding the phone costs it a counter's increment. A message within the budget is drawn
//! at once, so that the buttons on the page are always the ones a tap is read against
//! (a redraw a frame later let a tap land on the view before); what it changes is saved at
//! the next [`GuestEvent::Flush`], about a frame later ([`FLUSH_MS`]): a burst of messages
//! costs one save, and a message that changes nothing costs none.

use super::bytes::TableId;
use super::channel::{ChannelOpening, GuestChannel, HELLO_RETRY_MS};
use super::forward::answer_link;
use super::guest::Guest;
use super::ice::IceServers;
use super::link::{answer_code, Answer, Invite};
use super::no_path::{relayed, NoPath};
use super::protocol::GuestMsg;
use super::screen::{Bucket, Problem};
use super::sdp::SessionDescription;
use super::validate::write;

/// How long the host's messages gather before the phone saves and draws them: about a
/// frame (ms).
pub const FLUSH_MS: u32 = 16;

/// How long a connection that never opened may stay `disconnected` before the phone takes it
/// to have found no path to the host (ms). Chromium calls a pairing whose checks all went
/// unanswered `disconnected` about 15 s after they began, and `failed` only after more than
/// 45 s, or never: waiting for `failed`, the phone would say nothing while the host has long
/// said why. A `disconnected` connection may still come back (`connecting`), so it is given
/// this long first.
pub const DISCONNECTED_WAIT_MS: u32 = 3000;

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
    /// Store the guest's save under its key ([`save_key`]).
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
    /// This page's address, for the answer's link.
    page_url: String,
    /// The host's offer this page answers.
    offer: SessionDescription,
    /// The ICE servers the invite carried (the host's).
    ice: IceServers,
    /// Whether the offer or this page's answer holds a relayed candidate.
    relay_offered: bool,
    /// Why the connection found no path, when it did not.
    no_path: Option<NoPath>,
    /// The connection's `disconnected` spell being waited out, while pairing.
    disconnected: Option<DisconnectedSpell>,
    /// How many `disconnected` spells there were: each wait names its own.
    spells: u32,
    channel: GuestChannel,
    problem: Option<Problem>,
    /// The host's messages' budget, from the first one.
    budget: Option<Bucket>,
    /// The host's messages dropped unread for being over the budget.
    dropped: u64,
    /// A [`GuestEvent::Flush`] is on its way.
    flush_due: bool,
    /// The guest took a message since the last flush: saved and drawn then.
    touched: bool,
    /// The save as last stored, so that a message that changed nothing stores nothing.
    stored: String,
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
        // The code this phone already connected through cannot connect again: the board
        // shows the seat a new one (after a reload of the board, or a lost connection).
        let problem = guest.offer_spent(&invite.offer).then_some(Problem::SpentCode);
        let stored = guest.save();
        let fx = vec![GuestEffect::Store(stored.clone()), GuestEffect::Redraw];
        let screen = GuestScreen {
            guest,
            code: None,
            page_url: String::new(),
            offer: invite.offer.clone(),
            ice: invite.ice.clone(),
            relay_offered: relayed(&invite.offer),
            no_path: None,
            disconnected: None,
            spells: 0,
            channel: GuestChannel::default(),
            problem,
            budget: None,
            dropped: 0,
            flush_due: false,
            touched: false,
            stored,
        };
        Some((screen, fx))
    }

    /// The page at `page_url` (the table's page, without its fragment): its answer's link
    /// opens there.
    pub fn with_page_url(mut self, page_url: String) -> GuestScreen {
        self.page_url = page_url;
        self
    }

    pub fn guest(&self) -> &Guest {
        &self.guest
    }
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }
    /// The answer as a link to the table's page (`…#a=…`), once made.
    pub fn answer_link(&self) -> Option<String> {
        self.code.as_deref().map(|code| answer_link(&self.page_url, code))
    }
    pub fn channel(&self) -> &GuestChannel {
        &self.channel
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    /// Why the connection found no path to the host, and so what to try.
    pub fn no_path(&self) -> Option<NoPath> {
        self.no_path
    }
    /// Whether this page's code is one this phone already connected through: it cannot
    /// connect again, and the page says so instead of pairing.
    pub fn spent(&self) -> bool {
        self.problem == Some(Problem::SpentCode)
    }
    /// How many of the host's messages were dropped unread, over the budget.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
    /// Where this guest is saved.
    pub fn save_key(&self) -> String {
        save_key(self.guest.table, self.guest.seat)
    }

    /// Handles `event`, which happened at `now` (ms, the page's clock).
    pub fn update(&mut self, event: GuestEvent, now: f64) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        match event {
            // A spent code's answer is never shown: the host could read it, and then wait
            // for a connection that cannot come.
            GuestEvent::AnswerMade(_) if self.spent() => {}
            GuestEvent::AnswerMade(sdp) => {
                match SessionDescription::parse(&sdp) {
                    Ok(answer) => {
                        self.relay_offered |= relayed(&answer);
                        self.code = Some(answer_code(&Answer { seat: self.guest.seat, answer }));
                    }
                    Err(why) => self.problem = Some(Problem::ConnectionFailed(why.to_string())),
                }
                self.redraw(&mut fx);
            }
            GuestEvent::AnswerFailed(why) => {
                self.problem = Some(Problem::ConnectionFailed(why));
                self.redraw(&mut fx);
            }
            GuestEvent::ChannelOpen => {
                fx.push(GuestEffect::Trace("channel open".into()));
                // Paired: what went wrong while pairing is over, and this code is spent.
                self.problem = None;
                self.no_path = None;
                self.guest.spend_offer(&self.offer);
                let opening = self.channel.opened();
                self.hello("hello sent", &mut fx);
                // Saved (the spent code) and drawn at once.
                self.touched = true;
                self.flush(&mut fx);
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
                self.redraw(&mut fx);
            }
            GuestEvent::PathFailed => self.no_path_found(&mut fx),
            GuestEvent::PathDisconnected => {
                if self.pairing() {
                    self.spells += 1;
                    let spell = DisconnectedSpell(self.spells);
                    self.disconnected = Some(spell);
                    fx.push(GuestEffect::PathCheckAfter { ms: DISCONNECTED_WAIT_MS, spell });
                }
            }
            GuestEvent::PathResumed => self.disconnected = None,
            GuestEvent::PathCheckDue(spell) => {
                if self.disconnected == Some(spell) {
                    self.disconnected = None;
                    self.no_path_found(&mut fx);
                }
            }
            GuestEvent::Message(text) => self.message(&text, now, &mut fx),
            GuestEvent::Flush => {
                self.flush_due = false;
                self.flush(&mut fx);
            }
            GuestEvent::Choice(i) => {
                let pressed = self.guest.choices().get(i).copied().and_then(|action| self.guest.press(action));
                if let Some(msg) = pressed {
                    fx.push(GuestEffect::Tapped);
                    fx.push(GuestEffect::Send(write(&msg)));
                }
            }
            GuestEvent::CopyCode => fx.extend(self.code.clone().map(GuestEffect::Copy)),
            GuestEvent::CopyAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Copy)),
            GuestEvent::ShareAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Share)),
        }
        fx
    }

    /// Whether the channel has never opened: a connection that finds no path now tells of
    /// networks kept apart; one that was open is a host gone (the page says the channel is
    /// lost).
    fn pairing(&self) -> bool {
        !self.channel.connected() && !self.channel.lost()
    }

    /// The connection failed, or stayed `disconnected` past [`DISCONNECTED_WAIT_MS`]: while
    /// pairing, the page says there is no path and why.
    fn no_path_found(&mut self, fx: &mut Vec<GuestEffect>) {
        if self.pairing() {
            fx.push(GuestEffect::Trace("no path to the host".into()));
            self.no_path = Some(NoPath::why(&self.ice, self.relay_offered));
            self.redraw(fx);
        }
    }

    /// A message from the host: within its budget, read by the guest and drawn; what it
    /// changed is saved at the next flush.
    fn message(&mut self, text: &str, now: f64, fx: &mut Vec<GuestEffect>) {
        if !self.budget.get_or_insert_with(|| Bucket::new(now)).take(now) {
            self.dropped += 1;
            return;
        }
        self.channel.heard();
        match self.guest.receive(text) {
            Ok(answers) => fx.extend(answers.iter().map(|a| GuestEffect::Send(write(a)))),
            Err(why) => self.problem = Some(Problem::HostMessage(why)),
        }
        self.touched = true;
        // Drawn at once: what the page shows and what a tap on it does never part (the
        // budget above bounds the redraws); the save waits for the flush.
        self.redraw(fx);
        if !self.flush_due {
            self.flush_due = true;
            fx.push(GuestEffect::FlushAfter(FLUSH_MS));
        }
    }

    /// Saves the guest if it changed and draws the page, once for every message since the
    /// last flush.
    fn flush(&mut self, fx: &mut Vec<GuestEffect>) {
        if !std::mem::take(&mut self.touched) {
            return;
        }
        let save = self.guest.save();
        if save != self.stored {
            fx.push(GuestEffect::Store(save.clone()));
            self.stored = save;
        }
        self.redraw(fx);
    }

    /// Whether the page shows everything the guest knows: no flush is on its way.
    pub fn settled(&self) -> bool {
        !self.flush_due
    }

    /// Draws the page: at once for every change to the guest, so the buttons on it are the
    /// choices a tap is read against.
    fn redraw(&self, fx: &mut Vec<GuestEffect>) {
        fx.push(GuestEffect::Redraw);
    }

    fn hello(&self, what: &str, fx: &mut Vec<GuestEffect>) {
        let hello: GuestMsg = self.guest.hello();
        fx.push(GuestEffect::Trace(what.to_string()));
        fx.push(GuestEffect::Send(write(&hello)));
    }
}
