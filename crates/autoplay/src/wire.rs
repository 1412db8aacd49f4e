//! The text a [`BotRequest`] and a [`BotReply`] travel as between the page and the computer
//! players' worker: a few lines, each a key and its value, in a fixed order.
//!
//! ```text
//! bot1                      bot-reply1
//! id day 7                  id day 7
//! level strong              plans 1
//! seed 1234567890           ms 4059000000000000
//! playouts 500              actions x1 G3 a1 >b2
//! judge x1 G3 a1 >b2        values 3fe0000000000000 c000000000000000
//! view sv1 …                error …
//! ```
//!
//! - `id` says who asked and the asker's number for the request ([`RequestId`]: `day 7`,
//!   `hint 2`, `review 12`, `rating 3`); the worker echoes it unchanged and the page routes the reply
//!   by it.
//! - The seat's view is its own text form ([`SeatView::to_text`]), actions are the record's
//!   tokens (NOTATION.md), numbers are decimal, and `f64`s are the 16 hex digits of their
//!   bits.
//! - `judge` is there only when the review asks for a Day to be judged; `values` only in
//!   its reply; `error` only when no plan could be made, and it is the last line: a kind
//!   and its numbers ([`BotError`]: `error not-its-day 1`); a kind the reader does not
//!   know (a worker of another version) is read as [`BotError::Unknown`], never refused.
//!   A help reply's `error` is a kind alike ([`HelpError`]).
//! - Why not JSON: the worker then carries no JSON reader or writer at all, and no float
//!   printer or reader (measured: 92.1 → 79.1 KB gzip, BENCHMARKS.md). The estimates must come
//!   back to the last bit in any case: the review on the page must pick the same Days as
//!   the review judged natively.
//!
//! The bot worker's requests to its helper and the helper's replies
//! ([`HelpRequest::to_text`], [`HelpReply::to_text`], `autoplay::helping`) are written the
//! same way.
//!
//! A request that is not exactly this is refused with the line at fault, in a reply whose
//! `id` is [`NO_REQUEST`] (it could not echo one). A reply that cannot be read, or that answers no request, is an
//! error of [`BotReply::from_text`]: whoever waits fails its request (and can try again)
//! instead of waiting for an answer that will never come.

use super::bot_error::BotError;
use super::helping::{HelpError, HelpReply, HelpRequest};
use super::wire_error::{cut, ReplyError, WireError, WireText};
use super::{BotReply, BotRequest, RequestId};
use lauzait_bots::strong::Batch;
use lauzait_bots::Level;
use lauzait_engine::notation::{actions_text, parse_actions};
use lauzait_engine::SeatView;

const REQUEST_MARK: &str = "bot1";
const REPLY_MARK: &str = "bot-reply1";
const HELP_MARK: &str = "help1";
const HELP_REPLY_MARK: &str = "help-reply1";

/// The most candidate plans one request for help may carry (the Strong player searches at
/// most sixteen).
const MAX_HELP_PLANS: usize = 64;

/// The `id` of the worker's reply to a request it could not read (so it could not echo the
/// request's [`RequestId`]).
pub const NO_REQUEST: &str = "none";

/// The most playouts a request may ask of the Strong player: ten times the tournament's
/// setting the page asks for (`bots::DEFAULT_PLAYOUTS`), so that no request keeps the worker
/// thinking for minutes.
pub const MAX_PLAYOUTS: u32 = 10 * lauzait_bots::DEFAULT_PLAYOUTS;

// The codec below (`Lines`, `hex`, `unhex`, `bounded`) is public so that the worker's other
// texts — a finished game's rating, whose types live above the rating crate
// (`ui::rating::wire`) — are written and read exactly as these.

/// A worker's words as one line cut at 300 bytes, as every reply carries them.
pub use super::bot_error::one_bounded_line as bounded;

/// An `f64` as the 16 hex digits of its bits: it comes back to the last bit.
pub fn hex(x: f64) -> String {
    format!("{:016x}", x.to_bits())
}

/// Reads [`hex`]'s form; anything else is refused.
pub fn unhex(t: &str) -> Result<f64, WireError> {
    match u64::from_str_radix(t, 16) {
        Ok(bits) if t.len() == 16 => Ok(f64::from_bits(bits)),
        _ => Err(WireError::NotHex { excerpt: cut(t) }),
    }
}

/// The lines of one text, read in order, each a key and a value.
pub struct Lines<'a> {
    what: WireText,
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
}

impl<'a> Lines<'a> {
    /// The text's lines after its first, which must be `mark`.
    pub fn new(text: &'a str, what: WireText, mark: &'static str) -> Result<Lines<'a>, WireError> {
        let mut lines = Lines { what, lines: text.lines().enumerate().peekable() };
        match lines.lines.next() {
            Some((_, first)) if first == mark => Ok(lines),
            _ => Err(WireError::Mark { text: what, mark }),
        }
    }

    /// The value of the next line, which must be `key`.
    pub fn value(&mut self, key: &'static str) -> Result<&'a str, WireError> {
        self.optional(key).ok_or(WireError::Expected { text: self.what, key })
    }

    /// The value of the next line if it is `key`.
    pub fn optional(&mut self, key: &str) -> Option<&'a str> {
        let &(_, line) = self.lines.peek()?;
        let (k, v) = line.split_once(' ').unwrap_or((line, ""));
        if k != key {
            return None;
        }
        self.lines.next();
        Some(v)
    }

    /// The value of the next line, which must be `key`, read as a number.
    pub fn number<T: std::str::FromStr>(&mut self, key: &'static str) -> Result<T, WireError> {
        let v = self.value(key)?;
        v.parse().map_err(|_| WireError::NotANumber { text: self.what, key, value: cut(v) })
    }

    /// Refuses any line left after the text's end.
    pub fn end(mut self) -> Result<(), WireError> {
        match self.lines.next() {
            None => Ok(()),
            Some((i, line)) => Err(WireError::Unexpected { text: self.what, line: i + 1, excerpt: cut(line) }),
        }
    }
}

impl HelpRequest {
    /// The request as the helper reads it:
    ///
    /// ```text
    /// help1
    /// id 3
    /// decision 2
    /// seed 1234567890
    /// samples 20 32
    /// plan x1 G3 a1 >b2
    /// plan …
    /// view sv1 …
    /// ```
    pub fn to_text(&self) -> String {
        let b = &self.batch;
        let mut text = format!(
            "{HELP_MARK}\nid {}\ndecision {}\nseed {}\nsamples {} {}\n",
            self.id, self.decision, b.base_seed, b.samples.start, b.samples.end
        );
        for plan in &b.plans {
            text.push_str(&format!("plan {}\n", actions_text(plan)));
        }
        text.push_str(&format!("view {}", self.view.to_text()));
        text
    }

    /// Reads a request for help, refusing anything [`HelpRequest::to_text`] would not write
    /// and any request for more playouts than a bot request may ask ([`MAX_PLAYOUTS`]).
    pub fn from_text(text: &str) -> Result<HelpRequest, WireError> {
        let mut lines = Lines::new(text, WireText::HelpRequest, HELP_MARK)?;
        let id = lines.number("id")?;
        let decision = lines.number("decision")?;
        let base_seed = lines.number("seed")?;
        let samples = lines.value("samples")?;
        let (start, end) = samples
            .split_once(' ')
            .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
            .filter(|(a, b)| a <= b)
            .ok_or_else(|| WireError::Samples { excerpt: cut(samples) })?;
        let mut plans = Vec::new();
        while let Some(plan) = lines.optional("plan") {
            if plans.len() == MAX_HELP_PLANS {
                return Err(WireError::TooManyPlans { max: MAX_HELP_PLANS });
            }
            plans.push(parse_actions(plan).map_err(WireError::Plan)?);
        }
        if plans.is_empty() {
            return Err(WireError::NoPlan);
        }
        let batch = Batch { base_seed, samples: start..end, plans };
        if batch.len() > MAX_PLAYOUTS as usize {
            return Err(WireError::HelpPlayouts { count: batch.len(), max: MAX_PLAYOUTS });
        }
        let view = SeatView::from_text(lines.value("view")?).map_err(WireError::View)?;
        lines.end()?;
        Ok(HelpRequest { id, decision, batch, view })
    }
}

impl HelpReply {
    /// The reply as the worker that asked reads it: `help-reply1`, `id 3`, then `values`
    /// (the hex of each value's bits, so that they come back to the last bit) or `error`.
    pub fn to_text(&self) -> String {
        match &self.values {
            Ok(values) => {
                let values: Vec<String> = values.iter().map(|&v| hex(v)).collect();
                format!("{HELP_REPLY_MARK}\nid {}\nvalues {}", self.id, values.join(" "))
            }
            Err(e) => format!("{HELP_REPLY_MARK}\nid {}\nerror {}", self.id, e.to_text()),
        }
    }

    pub fn from_text(text: &str) -> Result<HelpReply, WireError> {
        let mut lines = Lines::new(text, WireText::HelpReply, HELP_REPLY_MARK)?;
        let id = lines.number("id")?;
        let values = match lines.optional("error") {
            Some(e) => Err(HelpError::from_text(e)),
            None => {
                Ok(lines.value("values")?.split_whitespace().map(unhex).collect::<Result<Vec<f64>, WireError>>()?)
            }
        };
        lines.end()?;
        Ok(HelpReply { id, values })
    }
}

impl BotRequest {
    /// The request as the worker reads it.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{REQUEST_MARK}\nid {}\nlevel {}\nseed {}\nplayouts {}\n",
            self.id.to_text(),
            self.level.name(),
            self.seed,
            self.playouts
        );
        if let Some(plan) = &self.judge {
            text.push_str(&format!("judge {}\n", actions_text(plan)));
        }
        text.push_str(&format!("view {}", self.view.to_text()));
        text
    }

    /// Reads a request; anything but a request as [`BotRequest::to_text`] writes it is
    /// refused with what is wrong.
    pub fn from_text(text: &str) -> Result<BotRequest, WireError> {
        let mut lines = Lines::new(text, WireText::BotRequest, REQUEST_MARK)?;
        let id = RequestId::from_text(lines.value("id")?)
            .map_err(|error| WireError::RequestId { text: WireText::BotRequest, error })?;
        let level = lines.value("level")?.parse::<Level>().map_err(WireError::Level)?;
        let seed = lines.number("seed")?;
        let playouts = lines.number("playouts")?;
        if playouts > MAX_PLAYOUTS {
            return Err(WireError::BotPlayouts { playouts, max: MAX_PLAYOUTS });
        }
        let judge = match lines.optional("judge") {
            Some(plan) => Some(parse_actions(plan).map_err(WireError::Judge)?),
            None => None,
        };
        let view = SeatView::from_text(lines.value("view")?).map_err(WireError::View)?;
        lines.end()?;
        Ok(BotRequest { id, view, level, seed, playouts, judge })
    }
}

impl BotReply {
    /// The reply as the page reads it.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{REPLY_MARK}\nid {}\nplans {}\nms {}\nactions {}",
            self.id.to_text(),
            self.plans,
            hex(self.ms),
            actions_text(&self.actions)
        );
        if let Some((played, best)) = self.values {
            text.push_str(&format!("\nvalues {} {}", hex(played), hex(best)));
        }
        if let Some(e) = &self.error {
            text.push_str(&format!("\nerror {}", e.to_text()));
        }
        text
    }

    /// The worker's reply to a request it could not read: no [`RequestId`] to echo, so
    /// [`NO_REQUEST`] in its place, and why.
    pub(crate) fn unreadable_request(error: &str) -> String {
        let error = bounded(error);
        format!("{REPLY_MARK}\nid {NO_REQUEST}\nplans 0\nms {}\nactions \nerror {error}", hex(0.0))
    }

    /// Reads the worker's text as the reply to one request (which may carry that request's
    /// error). It is an error when the text answers no request: it is not a reply, or it is
    /// the worker's reply to a request it could not read ([`NO_REQUEST`]). Then nothing will
    /// ever answer the request that waits, so whoever waits must fail it (and stop the
    /// worker) rather than wait: the one place this is decided for the page and table mode.
    pub fn from_text(text: &str) -> Result<BotReply, ReplyError> {
        Self::read(text).map_err(ReplyError::Unreadable)?.map_err(|error| ReplyError::NoRequest { error })
    }

    /// The reply, or the worker's words (if any) of a reply to no request; the outer error:
    /// unreadable.
    fn read(text: &str) -> Result<Result<BotReply, Option<String>>, WireError> {
        let mut lines = Lines::new(text, WireText::BotReply, REPLY_MARK)?;
        let id = match lines.value("id")? {
            NO_REQUEST => None,
            id => Some(
                RequestId::from_text(id).map_err(|error| WireError::RequestId { text: WireText::BotReply, error })?,
            ),
        };
        let plans = lines.number("plans")?;
        let ms = unhex(lines.value("ms")?)?;
        let actions = parse_actions(lines.value("actions")?).map_err(WireError::ReplyActions)?;
        let values = match lines.optional("values") {
            Some(v) => {
                let (a, b) = v.split_once(' ').ok_or(WireError::Estimates)?;
                Some((unhex(a)?, unhex(b)?))
            }
            None => None,
        };
        let error = lines.optional("error");
        lines.end()?;
        Ok(match id {
            Some(id) => Ok(BotReply { id, actions, plans, ms, error: error.map(BotError::from_text), values }),
            None => Err(error.map(bounded)),
        })
    }
}
