//! Where the app's chance comes from: fresh entropy the shell sends with every message,
//! drawn from only while that message is handled, when an action needs it (a throw of the
//! sticks, a Season's deal, a new game's deal and bot seed). Nothing the page keeps between
//! messages, and nothing saved, predicts a throw or a deal.
//!
//! The one exception is asked for in the address: `?seed=N`, a testing aid, plays the game
//! from a generator seeded with N, drawing as the engine always drew from a seed, so that a
//! test plays a known game. It is never saved; after a reload it is found again by replaying
//! the saved game with it ([`SeededChance::resume`]).

use lauzait_engine::{Game, GameOptions};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The fresh entropy of the message being handled ([`super::ctx::Ctx`] carries it): gone
/// with the message.
#[derive(Clone, Debug)]
pub struct MessageChance {
    entropy: u64,
    /// Seeded from `entropy` on first use within the message.
    drawn: Option<Pcg64Mcg>,
}

impl MessageChance {
    pub fn new(entropy: u64) -> MessageChance {
        MessageChance { entropy, drawn: None }
    }

    /// This message's fresh draws, whatever the game's chance comes from (a bot seed).
    pub fn fresh(&mut self) -> &mut Pcg64Mcg {
        let entropy = self.entropy;
        self.drawn.get_or_insert_with(|| Pcg64Mcg::seed_from_u64(entropy))
    }
}

/// The `?seed=` testing aid's generator, for the game it started: the one piece of chance
/// the model keeps between messages.
#[derive(Clone, Debug, Default)]
pub struct SeededChance {
    seeded: Option<Pcg64Mcg>,
}

impl SeededChance {
    /// What the game's next chance is drawn from: the seeded generator when the game has
    /// one, else the message's fresh entropy.
    pub fn game<'a>(&'a mut self, message: &'a mut MessageChance) -> &'a mut Pcg64Mcg {
        match &mut self.seeded {
            Some(seeded) => seeded,
            None => message.fresh(),
        }
    }

    /// A new game: dealt from `?seed=` when it was given, else from the message's entropy.
    pub fn new_game(&mut self, options: GameOptions, seed_param: Option<u64>, message: &mut MessageChance) -> Game {
        self.seeded = seed_param.map(Pcg64Mcg::seed_from_u64);
        Game::new(options, self.game(message))
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
