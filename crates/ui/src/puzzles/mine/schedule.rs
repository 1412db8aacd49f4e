//! When a mistake of the player's comes back (docs/puzzles.md, "Your mistakes"): a small
//! spaced-repetition rule, pure and deterministic, the time handed in (milliseconds since
//! 1970, read by the rater's shell; no clock here).
//!
//! - A new mistake is due at once (its due time is 0).
//! - Solved while due: one more solve in a row; the first makes it due again
//!   [`FIRST_GAP_MS`] later (a day: long enough that the answer is not simply remembered from
//!   a minute ago, short enough that the pattern is still fresh), the second
//!   ([`SOLVES_TO_LEAVE`]) takes it out of the queue: the "until solved twice".
//! - Solved while not yet due (Try again at once after solving it): judged, but the schedule
//!   is left as it is, so that two solves a minute apart do not count as two.
//! - Failed, due or not: due again at once, and its solves in a row start over from none.
//!
//! The mistakes due are offered oldest due time first (the queue's order among equals): new
//! ones (due at 0) before one just failed (due at the failure's time), so that a failed
//! mistake does not stand in front of the others.

/// A day in milliseconds.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// How long after its first solve a mistake is due again.
pub const FIRST_GAP_MS: u64 = DAY_MS;

/// Solves in a row, each while due, that take a mistake out of the queue.
pub const SOLVES_TO_LEAVE: u8 = 2;

/// One mistake's place in the schedule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Schedule {
    /// When it is due (ms since 1970; 0: at once).
    pub due: u64,
    /// Solves in a row, each while due.
    pub solves: u8,
}

/// What a verdict did to a mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Still in the queue, with this schedule.
    Kept(Schedule),
    /// Solved [`SOLVES_TO_LEAVE`] times in a row: out of the queue.
    Left,
}

impl Schedule {
    /// A mistake just made: due at once.
    pub const NEW: Schedule = Schedule { due: 0, solves: 0 };

    pub fn is_due(self, now: u64) -> bool {
        self.due <= now
    }

    /// The schedule after a verdict at `now`.
    pub fn judged(self, solved: bool, now: u64) -> After {
        match (solved, self.is_due(now)) {
            (false, _) => After::Kept(Schedule { due: now, solves: 0 }),
            (true, false) => After::Kept(self),
            // Saturating: a stored count is untrusted, and may be 255.
            (true, true) if self.solves.saturating_add(1) >= SOLVES_TO_LEAVE => After::Left,
            (true, true) => {
                After::Kept(Schedule { due: now.saturating_add(FIRST_GAP_MS), solves: self.solves.saturating_add(1) })
            }
        }
    }
}

/// The places of the mistakes due at `now`, in the order they are offered: earliest due
/// time first, the queue's order among equal ones.
pub fn due_order(schedules: &[Schedule], now: u64) -> Vec<usize> {
    let mut due: Vec<usize> = (0..schedules.len()).filter(|&i| schedules[i].is_due(now)).collect();
    due.sort_by_key(|&i| (schedules[i].due, i));
    due
}

/// When the next mistake not due at `now` will be, if any.
pub fn next_due(schedules: &[Schedule], now: u64) -> Option<u64> {
    schedules.iter().filter(|s| !s.is_due(now)).map(|s| s.due).min()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_800_000_000_000;

    #[test]
    fn a_new_mistake_is_due_at_once() {
        assert!(Schedule::NEW.is_due(0));
        assert!(Schedule::NEW.is_due(NOW));
    }

    #[test]
    fn solved_twice_while_due_leaves_the_queue() {
        let After::Kept(once) = Schedule::NEW.judged(true, NOW) else { panic!("kept after one solve") };
        assert_eq!(once, Schedule { due: NOW + DAY_MS, solves: 1 });
        assert!(!once.is_due(NOW + DAY_MS - 1), "not due before a day has passed");
        assert!(once.is_due(NOW + DAY_MS));
        assert_eq!(once.judged(true, NOW + DAY_MS), After::Left);
    }

    #[test]
    fn a_solve_before_it_is_due_changes_nothing() {
        let After::Kept(once) = Schedule::NEW.judged(true, NOW) else { panic!() };
        assert_eq!(once.judged(true, NOW + 60_000), After::Kept(once), "Try again a minute later");
    }

    #[test]
    fn a_failure_makes_it_due_at_once_and_resets_the_solves() {
        let After::Kept(once) = Schedule::NEW.judged(true, NOW) else { panic!() };
        let later = NOW + 3 * DAY_MS;
        assert_eq!(once.judged(false, later), After::Kept(Schedule { due: later, solves: 0 }));
        // Even before it was due again.
        assert_eq!(once.judged(false, NOW + 1), After::Kept(Schedule { due: NOW + 1, solves: 0 }));
        let After::Kept(failed) = once.judged(false, later) else { panic!() };
        assert!(failed.is_due(later));
        let After::Kept(again) = failed.judged(true, later) else { panic!("one solve after a failure is not two") };
        assert_eq!(again.solves, 1);
    }

    #[test]
    fn the_due_ones_come_earliest_first_then_in_the_queues_order() {
        let s = |due| Schedule { due, solves: 0 };
        let queue = [s(NOW), s(0), s(NOW + DAY_MS), s(0), s(NOW - 5)];
        assert_eq!(due_order(&queue, NOW), [1, 3, 4, 0]);
        assert_eq!(next_due(&queue, NOW), Some(NOW + DAY_MS));
        assert_eq!(due_order(&queue, NOW + DAY_MS), [1, 3, 4, 0, 2]);
        assert_eq!(next_due(&queue, NOW + DAY_MS), None);
        assert_eq!(due_order(&[], NOW), Vec::<usize>::new());
    }

    #[test]
    fn a_stored_count_of_solves_past_the_rule_leaves_and_does_not_overflow() {
        assert_eq!(Schedule { due: 0, solves: u8::MAX }.judged(true, NOW), After::Left);
    }

    #[test]
    fn the_end_of_time_does_not_overflow() {
        assert_eq!(
            Schedule::NEW.judged(true, u64::MAX),
            After::Kept(Schedule { due: u64::MAX, solves: 1 }),
            "saturates rather than wraps"
        );
    }
}
