//! Text notation for game records and positions (NOTATION.md), so games can be saved to a
//! file, shared as a link and replayed, and positions shown on other pages.
//!
//! Both formats are whitespace-separated tokens. Every error says which token and why, and
//! quotes at most an [`excerpt`] of the text: records and positions come from files and
//! links, so they may be anything, of any length.

use super::day::Action;
use super::game::GameOptions;
use super::piece::{excerpt, Piece, PieceCounts, PlayerCount};
use super::position::{Board, Department};
use super::seat::{Direction, Seat};
use super::seat_view::{check_day, check_points};
use super::sets::Reading;
use super::square::Square;
use super::view::PlayerView;
use std::fmt;

/// Where a text failed to parse and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based index of the token at fault (0: the text as a whole).
    pub token: usize,
    pub text: String,
    pub why: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token == 0 {
            f.write_str(&self.why)
        } else {
            write!(f, "token {} '{}': {}", self.token, self.text, self.why)
        }
    }
}

impl std::error::Error for NotationError {}

pub(super) fn error(token: usize, text: &str, why: impl Into<String>) -> NotationError {
    NotationError { token, text: excerpt(text), why: why.into() }
}

/// The longest record read, in bytes. A Day takes about a dozen characters (`G3 a1 >b2`),
/// so this is some 40,000 Days: far beyond any game played, yet a limit that a pasted file
/// or link reaches long before replaying it could take noticeable time.
pub const MAX_RECORD_BYTES: usize = 512 * 1024;

/// The longest position read, in bytes. The longest valid one (four players, shown hands,
/// every score at its widest) is under 500 bytes; the rest is room for spacing.
pub const MAX_POSITION_BYTES: usize = 4096;

/// Refuses a text over `max` bytes before any of it is read, so the cost of a refusal
/// never grows with the text.
pub(super) fn check_length(text: &str, what: &str, max: usize) -> Result<(), NotationError> {
    if text.len() > max {
        return Err(error(0, "", format!("the {what} is {} bytes long; the longest read is {max} bytes", text.len())));
    }
    Ok(())
}

pub(super) fn seat_list(seats: &[Seat]) -> String {
    seats.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

pub(super) fn parse_seat(text: &str) -> Result<Seat, String> {
    Seat::ALL
        .into_iter()
        .find(|s| s.to_string() == text)
        .ok_or_else(|| format!("'{}' is not a seat (red, blue, black, yellow)", excerpt(text)))
}

pub(super) fn parse_seats(text: &str) -> Result<Vec<Seat>, String> {
    text.split(',').map(parse_seat).collect()
}

/// An action as one token.
pub struct ActionToken(pub Action);

impl fmt::Display for ActionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Action::Dissolve { department } => write!(f, "x{department}"),
            Action::Form { pieces, reading } => {
                let [a, b, c] = pieces;
                let [x, y, z] = reading.pieces();
                write!(f, "f{a}{b}{c}={x}{y}{z}")
            }
            Action::Declare => f.write_str("!"),
            Action::DeclareStalemate => f.write_str("#"),
            Action::Discard { piece } => write!(f, "{piece}"),
            Action::Move { from } => write!(f, "{from}"),
            Action::Capture { to } => write!(f, ">{to}"),
            Action::Undo => f.write_str("u"),
            Action::NextSeason => f.write_str("n"),
            Action::EndSeasonByAgreement => f.write_str("~"),
            Action::EndGameByAgreement => f.write_str("end"),
        }
    }
}

/// Actions as record tokens separated by spaces (`G5 b2 >c3 !`, NOTATION.md): what
/// [`parse_actions`] reads.
pub fn actions_text(actions: &[Action]) -> String {
    let tokens: Vec<String> = actions.iter().map(|&a| ActionToken(a).to_string()).collect();
    tokens.join(" ")
}

/// Actions written as record tokens (`G5 b2 >c3 !`, NOTATION.md), read one by one without a
/// game to check them against (the caller applies them: a lesson's solution, say). The
/// token at fault and why otherwise.
pub fn parse_actions(tokens: &str) -> Result<Vec<Action>, NotationError> {
    check_length(tokens, "list of actions", MAX_RECORD_BYTES)?;
    tokens.split_whitespace().enumerate().map(|(i, t)| parse_action(t).map_err(|why| error(i + 1, t, why))).collect()
}

pub(super) fn parse_action(token: &str) -> Result<Action, String> {
    Ok(match token {
        "!" => Action::Declare,
        "#" => Action::DeclareStalemate,
        "u" => Action::Undo,
        "n" => Action::NextSeason,
        "~" => Action::EndSeasonByAgreement,
        "end" => Action::EndGameByAgreement,
        _ => {
            if let Some(n) = token.strip_prefix('x') {
                let department = n.parse().map_err(|_| "x must be followed by a Department number (x0, x1, x2)")?;
                Action::Dissolve { department }
            } else if let Some(form) = token.strip_prefix('f') {
                let (pieces, reading) = form.split_once('=').ok_or("a Form is f<three pieces>=<three pieces read>")?;
                let pieces = three_pieces(pieces)?;
                let reading = Reading::from_pieces(three_pieces(reading)?)?;
                Action::Form { pieces, reading }
            } else if let Some(to) = token.strip_prefix('>') {
                Action::Capture { to: to.parse().map_err(|e| format!("{e}"))? }
            } else if let Ok(piece) = token.parse::<Piece>() {
                Action::Discard { piece }
            } else if let Ok(from) = token.parse::<Square>() {
                Action::Move { from }
            } else {
                return Err("not an action (see NOTATION.md)".into());
            }
        }
    })
}

/// Splits "G1G2J" into pieces (records, positions, and the embeds' `pieces=` and `hand=`);
/// a mistake is named with an excerpt of the text, never the whole of it.
pub fn pieces_in(text: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let len = if bytes[i] == b'J' { 1 } else { 2 };
        let code = text.get(i..i + len).ok_or_else(|| format!("'{}' is not a piece", excerpt(&text[i..])))?;
        out.push(code.parse().map_err(|e| format!("{e}"))?);
        i += len;
    }
    Ok(out)
}

/// A hand's concealed pieces, as "G1G2J", at most nine (R6).
pub fn hand_pieces(text: &str) -> Result<Vec<Piece>, String> {
    let pieces = pieces_in(text)?;
    if pieces.len() > HAND {
        return Err(format!("{} pieces, but a hand holds {HAND} (R6)", pieces.len()));
    }
    Ok(pieces)
}

/// Exactly three pieces, as "G3G4J" (a set).
pub fn three_pieces(text: &str) -> Result<[Piece; 3], String> {
    pieces_in(text)?.try_into().map_err(|_| format!("'{}' is not three pieces", excerpt(text)))
}

/// What a position shows of one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionPlayer {
    pub seat: Seat,
    pub score: i32,
    /// The concealed pieces when shown, or only their number.
    pub concealed: Concealed,
    pub departments: Vec<Department>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Concealed {
    Hidden(usize),
    Shown(PieceCounts),
}

impl Concealed {
    pub fn count(&self) -> usize {
        match self {
            Concealed::Hidden(n) => *n,
            Concealed::Shown(p) => p.total(),
        }
    }
}

/// A position between Days as a page may show it:
/// `LZP1 <board> <players> <to move><direction> s<season>d<day> lum=<piece or off>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub players: Vec<PositionPlayer>,
    /// Index into `players`.
    pub to_move: usize,
    pub direction: Direction,
    pub season: u8,
    pub day: u32,
    /// `None` when the luminous rule is off.
    pub luminous: Option<Piece>,
}

impl Position {
    /// What `view`'s seat sees now; `show_own` adds that seat's concealed pieces.
    pub fn of_view(view: &PlayerView, show_own: bool) -> Position {
        let players = (0..view.seats().len())
            .map(|p| PositionPlayer {
                seat: view.seats()[p],
                score: view.scores()[p],
                concealed: if show_own && p == view.me() {
                    Concealed::Shown(view.my_concealed())
                } else {
                    Concealed::Hidden(view.concealed_count(p))
                },
                departments: view.departments(p).to_vec(),
            })
            .collect();
        Position {
            board: view.board(),
            players,
            to_move: view.to_move(),
            direction: view.direction(),
            season: view.season_number(),
            day: view.day_number(),
            luminous: view.luminous(),
        }
    }

    pub fn player_count(&self) -> PlayerCount {
        PlayerCount::try_from(self.players.len() as u8).unwrap_or(PlayerCount::Four)
    }

    pub fn parse(text: &str) -> Result<Position, NotationError> {
        check_length(text, "position", MAX_POSITION_BYTES)?;
        let tokens: Vec<&str> = text.split_whitespace().collect();
        if tokens.len() != 6 {
            return Err(error(
                0,
                text,
                format!("a position has 6 tokens (LZP1, board, players, turn, season, luminous), not {}", tokens.len()),
            ));
        }
        if tokens[0] != "LZP1" {
            return Err(error(1, tokens[0], "a position starts with LZP1"));
        }
        let board = parse_board(tokens[1]).map_err(|why| error(2, tokens[1], why))?;
        let players: Vec<PositionPlayer> =
            tokens[2].split(',').map(parse_player).collect::<Result<_, _>>().map_err(|why| error(3, tokens[2], why))?;
        let seats: Vec<Seat> = players.iter().map(|p| p.seat).collect();
        let options = GameOptions::new(seats.clone(), false).map_err(|why| error(3, tokens[2], why))?;
        if options.seats() != seats.as_slice() {
            return Err(error(3, tokens[2], "list the players in seat order: red, blue, black, yellow"));
        }
        let (to_move, direction) = parse_turn(tokens[3], &seats).map_err(|why| error(4, tokens[3], why))?;
        let (season, day) = tokens[4]
            .strip_prefix('s')
            .and_then(|r| r.split_once('d'))
            .and_then(|(s, d)| Some((s.parse::<u8>().ok()?, d.parse::<u32>().ok()?)))
            .filter(|&(s, d)| s >= 1 && d >= 1)
            .ok_or_else(|| error(5, tokens[4], "expected s<Season>d<Day>, both from 1, e.g. s1d1"))?;
        // As many Seasons as players (R20); a Day far from its counter's end.
        if usize::from(season) > players.len() {
            let n = players.len();
            return Err(error(5, tokens[4], format!("Season {season}, but {n} players play {n} Seasons (R20)")));
        }
        check_day(day).map_err(|why| error(5, tokens[4], why))?;
        let luminous = parse_luminous(tokens[5]).map_err(|why| error(6, tokens[5], why))?;
        let position = Position { board, players, to_move, direction, season, day, luminous };
        position.check().map_err(|why| error(0, text, why))?;
        Ok(position)
    }

    /// R1, R3 and the shape of a position between Days. The sums cannot overflow: each
    /// player was read with at most 9 concealed pieces and 3 Departments (`parse_player`).
    fn check(&self) -> Result<(), String> {
        let players = self.player_count();
        let mut all = self.board.pieces();
        for p in &self.players {
            if let Concealed::Shown(c) = &p.concealed {
                all.add_all(c);
            }
            p.departments.iter().flat_map(|d| d.pieces).for_each(|x| all.add(x));
            let total = p.concealed.count() + 3 * p.departments.len();
            if total != HAND {
                return Err(format!("{} holds {total} pieces, not {HAND} (R6)", p.seat));
            }
        }
        if let Some(l) = self.luminous {
            all.add(l);
        }
        all.check_in_game(players)
    }
}

/// `red+`: the seat whose Day it is (its index among `seats`) and the direction, `+`
/// clockwise or `-` counterclockwise.
pub(super) fn parse_turn(turn: &str, seats: &[Seat]) -> Result<(usize, Direction), String> {
    let (seat, direction) = match (turn.strip_suffix('+'), turn.strip_suffix('-')) {
        (Some(s), _) => (s, Direction::Clockwise),
        (_, Some(s)) => (s, Direction::Counterclockwise),
        _ => return Err("expected the seat to move and + (clockwise) or - (counterclockwise)".into()),
    };
    let seat = parse_seat(seat)?;
    let to_move = seats.iter().position(|&s| s == seat).ok_or("that seat is not playing")?;
    Ok((to_move, direction))
}

/// The turn as [`parse_turn`] reads it.
pub(super) fn turn_text(seat: Seat, direction: Direction) -> String {
    let dir = if direction == Direction::Clockwise { "+" } else { "-" };
    format!("{seat}{dir}")
}

/// `lum=G8` or `lum=off`: the luminous piece (R30), or none.
pub(super) fn parse_luminous(text: &str) -> Result<Option<Piece>, String> {
    match text.strip_prefix("lum=") {
        Some("off") => Ok(None),
        Some(code) => Ok(Some(code.parse::<Piece>().map_err(|e| e.to_string())?)),
        None => Err("expected lum=<piece> or lum=off".into()),
    }
}

/// The luminous piece as [`parse_luminous`] reads it.
pub(super) fn luminous_text(luminous: Option<Piece>) -> String {
    match luminous {
        Some(l) => format!("lum={l}"),
        None => "lum=off".into(),
    }
}

/// The board in a position's form: ranks 5 down to 1, files a→e, `-` for empty.
pub(super) struct BoardText<'a>(pub &'a Board);

impl fmt::Display for BoardText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            for file in 0..5 {
                match self.0.get(Square::new(file, rank).expect("5×5")) {
                    Some(p) => write!(f, "{p}")?,
                    None => f.write_str("-")?,
                }
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

pub(super) fn parse_board(text: &str) -> Result<Board, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        return Err(format!("the board has 5 ranks separated by '/', not {}", ranks.len()));
    }
    let mut squares = [None; Square::COUNT];
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = 4 - r as u8;
        let mut cells = Vec::new();
        for chunk in rank_text.split_inclusive('-') {
            let (pieces, empty) = match chunk.strip_suffix('-') {
                Some(p) => (p, true),
                None => (chunk, false),
            };
            cells.extend(pieces_in(pieces)?.into_iter().map(Some));
            if empty {
                cells.push(None);
            }
        }
        if cells.len() != 5 {
            return Err(format!("rank {} has {} squares, not 5", rank + 1, cells.len()));
        }
        for (file, cell) in cells.into_iter().enumerate() {
            squares[Square::new(file as u8, rank).expect("5×5").index()] = cell;
        }
    }
    Board::from_squares(squares)
}

/// The pieces of a hand between Days (R6: nine are dealt, and a Hiring gives back one for one).
pub(super) const HAND: usize = 9;
/// The most Departments a hand of nine can reveal (R10, R11).
const MAX_DEPARTMENTS: usize = 3;

/// One player; the hand and the Departments are bounded here, before anything is counted, so
/// that a huge number or a long list is refused for what it is and never reaches a sum.
fn parse_player(text: &str) -> Result<PositionPlayer, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [seat, score, hand, rest @ ..] = parts.as_slice() else {
        return Err(format!("'{}' is not seat:score:hand[:departments]", excerpt(text)));
    };
    let seat = parse_seat(seat)?;
    let score =
        score.parse::<i32>().map_err(|_| format!("score '{}' of {seat} is not a whole number", excerpt(score)))?;
    check_points(score).map_err(|why| format!("{seat}'s score: {why}"))?;
    let concealed = if !hand.is_empty() && hand.bytes().all(|b| b.is_ascii_digit()) {
        match hand.parse::<usize>() {
            Ok(n) if n <= HAND => Concealed::Hidden(n),
            _ => {
                let n = excerpt(hand);
                return Err(format!("{seat} has {n} concealed pieces, but a hand holds {HAND} (R6)"));
            }
        }
    } else {
        let pieces = pieces_in(hand)?;
        if pieces.len() > HAND {
            let n = pieces.len();
            return Err(format!("{seat} shows {n} concealed pieces, but a hand holds {HAND} (R6)"));
        }
        Concealed::Shown(pieces.into_iter().collect())
    };
    let departments = match rest {
        [] | [""] => Vec::new(),
        [list] => {
            let list: Vec<&str> = list.split(';').collect();
            if list.len() > MAX_DEPARTMENTS {
                let n = list.len();
                return Err(format!(
                    "{seat} has {n} Departments, but a hand of {HAND} reveals at most {MAX_DEPARTMENTS} (R10)"
                ));
            }
            list.into_iter().map(parse_department).collect::<Result<_, _>>()?
        }
        _ => return Err(format!("'{}' has too many ':'", excerpt(text))),
    };
    Ok(PositionPlayer { seat, score, concealed, departments })
}

fn parse_department(text: &str) -> Result<Department, String> {
    let (pieces, read) =
        text.split_once('=').ok_or_else(|| format!("Department '{}' is <pieces>=<pieces read>", excerpt(text)))?;
    let mut pieces = three_pieces(pieces)?;
    pieces.sort();
    let reading = Reading::from_pieces(three_pieces(read)?)?;
    if !reading.fits(pieces) {
        return Err(format!("{text}: the pieces cannot be read that way (R14)"));
    }
    let bonus = reading.bonus(pieces.iter().filter(|p| p.is_joker()).count() as u8);
    Ok(Department { pieces, reading, bonus })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LZP1 {} ", BoardText(&self.board))?;
        for (i, p) in self.players.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{}:", p.seat, p.score)?;
            match &p.concealed {
                Concealed::Hidden(n) => write!(f, "{n}")?,
                Concealed::Shown(c) => c.pieces().try_for_each(|x| write!(f, "{x}"))?,
            }
            for (j, d) in p.departments.iter().enumerate() {
                f.write_str(if j == 0 { ":" } else { ";" })?;
                let [a, b, c] = d.pieces;
                let [x, y, z] = d.reading.pieces();
                write!(f, "{a}{b}{c}={x}{y}{z}")?;
            }
        }
        let turn = turn_text(self.players[self.to_move].seat, self.direction);
        write!(f, " {turn} s{}d{} {}", self.season, self.day, luminous_text(self.luminous))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip() {
        let game = crate::Game::new(GameOptions::for_players(4, true).unwrap(), &mut crate::randomness::seeded(5));
        let view = game.view(2).unwrap();
        for show in [false, true] {
            let position = Position::of_view(&view, show);
            let text = position.to_string();
            assert_eq!(Position::parse(&text).unwrap(), position, "{text}");
        }
    }

    #[test]
    fn position_errors_say_where_and_why() {
        let e = Position::parse("LZP1 G1/G2 red:0:9,blue:0:9 red+ s1d1 lum=off").unwrap_err();
        assert_eq!(e.token, 2);
        assert!(e.why.contains("5 ranks"), "{e}");
        let full = "G1G1G1G1G2/G2G2G2G3G3/G3G3-G4G4/G4G5G5G5G6/G6G6G7G7G7";
        let e = Position::parse(&format!("LZP1 {full} red:0:9,blue:0:8 red+ s1d1 lum=off")).unwrap_err();
        assert!(e.why.contains("blue holds 8 pieces"), "{e}");
        // Not ASCII where a sign is expected: an error, never a panic.
        let e = Position::parse(&format!("LZP1 {full} red:0:9,blue:0:9 redé s1d1 lum=off")).unwrap_err();
        assert_eq!(e.token, 4, "{e}");
        let ok = format!("LZP1 {full} red:0:9,blue:0:9 blue- s2d7 lum=G8");
        assert_eq!(Position::parse(&ok).unwrap().to_string(), ok);
    }
}
