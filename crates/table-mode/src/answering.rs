//! A device answering the host's invite, as a phone's page and a spectator's page both are:
//! the answer's code and link while pairing, the channel to the host (open, lost), why no
//! path opened when none did, the problem the page shows, and the budget the host's messages
//! go through. One model, so that both pages pair, fail and say why alike; each screen
//! ([`super::guest_screen`], [`super::spectator_screen`]) holds one and handles only what
//! is its own ([`PageEvent`]): what the channel's opening and the host's messages mean to
//! it, and a phone's choices, hellos and saves.
//!
//! Load: the host's messages go through a [`Bucket`] first, and one over it is dropped
//! unread and only counted, so that a host flooding the page costs it a counter's
//! increment.

use super::channel::{ChannelOpening, GuestChannel};
use super::forward::answer_link;
use super::guest_event::{DisconnectedSpell, GuestEffect, GuestEvent};
use super::ice::IceServers;
use super::link::{answer_code, Answer};
use super::no_path::{relayed, NoPath};
use super::screen::{Bucket, Problem};
use super::sdp::SessionDescription;

/// How long a connection that never opened may stay `disconnected` before the page takes it
/// to have found no path to the host (ms). Chromium calls a pairing whose checks all went
/// unanswered `disconnected` about 15 s after they began, and `failed` only after more than
/// 45 s, or never: waiting for `failed`, the page would say nothing while the host has long
/// said why. A `disconnected` connection may still come back (`connecting`), so it is given
/// this long first.
pub const DISCONNECTED_WAIT_MS: u32 = 3000;

/// What of an event is the page's own to handle, once the connection's part is done.
#[derive(Clone, Debug, PartialEq)]
pub enum PageEvent {
    /// The channel opened, this time: pairing is over.
    Opened(ChannelOpening),
    /// A message from the host, within the budget (the channel has heard from the host).
    Message(String),
    /// [`GuestEvent::Flush`].
    Flush,
    /// [`GuestEvent::HelloDue`].
    HelloDue(ChannelOpening),
    /// [`GuestEvent::Choice`].
    Choice(usize),
}

/// The answering side of a page's connection to the host.
#[derive(Clone, Debug)]
pub struct Answering {
    /// The seat, or the spectator's pairing slot, its answer names.
    slot: u8,
    /// The answer's code, once made.
    code: Option<String>,
    /// This page's address, for the answer's link.
    page_url: String,
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
}

impl Answering {
    /// Answering `offer`, made with the host's `ice` servers, for the seat or slot `slot`,
    /// on the page at `page_url` (the table's page, without its fragment: the answer's link
    /// opens there); `problem`, what the page shows from the start, if anything.
    pub fn new(
        slot: u8,
        offer: &SessionDescription,
        ice: &IceServers,
        page_url: String,
        problem: Option<Problem>,
    ) -> Answering {
        Answering {
            slot,
            code: None,
            page_url,
            ice: ice.clone(),
            relay_offered: relayed(offer),
            no_path: None,
            disconnected: None,
            spells: 0,
            channel: GuestChannel::default(),
            problem,
            budget: None,
            dropped: 0,
        }
    }

    pub fn set_page_url(&mut self, page_url: String) {
        self.page_url = page_url;
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
    pub fn channel_mut(&mut self) -> &mut GuestChannel {
        &mut self.channel
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    /// Shows `problem` until the next one, or until the page pairs.
    pub fn say(&mut self, problem: Problem) {
        self.problem = Some(problem);
    }
    /// Why the connection found no path to the host, and so what to try.
    pub fn no_path(&self) -> Option<NoPath> {
        self.no_path
    }
    /// Whether this page's code is one this device already connected through: it cannot
    /// connect again, and the page says so instead of pairing.
    pub fn spent(&self) -> bool {
        self.problem == Some(Problem::SpentCode)
    }
    /// How many of the host's messages were dropped unread, over the budget.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
    /// Whether the channel has never opened: a connection that finds no path now tells of
    /// networks kept apart; one that was open is a host gone (the page says the channel is
    /// lost).
    pub fn pairing(&self) -> bool {
        !self.channel.connected() && !self.channel.lost()
    }

    /// Handles the connection's part of `event`, which happened at `now` (ms, the page's
    /// clock), with its effects into `fx`; hands back what is the page's own.
    pub fn update(&mut self, event: GuestEvent, now: f64, fx: &mut Vec<GuestEffect>) -> Option<PageEvent> {
        match event {
            // A spent code's answer is never shown: the host could read it, and then wait
            // for a connection that cannot come.
            GuestEvent::AnswerMade(_) if self.spent() => {}
            GuestEvent::AnswerMade(sdp) => {
                match SessionDescription::parse(&sdp) {
                    Ok(answer) => {
                        self.relay_offered |= relayed(&answer);
                        self.code = Some(answer_code(&Answer { seat: self.slot, answer }));
                    }
                    Err(why) => self.problem = Some(Problem::ConnectionFailed(why.to_string())),
                }
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::AnswerFailed(why) => {
                self.problem = Some(Problem::ConnectionFailed(why));
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::ChannelOpen => {
                fx.push(GuestEffect::Trace("channel open".into()));
                // Paired: what went wrong while pairing is over.
                (self.problem, self.no_path) = (None, None);
                return Some(PageEvent::Opened(self.channel.opened()));
            }
            GuestEvent::ChannelClosed => {
                fx.push(GuestEffect::Trace("channel closed".into()));
                self.channel.closed();
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::PathFailed => self.no_path_found(fx),
            GuestEvent::PathDisconnected => {
                if self.pairing() {
                    self.spells += 1;
                    let spell = DisconnectedSpell::new(self.spells);
                    self.disconnected = Some(spell);
                    fx.push(GuestEffect::PathCheckAfter { ms: DISCONNECTED_WAIT_MS, spell });
                }
            }
            GuestEvent::PathResumed => self.disconnected = None,
            GuestEvent::PathCheckDue(spell) => {
                if self.disconnected == Some(spell) {
                    self.disconnected = None;
                    self.no_path_found(fx);
                }
            }
            GuestEvent::Message(text) => {
                if !self.budget.get_or_insert_with(|| Bucket::new(now)).take(now) {
                    self.dropped += 1;
                    return None;
                }
                self.channel.heard();
                return Some(PageEvent::Message(text));
            }
            GuestEvent::CopyCode => fx.extend(self.code.clone().map(GuestEffect::Copy)),
            GuestEvent::CopyAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Copy)),
            GuestEvent::ShareAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Share)),
            GuestEvent::Flush => return Some(PageEvent::Flush),
            GuestEvent::HelloDue(opening) => return Some(PageEvent::HelloDue(opening)),
            GuestEvent::Choice(i) => return Some(PageEvent::Choice(i)),
        }
        None
    }

    /// The connection failed, or stayed `disconnected` past [`DISCONNECTED_WAIT_MS`]: while
    /// pairing, the page says there is no path and why.
    fn no_path_found(&mut self, fx: &mut Vec<GuestEffect>) {
        if self.pairing() {
            fx.push(GuestEffect::Trace("no path to the host".into()));
            self.no_path = Some(NoPath::why(&self.ice, self.relay_offered));
            fx.push(GuestEffect::Redraw);
        }
    }
}

#[cfg(test)]
mod tests;
