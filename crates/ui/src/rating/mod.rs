//! Know how you played (docs/rating.md): once a game is over, every person at the table is
//! rated in the rater's worker, a module of its own that the page loads when a game is
//! first rated, so that neither the page's module nor the offline install carries the
//! rating. The page posts the finished game once; the rater walks every item of every
//! person's — their Days, their throws of the sticks, their Seasons' deals — and tells how
//! far it is, and each person's figures once all their items are rated, with that person's
//! part of the results screen built (`rater`, which only the rater's module links). The
//! results show agreement with the Strong player, costly choices, accuracy, and the score
//! difference split into skill and luck.
//!
//! [`Rating`] is the page's state, changed only by its [`RatingMsg`]s through
//! [`Rating::update`]; the model hands it the finished game and the rater's replies
//! (`at_table`).

mod at_table;
mod failure;
mod figures;
mod rater;
#[cfg(test)]
pub(crate) mod test_game;
pub mod wire;

use crate::ctx::Ctx;
use crate::effect::Effect;
use lauzait_autoplay::RequestId;
use lauzait_engine::Record;

pub use self::failure::RatingFailure;
pub use self::figures::{RatedPerson, SeatFigures};
pub use self::rater::Rater;
pub use self::wire::{RateRefusal, RateRequest, RaterNews, RaterReply, ToRater};

/// Playouts per search: the post-game review's, so that a Day is judged as the review
/// judges it (the same moment) and a game is rated in seconds (docs/rating.md, "Cost").
pub const RATING_PLAYOUTS: u32 = crate::review::REVIEW_PLAYOUTS;

/// Where the rating of a game is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// The game is asked of the rater as request `id`; `progress` is (items rated, all
    /// items) once the rater has said it.
    Asking { id: u32, progress: Option<(usize, usize)> },
    /// Every item rated.
    Done,
    /// The rater could not rate the game (it could not be loaded, failed, or refused): the
    /// persons rated so far stay.
    Failed { error: RatingFailure },
    /// The table moved on to another game before every item was rated: the rater was told
    /// to stop, so that it is free for the new game's rating.
    Stopped,
}

/// A finished game being rated, or rated.
#[derive(Clone, Debug, PartialEq)]
pub struct GameUnderRating {
    /// The finished game's full record.
    pub record: Record,
    /// Every person at the table, in seat order.
    pub persons: Vec<usize>,
    /// The persons whose every item is rated, as the rater sent them.
    pub rated: Vec<RatedPerson>,
    pub stage: Stage,
}

/// The rating feature's state: the last finished game and the number of its request.
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
    /// A game is over and its results are on screen: rate these persons (once: the same
    /// record again changes nothing).
    GameOver { record: Record, persons: Vec<usize> },
    /// The rater's news of a game.
    Reply(RaterReply),
    /// The rater could not be loaded, or failed: what was asked will never be answered.
    RaterFailed(RatingFailure),
    /// A game is under way at the table again: a rating still asking stops.
    GameUnderWay,
}

/// What a message did, for the model to tell the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingNews {
    Nothing,
    /// The rating of a game began (the game posted to the rater).
    Started,
    /// The rater said how far it is, or rated a person.
    Progressed,
    /// Every item is rated: the figures are complete.
    Finished,
    /// The rating stopped ([`Stage::Failed`] says why).
    Failed,
}

impl Rating {
    pub fn update(&mut self, msg: RatingMsg, ctx: &mut Ctx) -> RatingNews {
        match msg {
            RatingMsg::GameOver { record, persons } => self.start(record, persons, ctx),
            RatingMsg::Reply(reply) => self.reply(reply),
            RatingMsg::RaterFailed(error) => self.fail(error),
            RatingMsg::GameUnderWay => {
                if let Some(game) = self.game.as_mut().filter(|g| matches!(g.stage, Stage::Asking { .. })) {
                    game.stage = Stage::Stopped;
                    ctx.emit(Effect::AskRater(ToRater::Stop.to_text()));
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
        if record.is_public() || persons.is_empty() {
            self.game = Some(GameUnderRating { record, persons: Vec::new(), rated: Vec::new(), stage: Stage::Done });
            return RatingNews::Finished;
        }
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        let text = wire::rate_text(RequestId::Rating(id), RATING_PLAYOUTS, &persons, &record);
        ctx.emit(Effect::AskRater(text));
        let stage = Stage::Asking { id, progress: None };
        self.game = Some(GameUnderRating { record, persons, rated: Vec::new(), stage });
        RatingNews::Started
    }

    /// The rater's news: kept if it is of the game asked.
    fn reply(&mut self, reply: RaterReply) -> RatingNews {
        let Some(game) = &mut self.game else { return RatingNews::Nothing };
        let Stage::Asking { id, .. } = game.stage else { return RatingNews::Nothing };
        if reply.id != RequestId::Rating(id) {
            return RatingNews::Nothing;
        }
        match reply.news {
            RaterNews::Progress { done, all, persons } => {
                game.rated.extend(persons);
                if done >= all {
                    game.stage = Stage::Done;
                    return RatingNews::Finished;
                }
                game.stage = Stage::Asking { id, progress: Some((done, all)) };
                RatingNews::Progressed
            }
            RaterNews::Refused(refusal) => self.fail(RatingFailure::Refused(refusal)),
        }
    }

    fn fail(&mut self, error: RatingFailure) -> RatingNews {
        match &mut self.game {
            Some(game) if matches!(game.stage, Stage::Asking { .. }) => {
                game.stage = Stage::Failed { error };
                RatingNews::Failed
            }
            _ => RatingNews::Nothing,
        }
    }
}

#[cfg(test)]
mod tests;
