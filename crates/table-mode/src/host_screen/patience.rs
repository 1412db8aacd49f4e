//! How long the tablet waits for the phones' reveals before it offers to deal again.
//!
//! Once every phone has committed, each honest phone reveals within a moment; a phone that
//! has not after [`REVEAL_PATIENCE_MS`] is treated as holding the deal back, and only then
//! does the tablet offer to give its seat to a new phone and deal again
//! ([`Host::deal_again`](crate::host::Host::deal_again)). Without the wait the button would
//! flash up in every honest deal, between the list of commitments and the reveals, where a
//! tap would take a seat from a phone that was about to reveal.

use super::events::Timer;

/// How long a phone may take to reveal (ms): many round trips of a slow connection, and
/// short enough that a table held back by a phone is not left wondering.
pub const REVEAL_PATIENCE_MS: u32 = 8_000;

/// The attempt whose reveals the tablet waits for, and whether its patience ran out.
#[derive(Clone, Debug, Default)]
pub struct Patience {
    /// The round's number and attempt, while phones that committed have not all revealed.
    waiting: Option<(u32, u32)>,
    over: bool,
}

impl Patience {
    /// The tablet now waits for the reveals of `waiting` (none: it waits for none). A new
    /// attempt starts the wait: the timer to set is returned.
    pub fn watch(&mut self, waiting: Option<(u32, u32)>) -> Option<Timer> {
        if waiting == self.waiting {
            return None;
        }
        self.waiting = waiting;
        self.over = false;
        waiting.map(|(round, attempt)| Timer::RevealDue { round, attempt })
    }

    /// The timer for `round`'s `attempt` went off: true when that is still the wait (the
    /// page changes).
    pub fn due(&mut self, round: u32, attempt: u32) -> bool {
        let now_over = self.waiting == Some((round, attempt)) && !self.over;
        self.over |= now_over;
        now_over
    }

    /// Whether the phones the round waits for have had their time to reveal.
    pub fn over(&self) -> bool {
        self.over
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_runs_out_only_for_the_attempt_it_was_set_for() {
        let mut p = Patience::default();
        assert_eq!(p.watch(Some((1, 0))), Some(Timer::RevealDue { round: 1, attempt: 0 }));
        assert_eq!(p.watch(Some((1, 0))), None, "the same wait is not set again");
        assert!(!p.over());
        // The phones revealed and the round was dealt again before the timer: a late timer of
        // the old attempt changes nothing.
        assert_eq!(p.watch(Some((1, 1))), Some(Timer::RevealDue { round: 1, attempt: 1 }));
        assert!(!p.due(1, 0));
        assert!(!p.over());
        assert!(p.due(1, 1));
        assert!(p.over());
        assert!(!p.due(1, 1), "once");
        assert_eq!(p.watch(None), None);
        assert!(!p.over(), "no wait, nothing overdue");
    }
}
