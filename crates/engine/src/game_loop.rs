//! One loop that drives a game from its first Day to its end: ask the player whose Day it
//! is for a step, apply it, check, let the table start the next Season (R6, R7) or end a
//! Season that has outlasted a Day cap by agreement, until the game is over (R20).
//!
//! [`Game::turn`] is the pure decision "who acts next", for a shell that drives the game
//! itself (the browser game waits for people, timers and its computer players' worker);
//! [`GameLoop`] plays a whole game with it, asking [`Players`] for the steps and reporting
//! every action to its caller, who may count, check or stop.

use super::day::{Action, RuleError};
use super::game::{Game, Outcome, Status};
use super::invariant::Invariant;
use super::notation::ActionToken;
use rand::RngCore;
use std::collections::VecDeque;
use std::fmt;
use std::ops::ControlFlow;

/// Who acts next at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The player in this seat chooses the next step of their Day.
    Seat(usize),
    /// The table acts, not a player: the next Season once one is over (R6, R7), or ending
    /// by agreement a Season that has outlasted the Day cap.
    Table(Action),
    /// The game is over (R20).
    Over,
}

impl Game {
    /// Who acts next. A Season still running after `day_cap` Days ends by agreement at the
    /// start of the next Day (`u32::MAX`: never). **[decision: the rules have no Day limit;
    /// the cap keeps computer players from playing a Season nobody can finish forever.]**
    pub fn turn(&self, day_cap: u32) -> Turn {
        match self.status() {
            Status::GameOver { .. } => Turn::Over,
            Status::SeasonOver => Turn::Table(Action::NextSeason),
            Status::Playing if self.day().number > day_cap && self.may_end_season_by_agreement() => {
                Turn::Table(Action::EndSeasonByAgreement)
            }
            Status::Playing => Turn::Seat(self.to_move()),
        }
    }
}

impl Outcome {
    /// Whether the table now stands between Days, where every invariant holds: a Day was
    /// committed, or a Season ended or began.
    pub fn is_between_days(&self) -> bool {
        matches!(self, Outcome::Hired { .. } | Outcome::SeasonEnded { .. } | Outcome::NextSeasonBegan)
    }
}

/// The players at the table.
pub trait Players {
    /// Why a player could not choose a step.
    type Error;

    /// The next step of `seat`'s Day in `game`, where it is that seat's Day. An error stops
    /// the game.
    fn choose(&mut self, game: &Game, seat: usize) -> Result<Action, Self::Error>;
}

impl<E, F: FnMut(&Game, usize) -> Result<Action, E>> Players for F {
    type Error = E;

    fn choose(&mut self, game: &Game, seat: usize) -> Result<Action, E> {
        self(game, seat)
    }
}

/// Players who plan whole Days: `plan` gives the rest of a seat's Day, first step first, and
/// its steps are played one by one; the next Day is planned when they are used up.
pub struct DayPlanners<F> {
    plan: F,
    planned: VecDeque<Action>,
}

/// Why [`DayPlanners`] gave no step: the planner's own error, or a plan without steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayPlanError<E> {
    Planner(E),
    Empty { seat: usize },
}

impl<E: fmt::Display> fmt::Display for DayPlanError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DayPlanError::Planner(e) => e.fmt(f),
            DayPlanError::Empty { seat } => write!(f, "the plan for seat {seat} is empty"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for DayPlanError<E> {}

impl<E, F: FnMut(&Game, usize) -> Result<Vec<Action>, E>> DayPlanners<F> {
    pub fn new(plan: F) -> DayPlanners<F> {
        DayPlanners { plan, planned: VecDeque::new() }
    }
}

impl<E, F: FnMut(&Game, usize) -> Result<Vec<Action>, E>> Players for DayPlanners<F> {
    type Error = DayPlanError<E>;

    fn choose(&mut self, game: &Game, seat: usize) -> Result<Action, DayPlanError<E>> {
        if self.planned.is_empty() {
            self.planned = (self.plan)(game, seat).map_err(DayPlanError::Planner)?.into();
        }
        self.planned.pop_front().ok_or(DayPlanError::Empty { seat })
    }
}

/// How a game is driven.
#[derive(Clone, Copy, Debug)]
pub struct GameLoop {
    /// A Season still running after this many Days ends by agreement ([`Game::turn`]).
    pub day_cap: u32,
    /// Check every invariant ([`Game::invariant_violation`]) whenever the table stands
    /// between Days.
    pub check_invariants: bool,
}

/// Why a game stopped before its end, with the number of actions in the log then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLoopError<E> {
    pub actions: usize,
    pub fault: GameLoopFault<E>,
}

/// What stopped a game: the players' error, a refused action or a broken invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameLoopFault<E> {
    Player(E),
    Refused {
        action: Action,
        error: RuleError,
    },
    /// A fault of the engine, never of a player: which invariant broke, with what was
    /// counted, for whoever debugs it ([`Game::invariant_violation`]).
    Invariant(Invariant),
}

impl<E: fmt::Display> fmt::Display for GameLoopFault<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameLoopFault::Player(e) => e.fmt(f),
            GameLoopFault::Refused { action, error } => write!(f, "{} refused: {error}", ActionToken(*action)),
            GameLoopFault::Invariant(violation) => violation.fmt(f),
        }
    }
}

impl<E: fmt::Display> fmt::Display for GameLoopError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "after {} actions: {}", self.actions, self.fault)
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for GameLoopError<E> {}

impl GameLoop {
    /// Plays the next action, the table's or a player's ([`Game::turn`]): the action and
    /// what it did, or `None` once the game is over. Chance, when the action needs it, is
    /// drawn from `entropy`.
    pub fn step<P: Players>(
        &self,
        game: &mut Game,
        players: &mut P,
        entropy: &mut impl RngCore,
    ) -> Result<Option<(Action, Outcome)>, GameLoopError<P::Error>> {
        let fail = |game: &Game, fault| GameLoopError { actions: game.log().len(), fault };
        let action = match game.turn(self.day_cap) {
            Turn::Over => return Ok(None),
            Turn::Table(action) => action,
            Turn::Seat(seat) => players.choose(game, seat).map_err(|e| fail(game, GameLoopFault::Player(e)))?,
        };
        let outcome =
            game.apply(action, entropy).map_err(|error| fail(game, GameLoopFault::Refused { action, error }))?;
        if self.check_invariants && outcome.is_between_days() {
            if let Some(violation) = game.invariant_violation() {
                return Err(fail(game, GameLoopFault::Invariant(violation)));
            }
        }
        Ok(Some((action, outcome)))
    }

    /// Plays until the game is over or `report` breaks. `report` sees the game after every
    /// action, the action and what it did (a Day ends with [`Outcome::Hired`] or
    /// [`Outcome::SeasonEnded`], a Season with the latter), to count, check or stop.
    pub fn run<P: Players>(
        &self,
        game: &mut Game,
        players: &mut P,
        entropy: &mut impl RngCore,
        mut report: impl FnMut(&Game, Action, &Outcome) -> ControlFlow<()>,
    ) -> Result<(), GameLoopError<P::Error>> {
        while let Some((action, outcome)) = self.step(game, players, entropy)? {
            if report(game, action, &outcome).is_break() {
                break;
            }
        }
        Ok(())
    }
}
