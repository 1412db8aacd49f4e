//! The game at the table and who sits at it: the names, who plays each seat, the bot seed,
//! whether the hand of the player to move has been revealed.

use crate::i18n::{self, Lang};
use lauzait_bots::{Level, Player};
use lauzait_engine::{Action, Game, Outcome, RuleError, Status};
use rand::RngCore;
use std::fmt;

/// The game at the table and who sits at it.
///
/// One name and one seat's player (person or computer level) for each of the game's
/// players: the fields are private so that no table can hold a name or a seat too few or
/// too many, and the game is changed only by playing it or by a game of the same table
/// ([`Session::restart`]).
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    names: Vec<String>,
    /// Who plays each seat, in seat order.
    players: Vec<Player>,
    /// The game's bot seed (saved): every computer player's Day is planned from
    /// `autoplay::day_seed(bot_seed, Season, Day, seat)`, never from the game's chance.
    pub bot_seed: u64,
    /// The concealed hand of the player whose Day it is may be shown (after the hand-over).
    pub revealed: bool,
    /// The scoring screen of the last Season is up.
    pub scoring: bool,
}

/// Why a game and its players cannot make a table: the counts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatingError {
    pub players: usize,
    pub names: usize,
    pub bots: usize,
}

impl fmt::Display for SeatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the game has {} players but {} names and {} seats' players were given",
            self.players, self.names, self.bots
        )
    }
}

impl std::error::Error for SeatingError {}

impl Session {
    /// The table of `game` with a name and a player (person or computer level) per seat,
    /// the hand not yet revealed and no scoring screen up.
    pub fn new(game: Game, names: Vec<String>, players: Vec<Player>, bot_seed: u64) -> Result<Session, SeatingError> {
        let seats = game.options().seats().len();
        if names.len() != seats || players.len() != seats {
            return Err(SeatingError { players: seats, names: names.len(), bots: players.len() });
        }
        Ok(Session { game, names, players, bot_seed, revealed: false, scoring: false })
    }

    /// The game at the table.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `action` in the table's game ([`Game::apply`]).
    pub fn apply(&mut self, action: Action, entropy: &mut impl RngCore) -> Result<Outcome, RuleError> {
        self.game.apply(action, entropy)
    }

    /// Takes back the steps of the Day under way ([`Game::undo_day`]).
    pub fn undo_day(&mut self) {
        self.game.undo_day();
    }

    /// Puts another game of this table in place of the game, the same seats playing it
    /// (a lesson starting over).
    pub fn restart(&mut self, game: Game) -> Result<(), SeatingError> {
        let players = game.options().seats().len();
        if players != self.names.len() {
            return Err(SeatingError { players, names: self.names.len(), bots: self.players.len() });
        }
        self.game = game;
        Ok(())
    }

    /// The players' names, in seat order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Who plays each seat, in seat order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The level of the computer playing seat `p`; `None` for a person.
    pub fn bot(&self, p: usize) -> Option<Level> {
        self.players.get(p).and_then(|player| player.level())
    }

    /// The seats persons play, in seat order (the others are computer players').
    pub fn person_seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.players.iter().enumerate().filter(|(_, player)| player.is_person()).map(|(p, _)| p)
    }

    /// How many persons play (the other seats are computer players).
    pub fn persons(&self) -> usize {
        self.person_seats().count()
    }

    /// Whether a computer player sits at the table (its worker is started for it).
    pub fn has_computer_players(&self) -> bool {
        self.players.iter().any(|player| !player.is_person())
    }

    /// The only person at the table, when exactly one plays.
    pub fn sole_person(&self) -> Option<usize> {
        let mut persons = self.person_seats();
        let first = persons.next();
        first.filter(|_| persons.next().is_none())
    }

    /// The level of the computer player whose Day it is, while a Day is under way.
    pub fn bot_to_move(&self) -> Option<Level> {
        (self.game.status() == Status::Playing).then(|| self.bot(self.game.to_move())).flatten()
    }

    /// "Blue (Ann)"-style: the player with their seat, for sentences.
    pub fn who(&self, lang: Lang, p: usize) -> String {
        match (self.names.get(p), self.game.options().seats().get(p)) {
            (Some(name), Some(&seat)) => i18n::player(lang, name, seat),
            // No such seat at this table: a caller's mistake, said rather than panicked on.
            _ => format!("#{p}"),
        }
    }

    /// The player's name; a player named after the seat is shown with the seat's name in
    /// the current language.
    pub fn name(&self, lang: Lang, p: usize) -> String {
        match (self.names.get(p), self.game.options().seats().get(p)) {
            (Some(name), Some(&seat)) if i18n::is_seat_name(name, seat) => i18n::seat_name(lang, seat).to_string(),
            (Some(name), _) => name.clone(),
            // No such seat at this table: a caller's mistake, said rather than panicked on.
            (None, _) => format!("#{p}"),
        }
    }
}
