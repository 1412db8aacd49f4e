//! Rating the items of a record, one at a time or all of a game.

use crate::deal::{judge_deal, DealLuck};
use crate::error::RatingError;
use crate::figures::GameRating;
use crate::items::{check, items, Item};
use crate::throw::{judge_throw, ThrowLuck};
use lauzait_bots::judge::judge_view;
use lauzait_engine::{Action, Game, Record};
use lauzait_learn::review::{self, Moment};

/// An item rated.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    Day(Moment),
    Throw(ThrowLuck),
    Deal(DealLuck),
}

/// Salts that keep the searches of a throw and of a deal apart from the review's search of
/// the Day starting at the same index.
const THROW_SALT: u64 = 0x7_4a0e;
const DEAL_SALT: u64 = 0xdea1_0000;

/// `item` of `seat` in `record` rated with `playouts` per search. A Day is judged as the
/// post-game review judges it (the same seed: the same moment); a throw's landings and a
/// deal's other deals each get the item's own seed.
pub fn rate_item(record: &Record, seat: usize, item: &Item, playouts: u32) -> Result<Rated, RatingError> {
    check(record, seat)?;
    let rated = match item {
        Item::Day { at, played } => {
            // Judged only from the start of one of the seat's Days, and only a Day that
            // can be played from there.
            let game = review::position(record, *at)
                .filter(|g| g.between_days() && g.to_move() == seat && plays(g, played))
                .ok_or(RatingError::NotAnItem)?;
            let view = game.view(seat).ok_or(RatingError::NotAnItem)?;
            judge_view(&view, played, review::day_seed(*at), playouts)
                .map(|(best, pv, bv)| Rated::Day(review::moment_at(&game, *at, played.clone(), best, pv, bv)))
        }
        Item::Throw { capture } => {
            let seed = review::day_seed(*capture) ^ THROW_SALT;
            judge_throw(record, seat, *capture, seed, playouts).map(Rated::Throw)
        }
        Item::Deal { opening } => {
            let seed = review::day_seed(*opening) ^ DEAL_SALT;
            judge_deal(record, seat, *opening, seed, playouts).map(Rated::Deal)
        }
    };
    rated.ok_or(RatingError::NotAnItem)
}

/// Whether `played` is one whole Day the rules allow from `game` (any throw will do).
fn plays(game: &Game, played: &[Action]) -> bool {
    let mut game = game.clone();
    let mut throws = lauzait_engine::randomness::seeded(0);
    Action::is_one_day(played) && played.iter().all(|&a| game.apply(a, &mut throws).is_ok())
}

/// Every item of `seat` in `record` rated with `playouts` per search, and the figures.
pub fn rate_game(record: &Record, seat: usize, playouts: u32) -> Result<GameRating, RatingError> {
    let items = items(record, seat)?;
    // A full record of a table of two or more with the seat at it always has a scale.
    let scale =
        review::scale(record, seat).ok_or(RatingError::NoSuchSeat { seat, seats: record.options.seats().len() })?;
    let rated = items.iter().map(|item| rate_item(record, seat, item, playouts)).collect::<Result<Vec<_>, _>>()?;
    Ok(GameRating::new(seat, scale, rated))
}
