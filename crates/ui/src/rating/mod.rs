//! Know how you played (docs/rating.md): once a game is over, every item of every person
//! at the table — their Days, their throws of the sticks, their Seasons' deals — is rated
//! in the rater's worker, a module of its own that the page loads when a game is first
//! rated (so that neither the page's module nor the offline install carries the rating's
//! search), one request at a time (a new one when the previous reply comes), so that the
//! page stays responsive. The figures
//! build up as the replies come; the results screen shows each person's once all their
//! items are rated: agreement with the Strong player, costly choices, accuracy, and the
//! score difference split into skill and luck.
//!
//! [`Rating`] is its own state, changed only by its [`RatingMsg`]s through
//! [`Rating::update`]; the model hands it the finished game and the rater's replies
//! (`at_table`).

mod at_table;
mod failure;
#[cfg(test)]
mod test_game;
pub mod wire;

use crate::ctx::Ctx;
use crate::effect::Effect;
use lauzait_autoplay::RequestId;
use lauzait_engine::Record;
use lauzait_learn::review::{self, Scale};
use lauzait_rating::{items, GameRating, Item, Rated};

pub use self::failure::RatingFailure;
pub use self::wire::{answer, RateRefusal, RateReply, RateRequest};

/// Playouts per search: the post-game review's, so that a Day is judged as the review
/// judges it (the same moment) and a game is rated in seconds (docs/rating.md, "Cost").
pub const RATING_PLAYOUTS: u32 = crate::review::REVIEW_PLAYOUTS;

/// One person's items and what is rated of them so far.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRating {
    pub seat: usize,
    /// The person's final score and margin (`None`: nothing to compare it with).
    pub scale: Option<Scale>,
    /// Every item of the person's, in the record's order ([`lauzait_rating::items`]).
    pub items: Vec<Item>,
    /// The items rated so far, in the same order.
    pub rated: Vec<Rated>,
}

impl SeatRating {
    /// The person's figures once every item is rated (`None` before, or without a scale).
    pub fn figures(&self) -> Option<GameRating> {
        let scale = self.scale.filter(|_| self.rated.len() == self.items.len())?;
        Some(GameRating::new(self.seat, scale, self.rated.iter().cloned()))
    }
}

/// Where the rating of a game is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Item `item` of `seats[person]` is asked of the rater as request `id`.
    Asking { id: u32, person: usize, item: usize },
    /// Every item rated.
    Done,
    /// The rater could not rate an item (it could not be loaded, failed, or refused): the
    /// figures so far stay.
    Failed { error: RatingFailure },
    /// The table moved on to another game before every item was rated: nothing more is
    /// asked, so that the rater is free for the new game's rating.
    Stopped,
}

/// A finished game being rated, or rated.
#[derive(Clone, Debug, PartialEq)]
pub struct GameUnderRating {
    /// The finished game's full record.
    pub record: Record,
    /// Every person at the table, in seat order.
    pub seats: Vec<SeatRating>,
    pub stage: Stage,
}

impl GameUnderRating {
    /// How far the rating is, as (items rated, all items).
    pub fn progress(&self) -> (usize, usize) {
        let count = |f: fn(&SeatRating) -> usize| self.seats.iter().map(f).sum();
        (count(|s| s.rated.len()), count(|s| s.items.len()))
    }
}

/// The rating feature's state: the last finished game and the number of its last request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rating {
    pub game: Option<GameUnderRating>,
    /// The number of the last request ([`RequestId::Rating`]): a reply with another is
    /// stale (an earlier game's, or one given up on) and dropped.
    next_id: u32,
}

impl Rating {
    /// Nothing rated yet: a constant, so that building the model on the first screen calls
    /// nothing of the rating (scripts/split-page.mjs).
    pub const NONE: Rating = Rating { game: None, next_id: 0 };
}

/// What can happen to the rating.
#[derive(Clone, Debug, PartialEq)]
pub enum RatingMsg {
    /// A game is over and its results are on screen: rate these persons' items (once: the
    /// same record again changes nothing).
    GameOver { record: Record, persons: Vec<usize> },
    /// The rater's reply to a rating request.
    Reply(RateReply),
    /// The rater could not be loaded, or failed: what was asked will never be answered.
    RaterFailed(RatingFailure),
    /// A game is under way at the table again: a rating still asking stops.
    GameUnderWay,
}

/// What a message did, for the model to tell the person.
#[derive(Clone, Debug, PartialEq)]
pub enum RatingNews {
    Nothing,
    /// The rating of a game began (the first item asked).
    Started,
    /// An item was rated; more are asked.
    Progressed,
    /// Every item is rated: the figures are complete.
    Finished,
    /// The rating stopped, and why.
    Failed(RatingFailure),
}

impl Rating {
    pub fn update(&mut self, msg: RatingMsg, ctx: &mut Ctx) -> RatingNews {
        match msg {
            RatingMsg::GameOver { record, persons } => self.start(record, persons, ctx),
            RatingMsg::Reply(reply) => self.reply(reply, ctx),
            RatingMsg::RaterFailed(error) => self.fail(error),
            RatingMsg::GameUnderWay => {
                if let Some(game) = self.game.as_mut().filter(|g| matches!(g.stage, Stage::Asking { .. })) {
                    game.stage = Stage::Stopped;
                }
                RatingNews::Nothing
            }
        }
    }

    /// Whether the rating is waiting for the rater.
    pub fn asking(&self) -> bool {
        matches!(self.game, Some(GameUnderRating { stage: Stage::Asking { .. }, .. }))
    }

    fn start(&mut self, record: Record, persons: Vec<usize>, ctx: &mut Ctx) -> RatingNews {
        if self.game.as_ref().is_some_and(|g| g.record == record) {
            return RatingNews::Nothing;
        }
        // A public record has no items (its hands are hidden): nothing of it is rated.
        let seats = persons
            .into_iter()
            .filter_map(|seat| {
                let items = items(&record, seat).ok()?;
                Some(SeatRating { seat, scale: review::scale(&record, seat), items, rated: Vec::new() })
            })
            .collect();
        self.game = Some(GameUnderRating { record, seats, stage: Stage::Done });
        match self.ask(0, 0, ctx) {
            RatingNews::Finished => RatingNews::Finished,
            _ => RatingNews::Started,
        }
    }

    /// Asks for item `item` of `seats[person]`, or the next one there is.
    fn ask(&mut self, mut person: usize, mut item: usize, ctx: &mut Ctx) -> RatingNews {
        let Some(game) = &mut self.game else { return RatingNews::Nothing };
        while let Some(seat) = game.seats.get(person) {
            let Some(next) = seat.items.get(item) else {
                (person, item) = (person + 1, 0);
                continue;
            };
            self.next_id = self.next_id.wrapping_add(1);
            let id = self.next_id;
            let request = RateRequest {
                id: RequestId::Rating(id),
                seat: seat.seat,
                playouts: RATING_PLAYOUTS,
                item: next.clone(),
                record: game.record.clone(),
            };
            ctx.emit(Effect::AskRater(request.to_text()));
            game.stage = Stage::Asking { id, person, item };
            return RatingNews::Progressed;
        }
        game.stage = Stage::Done;
        RatingNews::Finished
    }

    /// A reply: kept if it answers the item asked, and the next one asked for.
    fn reply(&mut self, reply: RateReply, ctx: &mut Ctx) -> RatingNews {
        let Some(game) = &mut self.game else { return RatingNews::Nothing };
        let Stage::Asking { id, person, item } = game.stage else { return RatingNews::Nothing };
        if reply.id != RequestId::Rating(id) {
            return RatingNews::Nothing;
        }
        let seat = &mut game.seats[person];
        let rated = match reply.rated {
            Ok(rated) if answers(&seat.items[item], &rated) => rated,
            Ok(_) => return self.fail(RatingFailure::OtherItem),
            Err(refusal) => return self.fail(RatingFailure::Refused(refusal)),
        };
        seat.rated.push(rated);
        self.ask(person, item + 1, ctx)
    }

    fn fail(&mut self, error: RatingFailure) -> RatingNews {
        match &mut self.game {
            Some(game) if matches!(game.stage, Stage::Asking { .. }) => {
                game.stage = Stage::Failed { error: error.clone() };
                RatingNews::Failed(error)
            }
            _ => RatingNews::Nothing,
        }
    }
}

/// Whether `rated` is the rating of `item` (the same place in the record, and for a Day the
/// same plan).
fn answers(item: &Item, rated: &Rated) -> bool {
    match (item, rated) {
        (Item::Day { at, played }, Rated::Day(m)) => m.at == *at && m.played == *played,
        (Item::Throw { capture }, Rated::Throw(t)) => t.capture == *capture,
        (Item::Deal { opening }, Rated::Deal(d)) => d.opening == *opening,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
