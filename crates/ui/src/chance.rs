//! Where the app's chance comes from: fresh entropy the shell sends with every message,
//! drawn from only while that message is handled, when an action needs it (a throw of the
//! sticks, a Season's deal, a new game's deal and bot seed). Nothing the page keeps between
//! messages, and nothing saved, predicts a throw or a deal.
//!
//! The one exception is asked for in the address: `?seed=N`, a testing aid, plays the game
//! from a generator seeded with N, drawing as the engine always drew from a seed, so that a
//! test plays a known game. It is never saved; after a reload it is found again by replaying
//! the saved game with it ([`Chance::resume`]).

use lauzait_engine::{Game, GameOptions};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

#[derive(Clone, Debug, Default)]
pub struct Chance {
    /// The message's fresh entropy.
    entropy: u64,
    /// Seeded from `entropy` on first use within the message; dropped after it.
    fresh: Option<Pcg64Mcg>,
    /// The `?seed=` testing aid's generator, for the game it started.
    seeded: Option<Pcg64Mcg>,
}

impl Chance {
    /// A message arrives with fresh entropy from the shell.
    pub fn arrive(&mut self, entropy: u64) {
        self.entropy = entropy;
        self.fresh = None;
    }

    /// The message has been handled: its draws are gone.
    pub fn leave(&mut self) {
        self.fresh = None;
    }

    /// What the game's next chance is drawn from.
    pub fn game(&mut self) -> &mut Pcg64Mcg {
        let entropy = self.entropy;
        match &mut self.seeded {
            Some(seeded) => seeded,
            None => self.fresh.get_or_insert_with(|| Pcg64Mcg::seed_from_u64(entropy)),
        }
    }

    /// This message's fresh draws, whatever the game's chance comes from (a bot seed).
    pub fn fresh(&mut self) -> &mut Pcg64Mcg {
        let entropy = self.entropy;
        self.fresh.get_or_insert_with(|| Pcg64Mcg::seed_from_u64(entropy))
    }

    /// A new game: dealt from `?seed=` when it was given, else from the message's entropy.
    pub fn new_game(&mut self, options: GameOptions, seed_param: Option<u64>) -> Game {
        self.seeded = seed_param.map(Pcg64Mcg::seed_from_u64);
        Game::new(options, self.game())
    }

    /// A saved game resumed under `?seed=N`: when N's generator leads to exactly that game,
    /// the game goes on drawing from it; otherwise its chance is fresh.
    pub fn resume(&mut self, game: &Game, seed_param: Option<u64>) {
        self.seeded = seed_param.and_then(|seed| {
            let (replayed, rng) = Game::replay_seeded(game.options().clone(), seed, game.log()).ok()?;
            (replayed == *game).then_some(rng)
        });
    }

    /// The game was set aside for good (a new one, or none): no seeded generator is kept.
    pub fn forget(&mut self) {
        self.seeded = None;
    }
}
