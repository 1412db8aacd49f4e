//! What the page's address asked for: the testing aids `?seed=` and `?botseed=`, and the
//! address without its `#fragment`, for the links the app makes.

use crate::chance::SeededChance;

/// The address part of the [`super::Model`].
#[derive(Clone, Debug, Default)]
pub struct Address {
    pub seed_param: Option<u64>,
    pub bot_seed_param: Option<u64>,
    pub base_url: String,
    /// The `?seed=` testing aid's generator for the game it started (the rest of chance is
    /// each message's own, [`crate::ctx::Ctx`]).
    pub seeded_chance: SeededChance,
}
