//! One Day judged, for the post-game review: the Strong player's plan from the seat's view
//! at the Day's start (R40), and the estimates of the plan played and of that plan.

use crate::{strong, Level};
use lauzait_engine::{Action, PlayerView};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// One Day judged from the seat's `view` at its start (R40): the Strong player's plan, then
/// the estimates of `played` and of that plan, all searched from one generator seeded with
/// `seed` (`lauzait_learn::review::day_seed`). The computer players' worker answers the page's review with it
/// (`lauzait_autoplay::answer`); `None` when it is not the seat's Day.
pub fn judge_view(view: &PlayerView, played: &[Action], seed: u64, playouts: u32) -> Option<(Vec<Action>, f64, f64)> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let best = crate::plan_day(Level::Strong, view, &mut rng, playouts)?;
    // The estimates search as the plan did: with the settings for the table.
    let settings = strong::Settings::for_players(view.scores().len());
    if best == played {
        let v = strong::estimate(view, std::slice::from_ref(&best), &mut rng, playouts, settings)[0];
        return Some((best, v, v));
    }
    let values = strong::estimate(view, &[played.to_vec(), best.clone()], &mut rng, playouts, settings);
    Some((best, values[0], values[1]))
}
