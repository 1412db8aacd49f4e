//! The table being set up on the host's page, before the host exists: how many seats, who
//! plays each (a person on their phone, or the computer at a level) and the luminous rule.
//! The page's buttons change it here, and here it becomes the host's game and seats.

use super::controls::SetupButton;
use super::host::Player;
use lauzait_bots::Level;
use lauzait_engine::{GameOptions, OptionsError, PlayerCount, Seat};

/// The table being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub players: PlayerCount,
    /// Who plays each seat (the first `players` count): a person on their phone, or the
    /// computer at a level.
    pub seated: [Player; 4],
    pub luminous: bool,
}

impl Default for Setup {
    /// Four seats, three persons and a Normal computer player, the luminous rule on: a
    /// table of three phones, a common evening.
    fn default() -> Setup {
        Setup {
            players: PlayerCount::Four,
            seated: [Player::Person, Player::Person, Player::Person, Player::Computer(Level::Normal)],
            luminous: true,
        }
    }
}

impl Setup {
    /// Applies a button of the setup; whether it changed anything (a count or a seat out
    /// of range, from a stale or crafted id, changes nothing).
    pub fn press(&mut self, button: SetupButton) -> bool {
        match button {
            SetupButton::Players(n) => match PlayerCount::try_from(n) {
                Ok(players) => self.players = players,
                Err(_) => return false,
            },
            SetupButton::ToggleComputer(s) => {
                let Some(c) = self.seated.get_mut(usize::from(s)) else { return false };
                *c = if c.is_person() { Player::Computer(Level::Normal) } else { Player::Person };
            }
            SetupButton::Level(s, level) => {
                let Some(c) = self.seated.get_mut(usize::from(s)) else { return false };
                *c = Player::Computer(level);
            }
        }
        true
    }

    /// The seats in play, in seat order.
    pub fn seats(&self) -> &'static [Seat] {
        &Seat::ALL[..self.players.get()]
    }

    /// The game's options and each seat's name (`name` gives a seat's, in the page's
    /// language) and player, as the host is made from them.
    pub fn table(&self, name: impl Fn(Seat) -> String) -> Result<(GameOptions, Vec<(String, Player)>), OptionsError> {
        let options = GameOptions::new(self.seats().to_vec(), self.luminous)?;
        let seats = self.seats().iter().zip(self.seated).map(|(&seat, player)| (name(seat), player)).collect();
        Ok((options, seats))
    }
}
