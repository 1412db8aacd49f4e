//! `lauzait rate`: a finished game's record rated for each person (docs/rating.md), as a
//! table of figures.

use lauzait_engine::notation::NotationError;
use lauzait_engine::{Record, Seat};
use lauzait_rating::{rate_game, GameRating, RatingError};
use std::fmt::{self, Write};

/// Playouts per search unless told: as many as the page's review judges a Day with
/// (`ui::review_state::REVIEW_PLAYOUTS`), so that the figures are the page's.
pub const DEFAULT_PLAYOUTS: u32 = 60;

/// Why a record was not rated.
#[derive(Debug)]
pub enum RateError {
    /// The text is not a record (NOTATION.md), and where.
    Unreadable(NotationError),
    /// No seat of the record's table goes by this name or number.
    UnknownSeat {
        asked: String,
        seats: Vec<Seat>,
    },
    Rating(RatingError),
}

impl fmt::Display for RateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateError::Unreadable(e) => write!(f, "not a game record: {e}"),
            RateError::UnknownSeat { asked, seats } => {
                let names: Vec<String> = seats.iter().map(Seat::to_string).collect();
                write!(f, "no seat {asked:?} at this table: give one of {} or 1 to {}", names.join(", "), seats.len())
            }
            RateError::Rating(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RateError {}

/// The ratings of `seat` (a seat's colour or its 1-based number; every seat when `None`)
/// in the record `text`, each with its seat, searched with `playouts` per search.
pub fn rate(text: &str, seat: Option<&str>, playouts: u32) -> Result<Vec<(Seat, GameRating)>, RateError> {
    let record = Record::parse(text).map_err(RateError::Unreadable)?;
    let seats = record.options.seats().to_vec();
    let chosen: Vec<usize> = match seat {
        None => (0..seats.len()).collect(),
        Some(asked) => vec![seat_index(asked, &seats)
            .ok_or_else(|| RateError::UnknownSeat { asked: asked.to_string(), seats: seats.clone() })?],
    };
    chosen
        .into_iter()
        .map(|s| rate_game(&record, s, playouts).map(|r| (seats[s], r)).map_err(RateError::Rating))
        .collect()
}

/// The index of the seat named `asked`: its colour, or its number from 1 in the record.
fn seat_index(asked: &str, seats: &[Seat]) -> Option<usize> {
    let asked = asked.trim();
    match asked.parse::<usize>() {
        Ok(n) => (1..=seats.len()).contains(&n).then(|| n - 1),
        Err(_) => seats.iter().position(|s| s.to_string().eq_ignore_ascii_case(asked)),
    }
}

/// The ratings as a table: one row per person, the figures of docs/rating.md (a figure
/// with no Day to stand on as "-").
pub fn table(ratings: &[(Seat, GameRating)]) -> String {
    let mut out = String::new();
    let header =
        ["seat", "score", "margin", "days", "agreement", "costly", "accuracy", "throw luck", "deal luck", "skill"];
    let widths = [6, 5, 6, 4, 9, 6, 8, 10, 9, 6];
    let line = |cells: &[String]| {
        let cells: Vec<String> = cells.iter().zip(widths).map(|(c, w)| format!("{c:>w$}")).collect();
        cells.join("  ").trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(&header.map(String::from)));
    for (seat, r) in ratings {
        let optional = |v: Option<f64>, unit: &str| v.map_or("-".to_string(), |v| format!("{v:.0}{unit}"));
        let cells = [
            seat.to_string(),
            r.scale.own.to_string(),
            format!("{:+}", r.scale.margin),
            r.days.len().to_string(),
            optional(r.agreement(), "%"),
            r.costly().to_string(),
            optional(r.accuracy(), ""),
            points(r.throw_luck()),
            points(r.deal_luck()),
            points(r.skill()),
        ];
        let _ = writeln!(out, "{}", line(&cells));
    }
    out.push_str("margin = skill + throw luck + deal luck (points; docs/rating.md)\n");
    out
}

/// Points to a tenth, signed; what rounds to nothing reads +0.0, never -0.0.
pub(crate) fn points(v: f64) -> String {
    let tenths = (v * 10.0).round();
    format!("{:+.1}", if tenths == 0.0 { 0.0 } else { tenths / 10.0 })
}
