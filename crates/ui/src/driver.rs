//! The computer players at the table: what to ask the worker and when, their steps shown
//! one by one at the chosen pace, and a table without persons moving on by itself between
//! Seasons. Time is the `now` each message brings; the driver answers with the effects
//! "post this request" and "wake me at …".

use super::effect::Effect;
use super::i18n;
use super::learn_state::HINT_IDS;
use super::model::{Message, Model, Overlay};
use super::msg::Intent;
use super::review_state::REVIEW_IDS;
use super::session::Session;
use lauzait_autoplay::{day_seed, plan_seed, BotReply, BotRequest};
use lauzait_bots::Level;
use lauzait_engine::{Action, Status, Turn};
use std::collections::VecDeque;

pub use super::bot_state::{
    level_index, step_due, DayKey, Driver, Pending, Plan, ThinkStats, BOTS_ONLY_DAY_CAP, BOT_PLAYOUTS,
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
enum Drive {
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
        let g = self.game()?;
        if g.status() != Status::Playing {
            return None;
        }
        Some(DayKey {
            season: g.season().number,
            day: g.day().number,
            seat: g.to_move(),
            start: g.log().len() - g.day().steps.len(),
        })
    }

    /// The worker is computing the plan of the computer player whose Day it is.
    pub fn thinking(&self) -> bool {
        self.driver.pending.as_ref().is_some_and(|p| Some(p.key) == self.day_key())
    }

    /// The seat shown as thinking: its plan is being computed, or is about to be shown.
    pub fn thinking_seat(&self) -> Option<usize> {
        let key = self.day_key()?;
        if self.thinking() {
            return Some(key.seat);
        }
        match &self.driver.plan {
            Some(plan) if plan.key == key && !plan.started => Some(key.seat),
            _ => None,
        }
    }

    /// Asks the worker for plans when a computer player's Day needs one, shows their steps
    /// one by one at the chosen speed, and moves a table without persons on between
    /// Seasons. Runs after every message; asks for the one wake-up when the next step is
    /// due. A dialog (the menu, say) pauses it.
    pub(super) fn drive(&mut self) {
        let mut wake = None;
        for _ in 0..32 {
            match self.drive_once() {
                Drive::Idle => break,
                Drive::Wake(at) => {
                    wake = Some(at);
                    break;
                }
                Drive::Again => continue,
            }
        }
        let now = self.now;
        self.effects.push(Effect::Wake(wake.map(|at: f64| (at - now).max(0.0))));
    }

    fn drive_once(&mut self) -> Drive {
        let now = self.now;
        let speed = self.speed;
        let Some(sess) = &self.session else { return Drive::Idle };
        if self.driver.error.is_none() && !self.driver.worker_started && sess.has_computer_players() {
            // Started as soon as computer players sit down, so it is warm for their first Day.
            self.driver.worker_started = true;
            self.effects.push(Effect::StartWorker);
        }
        if self.anim.is_some() || self.records.replay.is_some() {
            return Drive::Idle;
        }
        if sess.game().status() != Status::Playing {
            // Nobody at the table: the scoring and Season screens move on by themselves.
            if sess.persons() > 0 || !matches!(self.overlay, Overlay::Scoring | Overlay::SeasonSummary) {
                return Drive::Idle;
            }
            let due = self.driver.last_step_at + speed.pause_ms();
            if now < due {
                return Drive::Wake(due);
            }
            self.driver.last_step_at = now;
            let intent = if self.overlay == Overlay::Scoring { Intent::ScoringDone } else { Intent::NextSeason };
            self.intent(intent);
            self.refresh();
            return Drive::Again;
        }
        let Some(level) = sess.bot_to_move() else { return Drive::Idle };
        if self.overlay != Overlay::None || self.driver.error.is_some() {
            return Drive::Idle;
        }
        let Some(key) = self.day_key() else { return Drive::Idle };
        let g = sess.game();
        if sess.persons() == 0 && g.turn(BOTS_ONLY_DAY_CAP) == Turn::Table(Action::EndSeasonByAgreement) {
            self.act(Action::EndSeasonByAgreement);
            self.driver.last_step_at = now;
            return Drive::Again;
        }
        if let Some(plan) = &self.driver.plan {
            if plan.key == key {
                if let Some(&next) = plan.actions.front() {
                    let due = step_due(speed, self.driver.last_step_at, self.driver.think_started, plan.started);
                    if now < due {
                        return Drive::Wake(due);
                    }
                    // Still legal? (It always is, unless the plan was made for another game.)
                    let legal = g.view(key.seat).and_then(|v| v.my_day().map(|d| d.legal_actions(g.players())));
                    let Some(action) =
                        legal.unwrap_or_default().into_iter().find(|a| a.canonical() == next.canonical())
                    else {
                        self.driver.plan = None;
                        self.request_plan(level, true);
                        return Drive::Idle;
                    };
                    if let Some(plan) = self.driver.plan.as_mut() {
                        plan.actions.pop_front();
                        plan.started = true;
                    }
                    self.driver.last_step_at = now;
                    self.act(action);
                    if self.overlay == Overlay::None && self.anim.is_none() && !self.live.is_empty() {
                        self.message = Some(Message { text: self.live.clone(), error: false });
                    }
                    return Drive::Again;
                }
            }
            // The plan is used up (or was for another Day): plan again from here.
            self.driver.plan = None;
        }
        if self.driver.pending.as_ref().is_some_and(|p| p.key == key) {
            return Drive::Idle;
        }
        self.request_plan(level, false);
        Drive::Idle
    }

    /// Asks the worker for the Day of the computer player to move: from the Day's start (so
    /// that planning the same Day again gives the same steps, after a reload too), or from
    /// the current position when a plan from the start did not fit.
    fn request_plan(&mut self, level: Level, from_here: bool) {
        let Some(key) = self.day_key() else { return };
        let Some(sess) = &self.session else { return };
        let mut game = sess.game().clone();
        let steps = game.day().steps.len();
        let base = if from_here {
            steps
        } else {
            game.undo_day();
            0
        };
        let mut seed = day_seed(sess.bot_seed, key.season, key.day, key.seat);
        if from_here {
            seed = plan_seed(seed, 1000 + steps as u32);
        }
        let id = self.driver.next_id.wrapping_add(1);
        self.driver.next_id = id;
        // Only what the seat may see leaves the page (R40): the request carries its view.
        let request = BotRequest::new(&game, key.seat, level, seed, BOT_PLAYOUTS, id);
        match request {
            Ok(request) => {
                self.effects.push(Effect::PostToWorker(request.to_text()));
                self.driver.pending = Some(Pending { id, key, level, base, fallback: from_here });
                self.driver.think_started = self.now;
            }
            Err(e) => self.bot_failed(e),
        }
    }

    /// What the table may agree to end now (R20): the Season while it is played between
    /// Days, the game then too and after a Season. A computer player's Day counts as
    /// between Days, since its steps are taken back first ([`Self::take_back_bot_steps`]).
    /// Nothing while the replay viewer or a lesson holds the table.
    pub fn may_end_by_agreement(&self) -> EndByAgreement {
        let Some(g) = self.game().filter(|_| self.records.replay.is_none() && self.learn.run.is_none()) else {
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
        if let Some(sess) = self.session.as_mut() {
            sess.undo_day();
        }
        self.driver.plan = None;
    }

    /// What the worker posted. A reply goes to whoever asked, by the range of its id: the
    /// coach's hint, the review's Day or a computer player's Day. A text that answers no
    /// request (unreadable, or the worker could not read a request) means the page and the
    /// worker no longer understand each other and nothing will answer what waits: the
    /// worker is stopped and what waits fails, with a retry, as when the worker traps.
    pub(super) fn worker_text(&mut self, text: &str) {
        match BotReply::from_text(text) {
            Ok(reply) if reply.id >= HINT_IDS => self.hint_reply(reply),
            Ok(reply) if reply.id >= REVIEW_IDS => self.review_reply(reply),
            Ok(reply) => self.bot_reply(reply),
            Err(error) => {
                self.effects.push(Effect::StopWorker);
                self.worker_failed(error.to_string());
            }
        }
    }

    /// A plan came back from the worker.
    fn bot_reply(&mut self, reply: BotReply) {
        let Some(pending) = self.driver.pending.take_if(|p| p.id == reply.id) else { return };
        let stat = &mut self.driver.stats[level_index(pending.level)];
        stat.count += 1;
        stat.total_ms += reply.ms;
        stat.max_ms = stat.max_ms.max(reply.ms);
        stat.last_ms = reply.ms;
        stat.recent.push_back(reply.ms);
        if stat.recent.len() > 40 {
            stat.recent.pop_front();
        }
        if self.records.replay.is_some() || self.day_key() != Some(pending.key) {
            // The game moved on (a new game, a Season ended by agreement), or the replay
            // viewer is showing another game: the Day is planned again when it is back.
            return;
        }
        if let Some(e) = reply.error {
            self.bot_failed(e);
            return;
        }
        // The plan starts where the request's position was; the steps taken since then
        // (after a reload mid-Day) must be its first ones.
        let taken: Vec<Action> = self
            .game()
            .map(|g| g.day().steps.iter().skip(pending.base).map(|s| s.as_action()).collect())
            .unwrap_or_default();
        let fits = reply.actions.len() > taken.len()
            && taken.iter().zip(&reply.actions).all(|(a, b)| a.canonical() == b.canonical());
        if fits {
            let actions: VecDeque<Action> = reply.actions.into_iter().skip(taken.len()).collect();
            self.driver.plan = Some(Plan { key: pending.key, actions, started: !taken.is_empty() });
        } else if !pending.fallback {
            self.request_plan(pending.level, true);
        } else {
            self.bot_failed("the computer player's plan does not fit the Day".into());
        }
    }

    /// The worker failed (it is stopped): what was waiting for it fails — the coach's hint,
    /// the review's Day, the computer player's. The computer players are stopped (with a
    /// retry) if one of them was waiting, or if they sit at the table and nothing else was
    /// (their worker, started for them, is gone: starting it again at once could fail again
    /// and again). Otherwise the next request starts a new worker; with no computer player
    /// seated and nothing waiting nobody is told, since nothing they asked for failed.
    pub(super) fn worker_failed(&mut self, error: String) {
        let hint = self.hint_failed(&error);
        let review = self.review_failed(error.clone());
        let bots_seated = self.session.as_ref().is_some_and(Session::has_computer_players);
        if self.driver.pending.is_none() && (hint || review || !bots_seated) {
            if !(hint || review) {
                self.effects.push(Effect::Log(format!("worker: {error}")));
            }
            self.driver.worker_started = false;
            return;
        }
        self.bot_failed(error);
    }

    /// The worker could not be started or failed: say so, and offer a retry.
    pub(super) fn bot_failed(&mut self, error: String) {
        self.effects.push(Effect::Log(format!("computer player: {error}")));
        self.driver.pending = None;
        self.driver.plan = None;
        self.driver.worker_started = false;
        let text = i18n::bot_error(self.lang, "", &error);
        self.say(&text);
        self.driver.error = Some(error);
    }
}
