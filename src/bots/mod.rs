//! Computer players. Each decides from a [`PlayerView`](crate::engine::PlayerView) only
//! (R40), with its own seeded generator, so its choices replay exactly.
pub mod easy;
