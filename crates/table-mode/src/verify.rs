//! A phone's check of the finished game against what the phone itself was shown.
//!
//! The record ([`TableRecord`]) says which rounds dealt the game and which actions were taken;
//! [`verify_record`](super::deal::verify_record) checks that it holds together (every secret
//! matches its commitment, the log replays). That alone lets a modified host publish honest
//! rounds with *another* legal game, having dealt or thrown from values of its own choosing
//! while the game ran. So each phone keeps a [`Witness`] of its own: the deal rounds it took
//! part in and a digest of every view of its seat it was shown. The record's replay must show
//! this seat every one of those views, in the order received; a round the phone revealed in
//! must be in the record; and a next Season's round abandoned after every device revealed
//! (the host knew that deal first) is reported. The first difference found is what the phone
//! shows ([`Difference`]).

use super::bytes::{Commitment, Secret, ViewDigest};
use super::deal::{round_secret_at, verify_record_visiting, Contributor, Round, TableRecord};
use super::guest_error::GuestError;
use super::record_error::RecordError;
use super::restart::withholders;
use lauzait_engine::SeatView;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// One deal round as this device saw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenRound {
    /// The host's commitment as first announced.
    pub host: Commitment,
    /// The full list the host showed before the reveal.
    pub all: Option<Vec<Commitment>>,
    /// Whether this device sent its secret for the round (from then on the host could
    /// know the round's value as soon as every other device had revealed too).
    #[serde(default)]
    pub revealed: bool,
    /// Which attempt at the round this was ([`crate::restart`]).
    #[serde(default)]
    pub attempt: u32,
}

/// One view of this seat as it arrived: its digest, and where in the game it was (for the
/// message that names the first difference).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenView {
    pub digest: ViewDigest,
    pub season: u8,
    pub day: u32,
}

/// What this device was shown while the game ran; saved with the guest, so a reload keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Witness {
    /// Every deal round this device took part in, by number: its latest attempt.
    pub rounds: BTreeMap<u32, SeenRound>,
    /// The earlier attempts this device took part in at a round dealt again, with the
    /// round's number, in the order they were dealt again (a list, not a map of lists: the
    /// phone's download carries one more map's code for nothing).
    #[serde(default)]
    pub withheld: Vec<(u32, SeenRound)>,
    /// Every distinct view received, in order (a view sent again, on a resync, is kept once).
    #[serde(default)]
    pub views: Vec<SeenView>,
}

/// The digest of a seat's view: SHA-256 over a label and the view's text form (the one form
/// a seat's view has on the wire to the worker, [`SeatView::to_text`]).
pub fn digest(view: &SeatView) -> ViewDigest {
    let mut h = Sha256::new();
    h.update(b"lauzait-table/view/v1");
    h.update(view.to_text().as_bytes());
    ViewDigest::from_entropy(&h.finalize())
}

/// How a check of the record ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The record's rounds are the ones this device took part in, its secret is in each, the
    /// log replays, and the replay shows this seat every view it was shown, in order.
    Verified,
    /// The first difference found.
    NotVerified(Difference),
}

/// The first thing found that does not match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The record does not hold together: a secret, a commitment, a round's number or the
    /// replay itself (the detail says which).
    Record(RecordError),
    /// The record's round `n` is not the one this device took part in (another host
    /// commitment, or another list of commitments than the one shown before the reveal).
    RoundChanged(u32),
    /// The record leaves out round `n`, in which this device revealed its secret.
    RoundMissing(u32),
    /// The game was ended during round `n` after every device had revealed: the host knew
    /// that Season's deal before it chose to end the game.
    AbandonedAfterReveal(u32),
    /// Round `n` was dealt again though every seat had revealed its secret: the host knew
    /// that deal and drew another.
    DealtAgainAfterReveal(u32),
    /// The record says this seat withheld its secret in round `n`, which this device
    /// revealed: the round was dealt again on a false pretext.
    WithholdingClaimed(u32),
    /// The `index`-th view this device was shown (counted from 1), in Season `season` on
    /// Day `day`, never occurs in the record's replay: the game shown was not the game
    /// recorded.
    ViewNotReplayed { index: usize, season: u8, day: u32 },
}

impl Witness {
    /// The round `round`'s attempt `attempt` as this device keeps it, `host` being the host's
    /// commitment announced for it: the one under way, or a new one (the attempt before
    /// moves to [`Self::withheld`]); an attempt older than one seen is refused, since the
    /// host dealt it again itself.
    pub fn attempt(&mut self, round: u32, attempt: u32, host: Commitment) -> Result<&mut SeenRound, GuestError> {
        let fresh = SeenRound { host, all: None, revealed: false, attempt };
        match self.rounds.get(&round).map(|seen| seen.attempt) {
            Some(seen) if attempt < seen => return Err(GuestError::AttemptDealtAgain { round, attempt }),
            Some(seen) if attempt > seen => {
                if let Some(before) = self.rounds.insert(round, fresh.clone()) {
                    self.withheld.push((round, before));
                }
            }
            _ => {}
        }
        Ok(self.rounds.entry(round).or_insert(fresh))
    }

    /// Keeps `view`, just received (once: the same view sent again is not a new one).
    pub fn saw_view(&mut self, view: &SeatView) {
        let seen = SeenView { digest: digest(view), season: view.season, day: view.day };
        if self.views.last().map(|v| v.digest) != Some(seen.digest) {
            self.views.push(seen);
        }
    }

    /// Checks `record` against what this device saw, as the guest of `seat` whose stored
    /// secret is `secret`.
    pub fn check(&self, record: &TableRecord, seat: u8, secret: Secret) -> Verdict {
        match self.difference(record, seat, secret) {
            None => Verdict::Verified,
            Some(d) => Verdict::NotVerified(d),
        }
    }

    fn difference(&self, record: &TableRecord, seat: u8, secret: Secret) -> Option<Difference> {
        // Named before the replay, whose check of the same (crate::restart) says it in words.
        if let Some(w) = record.withheld.iter().find(|w| w.is_well_formed() && withholders(w).is_empty()) {
            return Some(Difference::DealtAgainAfterReveal(w.number));
        }
        // Views first, in one replay: the subsequence of positions this seat was shown.
        let mut next = 0;
        // Its own secret is checked only in the rounds it took part in: a phone given a seat
        // mid-game (its phone lost) was not there for the rounds before.
        let replayed = verify_record_visiting(record, None, |game| {
            let Some(wanted) = self.views.get(next) else { return };
            if game.view(usize::from(seat)).is_some_and(|v| digest(&SeatView::new(&v)) == wanted.digest) {
                next += 1;
            }
        });
        if let Err(e) = replayed {
            return Some(Difference::Record(e));
        }
        if let Some(missed) = self.rounds_difference(record, Contributor::Seat(seat), secret) {
            return Some(missed);
        }
        self.views.get(next).map(|v| Difference::ViewNotReplayed { index: next + 1, season: v.season, day: v.day })
    }

    /// Every round this device took part in, against the record's rounds (and the round
    /// the game was ended during, if any).
    fn rounds_difference(&self, record: &TableRecord, me: Contributor, secret: Secret) -> Option<Difference> {
        let earlier = self.withheld.iter().map(|(n, seen)| (*n, seen));
        for (n, seen) in self.rounds.iter().map(|(&n, s)| (n, s)).chain(earlier) {
            let is_it = |r: &&Round| r.number == n && r.attempt == seen.attempt;
            if let Some(w) = record.withheld.iter().find(is_it) {
                if !same_round(w, seen) {
                    return Some(Difference::RoundChanged(n));
                }
                if seen.revealed && !shows_mine(w, me, round_secret_at(&secret, n, seen.attempt)) {
                    return Some(Difference::WithholdingClaimed(n));
                }
                continue;
            }
            let in_record = record.rounds.get((n as usize).wrapping_sub(1)).filter(is_it);
            let abandoned = record.abandoned.as_ref().filter(is_it);
            let round = match (in_record, abandoned) {
                (Some(r), _) => r,
                (None, Some(r)) => {
                    if !same_round(r, seen) {
                        return Some(Difference::RoundChanged(n));
                    }
                    if r.secrets.iter().all(Option::is_some) {
                        return Some(Difference::AbandonedAfterReveal(n));
                    }
                    continue;
                }
                // A round this device only committed in can be dropped: nobody, the host
                // included, could know its value yet.
                (None, None) if seen.revealed => return Some(Difference::RoundMissing(n)),
                (None, None) => continue,
            };
            if !same_round(round, seen) {
                return Some(Difference::RoundChanged(n));
            }
            if seen.revealed && !shows_mine(round, me, round_secret_at(&secret, n, seen.attempt)) {
                return Some(Difference::Record(RecordError::OtherSecret { round: n, who: me }));
            }
        }
        None
    }
}

/// Whether `round` shows `mine` as `me`'s secret.
fn shows_mine(round: &Round, me: Contributor, mine: Secret) -> bool {
    let at = round.contributors.iter().position(|&c| c == me);
    at.and_then(|i| round.secrets.get(i).copied().flatten()) == Some(mine)
}

/// Whether `round` shows the host commitment this device was first given and, once shown,
/// the same list of commitments.
fn same_round(round: &Round, seen: &SeenRound) -> bool {
    let shown: Vec<Commitment> = round.commitments.iter().flatten().copied().collect();
    round.commitments.first().copied().flatten() == Some(seen.host) && seen.all.as_ref().is_none_or(|all| *all == shown)
}
