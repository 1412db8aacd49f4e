//! What one seat may see (R40): the board, every revealed Department, every score, the
//! luminous piece, how many pieces each hand holds, and its own concealed pieces — never
//! another hand's concealed pieces, the pool, or the generator that decides the future.
//!
//! A view borrows the game and exposes only those, so computer players and the
//! pass-and-play screens cannot reach hidden information by accident.

use super::day::{Day, Step};
use super::game::{Game, HireRecord, LedgerEntry, SeasonResult, Status};
use super::piece::{Piece, PieceCounts, PlayerCount};
use super::position::{Board, Department};
use super::seat::{Direction, Seat};

#[derive(Clone, Copy)]
pub struct PlayerView<'a> {
    game: &'a Game,
    seat: usize,
}

impl Game {
    /// The view of player `seat` (0-based, in seat order); `None` for a seat not in the game.
    pub fn view(&self, seat: usize) -> Option<PlayerView<'_>> {
        (seat < self.scores().len()).then_some(PlayerView { game: self, seat })
    }
}

impl<'a> PlayerView<'a> {
    /// Whose view this is.
    pub fn me(&self) -> usize {
        self.seat
    }
    pub fn seats(&self) -> &'a [Seat] {
        self.game.options().seats()
    }
    pub fn players(&self) -> PlayerCount {
        self.game.players()
    }
    pub fn luminous_rule(&self) -> bool {
        self.game.options().luminous()
    }
    pub fn status(&self) -> Status {
        self.game.status()
    }
    pub fn scores(&self) -> &'a [i32] {
        self.game.scores()
    }
    pub fn ledger(&self) -> &'a [LedgerEntry] {
        self.game.ledger()
    }
    pub fn results(&self) -> &'a [SeasonResult] {
        self.game.results()
    }
    pub fn season_number(&self) -> u8 {
        self.game.season().number
    }
    pub fn start_player(&self) -> usize {
        self.game.season().start_player
    }
    pub fn direction(&self) -> Direction {
        self.game.season().direction
    }
    pub fn to_move(&self) -> usize {
        self.game.to_move()
    }
    pub fn day_number(&self) -> u32 {
        self.game.day().number
    }
    pub fn luminous(&self) -> Option<Piece> {
        self.game.season().luminous
    }
    /// Face-down pieces out of play: their number only.
    pub fn pool_count(&self) -> usize {
        self.game.season().pool.total()
    }
    /// The board as everyone sees it, including this Day's discard.
    pub fn board(&self) -> Board {
        self.game.day().board
    }
    /// The steps of the Day under way; all of them happen in the open.
    pub fn day_steps(&self) -> &'a [Step] {
        &self.game.day().steps
    }
    pub fn last_hire(&self) -> Option<HireRecord> {
        self.game.season().last_hire
    }

    fn current_hand(&self, player: usize) -> &'a super::position::Hand {
        let day = self.game.day();
        if day.player == player {
            &day.hand
        } else {
            &self.game.season().hands[player]
        }
    }

    /// The revealed Departments of `player`, as of now.
    pub fn departments(&self, player: usize) -> &'a [Department] {
        &self.current_hand(player).departments
    }
    /// How many concealed pieces `player` holds.
    pub fn concealed_count(&self, player: usize) -> usize {
        self.current_hand(player).concealed.total()
    }
    /// This seat's own concealed pieces.
    pub fn my_concealed(&self) -> PieceCounts {
        self.current_hand(self.seat).concealed
    }
    /// The Day under way when it is this seat's, with what the engine offers.
    pub fn my_day(&self) -> Option<&'a Day> {
        (self.game.status() == Status::Playing && self.game.to_move() == self.seat).then(|| self.game.day())
    }
    /// Every piece this seat cannot see: the others' concealed pieces and the pool.
    pub fn unseen(&self) -> PieceCounts {
        let mut unseen = PieceCounts::full_set(self.players());
        let mut seen = self.board().pieces();
        seen.add_all(&self.my_concealed());
        for p in 0..self.scores().len() {
            self.departments(p).iter().flat_map(|d| d.pieces).for_each(|x| seen.add(x));
        }
        if let Some(l) = self.luminous() {
            seen.add(l);
        }
        unseen.remove_all(&seen);
        unseen
    }
}
