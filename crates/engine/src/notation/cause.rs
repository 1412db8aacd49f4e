//! What is wrong with one token of a record or a position (or with the text as a whole):
//! the `why` of a [`super::NotationError`]. Each variant names the fault in terms a person
//! can fix in the text; the causes found by the engine's own checks (a refused action, a
//! board, the pieces a game has) are nested as they are, not flattened into words.

use crate::day::RuleError;
use crate::piece::{BadPiece, ExcessPieces};
use crate::position::BoardError;
use crate::seat::{OptionsError, Seat};
use crate::seat_view::LimitError;
use crate::sets::NotASet;
use crate::square::BadSquare;
use std::fmt;

use super::HAND;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationCause {
    /// The text is longer than any record or position read ([`super::MAX_RECORD_BYTES`]).
    TooLong { what: &'static str, len: usize, max: usize },
    /// A record's first token is neither `LZR2` nor `LZR1`.
    NotARecord,
    /// A position's first token is not `LZP1`.
    NotAPosition,
    /// A position does not have its six tokens.
    PositionTokens { count: usize },
    /// The `:` between a record's header and its actions is missing.
    NoColon,
    /// A record's luminous rule is neither `lum=on` nor `lum=off`.
    LuminousRule,
    /// A first-format record's seed is not `seed=<whole number>`.
    Seed,
    /// Not one of the four seats' names (quoted as [`crate::piece::excerpt`] cuts it).
    UnknownSeat { text: String },
    /// The seats are no game's (R3).
    Options(OptionsError),
    /// A position lists its players out of seat order.
    SeatOrder,
    /// `x` without a Department number after it.
    DissolveNumber,
    /// `f…` without the `=` between the pieces and their reading.
    FormShape,
    /// A Form's reading is no set (R14).
    NotASet(NotASet),
    /// A capture's square is no square.
    Square(BadSquare),
    /// A token that is no action.
    NotAnAction,
    /// Pieces that end in the middle of a piece's code (quoted).
    UnfinishedPiece { text: String },
    /// A piece code that is no piece.
    Piece(BadPiece),
    /// More pieces than a hand holds (R6).
    HandTooLarge { count: usize },
    /// Not exactly three pieces where a set is written (quoted).
    NotThreePieces { text: String },
    /// A turn without its `+` or `-`.
    TurnShape,
    /// The turn names a seat that does not play.
    SeatNotPlaying,
    /// The luminous piece is neither `lum=<piece>` nor `lum=off`.
    LuminousShape,
    /// A board without its five ranks.
    Ranks { count: usize },
    /// A rank without its five squares.
    RankSquares { rank: u8, count: usize },
    /// A board without its one empty square (R2).
    Board(BoardError),
    /// The Season and Day are not `s<Season>d<Day>`, both from 1.
    SeasonDayShape,
    /// A Season past the last one the players play (R20).
    SeasonPastEnd { season: u8, players: usize },
    /// A Day or a score past what a game reaches.
    Limit(LimitError),
    /// A player's hand and Departments are not nine pieces (R6).
    HandSize { seat: Seat, total: usize },
    /// More of a piece than the game has (R1, R3).
    Excess(ExcessPieces),
    /// A position's player is not `seat:score:hand[:departments]` (quoted).
    PlayerShape { text: String },
    /// A player with more than one list of Departments (quoted).
    PlayerColons { text: String },
    /// A player's score is no whole number (quoted).
    ScoreNotNumber { seat: Seat, text: String },
    /// A player's score past what a game reaches.
    Score { seat: Seat, cause: LimitError },
    /// More concealed pieces counted than a hand holds (R6; the count quoted).
    HiddenTooMany { seat: Seat, count: String },
    /// More concealed pieces shown than a hand holds (R6).
    ShownTooMany { seat: Seat, count: usize },
    /// More Departments than a hand of nine reveals (R10).
    TooManyDepartments { seat: Seat, count: usize, max: usize },
    /// A Department without the `=` between its pieces and their reading (quoted).
    DepartmentShape { text: String },
    /// A Department's pieces cannot be read as written (R14).
    CannotRead { text: String },
    /// A throw that is not `*` and five faces (R5).
    Sticks,
    /// A deal with a number of hands other than the number of players.
    Hands { count: usize, players: usize },
    /// An action the rules refuse where the record plays it (its number, from 1).
    Refused { action: usize, error: RuleError },
    /// Chance as recorded is refused after that many actions.
    ChanceRefused { after: usize, error: RuleError },
    /// A game under way whose record no deal of the hidden hands can replay (R6).
    NoDeal(NoDeal),
}

/// Why no deal of a record's hidden hands fits its public actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDeal {
    NotDealt,
    CannotHold,
    NoneFits,
    ExcessCopies,
    NeedsUnseen,
}

impl fmt::Display for NoDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoDeal::NotDealt => "a declaration shows pieces its player was not dealt",
            NoDeal::CannotHold => "a declaration shows pieces its player cannot hold",
            NoDeal::NoneFits => "no deal fits the record's actions",
            NoDeal::ExcessCopies => "a deal shows more copies of a piece than the game has",
            NoDeal::NeedsUnseen => "its actions need more pieces than nobody saw",
        })
    }
}

impl fmt::Display for NotationCause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationCause as C;
        match self {
            C::TooLong { what, len, max } => {
                write!(f, "the {what} is {len} bytes long; the longest read is {max} bytes")
            }
            C::NotARecord => f.write_str("a record starts with LZR2 (or LZR1, the first format)"),
            C::NotAPosition => f.write_str("a position starts with LZP1"),
            C::PositionTokens { count } => {
                write!(f, "a position has 6 tokens (LZP1, board, players, turn, season, luminous), not {count}")
            }
            C::NoColon => f.write_str("expected ':' before the actions"),
            C::LuminousRule => f.write_str("expected lum=on or lum=off"),
            C::Seed => f.write_str("expected seed=<whole number>"),
            C::UnknownSeat { text } => write!(f, "'{text}' is not a seat (red, blue, black, yellow)"),
            C::Options(e) => e.fmt(f),
            C::SeatOrder => f.write_str("list the players in seat order: red, blue, black, yellow"),
            C::DissolveNumber => f.write_str("x must be followed by a Department number (x0, x1, x2)"),
            C::FormShape => f.write_str("a Form is f<three pieces>=<three pieces read>"),
            C::NotASet(e) => e.fmt(f),
            C::Square(e) => e.fmt(f),
            C::NotAnAction => f.write_str("not an action (see NOTATION.md)"),
            C::UnfinishedPiece { text } => write!(f, "'{text}' is not a piece"),
            C::Piece(e) => e.fmt(f),
            C::HandTooLarge { count } => write!(f, "{count} pieces, but a hand holds {HAND} (R6)"),
            C::NotThreePieces { text } => write!(f, "'{text}' is not three pieces"),
            C::TurnShape => f.write_str("expected the seat to move and + (clockwise) or - (counterclockwise)"),
            C::SeatNotPlaying => f.write_str("that seat is not playing"),
            C::LuminousShape => f.write_str("expected lum=<piece> or lum=off"),
            C::Ranks { count } => write!(f, "the board has 5 ranks separated by '/', not {count}"),
            C::RankSquares { rank, count } => write!(f, "rank {rank} has {count} squares, not 5"),
            C::Board(e) => e.fmt(f),
            C::SeasonDayShape => f.write_str("expected s<Season>d<Day>, both from 1, e.g. s1d1"),
            C::SeasonPastEnd { season, players } => {
                write!(f, "Season {season}, but {players} players play {players} Seasons (R20)")
            }
            C::Limit(e) => e.fmt(f),
            C::HandSize { seat, total } => write!(f, "{seat} holds {total} pieces, not {HAND} (R6)"),
            C::Excess(e) => e.fmt(f),
            C::PlayerShape { text } => write!(f, "'{text}' is not seat:score:hand[:departments]"),
            C::PlayerColons { text } => write!(f, "'{text}' has too many ':'"),
            C::ScoreNotNumber { seat, text } => write!(f, "score '{text}' of {seat} is not a whole number"),
            C::Score { seat, cause } => write!(f, "{seat}'s score: {cause}"),
            C::HiddenTooMany { seat, count } => {
                write!(f, "{seat} has {count} concealed pieces, but a hand holds {HAND} (R6)")
            }
            C::ShownTooMany { seat, count } => {
                write!(f, "{seat} shows {count} concealed pieces, but a hand holds {HAND} (R6)")
            }
            C::TooManyDepartments { seat, count, max } => {
                write!(f, "{seat} has {count} Departments, but a hand of {HAND} reveals at most {max} (R10)")
            }
            C::DepartmentShape { text } => write!(f, "Department '{text}' is <pieces>=<pieces read>"),
            C::CannotRead { text } => write!(f, "{text}: the pieces cannot be read that way (R14)"),
            C::Sticks => f.write_str("a throw is * and five faces, 1 dark and 0 light (R5)"),
            C::Hands { count, players } => write!(f, "{count} hands for {players} players"),
            C::Refused { action, error } => write!(f, "action {action} is refused: {error}"),
            C::ChanceRefused { after, error } => write!(f, "after {after} actions: {error}"),
            C::NoDeal(why) => write!(f, "the record of a game under way cannot be replayed: {why} (R6)"),
        }
    }
}

impl std::error::Error for NotationCause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        use NotationCause as C;
        match self {
            C::Options(e) => Some(e),
            C::NotASet(e) => Some(e),
            C::Square(e) => Some(e),
            C::Piece(e) => Some(e),
            C::Board(e) => Some(e),
            C::Limit(e) | C::Score { cause: e, .. } => Some(e),
            C::Excess(e) => Some(e),
            C::Refused { error, .. } | C::ChanceRefused { error, .. } => Some(error),
            _ => None,
        }
    }
}

macro_rules! nest {
    ($($from:ty => $variant:ident),*) => {
        $(impl From<$from> for NotationCause {
            fn from(e: $from) -> NotationCause {
                NotationCause::$variant(e)
            }
        })*
    };
}

nest!(OptionsError => Options, NotASet => NotASet, BadSquare => Square, BadPiece => Piece, BoardError => Board,
    LimitError => Limit, ExcessPieces => Excess, NoDeal => NoDeal);
