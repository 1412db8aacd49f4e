//! Know how you played: a finished game rated for one person, pure and deterministic
//! (docs/rating.md). Every Day the person played is judged by the Strong player from that
//! person's view at its start (R40), as the post-game review judges it
//! (`lauzait_learn::review`); the game gets three figures — agreement with the Strong
//! player, costly choices and an accuracy score — and the person's final margin is split
//! into skill and luck: the luck of each throw of the sticks (R5, R12.6) and of each deal
//! (R6), each measured from the person's view against the odds.
//!
//! The work comes in [`Item`]s that can be rated one at a time ([`rate_item`]), so that a
//! caller can spread them out and stay responsive; [`rate_game`] rates them all. Every
//! search is seeded from the record (where the item stands in it), never from a clock or
//! fresh entropy: the same record gives the same figures.

mod deal;
mod error;
mod figures;
mod items;
mod rate;
mod throw;
mod value;

pub use deal::{DealLuck, DEAL_SAMPLES};
pub use error::RatingError;
pub use figures::{GameRating, ACCURACY_FLOOR, AGREEMENT_EPSILON, HALF_ACCURACY_SHARE};
pub use items::{items, Item};
pub use rate::{rate_game, rate_item, Rated};
pub use throw::{throw_luck, Landing, ThrowLuck};
