//! What the pacer ([`crate::pacing::Pacer`]) reads of the game a computer seat plays in: the
//! Day under way, the request for it, the steps taken since a request and what may be done
//! now. Two kinds of table pace computer players:
//!
//! - [`Table`]: a device that holds the whole game (the browser game, table mode's tablet,
//!   the host by turns), which sends the worker the computer seat's view of it;
//! - [`SeatTable`]: a device that holds one seat's view and nothing more (a computer seat
//!   of a table dealt by all its devices, DEAL-PROTOCOL.md), which sends that view.
//!
//! Either way only the seat's view goes to the worker (R40).

use super::{day_seed, plan_seed, BotRequest, DayFailure, RequestId};
use lauzait_bots::Level;
use lauzait_engine::{Action, Game, SeatView, Status};

/// Which Day a computer player's plan is for: the Season, the Day, the seat and where the
/// Day began (the length of the game's log then, or for a seat's view the number of the
/// Season's Days committed before it; unique within a game either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayKey {
    pub season: u8,
    pub day: u32,
    pub seat: usize,
    pub start: usize,
}

impl DayKey {
    /// The Day under way in `game`, if it is being played.
    pub fn of(game: &Game) -> Option<DayKey> {
        if game.status() != Status::Playing {
            return None;
        }
        Some(DayKey {
            season: game.season().number,
            day: game.day().number,
            seat: game.to_move(),
            start: game.log().len() - game.day().steps.len(),
        })
    }

    /// The Day under way as a seat sees it, if it is being played.
    pub fn of_view(view: &SeatView) -> Option<DayKey> {
        (view.status == Status::Playing).then_some(DayKey {
            season: view.season,
            day: view.day,
            seat: view.to_move,
            start: view.seen_days.len(),
        })
    }
}

/// The game a computer seat plays in, as the pacer reads it.
pub trait PacedGame {
    /// The Day under way, if the game is being played.
    fn day_key(&self) -> Option<DayKey>;
    /// The request for the Day under way, asked as `id`: from the Day's start (so that
    /// planning the same Day again gives the same steps, after a reload too), or from the
    /// current position when a plan from the start did not fit (`from_here`). With it, how
    /// many of the Day's steps the position sent has taken.
    fn day_request(&self, level: Level, id: RequestId, from_here: bool) -> Result<(BotRequest, usize), DayFailure>;
    /// The steps of the Day under way from its `base`th on.
    fn taken_since(&self, base: usize) -> Vec<Action>;
    /// What the seat whose Day it is may do now.
    fn legal_now(&self) -> Vec<Action>;
}

/// The seed of a Day's request: the Day's own, or from the current position a seed of its
/// own, so that a plan asked again from there is not the one that did not fit.
fn request_seed(bot_seed: u64, key: DayKey, from_here: bool, steps: usize) -> u64 {
    let seed = day_seed(bot_seed, key.season, key.day, key.seat);
    if from_here {
        plan_seed(seed, 1000 + steps as u32)
    } else {
        seed
    }
}

/// The whole game, on the device that holds it, and what its requests carry besides the
/// seat's view.
#[derive(Clone, Copy, Debug)]
pub struct Table<'a> {
    pub game: &'a Game,
    /// The computer players' seed, drawn when the game began (never the game's own).
    pub bot_seed: u64,
    /// The Strong player's playouts per decision.
    pub playouts: u32,
}

impl PacedGame for Table<'_> {
    fn day_key(&self) -> Option<DayKey> {
        DayKey::of(self.game)
    }

    fn day_request(&self, level: Level, id: RequestId, from_here: bool) -> Result<(BotRequest, usize), DayFailure> {
        let key = self.day_key().ok_or(DayFailure::NoDay)?;
        let mut game = self.game.clone();
        let steps = game.day().steps.len();
        let base = if from_here {
            steps
        } else {
            game.undo_day();
            0
        };
        let seed = request_seed(self.bot_seed, key, from_here, steps);
        Ok((BotRequest::new(&game, key.seat, level, seed, self.playouts, id)?, base))
    }

    fn taken_since(&self, base: usize) -> Vec<Action> {
        self.game.day().steps.iter().skip(base).map(|s| s.as_action()).collect()
    }

    fn legal_now(&self) -> Vec<Action> {
        let Some(key) = self.day_key() else { return Vec::new() };
        let game = self.game;
        game.view(key.seat).and_then(|v| v.my_day().map(|d| d.legal_actions(game.players()))).unwrap_or_default()
    }
}

/// One seat's view, on the device that plays that seat and holds no other hand.
#[derive(Clone, Copy, Debug)]
pub struct SeatTable<'a> {
    pub view: &'a SeatView,
    /// The computer players' seed (the device's own).
    pub bot_seed: u64,
    /// The Strong player's playouts per decision.
    pub playouts: u32,
}

impl PacedGame for SeatTable<'_> {
    fn day_key(&self) -> Option<DayKey> {
        DayKey::of_view(self.view)
    }

    fn day_request(&self, level: Level, id: RequestId, from_here: bool) -> Result<(BotRequest, usize), DayFailure> {
        let key = self.day_key().ok_or(DayFailure::NoDay)?;
        // Another seat's Day is planned by the device that plays it.
        if key.seat != self.view.seat {
            return Err(DayFailure::NoDay);
        }
        let mut view = self.view.clone();
        let steps = view.steps.len();
        // The view holds the Day's start and its steps: without them, it is the start.
        let base = if from_here { steps } else { 0 };
        view.steps.truncate(base);
        let seed = request_seed(self.bot_seed, key, from_here, steps);
        Ok((BotRequest { id, view, level, seed, playouts: self.playouts, judge: None }, base))
    }

    fn taken_since(&self, base: usize) -> Vec<Action> {
        self.view.steps.iter().skip(base).map(|s| s.as_action()).collect()
    }

    fn legal_now(&self) -> Vec<Action> {
        // A game with this view's knowledge (the others' hands stood in for) offers what the
        // seat may do: its own hand and the board decide it.
        match self.view.rebuild() {
            Ok(game) if game.to_move() == self.view.seat => game.day().legal_actions(game.players()),
            _ => Vec::new(),
        }
    }
}
