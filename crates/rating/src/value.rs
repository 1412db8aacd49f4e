//! The Strong player's estimate of a position between Days for one seat, from that seat's
//! view alone (R40): what the luck of a throw or of a deal is measured in.

use lauzait_bots::strong::{self, Settings};
use lauzait_engine::Game;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The estimate (points of margin, as the review's) of `game` for `seat`: the mean over
/// `playouts` samples of the hidden pieces, drawn from the seat's view, of its margin after
/// the table plays on with the Normal policy as far as the Strong player's playouts go (to
/// the end of the seat's next Day, or of the Season). Nothing is played first: whoever is
/// to move starts. `None` for a seat not at the table.
pub(crate) fn estimate_position(game: &Game, seat: usize, seed: u64, playouts: u32) -> Option<f64> {
    let view = game.view(seat)?;
    // The settings the Strong player searches with at this table, as the review's judge.
    let settings = Settings::for_players(view.scores().len());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    strong::estimate(&view, &[Vec::new()], &mut rng, playouts, settings).first().copied()
}
