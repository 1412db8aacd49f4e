//! What there is to rate in a record for one seat: its Days, its throws of the sticks and
//! the deals of the Seasons it played in, each an [`Item`] rated on its own.

use crate::error::RatingError;
use lauzait_engine::{Action, Game, Record};
use lauzait_learn::review;

/// One piece of a game's rating, rated by [`crate::rate_item`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A Day the seat played: where it starts in the record and its actions.
    Day { at: usize, played: Vec<Action> },
    /// A capture of the seat's into the Water, at this index of the record (R12.6).
    Throw { capture: usize },
    /// The deal of a Season the seat played a Day in, opening before this index (R6).
    Deal { opening: usize },
}

/// Every item of `seat` in `record`: each Season's deal before its Days, each Day before
/// its throw, in the record's order. Only Days actually played count (`review::days`): a
/// Season the table ended by agreement at its start has no Day and no deal to rate.
pub fn items(record: &Record, seat: usize) -> Result<Vec<Item>, RatingError> {
    check(record, seat)?;
    let mut throws = Vec::new();
    let mut openings = Vec::new();
    let actions = &record.actions;
    let visit = |game: &Game, i: usize, action: Action| {
        if i == 0 || actions.get(i - 1) == Some(&Action::NextSeason) {
            openings.push(i);
        }
        if let Action::Capture { to } = action {
            if game.day().hire_to(to).is_some_and(|h| h.needs_throw()) {
                throws.push(i);
            }
        }
    };
    Game::replay_visiting(record.options.clone(), &record.chances, actions, visit).map_err(RatingError::Unplayable)?;
    // The record replays (just checked) and is full: listing its Days cannot fail.
    let days = review::days(record, seat).map_err(|_| RatingError::PublicRecord)?;
    let mut out = Vec::new();
    let mut dealt = None;
    for (at, played) in days {
        // The Season of this Day opened at the last opening before it.
        let opening = openings.iter().copied().take_while(|&o| o <= at).last();
        if let Some(opening) = opening.filter(|&o| dealt != Some(o)) {
            out.push(Item::Deal { opening });
            dealt = Some(opening);
        }
        let end = at + played.len() - 1;
        out.push(Item::Day { at, played });
        if throws.contains(&end) {
            out.push(Item::Throw { capture: end });
        }
    }
    Ok(out)
}

/// A full record with `seat` at its table.
pub(crate) fn check(record: &Record, seat: usize) -> Result<(), RatingError> {
    if record.is_public() {
        return Err(RatingError::PublicRecord);
    }
    let seats = record.options.seats().len();
    if seat >= seats {
        return Err(RatingError::NoSuchSeat { seat, seats });
    }
    Ok(())
}
