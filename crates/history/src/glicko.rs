//! The player's rating against the three computer levels (docs/history.md): Glicko-2
//! (`skillratings`), each finished game one rating period in which the player met each of the
//! game's computer players once, scored 1, ½ or 0 by final points. The computer levels stand
//! still at fixed ratings ([`anchor`]), so that the player's number says where they sit
//! among Easy, Normal and Strong, and it never drifts with the player's own form.

use super::played::{PlayedGame, Score};
use lauzait_bots::Level;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A rating and how sure of it the history is (the Glicko-2 deviation: the rating is within
/// about twice it, 95 times in 100).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    pub rating: f64,
    pub deviation: f64,
}

/// A computer level's fixed rating: 300 points apart from Easy to Normal (a Normal player
/// wins most games against Easy), 200 from Normal to Strong (Strong wins about 70% of
/// 2-player games against Normal, BENCHMARKS.md), each with a small deviation since it
/// does not move.
pub fn anchor(level: Level) -> Glicko2Rating {
    let rating = match level {
        Level::Easy => 1200.0,
        Level::Normal => 1500.0,
        Level::Strong => 1700.0,
    };
    Glicko2Rating { rating, deviation: 50.0, volatility: 0.06 }
}

/// The player's rating after each game that had computer players and one person, in order
/// (empty before any): where the chart's line goes.
pub fn rating_after_each_game(games: &[PlayedGame]) -> Vec<Rated> {
    let config = Glicko2Config::new();
    let mut player = Glicko2Rating::new();
    let mut out = Vec::new();
    for game in games {
        let results: Vec<(Glicko2Rating, Outcomes)> = game
            .against_computers()
            .into_iter()
            .map(|(level, score)| {
                let outcome = match score {
                    Score::Win => Outcomes::WIN,
                    Score::Draw => Outcomes::DRAW,
                    Score::Loss => Outcomes::LOSS,
                };
                (anchor(level), outcome)
            })
            .collect();
        // A game without computers (or of several persons) is no rating period: the rating
        // stays as it was rather than growing less sure for a game the player did play.
        if results.is_empty() {
            continue;
        }
        player = glicko2_rating_period(&player, &results, &config);
        out.push(Rated { rating: player.rating, deviation: player.deviation });
    }
    out
}
