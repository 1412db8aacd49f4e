//! The pacing of computer players' Days, one model for every table that seats them (the
//! browser game's driver and table mode's tablet): when a computer seat's Day is due, the
//! request for it (numbered, [`RequestId::ComputerDay`]), matching the reply to the Day it
//! was asked for (a reply to an earlier request, or for a Day the game has left, is
//! dropped), the retry after a failure, and the pace of the planned steps from the chosen
//! [`Speed`].
//!
//! Pure: time is the `now` each call brings, and what is to be done comes back as data
//! ([`Pace`], [`Replied`]) for the caller to run — post a request, wake at a time, apply
//! steps through the engine. The caller owns the game and applies the steps; the pacer only
//! reads it.

use super::speed::Speed;
use super::{BotError, BotReply, BotRequest, DayFailure, RequestId, WorkerFailure};
pub use crate::paced::{DayKey, PacedGame, SeatTable, Table};
use lauzait_bots::Level;
use lauzait_engine::Action;
use std::collections::VecDeque;

/// When the next step of a computer player's plan is due: a step's pause after the last
/// one, and for a Day's first step not before the thinking cue has shown long enough.
pub fn step_due(speed: Speed, last_step_at: f64, think_started: f64, started: bool) -> f64 {
    let due = last_step_at + speed.step_ms();
    if started {
        due
    } else {
        due.max(think_started + speed.think_ms())
    }
}

/// The request for the Day under way in `table` (a function for callers that hold a
/// [`Table`]; [`PacedGame::day_request`]).
pub fn day_request(
    table: &impl PacedGame,
    level: Level,
    id: RequestId,
    from_here: bool,
) -> Result<(BotRequest, usize), DayFailure> {
    table.day_request(level, id, from_here)
}

/// After a failure: the person asks again (the page's Retry), or the pacer does after a
/// while (the tablet, which nobody sits at to press anything).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Retry {
    ByPerson,
    /// This many milliseconds after the failure.
    After(f64),
}

/// How a planned Day reaches the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// One step at a time, at the [`Speed`]'s pace.
    StepByStep,
    /// All the steps at once, when the first is due, for a caller that applies a Day whole.
    WholeDay,
}

/// A table's way of pacing its computer players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pacing {
    /// How long a Day waits, once due, before it is asked for (ms): the people see the last
    /// Day before the next begins.
    pub ask_after_ms: f64,
    pub retry: Retry,
    pub shown: Shown,
}

/// A request to the worker that has not been answered yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    /// Its number, [`RequestId::ComputerDay`]'s.
    pub id: u32,
    pub key: DayKey,
    pub level: Level,
    /// The Day's steps already taken in the position sent (0: sent from the Day's start).
    pub base: usize,
    /// Sent from the current position because a plan from the Day's start did not fit.
    pub fallback: bool,
}

/// The computer player's planned steps still to be shown.
#[derive(Clone, Debug, PartialEq)]
pub struct StepsToShow {
    pub key: DayKey,
    pub actions: VecDeque<Action>,
    /// A step of it has been applied.
    pub started: bool,
}

/// What the caller is to do now.
#[derive(Clone, Debug, PartialEq)]
pub enum Pace {
    /// Nothing until a reply or a change of the game.
    Idle,
    /// Call again at this time.
    WakeAt(f64),
    /// Post this request to the worker.
    Ask(Box<BotRequest>),
    /// Apply these steps now, in order (one, or the whole Day with [`Shown::WholeDay`]); the
    /// engine checks each.
    Steps(Vec<Action>),
    /// The Day could not be asked for: why (kept, [`Pacer::failed`]).
    Failed(DayFailure),
}

/// What became of the answer to the request in flight.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// For a Day no longer under way (a new game, a Season ended by agreement): dropped;
    /// the Day is asked for again when it is back.
    Stale,
    /// The plan is kept, to be shown ([`Pacer::next`]).
    Planned,
    /// A plan from the Day's start did not fit the steps taken since (after a reload
    /// mid-Day): post this request, from the current position.
    AskedAgain(Box<BotRequest>),
    /// No plan: why (kept, [`Pacer::failed`]).
    Failed(DayFailure),
}

/// The answer to the request in flight, with the level asked and the time the worker took.
#[derive(Clone, Debug, PartialEq)]
pub struct Replied {
    pub level: Level,
    pub ms: f64,
    pub outcome: Outcome,
}

/// A table's computer players: the request in flight, the plan being shown, when the last
/// step was shown, and the last failure.
#[derive(Clone, Debug, PartialEq)]
pub struct Pacer {
    pacing: Pacing,
    pub pending: Option<Asked>,
    pub plan: Option<StepsToShow>,
    next_id: u32,
    /// When the Day in flight was asked for: its thinking cue shows from then.
    think_started: f64,
    /// When the last step was shown (or the last pause between Seasons began).
    pub last_step_at: f64,
    failed: Option<DayFailure>,
    /// When a failed Day is asked for again ([`Retry::After`]); `None`: when the person says.
    retry_at: Option<f64>,
    /// The Day last seen due, and since when.
    due: Option<(DayKey, f64)>,
}

impl Default for Pacer {
    /// The page's pacing: a Day is asked for at once, and after a failure the person asks.
    fn default() -> Pacer {
        Pacer::new(Pacing { ask_after_ms: 0.0, retry: Retry::ByPerson, shown: Shown::StepByStep })
    }
}

impl Pacer {
    pub fn new(pacing: Pacing) -> Pacer {
        Pacer {
            pacing,
            pending: None,
            plan: None,
            next_id: 0,
            think_started: 0.0,
            last_step_at: 0.0,
            failed: None,
            retry_at: None,
            due: None,
        }
    }

    /// Why the last Day could not be played, until one is planned (or the person retries).
    pub fn failed(&self) -> Option<&DayFailure> {
        self.failed.as_ref()
    }

    /// What to do at `now` for the Day under way in `table`, whose seat is a computer
    /// player of `level`: ask for its Day once due, show the plan's next step when its time
    /// has come, or wait.
    pub fn next(&mut self, now: f64, speed: Speed, table: &impl PacedGame, level: Level) -> Pace {
        let Some(key) = table.day_key() else { return Pace::Idle };
        if self.failed.is_some() {
            match self.retry_at {
                None => return Pace::Idle,
                Some(at) if now < at => return Pace::WakeAt(at),
                Some(_) => {}
            }
        }
        if let Some(plan) = &self.plan {
            if plan.key == key && !plan.actions.is_empty() {
                let due = step_due(speed, self.last_step_at, self.think_started, plan.started);
                if now < due {
                    return Pace::WakeAt(due);
                }
                return self.take_steps(now, table, level, key);
            }
            // The plan is used up (or was for another Day): plan again from here.
            self.plan = None;
        }
        if self.pending.as_ref().is_some_and(|p| p.key == key) {
            return Pace::Idle;
        }
        let since = match self.due {
            Some((due, since)) if due == key => since,
            _ => {
                self.due = Some((key, now));
                now
            }
        };
        if now < since + self.pacing.ask_after_ms {
            return Pace::WakeAt(since + self.pacing.ask_after_ms);
        }
        match self.ask(now, table, level, key, false) {
            Ok(request) => Pace::Ask(Box::new(request)),
            Err(why) => Pace::Failed(why),
        }
    }

    /// The plan's next step (still legal? it always is, unless the plan was made for
    /// another game: then the Day is asked for again from here), or all of it.
    fn take_steps(&mut self, now: f64, table: &impl PacedGame, level: Level, key: DayKey) -> Pace {
        if self.pacing.shown == Shown::WholeDay {
            let Some(plan) = self.plan.take() else { return Pace::Idle };
            self.last_step_at = now;
            return Pace::Steps(plan.actions.into());
        }
        let Some(plan) = self.plan.as_mut() else { return Pace::Idle };
        let next = plan.actions.front().map(|a| a.canonical());
        match table.legal_now().into_iter().find(|a| Some(a.canonical()) == next) {
            Some(action) => {
                plan.actions.pop_front();
                plan.started = true;
                self.last_step_at = now;
                Pace::Steps(vec![action])
            }
            None => {
                self.plan = None;
                match self.ask(now, table, level, key, true) {
                    Ok(request) => Pace::Ask(Box::new(request)),
                    Err(why) => Pace::Failed(why),
                }
            }
        }
    }

    /// Asks for the Day `key` of `table` (a failure is kept).
    fn ask(
        &mut self,
        now: f64,
        table: &impl PacedGame,
        level: Level,
        key: DayKey,
        from_here: bool,
    ) -> Result<BotRequest, DayFailure> {
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        match table.day_request(level, RequestId::ComputerDay(id), from_here) {
            Ok((request, base)) => {
                self.pending = Some(Asked { id, key, level, base, fallback: from_here });
                self.think_started = now;
                Ok(request)
            }
            Err(why) => {
                self.fail(why.clone(), now);
                Err(why)
            }
        }
    }

    /// The worker's answer to [`RequestId::ComputerDay`]`(id)`, at `now`; `table`: the game
    /// the Day is played in (`None` while another game is shown, which makes the answer
    /// stale). `None`: not the request in flight (an earlier one, given up on), dropped.
    pub fn reply(&mut self, id: u32, reply: BotReply, now: f64, table: Option<&impl PacedGame>) -> Option<Replied> {
        let pending = self.pending.take_if(|p| p.id == id)?;
        let outcome = self.answered(&pending, reply.actions, reply.error, now, table);
        Some(Replied { level: pending.level, ms: reply.ms, outcome })
    }

    fn answered(
        &mut self,
        pending: &Asked,
        actions: Vec<Action>,
        error: Option<BotError>,
        now: f64,
        table: Option<&impl PacedGame>,
    ) -> Outcome {
        let Some(table) = table.filter(|t| t.day_key() == Some(pending.key)) else { return Outcome::Stale };
        if let Some(error) = error {
            let why = DayFailure::Planner(error);
            self.fail(why.clone(), now);
            return Outcome::Failed(why);
        }
        // The plan starts where the request's position was; the steps taken since then
        // (after a reload mid-Day) must be its first ones.
        let taken = table.taken_since(pending.base);
        let fits =
            actions.len() > taken.len() && taken.iter().zip(&actions).all(|(a, b)| a.canonical() == b.canonical());
        if fits {
            let actions: VecDeque<Action> = actions.into_iter().skip(taken.len()).collect();
            self.plan = Some(StepsToShow { key: pending.key, actions, started: !taken.is_empty() });
            (self.failed, self.retry_at) = (None, None);
            return Outcome::Planned;
        }
        if pending.fallback {
            let why = DayFailure::PlanDoesNotFit;
            self.fail(why.clone(), now);
            return Outcome::Failed(why);
        }
        match self.ask(now, table, pending.level, pending.key, true) {
            Ok(request) => Outcome::AskedAgain(Box::new(request)),
            Err(why) => Outcome::Failed(why),
        }
    }

    /// The Day could not be planned or played (the worker failed, or the table refused the
    /// plan): what was asked and planned is given up, and the Day is asked for again as
    /// [`Retry`] says.
    pub fn fail(&mut self, why: DayFailure, now: f64) {
        self.forget();
        self.failed = Some(why);
        self.retry_at = match self.pacing.retry {
            Retry::ByPerson => None,
            Retry::After(ms) => Some(now + ms),
        };
    }

    /// The worker is gone: the Day asked for, if any, failed. Whether one was.
    pub fn worker_failed(&mut self, why: WorkerFailure, now: f64) -> bool {
        let waiting = self.pending.is_some();
        if waiting {
            self.fail(DayFailure::Worker(why), now);
        }
        waiting
    }

    /// Nothing asked or planned any more (a new game, the table cleared): what the worker
    /// still answers is dropped.
    pub fn forget(&mut self) {
        self.pending = None;
        self.plan = None;
    }

    /// The person asks again after a failure: it is forgotten with what was asked.
    pub fn retry(&mut self) {
        self.forget();
        (self.failed, self.retry_at) = (None, None);
    }
}

#[cfg(test)]
#[path = "pacing_tests.rs"]
mod tests;
