//! Who plays a seat: one type for every table that seats players (the game's page, where a
//! person passes the device or a computer plays, and table mode, where a person plays on a
//! phone). It travels as a computer player's level, or nothing for a person, so a save
//! written as `[null, "strong"]` reads the same whoever wrote it.

use super::Level;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Option<Level>", into = "Option<Level>")]
pub enum Player {
    /// A person: at the shared device, or on their own phone at a table.
    #[default]
    Person,
    /// A computer player, at its level.
    Computer(Level),
}

impl Player {
    /// The computer player's level; `None` for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            Player::Person => None,
            Player::Computer(level) => Some(level),
        }
    }

    pub fn is_person(self) -> bool {
        self == Player::Person
    }

    /// Every choice a seat offers: a person, then each level.
    pub const ALL: [Player; 4] = [
        Player::Person,
        Player::Computer(Level::Easy),
        Player::Computer(Level::Normal),
        Player::Computer(Level::Strong),
    ];
}

impl From<Option<Level>> for Player {
    fn from(level: Option<Level>) -> Player {
        level.map_or(Player::Person, Player::Computer)
    }
}

impl From<Player> for Option<Level> {
    fn from(player: Player) -> Option<Level> {
        player.level()
    }
}
