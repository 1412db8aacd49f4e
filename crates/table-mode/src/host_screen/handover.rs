//! A seat handed to a new phone on the host's page: one whose phone is lost for good, or
//! the seats whose phones hold back a deal round, which is then dealt again.

use super::{HostEffect, HostScreen};
use crate::host::{Player, SEAT_ENTROPY};
use crate::screen::{HostProblem, Problem};

impl HostScreen {
    /// The seat's phone is lost or given away: a new token and key (the old phone's link
    /// and key are refused from now on), its connection closed, and a new code shown.
    pub(super) fn give_seat(&mut self, seat: u8, entropy: &[u8], fx: &mut Vec<HostEffect>) {
        if entropy.len() < SEAT_ENTROPY {
            return self.say(Problem::NoEntropy);
        }
        let Some(host) = self.host.as_mut() else { return };
        if host.seats().get(usize::from(seat)).is_none_or(|s| s.player != Player::Person) {
            return;
        }
        let out = host.release_seat(seat, &entropy[..SEAT_ENTROPY]);
        self.deliver(out, fx);
        fx.push(HostEffect::Trace(format!("seat {seat}: given to another phone")));
        self.offer(seat, fx);
    }

    /// The round under way is held back by phones that do not reveal: their seats are given
    /// to new phones (each gets a new code) and the round is dealt again
    /// ([`Host::deal_again`]).
    pub(super) fn deal_again(&mut self, entropy: &[u8], fx: &mut Vec<HostEffect>) {
        // Not offered before the phones had their time (a stale tap does nothing).
        if !self.patience.over() {
            return;
        }
        let Some(host) = self.host.as_mut() else { return };
        let seats = host.withholding();
        match host.deal_again(entropy) {
            Ok(out) => {
                self.deliver(out, fx);
                for seat in seats {
                    fx.push(HostEffect::Trace(format!("seat {seat}: withheld its secret, given to another phone")));
                    self.offer(seat, fx);
                }
            }
            Err(why) => self.say(HostProblem::Host(why)),
        }
    }
}
