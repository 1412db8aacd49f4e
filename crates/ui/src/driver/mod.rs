//! The computer players at the table: what to ask the worker and when, their steps shown
//! one by one at the chosen pace (both decided by the pacer table mode's tablet shares,
//! [`lauzait_autoplay::pacing`]), the worker's replies routed to whoever asked, and a table
//! without persons moving on by itself between Seasons. Time is the `now` each message
//! brings; the driver answers with the effects "post this request" and "wake me at …".

pub mod state;

use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n;
use super::model::{Message, Model, Overlay};
use super::msg::Intent;
use super::out_of_line::out_of_line;
use super::play::session::Session;
use lauzait_autoplay::pacing::{Outcome, Pace, Table};
use lauzait_autoplay::{BotReply, DayFailure, RequestId, WorkerFailure};
use lauzait_engine::{Action, Status, Turn};

pub use self::state::{
    level_index, step_due, DayKey, Driver, StepsToShow, ThinkStats, BOTS_ONLY_DAY_CAP, BOT_PLAYOUTS,
};

/// What the table may agree to end now ([`Model::may_end_by_agreement`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndByAgreement {
    pub season: bool,
    pub game: bool,
    /// A person's Day is under way with a step taken: the engine refuses to end anything
    /// by agreement until those steps are undone ([`lauzait_engine::RuleError::DayUnderWay`]),
    /// which the menu says.
    pub day_under_way: bool,
}

/// What one look of the driver did.
enum DriverStep {
    /// Nothing to do now (waiting for a person, a reply or a dialog).
    Idle,
    /// Something is due at this time.
    Wake(f64),
    /// A step was taken: look again.
    Again,
}

impl Model {
    /// Which Day is under way.
    pub fn day_key(&self) -> Option<DayKey> {
        DayKey::of(self.game()?)
    }

    /// The worker is computing the plan of the computer player whose Day it is.
    pub fn thinking(&self) -> bool {
        self.play.driver.pacer.pending.as_ref().is_some_and(|p| Some(p.key) == self.day_key())
    }

    /// The seat shown as thinking: its plan is being computed, or is about to be shown.
    pub fn thinking_seat(&self) -> Option<usize> {
        let key = self.day_key()?;
        if self.thinking() {
            return Some(key.seat);
        }
        match &self.play.driver.pacer.plan {
            Some(plan) if plan.key == key && !plan.started => Some(key.seat),
            _ => None,
        }
    }

    /// Asks the worker for plans when a computer player's Day needs one, shows their steps
    /// one by one at the chosen speed, and moves a table without persons on between
    /// Seasons. Runs after every message; asks for the one wake-up when the next step is
    /// due. A dialog (the menu, say) pauses it. A finished game on the results screen is
    /// rated first (`rating`).
    pub(super) fn drive(&mut self, ctx: &mut Ctx) {
        // Looked at here, so that the first screen (loaded before the rest of the page's
        // code, scripts/split-page.mjs) never calls into the rating, nor carries it.
        if self.overlay == Overlay::Final || self.rating.game.is_some() {
            let rate: fn(&mut Model, &mut Ctx) = Model::rate_finished_game;
            out_of_line(rate)(self, ctx);
        }
        let mut wake = None;
        for _ in 0..32 {
            match self.drive_once(ctx) {
                DriverStep::Idle => break,
                DriverStep::Wake(at) => {
                    wake = Some(at);
                    break;
                }
                DriverStep::Again => continue,
            }
        }
        let now = ctx.now;
        ctx.emit(Effect::Wake(wake.map(|at: f64| (at - now).max(0.0))));
    }

    fn drive_once(&mut self, ctx: &mut Ctx) -> DriverStep {
        let now = ctx.now;
        let speed = self.prefs.speed;
        let Some(sess) = self.table.shown() else { return DriverStep::Idle };
        if self.play.driver.error().is_none() && !self.play.driver.worker_started && sess.has_computer_players() {
            // Started as soon as computer players sit down, so it is warm for their first Day.
            self.play.driver.worker_started = true;
            ctx.emit(Effect::StartWorker);
        }
        // A puzzle's other seats never play: its one Day is the player's.
        if self.play.anim.is_some() || self.table.is_replay() || self.table.is_puzzle() {
            return DriverStep::Idle;
        }
        if sess.game().status() != Status::Playing {
            // Nobody at the table: the scoring and Season screens move on by themselves.
            if sess.persons() > 0 || !matches!(self.overlay, Overlay::Scoring | Overlay::SeasonSummary) {
                return DriverStep::Idle;
            }
            let due = self.play.driver.pacer.last_step_at + speed.pause_ms();
            if now < due {
                return DriverStep::Wake(due);
            }
            self.play.driver.pacer.last_step_at = now;
            let intent = if self.overlay == Overlay::Scoring { Intent::ScoringDone } else { Intent::NextSeason };
            self.intent(intent, ctx);
            self.refresh();
            return DriverStep::Again;
        }
        let Some(level) = sess.bot_to_move() else { return DriverStep::Idle };
        if self.overlay != Overlay::None || self.play.driver.error().is_some() {
            return DriverStep::Idle;
        }
        let g = sess.game();
        if sess.persons() == 0 && g.turn(BOTS_ONLY_DAY_CAP) == Turn::Table(Action::EndSeasonByAgreement) {
            self.act(Action::EndSeasonByAgreement, ctx);
            self.play.driver.pacer.last_step_at = now;
            return DriverStep::Again;
        }
        let table = Table { game: g, bot_seed: sess.bot_seed, playouts: BOT_PLAYOUTS };
        match self.play.driver.pacer.next(now, speed, &table, level) {
            Pace::Idle => DriverStep::Idle,
            Pace::WakeAt(at) => DriverStep::Wake(at),
            Pace::Ask(request) => {
                ctx.emit(Effect::PostToWorker(request.to_text()));
                DriverStep::Idle
            }
            Pace::Failed(why) => {
                self.bot_failed(why, ctx);
                DriverStep::Idle
            }
            Pace::Steps(steps) => {
                for action in steps {
                    self.act(action, ctx);
                }
                if self.overlay == Overlay::None && self.play.anim.is_none() && !self.play.live.is_empty() {
                    self.message = Some(Message { text: self.play.live.clone(), error: false });
                }
                DriverStep::Again
            }
        }
    }

    /// What the table may agree to end now (R20): the Season while it is played between
    /// Days, the game then too and after a Season. A computer player's Day counts as
    /// between Days, since its steps are taken back first ([`Self::take_back_bot_steps`]).
    /// Nothing while the replay viewer or a lesson holds the table.
    pub fn may_end_by_agreement(&self) -> EndByAgreement {
        let Some(g) = self.game().filter(|_| !self.table.own_set_aside()) else {
            return EndByAgreement::default();
        };
        let season = g.may_end_season_by_agreement() || self.bot_day();
        let day_under_way = g.status() == Status::Playing && !season;
        EndByAgreement { season, game: season || g.may_end_game_by_agreement(), day_under_way }
    }

    /// The table agrees to stop in the middle of a computer player's Day: its steps are
    /// not committed yet, so they are taken back first (the engine ends a Season or the
    /// game by agreement only between Days).
    pub(super) fn take_back_bot_steps(&mut self) {
        if !self.bot_day() {
            return;
        }
        if let Some(sess) = self.table.shown_mut() {
            sess.undo_day();
        }
        self.play.driver.pacer.plan = None;
    }

    /// What the worker posted. A reply goes to whoever asked, as its [`RequestId`] says: the
    /// coach's hint, the review's Day or a computer player's Day (the rating has a worker of
    /// its own, `Effect::AskRater`). A text that answers no
    /// request (unreadable, or the worker could not read a request) means the page and the
    /// worker no longer understand each other and nothing will answer what waits: the
    /// worker is stopped and what waits fails, with a retry, as when the worker traps.
    pub(super) fn worker_text(&mut self, text: &str, ctx: &mut Ctx) {
        match BotReply::from_text(text) {
            Ok(reply) => match reply.id {
                RequestId::ComputerDay(id) => self.bot_reply(id, reply, ctx),
                RequestId::Hint(id) => self.hint_reply(id, reply, ctx),
                RequestId::Review(id) => self.review_reply(id, reply, ctx),
                // The rating's and your record's requests go to the rater's worker, never to
                // this one.
                RequestId::Rating(_) | RequestId::Record(_) | RequestId::Puzzle(_) => {
                    ctx.emit(Effect::Log("worker: a rater's id on a bot reply".into()))
                }
            },
            Err(error) => {
                ctx.emit(Effect::StopWorker);
                self.worker_failed(WorkerFailure::Unreadable(error), ctx);
            }
        }
    }

    /// A plan came back from the worker: its time measured, and kept if it is still wanted
    /// (the pacer drops an answer to an earlier request, or for a Day the game has left,
    /// or while the replay viewer shows another game).
    fn bot_reply(&mut self, id: u32, reply: BotReply, ctx: &mut Ctx) {
        let now = ctx.now;
        let table = self.table.shown().filter(|_| !self.table.is_replay()).map(|sess| Table {
            game: sess.game(),
            bot_seed: sess.bot_seed,
            playouts: BOT_PLAYOUTS,
        });
        let Some(replied) = self.play.driver.pacer.reply(id, reply, now, table.as_ref()) else { return };
        let stat = &mut self.play.driver.stats[level_index(replied.level)];
        stat.count += 1;
        stat.total_ms += replied.ms;
        stat.max_ms = stat.max_ms.max(replied.ms);
        stat.last_ms = replied.ms;
        stat.recent.push_back(replied.ms);
        if stat.recent.len() > 40 {
            stat.recent.pop_front();
        }
        match replied.outcome {
            Outcome::Stale | Outcome::Planned => {}
            Outcome::AskedAgain(request) => ctx.emit(Effect::PostToWorker(request.to_text())),
            Outcome::Failed(why) => self.bot_failed(why, ctx),
        }
    }

    /// The worker failed (it is stopped): what was waiting for it fails — the coach's hint,
    /// the review's Day, the computer player's. The computer players are stopped (with a
    /// retry) if one of them was waiting, or if they sit at the table and nothing else was
    /// (their worker, started for them, is gone: starting it again at once could fail again
    /// and again). Otherwise the next request starts a new worker; with no computer player
    /// seated and nothing waiting nobody is told, since nothing they asked for failed.
    pub(super) fn worker_failed(&mut self, error: WorkerFailure, ctx: &mut Ctx) {
        let said = i18n::computer::worker_failure(self.lang, &error);
        let hint = self.learn.coach.hint_failed(&error.to_string(), ctx);
        let review = self.review_failed(said, ctx);
        let bots_seated = self.table.shown().is_some_and(Session::has_computer_players);
        if self.play.driver.pacer.pending.is_none() && (hint || review || !bots_seated) {
            if !(hint || review) {
                ctx.emit(Effect::Log(format!("worker: {error}")));
            }
            self.play.driver.worker_started = false;
            return;
        }
        self.bot_failed(DayFailure::Worker(error), ctx);
    }

    /// The worker could not be started or failed: say so, and offer a retry.
    pub(super) fn bot_failed(&mut self, error: DayFailure, ctx: &mut Ctx) {
        ctx.emit(Effect::Log(format!("computer player: {error}")));
        self.play.driver.worker_started = false;
        let text = i18n::bot_error(self.lang, "", &i18n::computer::day_failure(self.lang, &error));
        self.say(&text, ctx);
        self.play.driver.pacer.fail(error, ctx.now);
    }
}
