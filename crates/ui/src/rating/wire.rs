//! The rating's texts between the page and the rater's worker (docs/rating.md): the page
//! posts a finished game once, the rater walks its items and posts back how far it is and,
//! as each person's items are all rated, that person's figures with their results-screen
//! HTML already built. They live here, above the rating crate, since the worker protocol's
//! own crate sits below it; they are written and read with the same codec as the computer
//! players' texts ([`lauzait_autoplay::wire`]):
//!
//! ```text
//! rate2                    rate-reply2                 rate-reply2
//! id rating 3              id rating 3                 id rating 3
//! playouts 60              progress 0 11               progress 11 11
//! persons 0 2                                          seat 0 4049… 3 4045… c014… c007… bff0…
//! record LZR2 …                                        en <p class="figures" …
//!                                                      ja <p class="figures" …
//! ```
//!
//! - `persons` are the seats to rate; the record is the game's full record (NOTATION.md) on
//!   one line: the game is over, and the rating reads each item from its seat's view alone
//!   (R40).
//! - `progress` is the items rated of all the persons' items. A person's line is `seat`,
//!   then `agreement costly accuracy difference skill luck`, the numbers as the 16 hex digits of
//!   their bits (`-` for an agreement or accuracy of a person who played no Day), followed
//!   by the person's part of the results in English and in Japanese, so that a change of
//!   language on the results needs nothing of the rater.
//! - A reply is `refused` and why in place of the progress when the game cannot be rated.
//! - `rate-stop2` alone tells the rater that the table moved on: it rates no more of the
//!   game it was given.
//!
//! A request that is not exactly this is answered with [`NO_REQUEST`] in place of its id,
//! which the page's reader refuses, as a computer player's reply.

use super::figures::{RatedPerson, SeatFigures};
use crate::html::rating_figures::RatingHtml;
use lauzait_autoplay::wire::{bounded, hex, unhex, Lines, MAX_PLAYOUTS, NO_REQUEST};
use lauzait_autoplay::{cut, RequestId, WireError, WireText};
use lauzait_engine::notation::NotationError;
use lauzait_engine::Record;
use lauzait_rating::RatingError;
use std::fmt;

const REQUEST_MARK: &str = "rate2";
const STOP_MARK: &str = "rate-stop2";
const REPLY_MARK: &str = "rate-reply2";

/// What the page tells the rater.
#[derive(Clone, Debug, PartialEq)]
pub enum ToRater {
    /// Rate a finished game.
    Rate(RateRequest),
    /// The table moved on: rate no more of the game given last.
    Stop,
}

/// Rate these persons of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct RateRequest {
    pub id: RequestId,
    /// The Strong player's playouts per search.
    pub playouts: u32,
    /// The seats to rate, in seat order.
    pub persons: Vec<usize>,
    /// The finished game's full record.
    pub record: Record,
}

/// Why the rater could not rate the game: [`RatingError`] as the page needs it (the record
/// that does not replay is the page's own, so only that it does not is said).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateRefusal {
    PublicRecord,
    NoSuchSeat { seat: usize, seats: usize },
    Unplayable,
    NotAnItem,
}

impl From<&RatingError> for RateRefusal {
    fn from(e: &RatingError) -> RateRefusal {
        match *e {
            RatingError::PublicRecord => RateRefusal::PublicRecord,
            RatingError::NoSuchSeat { seat, seats } => RateRefusal::NoSuchSeat { seat, seats },
            RatingError::Unplayable(_) => RateRefusal::Unplayable,
            RatingError::NotAnItem => RateRefusal::NotAnItem,
        }
    }
}

impl fmt::Display for RateRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RateRefusal::PublicRecord => RatingError::PublicRecord.fmt(f),
            RateRefusal::NoSuchSeat { seat, seats } => RatingError::NoSuchSeat { seat, seats }.fmt(f),
            RateRefusal::Unplayable => f.write_str("the record does not replay"),
            RateRefusal::NotAnItem => RatingError::NotAnItem.fmt(f),
        }
    }
}

/// What the rater tells the page about the game of request `id`.
#[derive(Clone, Debug, PartialEq)]
pub struct RaterReply {
    /// The request's, unchanged.
    pub id: RequestId,
    pub news: RaterNews,
}

#[derive(Clone, Debug, PartialEq)]
pub enum RaterNews {
    /// `done` of `all` items rated; with the persons whose last item this was (and any
    /// after them with no item to rate), in seat order. The last news of a game has `done`
    /// = `all` and every person not yet sent.
    Progress { done: usize, all: usize, persons: Vec<RatedPerson> },
    /// The game cannot be rated, and why.
    Refused(RateRefusal),
}

/// A text of the rating's protocol that is not as its writer writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateTextError {
    /// A line of the shared codec at fault (its mark, key, number or estimate).
    Wire(WireError),
    /// A line that is not one of its forms.
    Malformed { text: WireText, key: &'static str, excerpt: String },
    /// The record that is not one (NOTATION.md).
    Record(NotationError),
    /// More playouts than any request may ask.
    Playouts { playouts: u32, max: u32 },
    /// The worker's reply to a request it could not read, with its words.
    NoRequest { error: Option<String> },
}

impl From<WireError> for RateTextError {
    fn from(e: WireError) -> RateTextError {
        RateTextError::Wire(e)
    }
}

impl fmt::Display for RateTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RateTextError::Wire(e) => e.fmt(f),
            RateTextError::Malformed { text, key, excerpt } => write!(f, "{text}: `{key}` is not one: {excerpt}"),
            RateTextError::Record(e) => write!(f, "rate request: record: {e}"),
            RateTextError::Playouts { playouts, max } => {
                write!(f, "rate request: `playouts` {playouts} is over {max}")
            }
            RateTextError::NoRequest { error: Some(e) } => f.write_str(e),
            RateTextError::NoRequest { error: None } => f.write_str("a reply to no request"),
        }
    }
}

impl std::error::Error for RateTextError {}

impl ToRater {
    /// Whether a text from the page is for the rater (rather than a computer player's).
    pub fn is_one(text: &str) -> bool {
        matches!(text.lines().next(), Some(REQUEST_MARK | STOP_MARK))
    }

    pub fn to_text(&self) -> String {
        match self {
            ToRater::Rate(r) => rate_text(r.id, r.playouts, &r.persons, &r.record),
            ToRater::Stop => STOP_MARK.to_string(),
        }
    }

    /// Reads what the page posted; anything but what [`ToRater::to_text`] writes is refused.
    pub fn from_text(text: &str) -> Result<ToRater, RateTextError> {
        if text == STOP_MARK {
            return Ok(ToRater::Stop);
        }
        let what = WireText::RateRequest;
        let mut lines = Lines::new(text, what, REQUEST_MARK)?;
        let id =
            RequestId::from_text(lines.value("id")?).map_err(|error| WireError::RequestId { text: what, error })?;
        let playouts = lines.number("playouts")?;
        if playouts > MAX_PLAYOUTS {
            return Err(RateTextError::Playouts { playouts, max: MAX_PLAYOUTS });
        }
        let value = lines.value("persons")?;
        let persons: Result<Vec<usize>, _> =
            value.split(' ').map(|w| w.parse().map_err(|_| malformed(what, "persons", value))).collect();
        let record = Record::parse(lines.value("record")?).map_err(RateTextError::Record)?;
        lines.end()?;
        Ok(ToRater::Rate(RateRequest { id, playouts, persons: persons?, record }))
    }
}

/// The text of a [`RateRequest`], written from its parts: the page posts its game's record
/// without a copy of it.
pub(super) fn rate_text(id: RequestId, playouts: u32, persons: &[usize], record: &Record) -> String {
    let mut text = format!("{REQUEST_MARK}\nid {}\nplayouts {playouts}\npersons", id.to_text());
    for seat in persons {
        text.push_str(&format!(" {seat}"));
    }
    text.push_str(&format!("\nrecord {record}"));
    text
}

fn malformed(text: WireText, key: &'static str, value: &str) -> RateTextError {
    RateTextError::Malformed { text, key, excerpt: cut(value) }
}

impl RaterReply {
    /// Whether a text from the worker is a rating reply (rather than a computer player's).
    pub fn is_one(text: &str) -> bool {
        text.lines().next() == Some(REPLY_MARK)
    }

    pub fn to_text(&self) -> String {
        let mut text = format!("{REPLY_MARK}\nid {}\n", self.id.to_text());
        match &self.news {
            RaterNews::Progress { done, all, persons } => {
                text.push_str(&format!("progress {done} {all}"));
                for p in persons {
                    let f = &p.figures;
                    let maybe = |x: Option<f64>| x.map_or_else(|| "-".to_string(), hex);
                    text.push_str(&format!(
                        "\nseat {} {} {} {} {} {} {}\nen {}\nja {}",
                        f.seat,
                        maybe(f.agreement),
                        f.costly,
                        maybe(f.accuracy),
                        hex(f.score_difference),
                        hex(f.skill),
                        hex(f.luck),
                        p.en.as_str(),
                        p.ja.as_str()
                    ));
                }
            }
            RaterNews::Refused(refusal) => text.push_str(&format!("refused {}", refusal_text(*refusal))),
        }
        text
    }

    /// The worker's reply to a request it could not read: no id to echo, and why.
    pub fn unreadable_request(error: &str) -> String {
        let error = bounded(&error.replace(['\n', '\r'], " "));
        format!("{REPLY_MARK}\nid {NO_REQUEST}\nerror {error}")
    }

    /// Reads the worker's text as news of one rating request; a text that answers none
    /// (unreadable, or the reply to a request the worker could not read) is an error, and
    /// whoever waits must give up rather than wait.
    pub fn from_text(text: &str) -> Result<RaterReply, RateTextError> {
        let what = WireText::RateReply;
        let mut lines = Lines::new(text, what, REPLY_MARK)?;
        let id = match lines.value("id")? {
            NO_REQUEST => {
                let error = lines.optional("error").map(bounded);
                lines.end()?;
                return Err(RateTextError::NoRequest { error });
            }
            id => RequestId::from_text(id).map_err(|error| WireError::RequestId { text: what, error })?,
        };
        let news = if let Some(v) = lines.optional("refused") {
            RaterNews::Refused(read_refusal(Words::of(v, "refused"))?)
        } else {
            let mut progress = Words::of(lines.value("progress")?, "progress");
            let (done, all) = (progress.count()?, progress.count()?);
            progress.end()?;
            let mut persons = Vec::new();
            while let Some(v) = lines.optional("seat") {
                let mut seat = Words::of(v, "seat");
                let figures = SeatFigures {
                    seat: seat.count()?,
                    agreement: seat.figure()?,
                    costly: seat.count()?,
                    accuracy: seat.figure()?,
                    score_difference: seat.number()?,
                    skill: seat.number()?,
                    luck: seat.number()?,
                };
                seat.end()?;
                let en = RatingHtml::from_rater(lines.value("en")?);
                let ja = RatingHtml::from_rater(lines.value("ja")?);
                persons.push(RatedPerson { figures, en, ja });
            }
            RaterNews::Progress { done, all, persons }
        };
        lines.end()?;
        Ok(RaterReply { id, news })
    }
}

/// The words of one line of a reply, read in turn: a word missing, one too many or one
/// that is not what its place asks for is the line's fault (one reader for every line, so
/// that the page carries one).
struct Words<'a> {
    key: &'static str,
    line: &'a str,
    words: std::str::Split<'a, char>,
}

impl<'a> Words<'a> {
    fn of(line: &'a str, key: &'static str) -> Words<'a> {
        Words { key, line, words: line.split(' ') }
    }

    fn fault(&self) -> RateTextError {
        malformed(WireText::RateReply, self.key, self.line)
    }

    fn next(&mut self) -> Result<&'a str, RateTextError> {
        self.words.next().ok_or_else(|| self.fault())
    }

    /// A count: items, a seat, costly choices.
    fn count(&mut self) -> Result<usize, RateTextError> {
        let word = self.next()?;
        word.parse().map_err(|_| self.fault())
    }

    /// A figure, as the hex of its bits.
    fn number(&mut self) -> Result<f64, RateTextError> {
        Ok(unhex(self.next()?)?)
    }

    /// A figure a person without a Day has not (`-`).
    fn figure(&mut self) -> Result<Option<f64>, RateTextError> {
        match self.next()? {
            "-" => Ok(None),
            word => Ok(Some(unhex(word)?)),
        }
    }

    fn end(mut self) -> Result<(), RateTextError> {
        match self.words.next() {
            None => Ok(()),
            Some(_) => Err(self.fault()),
        }
    }
}

fn refusal_text(refusal: RateRefusal) -> String {
    match refusal {
        RateRefusal::PublicRecord => "public".into(),
        RateRefusal::NoSuchSeat { seat, seats } => format!("seat {seat} {seats}"),
        RateRefusal::Unplayable => "unplayable".into(),
        RateRefusal::NotAnItem => "item".into(),
    }
}

fn read_refusal(mut words: Words) -> Result<RateRefusal, RateTextError> {
    let refusal = match words.next()? {
        "public" => RateRefusal::PublicRecord,
        "seat" => RateRefusal::NoSuchSeat { seat: words.count()?, seats: words.count()? },
        "unplayable" => RateRefusal::Unplayable,
        "item" => RateRefusal::NotAnItem,
        _ => return Err(words.fault()),
    };
    words.end()?;
    Ok(refusal)
}

#[cfg(test)]
#[path = "wire_tests.rs"]
mod tests;
