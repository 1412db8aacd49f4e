//! The luck of a throw of the sticks (R5, R12.6): the estimate after what the sticks did,
//! minus the mean of the estimates after each thing they could have done, weighted by its
//! odds. Measured from the thrower's view, every outcome with the same seeds, so that the
//! luck of a throw sums to zero over its outcomes weighted by the odds.

use crate::value::estimate_position;
use lauzait_engine::{Chance, Game, Record, Sticks};

/// What a throw does to the Hiring (R12.6): the five sticks' 32 faces fall into two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Landing {
    /// 3–5 dark faces: the moving piece arrives and takes the Water piece (R12.5).
    Arrives,
    /// 0–2 dark faces: the moving piece itself is taken into the hand.
    TakenBack,
}

impl Landing {
    pub const ALL: [Landing; 2] = [Landing::Arrives, Landing::TakenBack];

    pub fn of(sticks: Sticks) -> Landing {
        if sticks.lets_piece_arrive() {
            Landing::Arrives
        } else {
            Landing::TakenBack
        }
    }

    /// The landing's odds: its share of the 32 equally likely faces of five sticks (R5),
    /// counted from the engine's own reading of the sticks.
    pub fn odds(self) -> f64 {
        let hits = all_faces().filter(|&s| Landing::of(s) == self).count();
        hits as f64 / all_faces().count() as f64
    }

    /// A throw that lands so: the one a position is replayed with to estimate the landing.
    fn sticks(self) -> Sticks {
        all_faces().find(|&s| Landing::of(s) == self).expect("both landings are possible (R12.6)")
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Every way five two-sided sticks can fall (R5).
pub fn all_faces() -> impl Iterator<Item = Sticks> {
    (0u8..32).map(|bits| Sticks(std::array::from_fn(|i| bits >> i & 1 == 1)))
}

/// The luck of landing `actual` when each landing is worth `values` (in [`Landing::ALL`]'s
/// order): its value minus the mean of all, weighted by their odds.
pub fn throw_luck(values: [f64; 2], actual: Landing) -> f64 {
    let mean: f64 = Landing::ALL.iter().map(|l| l.odds() * values[l.index()]).sum();
    values[actual.index()] - mean
}

/// One throw of the rated person's, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowLuck {
    /// The index in the record of the capture that threw.
    pub capture: usize,
    pub season: u8,
    pub day: u32,
    pub landed: Landing,
    /// The estimate after each landing, in [`Landing::ALL`]'s order.
    pub values: [f64; 2],
}

impl ThrowLuck {
    pub fn luck(&self) -> f64 {
        throw_luck(self.values, self.landed)
    }
}

/// The throw of the capture at `capture` in `record`, judged for `seat` with `playouts`
/// per landing and the searches seeded from `seed`. `None` when that capture threw
/// nothing or is not the seat's.
pub(crate) fn judge_throw(record: &Record, seat: usize, capture: usize, seed: u64, playouts: u32) -> Option<ThrowLuck> {
    let before = record.prefix(capture).replay().ok()?;
    if before.to_move() != seat {
        return None;
    }
    let thrown = record.prefix(capture + 1);
    // The capture's throw is the one outcome drawn by it, the last before the next action.
    if thrown.chances.len() != before.chances().len() + 1 {
        return None;
    }
    let Some(Chance::Throw { sticks }) = thrown.chances.last().map(|d| &d.chance) else { return None };
    let landed = Landing::of(*sticks);
    let mut values = [0.0; 2];
    for landing in Landing::ALL {
        let after = landed_as(&thrown, landing)?;
        values[landing.index()] = estimate_position(&after, seat, seed, playouts)?;
    }
    Some(ThrowLuck { capture, season: before.season().number, day: before.day().number, landed, values })
}

/// The game right after the last capture of `thrown` had the sticks landed as `landing`.
fn landed_as(thrown: &Record, landing: Landing) -> Option<Game> {
    let mut record = thrown.clone();
    let last = record.chances.last_mut()?;
    last.chance = Chance::Throw { sticks: landing.sticks() };
    record.replay().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn r12_6_each_landing_has_even_odds() {
        assert_eq!(Landing::Arrives.odds(), 0.5);
        assert_eq!(Landing::TakenBack.odds(), 0.5);
        assert_eq!(all_faces().count(), 32);
    }

    proptest! {
        /// R5, R12.6: over the 32 equally likely faces of the sticks, the luck of a throw
        /// averages to zero, whatever each landing is worth.
        #[test]
        fn r12_6_a_throws_luck_sums_to_zero_over_its_outcomes(arrives in -60.0f64..60.0, back in -60.0f64..60.0) {
            let values = [arrives, back];
            let mean: f64 = all_faces().map(|s| throw_luck(values, Landing::of(s))).sum::<f64>() / 32.0;
            prop_assert!(mean.abs() < 1e-9, "{mean}");
            let weighted: f64 = Landing::ALL.iter().map(|&l| l.odds() * throw_luck(values, l)).sum();
            prop_assert!(weighted.abs() < 1e-9, "{weighted}");
        }
    }
}
