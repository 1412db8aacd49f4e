//! The luck of a deal (R6): the estimate of the Season's opening from the rated person's
//! view, minus the mean estimate of [`DEAL_SAMPLES`] other deals of the same Season (the
//! same scores, start player and direction, R7), each from the person's view of it.

use crate::value::estimate_position;
use lauzait_engine::{Chance, Game, Opening, Record};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// How many other deals the average deal is estimated from. Each costs as many playouts
/// as the deal itself; eight keep a Season's deal luck within a few Days' judging time,
/// and the deals are drawn the same way for the same record, so the figure repeats.
pub const DEAL_SAMPLES: usize = 8;

/// One Season's deal, judged for the rated person.
#[derive(Clone, Debug, PartialEq)]
pub struct DealLuck {
    /// The index in the record of the Season's first action: the deal stands before it.
    pub opening: usize,
    pub season: u8,
    /// The estimate of the Season's opening as dealt.
    pub value: f64,
    /// The mean estimate of the other deals.
    pub average: f64,
}

impl DealLuck {
    pub fn luck(&self) -> f64 {
        self.value - self.average
    }
}

/// The deal of the Season that opens before action `opening` of `record`, judged for `seat`
/// with `playouts` per deal; the other deals and the searches are drawn from `seed`. `None`
/// when no Season opens there.
pub(crate) fn judge_deal(record: &Record, seat: usize, opening: usize, seed: u64, playouts: u32) -> Option<DealLuck> {
    let dealt = record.prefix(opening);
    let game = dealt.replay().ok()?;
    // A Season opens where the game is between Days with no Day played in it yet.
    if !game.between_days() || game.day().number != 1 {
        return None;
    }
    let actual = match dealt.chances.last().map(|d| &d.chance) {
        Some(Chance::Opening { opening }) => opening.clone(),
        _ => return None,
    };
    let value = estimate_position(&game, seat, seed, playouts)?;
    let mut deals = Pcg64Mcg::seed_from_u64(seed);
    let mut total = 0.0;
    for _ in 0..DEAL_SAMPLES {
        let other = dealt_again(&dealt, &actual, &mut deals)?;
        total += estimate_position(&other, seat, seed, playouts)?;
    }
    let average = total / DEAL_SAMPLES as f64;
    Some(DealLuck { opening, season: game.season().number, value, average })
}

/// The game at the same Season's opening had chance dealt it anew from `deals` (R6): the
/// same start player and direction, another board, hands and luminous piece.
fn dealt_again(dealt: &Record, actual: &Opening, deals: &mut Pcg64Mcg) -> Option<Game> {
    // A new game deals the table's pieces the way the engine deals every Season.
    let fresh = Game::new(dealt.options.clone(), deals);
    let Some(Chance::Opening { opening: drawn }) = fresh.chances().first().map(|d| &d.chance) else { return None };
    let opening = Opening { start: actual.start, direction: actual.direction, ..drawn.clone() };
    let mut record = dealt.clone();
    record.chances.last_mut()?.chance = Chance::Opening { opening };
    record.replay().ok()
}
