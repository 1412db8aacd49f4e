//! An answer forwarded to a tablet's page by an answer link's tab ([`crate::forward`]): read
//! for the seat it names, taken as a pasted one would be, and replied to, so that the tab
//! says whether it arrived. Table mode's host page and a relayed table's tablet both take
//! answers so ([`read_forwarded`]).

use super::{HostEffect, HostScreen};
use crate::forward::ForwardReply;
use crate::link::read_answer;
use crate::pairing::{LinkState, Pairing};

/// What an answer link's tab posted (`text`), read against the page's `pairing` (`set`: the
/// table is set, its seats' codes shown): the reply for the tab, and the seat whose answer it
/// is when that seat's code waits for one (the page then takes `text` as that seat's pasted
/// answer). `None` for another table page's reply on the same channel: not an answer, and
/// answering it would have the two pages reply to each other without end.
pub fn read_forwarded(pairing: &Pairing, set: bool, text: &str) -> Option<(ForwardReply, Option<u8>)> {
    if ForwardReply::read(text).is_some() {
        return None;
    }
    Some(match read_answer(text) {
        Err(_) => (ForwardReply::Unreadable, None),
        Ok(answer) => {
            let awaited = set
                && pairing
                    .link(answer.seat)
                    .is_some_and(|l| matches!(l.state, LinkState::Waiting | LinkState::Connecting));
            if awaited {
                (ForwardReply::Taken, Some(answer.seat))
            } else {
                (ForwardReply::NotAwaited, None)
            }
        }
    })
}

impl HostScreen {
    pub(super) fn forwarded(&mut self, text: &str, fx: &mut Vec<HostEffect>) {
        let Some((reply, seat)) = read_forwarded(&self.pairing, self.host.is_some(), text) else { return };
        if let Some(seat) = seat {
            self.answer(seat, text, fx);
        }
        fx.push(HostEffect::Trace(format!("answer link forwarded: {}", reply.wire())));
        fx.push(HostEffect::ReplyForwarded(reply));
    }
}
