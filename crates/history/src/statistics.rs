//! What the statistics screen shows, worked out from the history (docs/history.md): games,
//! wins, average points, declarations and Stalemates, agreement and accuracy by the level of
//! the strongest computer player met, and the rating over time.

use super::glicko::{rating_after_each_game, Rated};
use super::played::{PlayedGame, Sitter};
use super::text::History;
use lauzait_bots::Level;

/// One group of the player's games (all of them, or those against one level).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub games: usize,
    pub wins: usize,
    /// Sum of the player's final points (the average is this over `games`).
    pub points: i64,
    pub declarations: usize,
    pub stalemates: usize,
    /// Rated games with a Day played, and the sums of their agreement and accuracy.
    pub rated: usize,
    agreement_sum: f64,
    accuracy_sum: f64,
}

impl Tally {
    fn add(&mut self, game: &PlayedGame) {
        let Some(mine) = game.yours() else { return };
        self.games += 1;
        self.wins += usize::from(game.won() == Some(true));
        self.points += i64::from(mine.points);
        self.declarations += usize::from(mine.declarations);
        self.stalemates += usize::from(mine.stalemates);
        if let Some((Some(agreement), Some(accuracy))) = game.figures.map(|f| (f.agreement, f.accuracy)) {
            self.rated += 1;
            self.agreement_sum += agreement.as_f64();
            self.accuracy_sum += accuracy.as_f64();
        }
    }

    /// The average final points; `None` before any game.
    pub fn average_points(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points as f64 / self.games as f64)
    }

    /// The share of games won, in percent; `None` before any game.
    pub fn win_share(&self) -> Option<f64> {
        (self.games > 0).then(|| 100.0 * self.wins as f64 / self.games as f64)
    }

    /// The average agreement with the Strong player over the rated games, in percent.
    pub fn agreement(&self) -> Option<f64> {
        (self.rated > 0).then(|| self.agreement_sum / self.rated as f64)
    }

    /// The average accuracy over the rated games.
    pub fn accuracy(&self) -> Option<f64> {
        (self.rated > 0).then(|| self.accuracy_sum / self.rated as f64)
    }
}

/// The statistics of a history.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// Every game kept, the pass-and-play games of several persons included.
    pub games_kept: usize,
    /// The player's games (one person at the table).
    pub all: Tally,
    /// The player's games by the strongest computer level at the table ([`Level::ALL`]'s
    /// order): a player's game always has one (the other seats are computers').
    pub by_level: [(Level, Tally); 3],
    /// The rating after each game with computer players.
    pub rating: Vec<Rated>,
    /// The player's final points in each of their games, oldest first.
    pub points: Vec<i32>,
}

impl Statistics {
    pub fn of(history: &History) -> Statistics {
        let games = history.games();
        let mut all = Tally::default();
        let mut by_level = Level::ALL.map(|l| (l, Tally::default()));
        let mut points = Vec::new();
        for game in games {
            let Some(mine) = game.yours() else { continue };
            points.push(mine.points);
            all.add(game);
            let level = strongest_computer(game);
            if let Some((_, t)) = by_level.iter_mut().find(|(l, _)| Some(*l) == level) {
                t.add(game);
            }
        }
        Statistics { games_kept: games.len(), all, by_level, rating: rating_after_each_game(games), points }
    }
}

/// The strongest computer player at the table, if any: a game against Easy and Strong counts
/// as a game against Strong.
fn strongest_computer(game: &PlayedGame) -> Option<Level> {
    game.seats
        .iter()
        .filter_map(|s| match s.sitter {
            Sitter::Computer(level) => Some(level),
            Sitter::Person => None,
        })
        .max()
}
