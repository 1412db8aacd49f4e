//! The history as the browser's storage keeps it (docs/history.md): a first line `LZH1`,
//! then one line per finished game, oldest first:
//!
//! ```text
//! LZH1
//! 0 p,12,1,0 e,-3,0,0 f,615,720,2
//! - p,4,0,0 p,8,1,1 s,2,0,0
//! ```
//!
//! - the device's player's seat, or `-` for a game of several persons;
//! - each seat as `who,points,declarations,stalemates`, `who` being `p` for a person, `e`, `n`
//!   or `s` for the Easy, Normal or Strong computer player;
//! - the player's figures when rated: `f,agreement,accuracy,costly` with agreement and
//!   accuracy in tenths (`-` when no Day was played).
//!
//! Whole numbers only, so that neither side of the page needs floating-point text. A text
//! that is not exactly this is refused with the line at fault and why.

use super::played::{Figures, PlayedGame, SeatResult, Sitter, Tenths};
use lauzait_bots::Level;
use std::fmt::{self, Write};

const MARK: &str = "LZH1";

/// The most games kept: older ones are dropped as new ones come (a few tens of bytes each,
/// well within the browser's storage).
pub const MAX_GAMES: usize = 1000;

/// Why a stored history could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// The first line is not `LZH1` (another program's text, or a later format).
    NotAHistory,
    /// Line `line` (1 = the first game) is not a game as written, and why.
    Line { line: usize, fault: LineFault },
    /// More games than are ever kept.
    TooMany,
}

/// What is wrong with a game's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// Not `-` nor a seat number of the game's seats, nor a person's seat.
    You,
    /// A seat that is not `who,points,declarations,stalemates`.
    Seat,
    /// Fewer than two seats or more than four.
    SeatCount,
    /// Figures that are not `f,agreement,accuracy,costly` within their ranges.
    Figures,
    /// Something after the figures.
    Trailing,
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::NotAHistory => write!(f, "the text does not start with {MARK}"),
            HistoryError::Line { line, fault } => write!(f, "game {line}: {fault}"),
            HistoryError::TooMany => write!(f, "more than {MAX_GAMES} games"),
        }
    }
}

impl fmt::Display for LineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineFault::You => "the player's seat is not a person's seat of the game",
            LineFault::Seat => "a seat is not who,points,declarations,stalemates",
            LineFault::SeatCount => "a game has 2 to 4 seats",
            LineFault::Figures => "the figures are not f,agreement,accuracy,costly",
            LineFault::Trailing => "something follows the figures",
        })
    }
}

impl std::error::Error for HistoryError {}

/// The finished games kept on the device, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    games: Vec<PlayedGame>,
}

impl History {
    /// No game kept (a constant, for a model built before the stored text is read).
    pub const EMPTY: History = History { games: Vec::new() };

    /// The text of no game kept: the format's first line, which every history starts with.
    pub const EMPTY_TEXT: &'static str = MARK;

    pub fn games(&self) -> &[PlayedGame] {
        &self.games
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Keeps a finished game, dropping the oldest past [`MAX_GAMES`].
    pub fn push(&mut self, game: PlayedGame) {
        self.games.push(game);
        let extra = self.games.len().saturating_sub(MAX_GAMES);
        self.games.drain(..extra);
    }

    /// Gives the last game its player's figures, once rated; a game already rated keeps
    /// its own.
    pub fn rate_last(&mut self, figures: Figures) {
        if let Some(last) = self.games.last_mut().filter(|g| g.figures.is_none() && g.you.is_some()) {
            last.figures = Some(figures);
        }
    }

    /// The history as stored.
    pub fn to_text(&self) -> String {
        let mut out = String::from(MARK);
        for game in &self.games {
            out.push('\n');
            match game.you {
                Some(p) => {
                    let _ = write!(out, "{p}");
                }
                None => out.push('-'),
            }
            for s in &game.seats {
                let _ = write!(out, " {},{},{},{}", who_code(s.sitter), s.points, s.declarations, s.stalemates);
            }
            if let Some(f) = game.figures {
                out.push_str(" f,");
                write_tenths(&mut out, f.agreement);
                out.push(',');
                write_tenths(&mut out, f.accuracy);
                let _ = write!(out, ",{}", f.costly);
            }
        }
        out
    }

    /// Reads a stored history.
    pub fn from_text(text: &str) -> Result<History, HistoryError> {
        let mut lines = text.lines();
        if lines.next() != Some(MARK) {
            return Err(HistoryError::NotAHistory);
        }
        let mut games = Vec::new();
        for (i, line) in lines.enumerate() {
            if games.len() == MAX_GAMES {
                return Err(HistoryError::TooMany);
            }
            games.push(read_game(line).map_err(|fault| HistoryError::Line { line: i + 1, fault })?);
        }
        Ok(History { games })
    }
}

fn who_code(sitter: Sitter) -> char {
    match sitter {
        Sitter::Person => 'p',
        Sitter::Computer(Level::Easy) => 'e',
        Sitter::Computer(Level::Normal) => 'n',
        Sitter::Computer(Level::Strong) => 's',
    }
}

fn write_tenths(out: &mut String, t: Option<Tenths>) {
    match t {
        Some(t) => {
            let _ = write!(out, "{}", t.0);
        }
        None => out.push('-'),
    }
}

fn read_game(line: &str) -> Result<PlayedGame, LineFault> {
    let mut words = line.split(' ');
    let you = match words.next() {
        Some("-") => None,
        Some(w) => Some(number::<usize>(w).ok_or(LineFault::You)?),
        None => return Err(LineFault::You),
    };
    let mut seats = Vec::new();
    let mut figures = None;
    for word in words {
        if figures.is_some() {
            return Err(LineFault::Trailing);
        }
        if let Some(rest) = word.strip_prefix("f,") {
            figures = Some(read_figures(rest).ok_or(LineFault::Figures)?);
        } else {
            if seats.len() == 4 {
                return Err(LineFault::SeatCount);
            }
            seats.push(read_seat(word).ok_or(LineFault::Seat)?);
        }
    }
    if seats.len() < 2 {
        return Err(LineFault::SeatCount);
    }
    // The player is the one person at the table; a game of several persons names none.
    let persons: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].sitter == Sitter::Person).collect();
    let expected = match persons.as_slice() {
        [p] => Some(*p),
        _ => None,
    };
    if you != expected || (you.is_none() && figures.is_some()) {
        return Err(LineFault::You);
    }
    Ok(PlayedGame { seats, you, figures })
}

fn read_seat(word: &str) -> Option<SeatResult> {
    let mut parts = word.split(',');
    let sitter = match parts.next()? {
        "p" => Sitter::Person,
        "e" => Sitter::Computer(Level::Easy),
        "n" => Sitter::Computer(Level::Normal),
        "s" => Sitter::Computer(Level::Strong),
        _ => return None,
    };
    let points = signed(parts.next()?)?;
    let declarations = number::<u8>(parts.next()?)?;
    let stalemates = number::<u8>(parts.next()?)?;
    (parts.next().is_none() && stalemates <= declarations).then_some(SeatResult {
        sitter,
        points,
        declarations,
        stalemates,
    })
}

fn read_figures(rest: &str) -> Option<Figures> {
    let mut parts = rest.split(',');
    let agreement = tenths(parts.next()?)?;
    let accuracy = tenths(parts.next()?)?;
    let costly = number::<u16>(parts.next()?)?;
    (parts.next().is_none()).then_some(Figures { agreement, accuracy, costly })
}

/// `-` or a number of tenths up to 100.0.
fn tenths(word: &str) -> Option<Option<Tenths>> {
    if word == "-" {
        return Some(None);
    }
    number::<u16>(word).filter(|&t| t <= Tenths::MAX.0).map(|t| Some(Tenths(t)))
}

/// A whole number written as this writer writes it: digits only, no sign, no leading zero.
fn number<T: std::str::FromStr>(word: &str) -> Option<T> {
    let canonical =
        !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) && (word == "0" || !word.starts_with('0'));
    canonical.then(|| word.parse().ok()).flatten()
}

/// A whole number that may be negative, as written: `-` then digits, never `-0`.
fn signed(word: &str) -> Option<i32> {
    match word.strip_prefix('-') {
        Some("0") => None,
        Some(digits) => number::<i32>(digits).map(|n| -n),
        None => number::<i32>(word),
    }
}
