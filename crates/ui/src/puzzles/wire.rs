//! The puzzle screen's texts between the page and the rater's worker (docs/puzzles.md, "The
//! puzzle screen"). The shipped set lives in the worker, fetched when the screen first asks
//! for a puzzle: the page sends what it may not offer, the worker answers with a puzzle's
//! position as the seat saw it; the page sends the Day played, the worker answers with the
//! verdict and the explanation's HTML in both languages. Written and read with the worker
//! protocol's line codec ([`lauzait_autoplay::wire`]):
//!
//! ```text
//! puzzle1          puzzle-offer1                  puzzle-judge1    puzzle-verdict1
//! id puzzle 3      id puzzle 3                    id puzzle 4      id puzzle 4
//! level easy       number 17                      number 17        number 17
//! after 12         difficulty easy                day G5 b2 >c3    solved no
//! solved 3 9 17    task-en Puzzle 17 (easy): …                     say-en Not this time. …
//!                  task-ja 詰め手17（やさしい）…                   say-ja 今回は不正解。…
//!                  view sv1 0 2 0 1 …                              en <p …
//!                                                                  ja <p …
//! ```
//!
//! The worker that cannot fetch or read the set answers `puzzle-none1` with the request's
//! id.
//!
//! The player's own mistakes (docs/puzzles.md, "Your mistakes") are asked with the queue's
//! stored text (one line, `puzzles::mine::queue`), which the page keeps without reading it:
//!
//! ```text
//! puzzle-mine1        puzzle-offer1
//! id puzzle 5         id puzzle 5
//! ask count           number 0
//! queue LZM1|0 0 43;… difficulty hard
//!                     task-en <div class="row" id="mistakes" data-due="2">…</p>
//!                     task-ja …
//!                     view LZM1|…    (the queue to store, `-` when unchanged)
//! ```
//!
//! `ask` is `count` (how many are due), `pick` (the next one due) or `judge <number>
//! <tokens>` (the Day played on mistake `number`, its place in the queue from 1). A pick is
//! answered with the mistake's offer (its difficulty, `hard`, is not shown) and a judge with
//! its verdict,
//! each followed by the queue's reply with the same id; a pick with none due, or a count,
//! with the queue's reply alone. The queue's reply is written as an offer of number 0 (no
//! puzzle has it: they count from 1), the picker's row in both languages in place of the
//! task and the text to store in place of the view, so that the page reads it with the
//! offer's reader. The queue's text comes last in a request: the rater reads the rest of
//! the text as it.

use super::Level;
use lauzait_autoplay::wire::{Lines, NO_REQUEST};
use lauzait_autoplay::{RequestId, WireError, WireText};
use lauzait_learn::puzzles::Difficulty;
use std::fmt;

const PICK: &str = "puzzle1";
const JUDGE: &str = "puzzle-judge1";
const OFFER: &str = "puzzle-offer1";
const VERDICT: &str = "puzzle-verdict1";
const NONE: &str = "puzzle-none1";
const MINE: &str = "puzzle-mine1";

/// What the page asks of its mistakes' queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MineAsk {
    /// How many are due.
    Count,
    /// The next one due.
    Pick,
    /// The Day played (a record's tokens) on mistake `number`, from 1.
    Judge { number: u32, day: String },
}

/// The queue as it stands after a request: the picker's row (the button with how many are
/// due, and a sentence on the queue, read out as it changes), built by the rater in both
/// languages; and the text to store when it changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineNews {
    pub html: [PuzzleHtml; 2],
    pub queue: Option<String>,
}

/// What the page asks of the rater.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// A puzzle of `level` after number `after` (0: from the first), not among `solved`
    /// unless every one of the level is.
    Pick { id: RequestId, level: Level, after: u32, solved: Vec<u32> },
    /// The Day played on puzzle `number`, as a record's tokens.
    Judge { id: RequestId, number: u32, day: String },
    /// Of the player's mistakes, with the queue's stored text (empty: none kept).
    Mine { id: RequestId, ask: MineAsk, queue: String },
}

/// The explanation, escaped and finished by the rater, on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleHtml(String);

impl PuzzleHtml {
    /// Made only by the explanation's builder (`html::puzzles::explanation`), in the rater.
    pub(crate) fn built(html: String) -> PuzzleHtml {
        PuzzleHtml(html.replace(['\n', '\r'], " "))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The rater's verdict on a Day played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub number: u32,
    pub solved: bool,
    pub say: [String; 2],
    pub html: [PuzzleHtml; 2],
}

/// What the rater answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleReply {
    /// Puzzle `number`, its position as the seat saw it (`sv1 …`) and its task in both
    /// languages.
    Offer {
        id: RequestId,
        number: u32,
        difficulty: Difficulty,
        view: String,
        task: [String; 2],
    },
    Verdict {
        id: RequestId,
        verdict: Box<Verdict>,
    },
    /// How the mistakes' queue stands (nothing due to offer, or only counted).
    Mine {
        id: RequestId,
        news: MineNews,
    },
    /// The set could not be fetched or read.
    NoSet {
        id: RequestId,
    },
}

/// A text of the puzzles' protocol that is not as its writer writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleWireError {
    Wire(WireError),
    /// A level or difficulty word that names none.
    Level {
        excerpt: String,
    },
    /// A list of numbers that is not numbers.
    Numbers {
        excerpt: String,
    },
    /// The worker's reply to a request it could not read.
    NoRequest,
}

impl From<WireError> for PuzzleWireError {
    fn from(e: WireError) -> PuzzleWireError {
        PuzzleWireError::Wire(e)
    }
}

impl fmt::Display for PuzzleWireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleWireError::Wire(e) => e.fmt(f),
            PuzzleWireError::Level { excerpt } => write!(f, "puzzle text: no level `{excerpt}`"),
            PuzzleWireError::Numbers { excerpt } => write!(f, "puzzle text: `{excerpt}` is not numbers"),
            PuzzleWireError::NoRequest => f.write_str("the rater could not read the puzzle's request"),
        }
    }
}

impl std::error::Error for PuzzleWireError {}

fn excerpt(text: &str) -> String {
    text.chars().take(20).collect()
}

fn read_id(lines: &mut Lines<'_>, what: WireText) -> Result<RequestId, PuzzleWireError> {
    match lines.value("id")? {
        NO_REQUEST => Err(PuzzleWireError::NoRequest),
        id => Ok(RequestId::from_text(id).map_err(|error| WireError::RequestId { text: what, error })?),
    }
}

fn difficulty_of(word: &str) -> Result<Difficulty, PuzzleWireError> {
    Difficulty::ALL.into_iter().find(|d| d.name() == word).ok_or(PuzzleWireError::Level { excerpt: excerpt(word) })
}

impl PuzzleRequest {
    /// Whether a text from the page is a puzzle's request (rather than a rating's).
    pub fn is_one(text: &str) -> bool {
        matches!(text.lines().next(), Some(PICK | JUDGE | MINE))
    }

    /// Whether it is a request of the player's mistakes.
    pub fn is_mine(text: &str) -> bool {
        text.lines().next() == Some(MINE)
    }

    pub fn to_text(&self) -> String {
        match self {
            PuzzleRequest::Pick { id, level, after, solved } => pick_text(*id, *level, *after, solved),
            PuzzleRequest::Judge { id, number, day } => judge_text(*id, *number, day),
            PuzzleRequest::Mine { id, ask, queue } => {
                let ask = match ask {
                    MineAsk::Count => "count".into(),
                    MineAsk::Pick => "pick".into(),
                    MineAsk::Judge { number, day } => format!("judge {number} {day}"),
                };
                mine_text(*id, &ask, queue)
            }
        }
    }

    pub fn from_text(text: &str) -> Result<PuzzleRequest, PuzzleWireError> {
        let what = WireText::PuzzleRequest;
        if text.lines().next() == Some(MINE) {
            // The queue is the rest of the text, line breaks and all: the page sends its
            // stored text as it is, and a text damaged so is refused by the queue's reader
            // in words (and started again) rather than as a request the rater cannot read.
            let (head, queue) = text.split_once("\nqueue ").unwrap_or((text, ""));
            let mut lines = Lines::new(head, what, MINE)?;
            let id = read_id(&mut lines, what)?;
            let word = lines.value("ask")?;
            let ask = match word.split_once(' ') {
                None if word == "count" => MineAsk::Count,
                None if word == "pick" => MineAsk::Pick,
                Some(("judge", rest)) => {
                    let (number, day) = rest.split_once(' ').unwrap_or((rest, ""));
                    let number = number.parse().map_err(|_| PuzzleWireError::Numbers { excerpt: excerpt(number) })?;
                    MineAsk::Judge { number, day: day.to_string() }
                }
                _ => return Err(PuzzleWireError::Level { excerpt: excerpt(word) }),
            };
            lines.end()?;
            return Ok(PuzzleRequest::Mine { id, ask, queue: queue.to_string() });
        }
        if text.lines().next() == Some(JUDGE) {
            let mut lines = Lines::new(text, what, JUDGE)?;
            let id = read_id(&mut lines, what)?;
            let number = lines.number("number")?;
            let day = lines.value("day")?.to_string();
            lines.end()?;
            return Ok(PuzzleRequest::Judge { id, number, day });
        }
        let mut lines = Lines::new(text, what, PICK)?;
        let id = read_id(&mut lines, what)?;
        let word = lines.value("level")?;
        let level = Level::parse(word).ok_or(PuzzleWireError::Level { excerpt: excerpt(word) })?;
        let after = lines.number("after")?;
        let list = lines.value("solved")?;
        let solved = match list {
            "-" => Vec::new(),
            list => list
                .split(' ')
                .map(|n| n.parse::<u32>().map_err(|_| PuzzleWireError::Numbers { excerpt: excerpt(n) }))
                .collect::<Result<_, _>>()?,
        };
        lines.end()?;
        Ok(PuzzleRequest::Pick { id, level, after, solved })
    }
}

impl PuzzleReply {
    /// Whether a text from the rater is a puzzle's reply.
    pub fn is_one(text: &str) -> bool {
        matches!(text.lines().next(), Some(OFFER | VERDICT | NONE))
    }

    pub fn to_text(&self) -> String {
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        match self {
            PuzzleReply::Offer { id, number, difficulty, view, task: [en, ja] } => format!(
                "{OFFER}\nid {}\nnumber {number}\ndifficulty {}\ntask-en {}\ntask-ja {}\nview {}",
                id.to_text(),
                difficulty.name(),
                one_line(en),
                one_line(ja),
                one_line(view)
            ),
            // Written as an offer of no puzzle (number 0, which no puzzle has), so that the
            // page reads it with the offer's reader: the row in both languages as the task,
            // the queue to store as the view (`-`: unchanged).
            PuzzleReply::Mine { id, news: MineNews { html: [en, ja], queue } } => PuzzleReply::Offer {
                id: *id,
                number: 0,
                difficulty: Difficulty::Hard,
                view: queue.clone().unwrap_or_else(|| "-".into()),
                task: [en.as_str().into(), ja.as_str().into()],
            }
            .to_text(),
            PuzzleReply::Verdict { id, verdict } => {
                let [say_en, say_ja] = &verdict.say;
                let [en, ja] = &verdict.html;
                format!(
                    "{VERDICT}\nid {}\nnumber {}\nsolved {}\nsay-en {}\nsay-ja {}\nen {}\nja {}",
                    id.to_text(),
                    verdict.number,
                    if verdict.solved { "yes" } else { "no" },
                    one_line(say_en),
                    one_line(say_ja),
                    en.as_str(),
                    ja.as_str()
                )
            }
            PuzzleReply::NoSet { id } => format!("{NONE}\nid {}", id.to_text()),
        }
    }

    /// The rater's reply to a request it could not read.
    pub fn unreadable_request() -> String {
        format!("{NONE}\nid {NO_REQUEST}")
    }

    pub fn from_text(text: &str) -> Result<PuzzleReply, PuzzleWireError> {
        let what = WireText::PuzzleReply;
        match text.lines().next() {
            Some(NONE) => {
                let mut lines = Lines::new(text, what, NONE)?;
                let id = read_id(&mut lines, what)?;
                lines.end()?;
                Ok(PuzzleReply::NoSet { id })
            }
            Some(OFFER) => {
                let mut lines = Lines::new(text, what, OFFER)?;
                let id = read_id(&mut lines, what)?;
                let number = lines.number("number")?;
                let difficulty = difficulty_of(lines.value("difficulty")?)?;
                let task = [lines.value("task-en")?.to_string(), lines.value("task-ja")?.to_string()];
                let view = lines.value("view")?.to_string();
                lines.end()?;
                if number == 0 {
                    let [en, ja] = task;
                    let queue = (view != "-").then_some(view);
                    return Ok(PuzzleReply::Mine {
                        id,
                        news: MineNews { html: [PuzzleHtml(en), PuzzleHtml(ja)], queue },
                    });
                }
                Ok(PuzzleReply::Offer { id, number, difficulty, view, task })
            }
            _ => {
                let mut lines = Lines::new(text, what, VERDICT)?;
                let id = read_id(&mut lines, what)?;
                let number = lines.number("number")?;
                let solved = match lines.value("solved")? {
                    "yes" => true,
                    "no" => false,
                    other => return Err(PuzzleWireError::Level { excerpt: excerpt(other) }),
                };
                let say = [lines.value("say-en")?.to_string(), lines.value("say-ja")?.to_string()];
                let html = [PuzzleHtml(lines.value("en")?.to_string()), PuzzleHtml(lines.value("ja")?.to_string())];
                lines.end()?;
                Ok(PuzzleReply::Verdict { id, verdict: Box::new(Verdict { number, solved, say, html }) })
            }
        }
    }
}

/// The text of a [`PuzzleRequest::Mine`] from its parts (`ask` as it writes it), which the
/// page writes without building the request; each on one line.
pub fn mine_text(id: RequestId, ask: &str, queue: &str) -> String {
    // Last: the rater reads the rest of the text as the queue, whatever it holds.
    format!("{MINE}\nid {}\nask {ask}\nqueue {queue}", id.to_text())
}

/// The text of a [`PuzzleRequest::Pick`] from its parts: the page writes each request from
/// its own function, so that its module links no other request's writer.
pub fn pick_text(id: RequestId, level: Level, after: u32, solved: &[u32]) -> String {
    let solved: Vec<String> = solved.iter().map(u32::to_string).collect();
    format!(
        "{PICK}\nid {}\nlevel {}\nafter {after}\nsolved {}",
        id.to_text(),
        level.code(),
        if solved.is_empty() { "-".into() } else { solved.join(" ") }
    )
}

/// The text of a [`PuzzleRequest::Judge`] from its parts.
pub fn judge_text(id: RequestId, number: u32, day: &str) -> String {
    format!("{JUDGE}\nid {}\nnumber {number}\nday {}", id.to_text(), day.replace(['\n', '\r'], " "))
}
