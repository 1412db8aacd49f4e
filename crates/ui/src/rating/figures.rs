//! A rated person as the page keeps it: the figures the rater worked out
//! ([`lauzait_rating::GameRating`]'s, docs/rating.md) and the person's part of the results
//! screen, which the rater built in both languages.

use crate::html::rating_figures::RatingHtml;
use crate::i18n::Lang;
use lauzait_rating::GameRating;

/// One person's figures: numbers, with nothing left to work out.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatFigures {
    pub seat: usize,
    /// Agreement with the Strong player, in percent; `None` without a Day played.
    pub agreement: Option<f64>,
    /// The Days that gave up at least a point and a quarter of the final margin.
    pub costly: usize,
    /// 0–100; `None` without a Day played.
    pub accuracy: Option<f64>,
    /// The person's final score minus the best other's: skill + luck.
    pub score_difference: f64,
    pub skill: f64,
    pub luck: f64,
}

impl SeatFigures {
    /// The figures of a person's rated game (the rater's side).
    pub fn of(rating: &GameRating) -> SeatFigures {
        SeatFigures {
            seat: rating.seat,
            agreement: rating.agreement(),
            costly: rating.costly(),
            accuracy: rating.accuracy(),
            score_difference: rating.score_difference(),
            skill: rating.skill(),
            luck: rating.luck(),
        }
    }
}

/// A person whose every item is rated.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedPerson {
    pub figures: SeatFigures,
    /// The person's part of the results, in English and in Japanese.
    pub en: RatingHtml,
    pub ja: RatingHtml,
}

impl RatedPerson {
    /// The person's part of the results in `lang`.
    pub fn html(&self, lang: Lang) -> &RatingHtml {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
        }
    }
}
