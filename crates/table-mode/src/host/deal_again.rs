//! Dealing a round again when a phone holds back its secret (the rule: [`crate::restart`]).

use super::{Host, HostError, Out, SEAT_ENTROPY};
use crate::deal::{round_secret_at, Contributor};
use crate::restart::MAX_ATTEMPTS;

impl Host {
    /// The seats that hold back the round under way: its list of commitments was shown and
    /// their secrets have not come. Only these can be given away to deal the round again.
    pub fn withholding(&self) -> Vec<u8> {
        if self.dealing().is_some_and(|r| r.all_committed()) {
            self.waiting_for()
        } else {
            Vec::new()
        }
    }

    /// Deals the round under way again, because seats hold back their secrets
    /// ([`Self::withholding`]): each of them is first given to a new phone (a new link and
    /// key from `entropy`, [`SEAT_ENTROPY`] bytes a seat, its phone's connection closed and
    /// refused from then on); the attempt as it stood, the host's secret shown, is kept for
    /// the record; and a new attempt opens, the host committing first to a fresh secret.
    /// Every phone is asked to commit anew once every seat is taken again.
    pub fn deal_again(&mut self, entropy: &[u8]) -> Result<Vec<Out>, HostError> {
        let seats = self.withholding();
        let Some(stood) = self.rounds.last().filter(|_| !seats.is_empty()).cloned() else {
            return Err(HostError::NothingWithheld);
        };
        if stood.attempt >= MAX_ATTEMPTS {
            return Err(HostError::TooManyAttempts(stood.attempt));
        }
        let needed = SEAT_ENTROPY * seats.len();
        if entropy.len() < needed {
            return Err(HostError::NoEntropy { needed, got: entropy.len() });
        }
        let mut shown = stood.clone();
        shown
            .reveal(Contributor::Host, round_secret_at(&self.secret, stood.number, stood.attempt))
            .map_err(HostError::HostSecret)?;
        // The seats go first: from here on the withholding phones hold nothing, so they never
        // hear of the new attempt.
        let mut out: Vec<Out> = Vec::new();
        for (i, &seat) in seats.iter().enumerate() {
            out.extend(self.release_seat(seat, &entropy[SEAT_ENTROPY * i..]));
        }
        let next = self.host_committed(stood.next_attempt());
        if let Some(last) = self.rounds.last_mut() {
            *last = next;
        }
        self.withheld.push(shown);
        // Nothing until every seat is taken again ([`Host::round_messages`]).
        out.extend(self.broadcast(|h, _| h.round_messages()));
        Ok(out)
    }
}
