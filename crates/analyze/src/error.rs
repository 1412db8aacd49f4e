//! Why an `analyze` request is refused (ANALYZE-PROTOCOL.md, "Errors"): the field and the
//! value at fault. The words are the protocol's, checked against an independent
//! implementation, so each variant shows exactly the line it always answered.

use lauzait_engine::piece::BadPiece;
use lauzait_engine::{BoardError, Piece, Square};
use std::fmt;

/// Where in a request a value sits: a request's list (`declare.hand`), the indices into it
/// (`declare.revealed[1][2]`) and, on the board, the square an entry stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub list: &'static str,
    pub at: Vec<usize>,
    pub square: Option<Square>,
}

impl Field {
    pub(crate) fn new(list: &'static str) -> Field {
        Field { list, at: Vec::new(), square: None }
    }

    /// The entry `i` of this list.
    pub(crate) fn item(&self, i: usize) -> Field {
        let mut at = self.at.clone();
        at.push(i);
        Field { at, ..self.clone() }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.list)?;
        self.at.iter().try_for_each(|i| write!(f, "[{i}]"))?;
        match self.square {
            Some(square) => write!(f, " ({square})"),
            None => Ok(()),
        }
    }
}

/// A request the oracle cannot answer. Quoted JSON values are cut as
/// [`lauzait_engine::piece::excerpt`] cuts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalyzeError {
    NotAnObject,
    /// `players` that is not 2, 3 or 4.
    Players {
        value: String,
    },
    UnknownRequest,
    /// `sets` without exactly three pieces.
    NotThreeForSets,
    DeclareShape,
    HiresShape,
    /// A piece that is not a string.
    PieceNotText {
        field: Field,
        value: String,
    },
    /// A string that is no piece's code.
    Piece {
        field: Field,
        cause: BadPiece,
    },
    /// A piece the game leaves out (the zeros with fewer than four players, R3).
    NotInPlay {
        field: Field,
        piece: Piece,
        players: usize,
    },
    NotAPieceList {
        field: Field,
        value: String,
    },
    NotADepartmentList {
        field: Field,
        value: String,
    },
    NotThreePieces {
        field: Field,
        value: String,
    },
    /// A revealed Department that is no set (R14); its three pieces as the request wrote them.
    NotASet {
        field: Field,
        value: String,
    },
    /// A `declare` whose hand and Departments are not nine pieces.
    NotNine {
        total: usize,
    },
    BoardNotAList {
        value: String,
    },
    BoardLength {
        entries: usize,
    },
    Board(BoardError),
    /// More pieces in a request than the game has (R1, R3).
    TooManyPieces {
        request: &'static str,
        count: usize,
        game: usize,
    },
    /// More copies of a piece than the game has (R1).
    TooManyCopies {
        request: &'static str,
        piece: Piece,
        count: u8,
        copies: u8,
    },
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use AnalyzeError as E;
        match self {
            E::NotAnObject => f.write_str("a request must be a JSON object"),
            E::Players { value } => write!(f, "players must be 2, 3 or 4, not {value}"),
            E::UnknownRequest => f.write_str("unknown request"),
            E::NotThreeForSets => f.write_str("sets takes three pieces"),
            E::DeclareShape => f.write_str("declare must be an object with hand, revealed and luminous"),
            E::HiresShape => f.write_str("hires must be an object with board, hand and revealed"),
            E::PieceNotText { field, value } => write!(f, "bad piece {value} in {field}"),
            E::Piece { field, cause } => write!(f, "{cause} in {field}"),
            E::NotInPlay { field, piece, players } => {
                write!(f, "{piece} in {field} is not in play with {players} players (R3)")
            }
            E::NotAPieceList { field, value } => write!(f, "{field} must be a list of pieces, not {value}"),
            E::NotADepartmentList { field, value } => write!(f, "{field} must be a list of Departments, not {value}"),
            E::NotThreePieces { field, value } => write!(f, "{field} must hold three pieces, not {value}"),
            E::NotASet { field, value } => write!(f, "{field} {value} is not a set (R14)"),
            E::NotNine { total } => write!(f, "hand and revealed must hold nine pieces, not {total}"),
            E::BoardNotAList { value } => write!(f, "hires.board must be a list of 25 entries, not {value}"),
            E::BoardLength { entries } => write!(f, "hires.board must have 25 entries, not {entries}"),
            E::Board(e) => write!(f, "hires.{e}"),
            E::TooManyPieces { request, count, game } => {
                write!(f, "{request} holds {count} pieces, but the game has {game} (R1, R3)")
            }
            E::TooManyCopies { request, piece, count, copies } => {
                write!(f, "{request} holds {count} copies of {piece}, but the game has {copies} (R1)")
            }
        }
    }
}

impl std::error::Error for AnalyzeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AnalyzeError::Piece { cause, .. } => Some(cause),
            AnalyzeError::Board(e) => Some(e),
            _ => None,
        }
    }
}
