//! What everyone at the table sees (R40): the board and the Day's steps under way, every
//! revealed Department, every score, the luminous piece, how many pieces each hand holds,
//! the Season's actions and throws — and no concealed piece of any hand, no pool, no deal.
//!
//! A shared screen (table mode's tablet) draws from this view only, so that nothing
//! concealed is reachable from it by type: unlike [`super::view::PlayerView`] it has no
//! seat of its own, and so no hand to show.

use super::day::{Action, Phase, Step};
use super::game::{Game, GameOptions, HireRecord, SeasonResult, Status};
use super::hiring::Sticks;
use super::piece::Piece;
use super::position::{Board, Department};
use super::randomness::Chance;
use super::seat::Seat;
use super::seen::SeenDay;
use super::square::Square;

#[derive(Clone, Copy)]
pub struct PublicView<'a> {
    game: &'a Game,
}

impl Game {
    /// The view everyone shares.
    pub fn public(&self) -> PublicView<'_> {
        PublicView { game: self }
    }
}

impl<'a> PublicView<'a> {
    pub fn options(&self) -> &'a GameOptions {
        self.game.options()
    }
    pub fn seats(&self) -> &'a [Seat] {
        self.game.options().seats()
    }
    pub fn status(&self) -> Status {
        self.game.status()
    }
    pub fn scores(&self) -> &'a [i32] {
        self.game.scores()
    }
    pub fn results(&self) -> &'a [SeasonResult] {
        self.game.results()
    }
    pub fn season_number(&self) -> u8 {
        self.game.season().number
    }
    pub fn day_number(&self) -> u32 {
        self.game.day().number
    }
    /// The player whose Day it is (or was, once the Season is over).
    pub fn to_move(&self) -> usize {
        self.game.to_move()
    }
    pub fn luminous(&self) -> Option<Piece> {
        self.game.season().luminous
    }
    /// The board as everyone sees it, including this Day's discard.
    pub fn board(&self) -> Board {
        self.game.day().board
    }
    /// The steps of the Day under way; all of them happen in the open.
    pub fn day_steps(&self) -> &'a [Step] {
        &self.game.day().steps
    }
    /// Where the Day under way stands; each phase names only pieces on the board.
    pub fn phase(&self) -> Phase {
        self.game.day().phase()
    }
    /// The pieces that may move now (after the discard), from the board alone.
    pub fn movers(&self) -> Vec<Square> {
        self.game.day().movers()
    }
    /// Where the chosen mover may go (empty before one is chosen).
    pub fn destinations(&self) -> &'static [Square] {
        self.game.day().destinations()
    }
    pub fn last_hire(&self) -> Option<HireRecord> {
        self.game.season().last_hire
    }
    /// The revealed Departments of `player`, as of now (none for a seat not at the table).
    pub fn departments(&self, player: usize) -> &'a [Department] {
        self.game.hand_now(player).map_or(&[], |h| &h.departments)
    }
    /// How many concealed pieces `player` holds — never which.
    pub fn concealed_count(&self, player: usize) -> usize {
        self.game.hand_now(player).map_or(0, |h| h.concealed.total())
    }
    /// The bonuses `player` took in the Day under way, not yet committed.
    pub fn uncommitted_points(&self, player: usize) -> i32 {
        self.game.uncommitted_points(player)
    }
    pub fn may_end_game_by_agreement(&self) -> bool {
        self.game.may_end_game_by_agreement()
    }
    /// What everyone saw of this Season's committed Days.
    pub fn seen_days(&self) -> &'a [SeenDay] {
        self.game.season().seen.days()
    }
    /// Every action of the game; each was taken in the open (a discard's piece is on the
    /// board, a Department's on the table).
    pub fn log(&self) -> &'a [Action] {
        self.game.log()
    }
    /// The current Season's opening board and where its actions begin in [`Self::log`]:
    /// the board only, never the hands dealt with it.
    pub fn season_opening(&self) -> Option<(usize, Board)> {
        self.game.chances().iter().rev().find_map(|d| match &d.chance {
            Chance::Opening { opening } => Some((d.after, opening.board)),
            Chance::Throw { .. } => None,
        })
    }
    /// The throw of the sticks made after the first `after` actions, if one was.
    pub fn throw_after(&self, after: usize) -> Option<Sticks> {
        self.game.chances().iter().find_map(|d| match d.chance {
            Chance::Throw { sticks } if d.after == after => Some(sticks),
            _ => None,
        })
    }
}
