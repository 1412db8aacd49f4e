//! A deal round dealt again because a seat withheld its secret.
//!
//! Once the host has shown a round's list of commitments, every device reveals. A phone that
//! never does would hold the table for ever; but letting the host simply draw again would
//! let it (with a phone that withholds on its word) choose between two deals. So a round is
//! dealt again only this way ([`crate::host::Host::deal_again`]): every seat the round still
//! waits for is first given to a new phone (a new link and key; the withholding phone is
//! refused from then on), the attempt as it stood goes into the record with the host's
//! secret shown and the withholding seats' secrets missing, and the round starts over as a
//! new attempt ([`Round::attempt`]) in which every contributor, the host first, commits to
//! a fresh secret. A withholder thus only "chooses" between deals for a seat it no longer
//! holds.
//!
//! What anyone can check from the record ([`check_withheld`]): each round's earlier
//! attempts are all there, in order, each with every commitment, the host's secret and at
//! least one seat's secret missing (a round dealt again after every seat had revealed is a
//! host that saw the deal and drew again). What each phone checks besides
//! ([`crate::verify`]): every attempt it took part in is in the record as it saw it, and its
//! own secret is shown in every attempt it revealed in (a host that claims an honest phone
//! withheld is caught by that phone, if it still holds its seat).

use super::deal::{Contributor, Round, TableRecord};
use super::record_error::WithheldError;

/// How many times one round may be dealt again: each time a seat is given to a new phone,
/// so a real table never comes near it; it bounds what a phone keeps of a round.
pub const MAX_ATTEMPTS: u32 = 8;

/// The seats whose secrets an attempt `r` is missing (the host's is shown in a withheld one).
pub fn withholders(r: &Round) -> Vec<u8> {
    r.contributors
        .iter()
        .zip(&r.secrets)
        .filter_map(|(&c, s)| match c {
            Contributor::Seat(seat) if s.is_none() => Some(seat),
            _ => None,
        })
        .collect()
}

/// Checks the record's withheld attempts: for every round the record holds (dealt, or the
/// one the game was ended during), its earlier attempts are there in order (attempts 0, 1,
/// … up to the round's own), each of this table, with the round's contributors, every
/// commitment, the host's secret, matching secrets, and at least one seat's secret
/// missing; and no attempt is there of a round the record does not hold.
pub fn check_withheld(record: &TableRecord) -> Result<(), WithheldError> {
    let finals: Vec<&Round> = record.rounds.iter().chain(&record.abandoned).collect();
    let table = finals.first().map(|r| r.table);
    for w in &record.withheld {
        let (n, a) = (w.number, w.attempt);
        let Some(last) = finals.iter().find(|r| r.number == n) else {
            return Err(WithheldError::NoSuchRound { round: n, attempt: a });
        };
        if !w.is_well_formed() || Some(w.table) != table || w.contributors != last.contributors {
            return Err(WithheldError::NotThisTable { round: n, attempt: a });
        }
        if !w.all_committed() {
            return Err(WithheldError::BeforeEveryCommitment { round: n, attempt: a });
        }
        if w.secrets.first().copied().flatten().is_none() {
            return Err(WithheldError::HostSecretHidden { round: n, attempt: a });
        }
        let mut check = w.clone();
        check.secrets.iter_mut().for_each(|s| *s = None);
        for (&who, s) in w.contributors.iter().zip(&w.secrets) {
            if let Some(s) = s {
                check.reveal(who, *s).map_err(|error| WithheldError::Reveal { round: n, attempt: a, error })?;
            }
        }
        if withholders(w).is_empty() {
            return Err(WithheldError::EverySeatRevealed { round: n, attempt: a });
        }
    }
    for last in &finals {
        let attempts: Vec<u32> =
            record.withheld.iter().filter(|w| w.number == last.number).map(|w| w.attempt).collect();
        if last.attempt > MAX_ATTEMPTS || attempts != (0..last.attempt).collect::<Vec<u32>>() {
            return Err(WithheldError::Attempts { round: last.number, attempt: last.attempt, held: attempts });
        }
    }
    Ok(())
}
