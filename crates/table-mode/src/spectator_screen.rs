//! A spectator's page (table.html opened with a spectator's link, `#w=…`) as a pure model:
//! the answer's code while pairing, as a phone's, then the public view the host sends on
//! every public change ([`SpectatorMsg`]). It sends nothing: a spectator takes no part.
//!
//! The page answers the host's offer as a phone's does, through the same wiring of the peer
//! connection (`web::table::answering`), so its events and effects are a phone page's
//! ([`GuestEvent`], [`GuestEffect`]); those a spectator has no use for (a choice, a hello's
//! retry, a flush) change nothing here. It runs in the host's module (`lauzait-table`), not
//! the phone's, whose download has a ceiling. The host's messages
//! go through a [`Bucket`] as on a phone: one over it is dropped unread and counted.

use super::channel::GuestChannel;
use super::forward::answer_link;
use super::guest_error::GuestError;
use super::guest_screen::{DisconnectedSpell, GuestEffect, GuestEvent, DISCONNECTED_WAIT_MS};
use super::ice::IceServers;
use super::link::{answer_code, Answer, WatchInvite};
use super::no_path::{relayed, NoPath};
use super::screen::{Bucket, Problem};
use super::sdp::SessionDescription;
use super::spectator::{read_spectator, SpectatorMsg};
use lauzait_engine::SpectatorView;

/// A spectator's page.
#[derive(Clone, Debug)]
pub struct SpectatorScreen {
    /// The pairing slot its answer names.
    slot: u8,
    /// The answer's code, once made.
    code: Option<String>,
    /// This page's address, for the answer's link.
    page_url: String,
    /// The ICE servers the invite carried (the host's).
    ice: IceServers,
    /// Whether the offer or this page's answer holds a relayed candidate.
    relay_offered: bool,
    no_path: Option<NoPath>,
    disconnected: Option<DisconnectedSpell>,
    spells: u32,
    channel: GuestChannel,
    problem: Option<Problem>,
    budget: Option<Bucket>,
    dropped: u64,
    /// The latest public view and its number.
    view: Option<(u32, SpectatorView)>,
    /// The seats' names as the table set them.
    names: Vec<String>,
}

impl SpectatorScreen {
    /// The page for `invite`, whose address is `page_url` (the table's page, without its
    /// fragment: the answer's link opens there).
    pub fn start(invite: &WatchInvite, page_url: String) -> SpectatorScreen {
        SpectatorScreen {
            slot: invite.slot,
            code: None,
            page_url,
            ice: invite.ice.clone(),
            relay_offered: relayed(&invite.offer),
            no_path: None,
            disconnected: None,
            spells: 0,
            channel: GuestChannel::default(),
            problem: None,
            budget: None,
            dropped: 0,
            view: None,
            names: Vec::new(),
        }
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
    pub fn no_path(&self) -> Option<NoPath> {
        self.no_path
    }
    /// The latest public view and its number, once one came.
    pub fn view(&self) -> Option<&(u32, SpectatorView)> {
        self.view.as_ref()
    }
    /// The seats' names as the table set them (none before the first view).
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// How many of the host's messages were dropped unread, over the budget.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Handles `event`, which happened at `now` (ms, the page's clock).
    pub fn update(&mut self, event: GuestEvent, now: f64) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        match event {
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
                (self.problem, self.no_path) = (None, None);
                self.channel.opened();
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::ChannelClosed => {
                fx.push(GuestEffect::Trace("channel closed".into()));
                self.channel.closed();
                fx.push(GuestEffect::Redraw);
            }
            GuestEvent::PathFailed => self.no_path_found(&mut fx),
            GuestEvent::PathDisconnected if self.pairing() => {
                self.spells += 1;
                let spell = DisconnectedSpell::new(self.spells);
                self.disconnected = Some(spell);
                fx.push(GuestEffect::PathCheckAfter { ms: DISCONNECTED_WAIT_MS, spell });
            }
            GuestEvent::PathResumed => self.disconnected = None,
            GuestEvent::PathCheckDue(spell) if self.disconnected == Some(spell) => {
                self.disconnected = None;
                self.no_path_found(&mut fx);
            }
            GuestEvent::Message(text) => self.message(&text, now, &mut fx),
            GuestEvent::CopyCode => fx.extend(self.code.clone().map(GuestEffect::Copy)),
            GuestEvent::CopyAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Copy)),
            GuestEvent::ShareAnswerLink => fx.extend(self.answer_link().map(GuestEffect::Share)),
            // A phone's own: a spectator has no choices, says no hello and keeps no save.
            GuestEvent::PathDisconnected
            | GuestEvent::PathCheckDue(_)
            | GuestEvent::Flush
            | GuestEvent::HelloDue(_)
            | GuestEvent::Choice(_) => {}
        }
        fx
    }

    fn pairing(&self) -> bool {
        !self.channel.connected() && !self.channel.lost()
    }

    fn no_path_found(&mut self, fx: &mut Vec<GuestEffect>) {
        if self.pairing() {
            fx.push(GuestEffect::Trace("no path to the host".into()));
            self.no_path = Some(NoPath::why(&self.ice, self.relay_offered));
            fx.push(GuestEffect::Redraw);
        }
    }

    /// A message from the host: within its budget, a public view newer than the one shown
    /// replaces it; anything else is said as a problem and changes nothing.
    fn message(&mut self, text: &str, now: f64, fx: &mut Vec<GuestEffect>) {
        if !self.budget.get_or_insert_with(|| Bucket::new(now)).take(now) {
            self.dropped += 1;
            return;
        }
        self.channel.heard();
        match read_spectator(text) {
            Ok(SpectatorMsg::Public { seq, names, view, .. }) => {
                if self.view.as_ref().is_none_or(|(shown, _)| seq >= *shown) {
                    self.view = Some((seq, *view));
                    self.names = names;
                }
            }
            Err(refused) => self.problem = Some(Problem::HostMessage(GuestError::Unreadable(refused))),
        }
        fx.push(GuestEffect::Redraw);
    }
}
