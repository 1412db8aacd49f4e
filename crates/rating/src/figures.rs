//! A game's figures for one person (docs/rating.md): agreement with the Strong player,
//! costly choices, accuracy, and the final margin split into luck and skill.

use crate::deal::DealLuck;
use crate::rate::Rated;
use crate::throw::ThrowLuck;
use lauzait_engine::Action;
use lauzait_learn::review::{Moment, Scale, Weight};

/// A Day agrees with the Strong player when it played the same plan, or one whose estimate
/// is within this many points of the Strong plan's: two plans the search cannot tell apart
/// (the same steps in another order, a Hiring that ends in the same position) are one.
pub const AGREEMENT_EPSILON: f64 = 0.01;

/// The least final margin the accuracy is scaled by, in points: a game ended level (or
/// within a point or two) would otherwise call every fraction of a point a blunder.
pub const ACCURACY_FLOOR: f64 = 8.0;

/// The share of the game's scale that, given up on every Day on average, halves the
/// accuracy: with a margin of up to [`ACCURACY_FLOOR`] points, one point a Day scores 50.
pub const HALF_ACCURACY_SHARE: f64 = 1.0 / 8.0;

/// One person's rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRating {
    pub seat: usize,
    /// The person's final score and margin over the best other (the review's scale).
    pub scale: Scale,
    /// Every Day the person played, judged, in the order played.
    pub days: Vec<Moment>,
    pub throws: Vec<ThrowLuck>,
    pub deals: Vec<DealLuck>,
}

impl GameRating {
    /// The rating of `seat` from its rated items, in any order.
    pub fn new(seat: usize, scale: Scale, rated: impl IntoIterator<Item = Rated>) -> GameRating {
        let mut rating = GameRating { seat, scale, days: Vec::new(), throws: Vec::new(), deals: Vec::new() };
        for item in rated {
            match item {
                Rated::Day(m) => rating.days.push(m),
                Rated::Throw(t) => rating.throws.push(t),
                Rated::Deal(d) => rating.deals.push(d),
            }
        }
        rating.days.sort_by_key(|m| m.at);
        rating.throws.sort_by_key(|t| t.capture);
        rating.deals.sort_by_key(|d| d.opening);
        rating
    }

    /// The share of the person's Days that agreed with the Strong player, in percent;
    /// `None` without a Day.
    pub fn agreement(&self) -> Option<f64> {
        let agreed = self.days.iter().filter(|m| agrees(m)).count();
        share(agreed, self.days.len())
    }

    /// The Days that gave up at least a quarter of the final margin and at least a point:
    /// the review's large and decisive moments (`review::Scale::weight`).
    pub fn costly(&self) -> usize {
        self.days.iter().filter(|m| matches!(self.scale.weight(m.loss()), Weight::Large | Weight::Decisive)).count()
    }

    /// 0–100: 100 when no Day gave anything up, halved for each [`HALF_ACCURACY_SHARE`] of
    /// the game's scale given up per Day on average (docs/rating.md); `None` without a Day.
    pub fn accuracy(&self) -> Option<f64> {
        if self.days.is_empty() {
            return None;
        }
        let mean_loss = self.days.iter().map(Moment::loss).sum::<f64>() / self.days.len() as f64;
        let scale = f64::from(self.scale.margin.unsigned_abs()).max(ACCURACY_FLOOR);
        // 2^x as e^(x·ln 2): `exp2` would link a table of 4 KB into the page's module, which
        // carries `exp` already for the computer players (BENCHMARKS.md, "Download size").
        Some(100.0 * (-mean_loss / (HALF_ACCURACY_SHARE * scale) * std::f64::consts::LN_2).exp())
    }

    /// The luck of the person's throws of the sticks, summed (points of margin).
    pub fn throw_luck(&self) -> f64 {
        self.throws.iter().map(ThrowLuck::luck).sum()
    }

    /// The luck of the person's deals, summed (points of margin).
    pub fn deal_luck(&self) -> f64 {
        self.deals.iter().map(DealLuck::luck).sum()
    }

    pub fn luck(&self) -> f64 {
        self.throw_luck() + self.deal_luck()
    }

    /// The score difference: the person's final score minus the best other's.
    pub fn score_difference(&self) -> f64 {
        f64::from(self.scale.margin)
    }

    /// What the score difference owes to the person rather than to chance: score
    /// difference = skill + luck.
    pub fn skill(&self) -> f64 {
        self.score_difference() - self.luck()
    }
}

/// Whether a Day played the Strong player's plan, or one as good within the epsilon.
fn agrees(m: &Moment) -> bool {
    let same = |a: &[Action], b: &[Action]| a.iter().map(|x| x.canonical()).eq(b.iter().map(|x| x.canonical()));
    same(&m.played, &m.best) || m.loss() <= AGREEMENT_EPSILON
}

fn share(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
}
