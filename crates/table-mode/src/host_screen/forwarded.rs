//! An answer forwarded to the host's page by an answer link's tab ([`crate::forward`]):
//! read for the seat it names, taken as a pasted one would be, and replied to, so that the
//! tab says whether it arrived.

use super::{HostEffect, HostScreen};
use crate::forward::ForwardReply;
use crate::link::read_answer;
use crate::pairing::LinkState;

impl HostScreen {
    pub(super) fn forwarded(&mut self, text: &str, fx: &mut Vec<HostEffect>) {
        // Another table's page replying on the same channel: not an answer, and answering it
        // would have the two pages reply to each other without end.
        if ForwardReply::read(text).is_some() {
            return;
        }
        let reply = match read_answer(text) {
            Err(_) => ForwardReply::Unreadable,
            Ok(answer) => {
                let awaited = self.host.is_some()
                    && self
                        .pairing
                        .link(answer.seat)
                        .is_some_and(|l| matches!(l.state, LinkState::Waiting | LinkState::Connecting));
                if awaited {
                    self.answer(answer.seat, text, fx);
                    ForwardReply::Taken
                } else {
                    ForwardReply::NotAwaited
                }
            }
        };
        fx.push(HostEffect::Trace(format!("answer link forwarded: {}", reply.wire())));
        fx.push(HostEffect::ReplyForwarded(reply));
    }
}
