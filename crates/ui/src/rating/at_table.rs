//! The rating at the table: the finished game handed to [`Rating`] when its results are
//! on screen, the worker's rating replies routed to it, and what it did told to the person.

use super::wire::RateTextError;
use super::{RateReply, Rating, RatingMsg, RatingNews};
use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::rating as words;
use crate::model::{Model, Overlay};
use lauzait_engine::{Game, Record, Status};

impl Model {
    /// Rates the game whose final results are on screen, once per game. Not in the replay
    /// viewer, and not a game of computer players alone: only persons are rated. A rating
    /// still under way for an earlier game is given up once another game is under way, or
    /// over (its replies are dropped by id).
    pub(crate) fn rate_finished_game(&mut self, ctx: &mut Ctx) {
        if self.table.is_replay() || self.table.is_lesson() {
            return;
        }
        let Some(sess) = self.table.shown() else { return };
        let game = sess.game();
        if !matches!(game.status(), Status::GameOver { .. }) {
            if self.rating.asking() {
                self.rating_msg(RatingMsg::GameUnderWay, ctx);
            }
            return;
        }
        if self.overlay != Overlay::Final {
            return;
        }
        let persons: Vec<usize> = sess.person_seats().collect();
        if persons.is_empty() || self.rating_is_of(game) {
            return;
        }
        let msg = RatingMsg::GameOver { record: Record::of(game), persons };
        self.rating_msg(msg, ctx);
    }

    /// Whether the rating is of this game (so nothing is asked again).
    fn rating_is_of(&self, game: &Game) -> bool {
        self.rating
            .game
            .as_ref()
            .is_some_and(|g| g.record.actions.len() == game.log().len() && g.record == Record::of(game))
    }

    /// The worker's text of a rating reply: routed to the rating. A text that answers no
    /// request is the same trouble as for any other reply: the worker is stopped.
    pub(crate) fn rating_reply(&mut self, text: &str, ctx: &mut Ctx) -> Result<(), RateTextError> {
        let reply = RateReply::from_text(text)?;
        self.rating_msg(RatingMsg::Reply(reply), ctx);
        Ok(())
    }

    /// Hands the rating a message and tells the person what it did. Whether the rating was
    /// waiting for the worker (for [`RatingMsg::WorkerFailed`]).
    pub(crate) fn rating_msg(&mut self, msg: RatingMsg, ctx: &mut Ctx) -> bool {
        let was_asking = self.rating.asking();
        match Rating::update(&mut self.rating, msg, ctx) {
            // The results screen says the rating is under way; the live region keeps the
            // results' own words until the figures are there.
            RatingNews::Nothing | RatingNews::Progressed | RatingNews::Started => {}
            RatingNews::Finished => {
                let text = words::rating_done(self.lang).to_string();
                self.say(&text, ctx);
            }
            RatingNews::Failed(error) => {
                ctx.emit(Effect::Log(format!("rating: {error}")));
                let text = words::failed(self.lang, &error);
                self.say(&text, ctx);
            }
        }
        was_asking
    }
}
