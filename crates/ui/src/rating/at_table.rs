//! The rating at the table: the finished game handed to [`Rating`] when its results are
//! on screen, the rater's replies and failures routed to it, and what it did told to the
//! person.

use super::{RaterReply, Rating, RatingFailure, RatingMsg, RatingNews, Stage};
use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::rating as words;
use crate::model::{Model, Overlay};
use crate::puzzles::{PuzzleFailure, PuzzleMsg, PuzzleReply};
use crate::stats::{RecordFailure, RecordReply, StatsMsg};
use lauzait_autoplay::WorkerFailure;
use lauzait_engine::{Game, Record, Status};
use lauzait_history::{Figures, Tenths};

impl Model {
    /// Rates the game whose final results are on screen, once per game. Not in the replay
    /// viewer, and not a game of computer players alone: only persons are rated. A rating
    /// still under way for an earlier game is given up once another game is under way, or
    /// over (its replies are dropped by id).
    pub(crate) fn rate_finished_game(&mut self, ctx: &mut Ctx) {
        if self.table.own_set_aside() {
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

    /// The one person's figures of a game now rated go to your record's last game (a game
    /// of several persons has no player of the device, `lauzait_history`).
    fn keep_figures(&mut self, ctx: &mut Ctx) {
        let Some(rated) = self.rating.game.as_ref() else { return };
        let ([_], [person]) = (rated.persons.as_slice(), rated.rated.as_slice()) else { return };
        let f = &person.figures;
        let figures = Figures {
            agreement: f.agreement.map(Tenths::of),
            accuracy: f.accuracy.map(Tenths::of),
            costly: u16::try_from(f.costly).unwrap_or(u16::MAX),
        };
        self.stats.rated(figures, ctx);
    }

    /// Whether the rating is of this game (so nothing is asked again).
    fn rating_is_of(&self, game: &Game) -> bool {
        self.rating
            .game
            .as_ref()
            .is_some_and(|g| g.record.actions.len() == game.log().len() && g.record == Record::of(game))
    }

    /// The rater's text: your record's figures routed to your record, any other news to the
    /// rating. A text that is no reply stops the one it was for (the page and the rater no
    /// longer understand each other); the rater is left as it is.
    pub(crate) fn rater_text(&mut self, text: &str, ctx: &mut Ctx) {
        if PuzzleReply::is_one(text) {
            let msg = match PuzzleReply::from_text(text) {
                Ok(reply) => PuzzleMsg::Reply(reply),
                Err(e) => PuzzleMsg::Failed(PuzzleFailure::Unreadable(e)),
            };
            self.route_puzzles(msg, ctx);
            return;
        }
        if RecordReply::is_one(text) {
            let msg = match RecordReply::from_text(text) {
                Ok(reply) => StatsMsg::Reply(Box::new(reply)),
                Err(e) => StatsMsg::Failed(RecordFailure::Unreadable(e)),
            };
            self.route_stats(msg, ctx);
            return;
        }
        let msg = match RaterReply::from_text(text) {
            Ok(reply) => RatingMsg::Reply(reply),
            Err(error) => RatingMsg::RaterFailed(RatingFailure::Unreadable(error)),
        };
        self.rating_msg(msg, ctx);
    }

    /// The rater could not be loaded or started, or failed: the rating and your record's
    /// screen, whichever was waiting for it, stop with why.
    pub(crate) fn rater_failed(&mut self, failure: WorkerFailure, ctx: &mut Ctx) {
        self.route_stats(StatsMsg::Failed(RecordFailure::of_rater(failure.clone())), ctx);
        self.route_puzzles(PuzzleMsg::Failed(PuzzleFailure::of_rater(failure.clone())), ctx);
        self.rating_msg(RatingMsg::RaterFailed(RatingFailure::of_rater(failure)), ctx);
    }

    /// Hands the rating a message and tells the person what it did.
    pub(crate) fn rating_msg(&mut self, msg: RatingMsg, ctx: &mut Ctx) {
        match Rating::update(&mut self.rating, msg, ctx) {
            // The results screen says the rating is under way; the live region keeps the
            // results' own words until the figures are there.
            RatingNews::Nothing | RatingNews::Progressed | RatingNews::Started => {}
            RatingNews::Finished => {
                self.keep_figures(ctx);
                // The game's mistakes, kept by the rater, come back in the queue to store.
                self.puzzles.count_mine(ctx);
                let text = words::rating_done(self.lang).to_string();
                self.say(&text, ctx);
            }
            RatingNews::Failed => {
                let Some(Stage::Failed { error }) = self.rating.game.as_ref().map(|g| &g.stage) else { return };
                let logged = format!("rating: {}", words::failed(crate::i18n::Lang::En, error));
                let text = words::failed(self.lang, error);
                ctx.emit(Effect::Log(logged));
                self.say(&text, ctx);
            }
        }
    }
}
