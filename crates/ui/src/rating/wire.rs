//! The worker's rating of one item of a finished game for one seat (docs/rating.md): the
//! request the page posts, the reply the worker posts back, and the worker's answer
//! ([`answer`], with [`lauzait_rating::rate_item`]). They live here, above the rating crate,
//! since the worker protocol's own crate sits below it; they are written and read with the
//! same codec as the computer players' texts ([`lauzait_autoplay::wire`]):
//!
//! ```text
//! rate1                         rate-reply1
//! id rating 3                   id rating 3
//! seat 0                        ms 4059000000000000
//! playouts 60                   day 12 1 3 3fe0… c000…
//! item day 12 x1 G3 a1 >b2      played x1 G3 a1 >b2
//! record LZR2 …                 best x1 G4 a1 >b2
//! ```
//!
//! - `item` is `day <at> <actions>`, `throw <capture>` or `deal <opening>` (indices of the
//!   record's actions, as `rating::Item`).
//! - The reply is one of `day <at> <Season> <Day> <played> <best>` with the `played` and
//!   `best` plans, `throw <capture> <Season> <Day> <arrives|back> <arrives> <back>`,
//!   `deal <opening> <Season> <value> <average>` (estimates as the 16 hex digits of their
//!   bits), or `refused` and why.
//! - The record is the game's full record (NOTATION.md), on one line: the game is over, and
//!   the rating reads each item from its seat's view alone (R40).
//!
//! A request that is not exactly this is answered with [`NO_REQUEST`] in place of its id,
//! which the page's reader refuses, as a computer player's reply.

use lauzait_autoplay::wire::{bounded, hex, unhex, Lines, MAX_PLAYOUTS, NO_REQUEST};
use lauzait_autoplay::{cut, RequestId, WireError, WireText};
use lauzait_engine::notation::{actions_text, parse_actions, NotationError};
use lauzait_engine::Record;
use lauzait_learn::review::Moment;
use lauzait_rating::{rate_item, DealLuck, Item, Landing, Rated, RatingError, ThrowLuck};
use std::fmt;

const REQUEST_MARK: &str = "rate1";
const REPLY_MARK: &str = "rate-reply1";

/// Rate one item of a finished game for one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct RateRequest {
    pub id: RequestId,
    pub seat: usize,
    /// The Strong player's playouts per search.
    pub playouts: u32,
    pub item: Item,
    /// The finished game's full record.
    pub record: Record,
}

/// Why the worker could not rate an item: [`RatingError`] as the page needs it (the record
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

/// The answer to a [`RateRequest`].
#[derive(Clone, Debug, PartialEq)]
pub struct RateReply {
    /// The request's, unchanged.
    pub id: RequestId,
    /// Milliseconds spent rating, measured where it ran.
    pub ms: f64,
    pub rated: Result<Rated, RateRefusal>,
}

/// A text of the rating's protocol that is not as its writer writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RateTextError {
    /// A line of the shared codec at fault (its mark, key, number or estimate).
    Wire(WireError),
    /// A request's `item` or a reply's rated line that is not one of its forms.
    Malformed { text: WireText, key: &'static str, excerpt: String },
    /// Actions that are not the record's tokens.
    Actions(NotationError),
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
            RateTextError::Actions(e) => write!(f, "rate text: actions: {e}"),
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

impl RateRequest {
    /// Whether a text from the page is a rating request (rather than a computer player's).
    pub fn is_one(text: &str) -> bool {
        text.lines().next() == Some(REQUEST_MARK)
    }

    pub fn to_text(&self) -> String {
        let item = match &self.item {
            Item::Day { at, played } => format!("day {at} {}", actions_text(played)),
            Item::Throw { capture } => format!("throw {capture}"),
            Item::Deal { opening } => format!("deal {opening}"),
        };
        format!(
            "{REQUEST_MARK}\nid {}\nseat {}\nplayouts {}\nitem {item}\nrecord {}",
            self.id.to_text(),
            self.seat,
            self.playouts,
            self.record
        )
    }

    /// Reads a request; anything but what [`RateRequest::to_text`] writes is refused.
    pub fn from_text(text: &str) -> Result<RateRequest, RateTextError> {
        let what = WireText::RateRequest;
        let mut lines = Lines::new(text, what, REQUEST_MARK)?;
        let id =
            RequestId::from_text(lines.value("id")?).map_err(|error| WireError::RequestId { text: what, error })?;
        let seat = lines.number("seat")?;
        let playouts = lines.number("playouts")?;
        if playouts > MAX_PLAYOUTS {
            return Err(RateTextError::Playouts { playouts, max: MAX_PLAYOUTS });
        }
        let item = read_item(lines.value("item")?)?;
        let record = Record::parse(lines.value("record")?).map_err(RateTextError::Record)?;
        lines.end()?;
        Ok(RateRequest { id, seat, playouts, item, record })
    }
}

fn malformed(text: WireText, key: &'static str, value: &str) -> RateTextError {
    RateTextError::Malformed { text, key, excerpt: cut(value) }
}

fn read_item(value: &str) -> Result<Item, RateTextError> {
    let bad = || malformed(WireText::RateRequest, "item", value);
    let mut words = value.splitn(3, ' ');
    let (kind, index) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let index: usize = index.parse().map_err(|_| bad())?;
    let rest = words.next();
    match (kind, rest) {
        ("day", Some(played)) => {
            Ok(Item::Day { at: index, played: parse_actions(played).map_err(RateTextError::Actions)? })
        }
        ("throw", None) => Ok(Item::Throw { capture: index }),
        ("deal", None) => Ok(Item::Deal { opening: index }),
        _ => Err(bad()),
    }
}

impl RateReply {
    /// Whether a text from the worker is a rating reply (rather than a computer player's).
    pub fn is_one(text: &str) -> bool {
        text.lines().next() == Some(REPLY_MARK)
    }

    pub fn to_text(&self) -> String {
        let mut text = format!("{REPLY_MARK}\nid {}\nms {}\n", self.id.to_text(), hex(self.ms));
        text.push_str(&match &self.rated {
            Ok(Rated::Day(m)) => format!(
                "day {} {} {} {} {}\nplayed {}\nbest {}",
                m.at,
                m.season,
                m.day,
                hex(m.played_value),
                hex(m.best_value),
                actions_text(&m.played),
                actions_text(&m.best)
            ),
            Ok(Rated::Throw(t)) => format!(
                "throw {} {} {} {} {} {}",
                t.capture,
                t.season,
                t.day,
                landing_word(t.landed),
                hex(t.values[0]),
                hex(t.values[1])
            ),
            Ok(Rated::Deal(d)) => {
                format!("deal {} {} {} {}", d.opening, d.season, hex(d.value), hex(d.average))
            }
            Err(refusal) => format!("refused {}", refusal_text(*refusal)),
        });
        text
    }

    /// The worker's reply to a request it could not read: no id to echo, and why.
    pub fn unreadable_request(error: &str) -> String {
        let error = bounded(&error.replace(['\n', '\r'], " "));
        format!("{REPLY_MARK}\nid {NO_REQUEST}\nms {}\nerror {error}", hex(0.0))
    }

    /// Reads the worker's text as the answer to one rating request; a text that answers
    /// none (unreadable, or the reply to a request the worker could not read) is an error,
    /// and whoever waits must give up rather than wait.
    pub fn from_text(text: &str) -> Result<RateReply, RateTextError> {
        let what = WireText::RateReply;
        let mut lines = Lines::new(text, what, REPLY_MARK)?;
        let id = match lines.value("id")? {
            NO_REQUEST => None,
            id => Some(RequestId::from_text(id).map_err(|error| WireError::RequestId { text: what, error })?),
        };
        let ms = unhex(lines.value("ms")?)?;
        let Some(id) = id else {
            let error = lines.optional("error").map(bounded);
            lines.end()?;
            return Err(RateTextError::NoRequest { error });
        };
        let rated = if let Some(v) = lines.optional("day") {
            let [at, season, day, played_value, best_value] = fields(v, "day")?;
            let played = parse_actions(lines.value("played")?).map_err(RateTextError::Actions)?;
            let best = parse_actions(lines.value("best")?).map_err(RateTextError::Actions)?;
            Ok(Rated::Day(Moment {
                at: index(at, "day")?,
                season: index(season, "day")?,
                day: index(day, "day")?,
                played,
                best,
                played_value: unhex(played_value)?,
                best_value: unhex(best_value)?,
            }))
        } else if let Some(v) = lines.optional("throw") {
            let [capture, season, day, landed, arrives, back] = fields(v, "throw")?;
            let landed = match landed {
                "arrives" => Landing::Arrives,
                "back" => Landing::TakenBack,
                _ => return Err(malformed(what, "throw", v)),
            };
            Ok(Rated::Throw(ThrowLuck {
                capture: index(capture, "throw")?,
                season: index(season, "throw")?,
                day: index(day, "throw")?,
                landed,
                values: [unhex(arrives)?, unhex(back)?],
            }))
        } else if let Some(v) = lines.optional("deal") {
            let [opening, season, value, average] = fields(v, "deal")?;
            Ok(Rated::Deal(DealLuck {
                opening: index(opening, "deal")?,
                season: index(season, "deal")?,
                value: unhex(value)?,
                average: unhex(average)?,
            }))
        } else {
            let v = lines.value("refused")?;
            Err(read_refusal(v).ok_or_else(|| malformed(what, "refused", v))?)
        };
        lines.end()?;
        Ok(RateReply { id, ms, rated })
    }
}

/// Exactly `N` words of a reply's rated line.
fn fields<'a, const N: usize>(value: &'a str, key: &'static str) -> Result<[&'a str; N], RateTextError> {
    let words: Vec<&str> = value.split(' ').collect();
    words.try_into().map_err(|_| malformed(WireText::RateReply, key, value))
}

fn index<T: std::str::FromStr>(word: &str, key: &'static str) -> Result<T, RateTextError> {
    word.parse().map_err(|_| malformed(WireText::RateReply, key, word))
}

fn landing_word(landing: Landing) -> &'static str {
    match landing {
        Landing::Arrives => "arrives",
        Landing::TakenBack => "back",
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

fn read_refusal(text: &str) -> Option<RateRefusal> {
    Some(match text.split(' ').collect::<Vec<_>>()[..] {
        ["public"] => RateRefusal::PublicRecord,
        ["seat", seat, seats] => RateRefusal::NoSuchSeat { seat: seat.parse().ok()?, seats: seats.parse().ok()? },
        ["unplayable"] => RateRefusal::Unplayable,
        ["item"] => RateRefusal::NotAnItem,
        _ => return None,
    })
}

/// The worker's answer to one rating request (its text), as text; `clock` gives
/// milliseconds.
pub fn answer(text: &str, clock: impl Fn() -> f64) -> String {
    match RateRequest::from_text(text) {
        Err(e) => RateReply::unreadable_request(&format!("unreadable request: {e}")),
        Ok(req) => {
            let t0 = clock();
            let rated = rate_item(&req.record, req.seat, &req.item, req.playouts);
            let ms = clock() - t0;
            RateReply { id: req.id, ms, rated: rated.map_err(|e| RateRefusal::from(&e)) }.to_text()
        }
    }
}

#[cfg(test)]
#[path = "wire_tests.rs"]
mod tests;
