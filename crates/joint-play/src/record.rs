//! The game's record as a device keeps it while the game is played: every action, every
//! throw, each Season's start and, once its deal is published and checked, the whole deal.
//! Finished, it is a record the plain engine replays ([`GameRecord::replay`]).

use lauzait_engine::{Action, Chance, Direction, Drawn, Game, GameOptions, ReplayError, Sticks};
use lauzait_joint_deal::FullDeal;

/// One Season's opening as the table drew it: where it falls in the log, its start and
/// direction (R7) and, once every device has published, its whole deal (R6, R30).
#[derive(Clone, Debug)]
struct SeasonOpening {
    after: usize,
    start: usize,
    direction: Direction,
    deal: Option<FullDeal>,
}

/// What a device has recorded of the game so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept {
    log: Vec<Action>,
    throws: Vec<Drawn>,
    seasons: Vec<SeasonOpening>,
}

impl Kept {
    /// How many actions the game has taken.
    pub fn steps(&self) -> usize {
        self.log.len()
    }

    pub fn action(&mut self, action: Action) {
        self.log.push(action);
    }

    /// The throw made for the action just recorded (R12.6).
    pub fn throw(&mut self, sticks: Sticks) {
        self.throws.push(Drawn { after: self.log.len(), chance: Chance::Throw { sticks } });
    }

    /// A Season opens after the actions recorded so far.
    pub fn season(&mut self, start: usize, direction: Direction) {
        self.seasons.push(SeasonOpening { after: self.log.len(), start, direction, deal: None });
    }

    /// The Season under way's whole deal, published and checked.
    pub fn deal(&mut self, deal: FullDeal) {
        if let Some(season) = self.seasons.last_mut() {
            season.deal = Some(deal);
        }
    }

    /// The whole record, once every Season's deal is known.
    pub fn finished(&self, options: &GameOptions) -> Option<GameRecord> {
        let mut chances = Vec::with_capacity(self.seasons.len() + self.throws.len());
        for season in &self.seasons {
            let opening = season.deal.as_ref()?.opening(season.start, season.direction)?;
            chances.push(Drawn { after: season.after, chance: Chance::Opening { opening } });
        }
        chances.extend(self.throws.iter().cloned());
        // A Season's opening comes after the action that begins it, a throw after its
        // capture: never at one place, so the order by place is the order drawn.
        chances.sort_by_key(|drawn| drawn.after);
        Some(GameRecord { options: options.clone(), chances, log: self.log.clone() })
    }
}

/// A finished game's record: what chance did (each Season's whole deal and start, every
/// throw) and every action, as the engine's records hold them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub options: GameOptions,
    pub chances: Vec<Drawn>,
    pub log: Vec<Action>,
}

impl GameRecord {
    /// The game the plain engine replays from the record.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        Game::replay(self.options.clone(), &self.chances, &self.log)
    }
}
