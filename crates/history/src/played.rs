//! One finished game as the history keeps it: who sat at each seat, each seat's final points,
//! declarations and Stalemates, which seat was the device's player, and that player's
//! figures once the game is rated (docs/history.md). Only what the final results showed
//! every player: no hand, no record.

use lauzait_bots::Level;
use lauzait_engine::{Game, SeasonEnd};

/// Who played a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sitter {
    Person,
    Computer(Level),
}

/// One seat's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatResult {
    pub sitter: Sitter,
    /// The final score (R20).
    pub points: i32,
    /// Seasons this seat ended with Lauzait-Cep! (R11), a Stalemate's included.
    pub declarations: u8,
    /// Seasons this seat ended with a Stalemate (R19).
    pub stalemates: u8,
}

/// A share in tenths of a percent (0–1000), or an accuracy in tenths (0–1000): whole numbers,
/// so that the history is written and read without floating-point text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tenths(pub u16);

impl Tenths {
    /// The most a share or an accuracy can be: 100.0.
    pub const MAX: Tenths = Tenths(1000);

    /// `value` (0–100) to the nearest tenth; anything outside, or not a number, is clamped.
    pub fn of(value: f64) -> Tenths {
        let tenths = (value * 10.0).round();
        Tenths(if tenths.is_nan() { 0 } else { tenths.clamp(0.0, 1000.0) as u16 })
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

/// The player's figures of a rated game (docs/rating.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Agreement with the Strong player; `None` when the player played no Day.
    pub agreement: Option<Tenths>,
    /// Accuracy 0–100; `None` when the player played no Day.
    pub accuracy: Option<Tenths>,
    /// Costly choices.
    pub costly: u16,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Every seat, in seat order (2 to 4).
    pub seats: Vec<SeatResult>,
    /// The device's player: the one person at the table; `None` when several persons shared
    /// the device (pass-and-play), whose game counts among the games played but in no one's
    /// results.
    pub you: Option<usize>,
    /// The player's figures, once the game is rated.
    pub figures: Option<Figures>,
}

impl PlayedGame {
    /// The game `game`, over, with who played each seat. `None` when the game is not over or
    /// `sitters` does not name every seat.
    pub fn of(game: &Game, sitters: &[Sitter]) -> Option<PlayedGame> {
        if !matches!(game.status(), lauzait_engine::Status::GameOver { .. }) || sitters.len() != game.scores().len() {
            return None;
        }
        let mut seats: Vec<SeatResult> = sitters
            .iter()
            .zip(game.scores())
            .map(|(&sitter, &points)| SeatResult { sitter, points, declarations: 0, stalemates: 0 })
            .collect();
        for result in game.results() {
            match result.end {
                SeasonEnd::Declared { player, .. } => {
                    if let Some(s) = seats.get_mut(player) {
                        s.declarations = s.declarations.saturating_add(1);
                    }
                }
                SeasonEnd::Stalemate { player, .. } => {
                    if let Some(s) = seats.get_mut(player) {
                        s.declarations = s.declarations.saturating_add(1);
                        s.stalemates = s.stalemates.saturating_add(1);
                    }
                }
                SeasonEnd::ByAgreement => {}
            }
        }
        let mut persons = seats.iter().enumerate().filter(|(_, s)| s.sitter == Sitter::Person).map(|(i, _)| i);
        let you = match (persons.next(), persons.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        };
        Some(PlayedGame { seats, you, figures: None })
    }

    /// The player's seat result, when the game had one person.
    pub fn yours(&self) -> Option<&SeatResult> {
        self.you.and_then(|p| self.seats.get(p))
    }

    /// The computer players the device's player faced, with the player's result against
    /// each: 1 for more final points, ½ for as many, 0 for fewer (how a game of several
    /// players counts for a rating, docs/history.md).
    pub fn against_computers(&self) -> Vec<(Level, Score)> {
        let Some(mine) = self.yours() else { return Vec::new() };
        self.seats
            .iter()
            .filter_map(|s| match s.sitter {
                Sitter::Computer(level) => Some((level, Score::of(mine.points, s.points))),
                Sitter::Person => None,
            })
            .collect()
    }

    /// Whether the device's player won: no seat ended with more points (a shared first place
    /// is a win).
    pub fn won(&self) -> Option<bool> {
        let mine = self.yours()?;
        Some(self.seats.iter().all(|s| s.points <= mine.points))
    }
}

/// One result against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn of(mine: i32, theirs: i32) -> Score {
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Score::Win,
            std::cmp::Ordering::Equal => Score::Draw,
            std::cmp::Ordering::Less => Score::Loss,
        }
    }
}
