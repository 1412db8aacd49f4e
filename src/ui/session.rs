//! The game at the table and who sits at it: the names, who plays each seat, the bot seed,
//! whether the hand of the player to move has been revealed.

use super::i18n::{self, Lang};
use crate::bots::Level;
use crate::engine::{Game, Status};

/// The game at the table and who sits at it.
#[derive(Clone, Debug)]
pub struct Session {
    pub game: Game,
    pub names: Vec<String>,
    /// Who plays each seat, in seat order: `None` for a person, else the computer's level.
    pub bots: Vec<Option<Level>>,
    /// The game's bot seed (saved): every computer player's Day is planned from
    /// `autoplay::day_seed(bot_seed, Season, Day, seat)`, never from the game's chance.
    pub bot_seed: u64,
    /// The concealed hand of the player whose Day it is may be shown (after the hand-over).
    pub revealed: bool,
    /// The scoring screen of the last Season is up.
    pub scoring: bool,
}

impl Session {
    /// The level of the computer playing seat `p`; `None` for a person.
    pub fn bot(&self, p: usize) -> Option<Level> {
        self.bots.get(p).copied().flatten()
    }

    /// How many persons play (the other seats are computer players).
    pub fn persons(&self) -> usize {
        (0..self.names.len()).filter(|&p| self.bot(p).is_none()).count()
    }

    /// Whether a computer player sits at the table (its worker is started for it).
    pub fn has_computer_players(&self) -> bool {
        self.bots.iter().any(Option::is_some)
    }

    /// The only person at the table, when exactly one plays.
    pub fn sole_person(&self) -> Option<usize> {
        let persons: Vec<usize> = (0..self.names.len()).filter(|&p| self.bot(p).is_none()).collect();
        (persons.len() == 1).then(|| persons[0])
    }

    /// The level of the computer player whose Day it is, while a Day is under way.
    pub fn bot_to_move(&self) -> Option<Level> {
        (self.game.status() == Status::Playing).then(|| self.bot(self.game.to_move())).flatten()
    }

    /// "Blue (Ann)"-style: the player with their seat, for sentences.
    pub fn who(&self, lang: Lang, p: usize) -> String {
        i18n::player(lang, &self.names[p], self.game.options().seats()[p])
    }

    /// The player's name; a player named after the seat is shown with the seat's name in
    /// the current language.
    pub fn name(&self, lang: Lang, p: usize) -> String {
        let seat = self.game.options().seats()[p];
        if i18n::is_seat_name(&self.names[p], seat) {
            i18n::seat_name(lang, seat).to_string()
        } else {
            self.names[p].clone()
        }
    }
}
