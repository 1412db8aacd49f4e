//! The figures of `lauzait rate-levels` per level: the rated games of a level's persons
//! (docs/rating.md) summed up, and the table they are printed as.

use super::rate::points;
use super::stats::MeanDeviation;
use lauzait_bots::Level;
use lauzait_rating::GameRating;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One level's figures over the games it played; a sample is one person's game (two seats
/// of one level at a table are two samples).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelFigures {
    /// The persons of this level rated: one per game and seat of the level.
    pub games: u64,
    /// The Days its persons played, each judged.
    pub days: u64,
    /// Each game's agreement with the Strong player in percent, over the games with a Day.
    pub agreement: MeanDeviation,
    /// Each game's costly choices.
    pub costly: MeanDeviation,
    /// Each game's accuracy (0–100), over the games with a Day.
    pub accuracy: MeanDeviation,
    /// Each game's skill, luck and score difference, in points (difference = skill + luck).
    pub skill: MeanDeviation,
    pub luck: MeanDeviation,
    pub score_difference: MeanDeviation,
}

impl LevelFigures {
    /// The figures of these rated games, summed up in the order given.
    pub fn of<'a>(ratings: impl IntoIterator<Item = &'a GameRating>) -> LevelFigures {
        let ratings: Vec<&GameRating> = ratings.into_iter().collect();
        let each =
            |figure: fn(&GameRating) -> f64| MeanDeviation::of(&ratings.iter().map(|r| figure(r)).collect::<Vec<_>>());
        // A person with no Day (the table ended every Season of theirs by agreement) has no
        // agreement or accuracy, and is left out of those two rather than counted as 0 or 100.
        let some = |figure: fn(&GameRating) -> Option<f64>| {
            MeanDeviation::of(&ratings.iter().filter_map(|r| figure(r)).collect::<Vec<_>>())
        };
        LevelFigures {
            games: ratings.len() as u64,
            days: ratings.iter().map(|r| r.days.len() as u64).sum(),
            agreement: some(GameRating::agreement),
            costly: each(|r| r.costly() as f64),
            accuracy: some(GameRating::accuracy),
            skill: each(GameRating::skill),
            luck: each(GameRating::luck),
            score_difference: each(GameRating::score_difference),
        }
    }
}

/// Each level's figures from every person's rated game, with the person's level, in the
/// order given.
pub fn by_level(rated: &[(Level, GameRating)]) -> BTreeMap<Level, LevelFigures> {
    let mut levels: BTreeMap<Level, Vec<&GameRating>> = BTreeMap::new();
    for (level, rating) in rated {
        levels.entry(*level).or_default().push(rating);
    }
    levels.into_iter().map(|(level, ratings)| (level, LevelFigures::of(ratings))).collect()
}

/// The figures as a table, one row per level: agreement and accuracy as the mean and the
/// standard deviation over the games, the rest as means per game.
pub fn table(levels: &BTreeMap<Level, LevelFigures>) -> String {
    let mut out = String::new();
    let header = ["level", "games", "days", "agreement", "sd", "costly", "accuracy", "sd", "skill", "luck", "margin"];
    let widths = [6, 5, 5, 9, 5, 6, 8, 5, 6, 6, 6];
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().zip(widths).map(|(c, w)| format!("{c:>w$}")).collect();
        cells.join("  ").trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(&header.map(String::from)));
    // A figure of no game with a Day reads "-", as `lauzait rate` says it of a person.
    let with_a_day = |sample: MeanDeviation, said: fn(MeanDeviation) -> String| {
        if sample.count == 0 {
            "-".to_string()
        } else {
            said(sample)
        }
    };
    for (level, f) in levels {
        let cells = [
            level.to_string(),
            f.games.to_string(),
            f.days.to_string(),
            with_a_day(f.agreement, |s| format!("{:.1}%", s.mean)),
            with_a_day(f.agreement, |s| format!("{:.1}", s.deviation)),
            format!("{:.2}", f.costly.mean),
            with_a_day(f.accuracy, |s| format!("{:.1}", s.mean)),
            with_a_day(f.accuracy, |s| format!("{:.1}", s.deviation)),
            points(f.skill.mean),
            points(f.luck.mean),
            points(f.score_difference.mean),
        ];
        let _ = writeln!(out, "{}", line(&cells));
    }
    out.push_str(
        "per person's game: agreement (%) and accuracy (0-100) mean and standard deviation, costly choices,\n\
         skill, luck and margin (points) means; margin = skill + luck (docs/rating.md)\n",
    );
    for (level, f) in levels {
        if f.agreement.count < f.games {
            let _ = writeln!(
                out,
                "{level}: {} of {} games without a Day, left out of agreement and accuracy",
                f.games - f.agreement.count,
                f.games
            );
        }
    }
    out
}
