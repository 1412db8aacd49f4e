//! The host's computer players: whose Day it is, what the worker is asked (that seat's
//! view only, R40) and the checked application of the Day it planned.

use super::{combined_for, Host, HostError, Out, Player};
use crate::deal::chance_for;
use lauzait_autoplay::pacing::{day_request, Table};
use lauzait_autoplay::{plan_whole_day, BotRequest, RequestId};
use lauzait_bots::Level;
use lauzait_engine::{Action, Status};

impl Host {
    /// The computer seat whose Day it is, if any.
    pub fn computer_to_move(&self) -> Option<(u8, Level)> {
        let game = self.game.as_ref().filter(|g| g.status() == Status::Playing)?;
        match self.seats.get(game.to_move())?.player {
            Player::Computer(level) => Some((game.to_move() as u8, level)),
            Player::Person => None,
        }
    }

    /// The game as the computer players' pacer reads it, with their seed and `playouts`.
    pub fn computer_table(&self, playouts: u32) -> Option<Table<'_>> {
        Some(Table { game: self.game.as_ref()?, bot_seed: self.bot_seed, playouts })
    }

    /// What to ask the computer players' worker for the computer seat whose Day it is: that
    /// seat's view only (R40: the other hands, the pool and the round's secrets stay here),
    /// with the Day's seed, so that the same Day planned again after a reload gives the
    /// same steps. `id` comes back in the reply, as [`RequestId::ComputerDay`]'s number.
    pub fn computer_request(&self, id: u32, playouts: u32) -> Result<BotRequest, HostError> {
        let (_, level) = self.computer_to_move().ok_or(HostError::NoComputerDay)?;
        let table = self.computer_table(playouts).ok_or(HostError::NotBegun)?;
        // It fails only where no Day is under way or for a seat not at the table: no
        // computer player's Day either way.
        day_request(&table, level, RequestId::ComputerDay(id), false)
            .map(|(request, _)| request)
            .map_err(|_| HostError::NoComputerDay)
    }

    /// Applies the whole Day the worker planned for `seat`, checking with the engine that it
    /// is still that seat's Day and that every step is legal; all or nothing, so a refused
    /// step leaves the game as it was. Then sends the views.
    pub fn apply_computer_day(&mut self, seat: u8, actions: &[Action]) -> Result<Vec<Out>, HostError> {
        match self.computer_to_move() {
            Some((to_move, _)) if to_move == seat => {}
            _ => return Err(HostError::NotComputersDay(seat)),
        }
        if !Action::is_one_day(actions) {
            return Err(HostError::NotOneDay);
        }
        let mut game = self.game.clone().ok_or(HostError::NotBegun)?;
        for &action in actions {
            let combined = combined_for(&self.rounds, &game, action).ok_or(HostError::DealIncomplete)?;
            let mut chance = chance_for(&combined, &game);
            game.apply(action, &mut chance).map_err(HostError::ComputerStep)?;
        }
        self.game = Some(game);
        Ok(self.views())
    }

    /// Plans the computer seat's whole Day here, as the worker would, and applies it (for
    /// tools and tests; the browser's host asks its worker instead, so the tablet never
    /// freezes while a computer player thinks).
    pub fn play_computer_day(&mut self, playouts: u32) -> Result<Vec<Out>, HostError> {
        let request = self.computer_request(0, playouts)?;
        let game = self.game.as_ref().ok_or(HostError::NotBegun)?;
        let seat = request.view.seat;
        let (actions, _) =
            plan_whole_day(game, seat, request.level, request.seed, playouts).map_err(HostError::Planner)?;
        self.apply_computer_day(seat as u8, &actions)
    }
}
