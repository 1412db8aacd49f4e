//! A spectator's page (table.html opened with a spectator's link, `#w=…`) as a pure model:
//! the answer's code while pairing, as a phone's, then the public view the host sends on
//! every public change ([`SpectatorMsg`]). It sends nothing: a spectator takes no part.
//!
//! The page answers the host's offer as a phone's does: the same model of the connection
//! ([`Answering`]) and the same wiring of the peer connection (`web::table::answering`), so
//! its events and effects are a phone page's ([`GuestEvent`], [`GuestEffect`]); those a
//! spectator has no use for (a choice, a hello's retry, a flush) change nothing here. It
//! runs in the host's module (`lauzait-table`), not the phone's, whose download has a
//! ceiling. The host's messages go through the same budget as on a phone: one over it is
//! dropped unread and counted.

use super::answering::{Answering, PageEvent};
use super::guest_error::GuestError;
use super::guest_event::{GuestEffect, GuestEvent};
use super::link::WatchInvite;
use super::screen::Problem;
use super::spectator::{read_spectator, SpectatorMsg};
use lauzait_engine::SpectatorView;

/// A spectator's page.
#[derive(Clone, Debug)]
pub struct SpectatorScreen {
    /// The connection to the host, answering in the spectator's pairing slot.
    answering: Answering,
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
            answering: Answering::new(invite.slot, &invite.offer, &invite.ice, page_url, None),
            view: None,
            names: Vec::new(),
        }
    }

    /// The connection to the host: the answer's code and link, the channel, the problem
    /// shown, why no path opened, the messages dropped.
    pub fn answering(&self) -> &Answering {
        &self.answering
    }
    /// The latest public view and its number, once one came.
    pub fn view(&self) -> Option<&(u32, SpectatorView)> {
        self.view.as_ref()
    }
    /// The seats' names as the table set them (none before the first view).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Handles `event`, which happened at `now` (ms, the page's clock).
    pub fn update(&mut self, event: GuestEvent, now: f64) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        match self.answering.update(event, now, &mut fx) {
            Some(PageEvent::Opened(_)) => fx.push(GuestEffect::Redraw),
            Some(PageEvent::Message(text)) => self.message(&text, &mut fx),
            // A phone's own: a spectator has no choices, says no hello and keeps no save.
            None | Some(PageEvent::Flush | PageEvent::HelloDue(_) | PageEvent::Choice(_)) => {}
        }
        fx
    }

    /// A message from the host, within its budget: a public view newer than the one shown
    /// replaces it; anything else is said as a problem and changes nothing.
    fn message(&mut self, text: &str, fx: &mut Vec<GuestEffect>) {
        match read_spectator(text) {
            Ok(SpectatorMsg::Public { seq, names, view, .. }) => {
                if self.view.as_ref().is_none_or(|(shown, _)| seq >= *shown) {
                    self.view = Some((seq, *view));
                    self.names = names;
                }
            }
            Err(refused) => self.answering.say(Problem::HostMessage(GuestError::Unreadable(refused))),
        }
        fx.push(GuestEffect::Redraw);
    }
}
