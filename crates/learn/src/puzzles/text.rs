//! Puzzles as text, one a line, for the shipped set (docs/puzzles.md):
//!
//! `pz1;<difficulty>;<margin>;<themes>;<solution>;<view>`
//!
//! - `pz1`: the form of the line, so that a later form is refused rather than misread;
//! - the difficulty's word (`easy`, `normal`, `hard`) and the margin in points with one
//!   decimal (`4.2`);
//! - the themes' words, comma-separated, in their order;
//! - the solution as a record's tokens (`G5 b2 >c3`, NOTATION.md);
//! - the seat's view at the Day's start as the worker's text (`sv1 …`,
//!   [`SeatView::to_text`]).
//!
//! A file may hold empty lines and lines starting with `#` (what made it). Any other text is
//! refused with the number of the line and the fault, never a panic: the file is data.

use super::{Difficulty, Margin, Puzzle, Theme};
use lauzait_engine::notation::{actions_text, parse_actions, NotationError};
use lauzait_engine::piece::excerpt;
use lauzait_engine::{Action, SeatView, ViewTextError};
use std::fmt;

/// The first field of every puzzle line.
pub const MARK: &str = "pz1";

/// A puzzle file that could not be read: the line at fault (1 for the first) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleTextError {
    pub line: usize,
    pub fault: PuzzleTextFault,
}

/// What is wrong with a puzzle line (a quoted field is an excerpt).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleTextFault {
    /// Not a line of this form (another version, or no puzzle at all).
    Mark {
        found: String,
    },
    /// Fewer fields than the six of a puzzle.
    MissingField {
        field: &'static str,
    },
    Difficulty {
        found: String,
    },
    Margin {
        found: String,
    },
    Theme {
        found: String,
    },
    /// A puzzle is about something: at least one theme.
    NoTheme,
    Solution(NotationError),
    /// The solution is not one whole Day (its last step, and only it, ends the Day).
    NotOneDay,
    View(ViewTextError),
    /// The view is of a Day already begun.
    DayUnderWay,
}

impl fmt::Display for PuzzleTextFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleTextFault::Mark { found } => write!(f, "'{found}' is not a puzzle of form {MARK}"),
            PuzzleTextFault::MissingField { field } => write!(f, "the {field} is missing"),
            PuzzleTextFault::Difficulty { found } => {
                write!(f, "unknown difficulty '{found}' (easy, normal or hard)")
            }
            PuzzleTextFault::Margin { found } => write!(f, "'{found}' is not a margin like 4.2"),
            PuzzleTextFault::Theme { found } => write!(f, "unknown theme '{found}'"),
            PuzzleTextFault::NoTheme => f.write_str("no theme"),
            PuzzleTextFault::Solution(e) => write!(f, "the solution: {e}"),
            PuzzleTextFault::NotOneDay => f.write_str("the solution is not one whole Day"),
            PuzzleTextFault::View(e) => write!(f, "the position: {e}"),
            PuzzleTextFault::DayUnderWay => f.write_str("the position is not at the start of a Day"),
        }
    }
}

impl fmt::Display for PuzzleTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.fault)
    }
}

impl std::error::Error for PuzzleTextError {}

impl Puzzle {
    /// The puzzle as one line, without its end ([`Puzzle::from_line`] reads it back).
    pub fn to_line(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{MARK};{};{};{};{};{}",
            self.difficulty,
            self.margin,
            themes.join(","),
            actions_text(&self.solution),
            self.view.to_text()
        )
    }

    /// The puzzle of one line.
    pub fn from_line(line: &str) -> Result<Puzzle, PuzzleTextFault> {
        let mut fields = line.splitn(6, ';');
        let mut next = |field| fields.next().ok_or(PuzzleTextFault::MissingField { field });
        let mark = next("form")?;
        if mark != MARK {
            return Err(PuzzleTextFault::Mark { found: excerpt(mark) });
        }
        let difficulty = next("difficulty")?;
        let difficulty = Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == difficulty)
            .ok_or_else(|| PuzzleTextFault::Difficulty { found: excerpt(difficulty) })?;
        let margin = read_margin(next("margin")?)?;
        let themes = read_themes(next("themes")?)?;
        let solution = parse_actions(next("solution")?).map_err(PuzzleTextFault::Solution)?;
        if !Action::is_one_day(&solution) {
            return Err(PuzzleTextFault::NotOneDay);
        }
        let view = SeatView::from_text(next("position")?).map_err(PuzzleTextFault::View)?;
        if !view.steps.is_empty() {
            return Err(PuzzleTextFault::DayUnderWay);
        }
        Ok(Puzzle { view, solution, margin, themes, difficulty })
    }
}

/// `4.2`: whole points, a point, one decimal.
fn read_margin(text: &str) -> Result<Margin, PuzzleTextFault> {
    let bad = || PuzzleTextFault::Margin { found: excerpt(text) };
    let (whole, tenth) = text.split_once('.').ok_or_else(bad)?;
    let digits = |s: &str, most: usize| !s.is_empty() && s.len() <= most && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole, 6) || !digits(tenth, 1) {
        return Err(bad());
    }
    let whole: u32 = whole.parse().map_err(|_| bad())?;
    let tenth: u32 = tenth.parse().map_err(|_| bad())?;
    Ok(Margin { tenths: whole * 10 + tenth })
}

/// Theme words, comma-separated, each once, in their order.
fn read_themes(text: &str) -> Result<Vec<Theme>, PuzzleTextFault> {
    if text.is_empty() {
        return Err(PuzzleTextFault::NoTheme);
    }
    let themes = text
        .split(',')
        .map(|word| Theme::from_name(word).ok_or_else(|| PuzzleTextFault::Theme { found: excerpt(word) }))
        .collect::<Result<Vec<Theme>, _>>()?;
    // Written in order and once each: anything else is not a line this form writes.
    if themes.windows(2).any(|w| w[0].rank() >= w[1].rank()) {
        return Err(PuzzleTextFault::Theme { found: excerpt(text) });
    }
    Ok(themes)
}

/// Puzzles as a file's text: each puzzle's line, `header` first as comment lines.
pub fn to_text(header: &str, puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    for puzzle in puzzles {
        out.push_str(&puzzle.to_line());
        out.push('\n');
    }
    out
}

/// The puzzles of a file's text, in order, skipping empty and `#` lines.
pub fn from_text(text: &str) -> Result<Vec<Puzzle>, PuzzleTextError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| Puzzle::from_line(line).map_err(|fault| PuzzleTextError { line: i + 1, fault }))
        .collect()
}
