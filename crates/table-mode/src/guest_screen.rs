//! A guest's page (a phone that opened its seat's link) as a pure model: the answer's code
//! while pairing and the channel to the host, as a spectator's page has them
//! ([`super::answering`]), when to say hello again, the [`Guest`] and its save. The page
//! (`web::table::guest_page`) holds only the browser's objects (the peer connection, its
//! data channel, the DOM), turns their callbacks into [`GuestEvent`]s and runs the
//! [`GuestEffect`]s that [`GuestScreen::update`] answers.
//!
//! Load, as on the host's page (`super::host_screen`): the host's messages go through a
//! budget first ([`super::answering`]), and one over it is dropped unread and only counted,
//! so that a host flooding the phone costs it a counter's increment. A message within the
//! budget is drawn at once, so that the buttons on the page are always the ones a tap is
//! read against (a redraw a frame later let a tap land on the view before); what it changes
//! is saved at the next [`GuestEvent::Flush`], about a frame later ([`FLUSH_MS`]): a burst
//! of messages costs one save, and a message that changes nothing costs none.

use super::answering::{Answering, PageEvent};
use super::bytes::TableId;
use super::channel::{ChannelOpening, HELLO_RETRY_MS};
use super::guest::Guest;
use super::guest_event::{GuestEffect, GuestEvent};
use super::link::Invite;
use super::protocol::GuestMsg;
use super::screen::Problem;
use super::sdp::SessionDescription;
use super::validate::write;

/// How long the host's messages gather before the phone saves and draws them: about a
/// frame (ms).
pub const FLUSH_MS: u32 = 16;

/// The bytes of entropy a new guest needs (its commitments' secrets are drawn from them).
pub const GUEST_ENTROPY: usize = 32;

/// Where the guest of a table's seat is saved: one save per table and seat.
pub fn save_key(table: TableId, seat: u8) -> String {
    format!("lauzait-table/guest/{table}/{seat}")
}

/// A guest's page.
#[derive(Clone, Debug)]
pub struct GuestScreen {
    guest: Guest,
    /// The host's offer this page answers.
    offer: SessionDescription,
    /// The connection to the host, while pairing and after.
    answering: Answering,
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
        let answering = Answering::new(guest.seat, &invite.offer, &invite.ice, String::new(), problem);
        let screen =
            GuestScreen { guest, offer: invite.offer.clone(), answering, flush_due: false, touched: false, stored };
        Some((screen, fx))
    }

    /// The page at `page_url` (the table's page, without its fragment): its answer's link
    /// opens there.
    pub fn with_page_url(mut self, page_url: String) -> GuestScreen {
        self.answering.set_page_url(page_url);
        self
    }

    pub fn guest(&self) -> &Guest {
        &self.guest
    }
    /// The connection to the host: the answer's code and link, the channel, the problem
    /// shown, why no path opened.
    pub fn answering(&self) -> &Answering {
        &self.answering
    }
    /// Where this guest is saved.
    pub fn save_key(&self) -> String {
        save_key(self.guest.table, self.guest.seat)
    }

    /// Handles `event`, which happened at `now` (ms, the page's clock).
    pub fn update(&mut self, event: GuestEvent, now: f64) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        match self.answering.update(event, now, &mut fx) {
            None => {}
            Some(PageEvent::Opened(opening)) => {
                // Paired: this code is spent.
                self.guest.spend_offer(&self.offer);
                self.hello("hello sent", &mut fx);
                // Saved (the spent code) and drawn at once.
                self.touched = true;
                self.flush(&mut fx);
                fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
            }
            Some(PageEvent::HelloDue(opening)) => self.hello_due(opening, &mut fx),
            Some(PageEvent::Message(text)) => self.message(&text, &mut fx),
            Some(PageEvent::Flush) => {
                self.flush_due = false;
                self.flush(&mut fx);
            }
            Some(PageEvent::Choice(i)) => {
                let pressed = self.guest.choices().get(i).copied().and_then(|action| self.guest.press(action));
                if let Some(msg) = pressed {
                    fx.push(GuestEffect::Tapped);
                    fx.push(GuestEffect::Send(write(&msg)));
                }
            }
        }
        fx
    }

    /// The hello's retry timer of `opening` went off: said again if the channel asks for it
    /// (why it is said again: `super::channel`).
    fn hello_due(&mut self, opening: ChannelOpening, fx: &mut Vec<GuestEffect>) {
        if self.answering.channel_mut().hello_again(opening) {
            self.hello("hello sent again", fx);
            fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
        }
    }

    /// A message from the host, within its budget: read by the guest and drawn; what it
    /// changed is saved at the next flush.
    fn message(&mut self, text: &str, fx: &mut Vec<GuestEffect>) {
        match self.guest.receive(text) {
            Ok(answers) => fx.extend(answers.iter().map(|a| GuestEffect::Send(write(a)))),
            Err(why) => self.answering.say(Problem::HostMessage(why)),
        }
        self.touched = true;
        // Drawn at once: what the page shows and what a tap on it does never part (the
        // budget bounds the redraws); the save waits for the flush.
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
