//! Your record's texts between the page and the rater's worker (docs/history.md): when the
//! screen opens, the page posts the games kept; the rater answers at once with the screen's
//! figures as HTML in both languages and the sentence read out as it opens, so that the
//! statistics, the rating, the charts and their words live in the rater's module, not in
//! the page's. Written and read with the worker protocol's line codec
//! ([`lauzait_autoplay::wire`]):
//!
//! ```text
//! record1                  record-reply1
//! id record 3              id record 3
//! game 0 p,9,0,0 e,3,0,0   say-en Your record: 2 games kept, …
//! game - p,4,0,0 p,8,0,0   say-ja あなたの戦績：2局。…
//!                          en <dl class="stats-totals" …
//!                          ja <dl class="stats-totals" …
//! ```
//!
//! Each `game` line is a line of the history's own text (`LZH1`, `lauzait_history`), read
//! back by its reader. A text that is not exactly this is refused with a typed
//! [`RecordTextError`].

use lauzait_autoplay::wire::{Lines, NO_REQUEST};
use lauzait_autoplay::{RequestId, WireError, WireText};
use lauzait_history::{History, HistoryError};
use std::fmt;

const REQUEST_MARK: &str = "record1";
const REPLY_MARK: &str = "record-reply1";

/// The page's request: the games kept.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordRequest {
    pub id: RequestId,
    pub history: History,
}

/// The screen's figures, escaped and finished, as the rater built them: one line, so that
/// it travels as one line of the reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatsHtml(String);

impl StatsHtml {
    /// Made only by the screen's builder (`html::stats::figures`), in the rater.
    pub(crate) fn built(html: String) -> StatsHtml {
        StatsHtml(html.replace(['\n', '\r'], " "))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The rater's answer: what to read out and to show, in both languages.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordReply {
    pub id: RequestId,
    pub say: [String; 2],
    pub html: [StatsHtml; 2],
}

/// A text of your record's protocol that is not as its writer writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordTextError {
    Wire(WireError),
    /// A `game` line the history's reader refuses.
    History(HistoryError),
    /// The worker's reply to a request it could not read.
    NoRequest,
}

impl From<WireError> for RecordTextError {
    fn from(e: WireError) -> RecordTextError {
        RecordTextError::Wire(e)
    }
}

impl fmt::Display for RecordTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordTextError::Wire(e) => e.fmt(f),
            RecordTextError::History(e) => write!(f, "record request: {e}"),
            RecordTextError::NoRequest => f.write_str("the rater could not read your record's request"),
        }
    }
}

impl std::error::Error for RecordTextError {}

impl RecordRequest {
    /// Whether a text from the page is your record's request (rather than a rating's).
    pub fn is_one(text: &str) -> bool {
        text.lines().next() == Some(REQUEST_MARK)
    }

    pub fn to_text(&self) -> String {
        let mut text = format!("{REQUEST_MARK}\nid {}", self.id.to_text());
        // The history's own text, its first line (the mark) aside.
        for line in self.history.to_text().lines().skip(1) {
            text.push_str("\ngame ");
            text.push_str(line);
        }
        text
    }

    pub fn from_text(text: &str) -> Result<RecordRequest, RecordTextError> {
        let what = WireText::RecordRequest;
        let mut lines = Lines::new(text, what, REQUEST_MARK)?;
        let id =
            RequestId::from_text(lines.value("id")?).map_err(|error| WireError::RequestId { text: what, error })?;
        let mut history = String::from(History::EMPTY_TEXT);
        while let Some(game) = lines.optional("game") {
            history.push('\n');
            history.push_str(game);
        }
        lines.end()?;
        let history = History::from_text(&history).map_err(RecordTextError::History)?;
        Ok(RecordRequest { id, history })
    }
}

impl RecordReply {
    /// Whether a text from the rater is your record's reply (rather than a rating's).
    pub fn is_one(text: &str) -> bool {
        text.lines().next() == Some(REPLY_MARK)
    }

    pub fn to_text(&self) -> String {
        let [say_en, say_ja] = &self.say;
        let [en, ja] = &self.html;
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        format!(
            "{REPLY_MARK}\nid {}\nsay-en {}\nsay-ja {}\nen {}\nja {}",
            self.id.to_text(),
            one_line(say_en),
            one_line(say_ja),
            en.as_str(),
            ja.as_str()
        )
    }

    /// The rater's reply to a request it could not read.
    pub fn unreadable_request() -> String {
        format!("{REPLY_MARK}\nid {NO_REQUEST}")
    }

    pub fn from_text(text: &str) -> Result<RecordReply, RecordTextError> {
        let what = WireText::RecordReply;
        let mut lines = Lines::new(text, what, REPLY_MARK)?;
        let id = match lines.value("id")? {
            NO_REQUEST => return Err(RecordTextError::NoRequest),
            id => RequestId::from_text(id).map_err(|error| WireError::RequestId { text: what, error })?,
        };
        let say = [lines.value("say-en")?.to_string(), lines.value("say-ja")?.to_string()];
        let html = [StatsHtml(lines.value("en")?.to_string()), StatsHtml(lines.value("ja")?.to_string())];
        lines.end()?;
        Ok(RecordReply { id, say, html })
    }
}
