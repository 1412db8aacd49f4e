//! `lauzait deal-stats`: how often a fresh deal lets the first player declare at once
//! (R11b), and how often it leaves them in a Stalemate on the first Day (R19).

use super::stats::{derive_seed, Proportion};
use lauzait_engine::sets::splits_into_sets;
use lauzait_engine::{Game, GameOptions, OptionsError};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct DealStats {
    pub players: usize,
    pub deals: u64,
    pub seed: u64,
    /// The first player's nine dealt pieces split into three sets.
    pub concealed_declaration: Proportion,
    /// The first player cannot discard anything on the first Day.
    pub first_day_stalemate: Proportion,
}

/// Deals `deals` fresh games of `players` (2 to 4, or the error says so).
pub fn deal_stats(players: usize, deals: u64, seed: u64) -> Result<DealStats, OptionsError> {
    let options = GameOptions::for_players(players, false)?;
    let count = options.player_count();
    let mut rng = Pcg64Mcg::seed_from_u64(derive_seed(seed, 0));
    let (mut complete, mut stalemate) = (0, 0);
    for _ in 0..deals {
        let game = Game::dealt_by(options.clone(), &mut rng);
        let season = game.season();
        complete += u64::from(splits_into_sets(&season.hands[season.start_player].concealed, count));
        stalemate += u64::from(season.day.stalemated);
    }
    Ok(DealStats {
        players,
        deals,
        seed,
        concealed_declaration: Proportion::new(complete, deals),
        first_day_stalemate: Proportion::new(stalemate, deals),
    })
}
