//! The position format (`LZP1`, NOTATION.md, "Position — `LZP1`"): a table between Days as a page may
//! show it, read and written with the grammar of [`super`].

use super::{
    check_length, error, luminous_text, parse_board, parse_luminous, parse_seat, parse_turn, pieces_in, three_pieces,
    turn_text, BoardText, NotationCause, NotationError, HAND, MAX_POSITION_BYTES,
};
use crate::game::GameOptions;
use crate::piece::{excerpt, Piece, PieceCounts, PlayerCount};
use crate::position::{Board, Department};
use crate::seat::{Direction, Seat};
use crate::seat_view::{check_day, check_points};
use crate::sets::Reading;
use crate::view::PlayerView;
use std::fmt;

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
            return Err(error(0, text, NotationCause::PositionTokens { count: tokens.len() }));
        }
        if tokens[0] != "LZP1" {
            return Err(error(1, tokens[0], NotationCause::NotAPosition));
        }
        let board = parse_board(tokens[1]).map_err(|why| error(2, tokens[1], why))?;
        let players: Vec<PositionPlayer> =
            tokens[2].split(',').map(parse_player).collect::<Result<_, _>>().map_err(|why| error(3, tokens[2], why))?;
        let seats: Vec<Seat> = players.iter().map(|p| p.seat).collect();
        let options = GameOptions::new(seats.clone(), false).map_err(|why| error(3, tokens[2], why))?;
        if options.seats() != seats.as_slice() {
            return Err(error(3, tokens[2], NotationCause::SeatOrder));
        }
        let (to_move, direction) = parse_turn(tokens[3], &seats).map_err(|why| error(4, tokens[3], why))?;
        let (season, day) = tokens[4]
            .strip_prefix('s')
            .and_then(|r| r.split_once('d'))
            .and_then(|(s, d)| Some((s.parse::<u8>().ok()?, d.parse::<u32>().ok()?)))
            .filter(|&(s, d)| s >= 1 && d >= 1)
            .ok_or_else(|| error(5, tokens[4], NotationCause::SeasonDayShape))?;
        // As many Seasons as players (R20); a Day far from its counter's end.
        if usize::from(season) > players.len() {
            return Err(error(5, tokens[4], NotationCause::SeasonPastEnd { season, players: players.len() }));
        }
        check_day(day).map_err(|why| error(5, tokens[4], why))?;
        let luminous = parse_luminous(tokens[5]).map_err(|why| error(6, tokens[5], why))?;
        let position = Position { board, players, to_move, direction, season, day, luminous };
        position.check().map_err(|why| error(0, text, why))?;
        Ok(position)
    }

    /// R1, R3 and the shape of a position between Days. The sums cannot overflow: each
    /// player was read with at most 9 concealed pieces and 3 Departments (`parse_player`).
    fn check(&self) -> Result<(), NotationCause> {
        let players = self.player_count();
        let mut all = self.board.pieces();
        for p in &self.players {
            if let Concealed::Shown(c) = &p.concealed {
                all.add_all(c);
            }
            p.departments.iter().flat_map(|d| d.pieces).for_each(|x| all.add(x));
            let total = p.concealed.count() + 3 * p.departments.len();
            if total != HAND {
                return Err(NotationCause::HandSize { seat: p.seat, total });
            }
        }
        if let Some(l) = self.luminous {
            all.add(l);
        }
        Ok(all.check_in_game(players)?)
    }
}

/// The most Departments a hand of nine can reveal (R10, R11).
const MAX_DEPARTMENTS: usize = 3;

/// One player; the hand and the Departments are bounded here, before anything is counted, so
/// that a huge number or a long list is refused for what it is and never reaches a sum.
fn parse_player(text: &str) -> Result<PositionPlayer, NotationCause> {
    let parts: Vec<&str> = text.split(':').collect();
    let [seat, score, hand, rest @ ..] = parts.as_slice() else {
        return Err(NotationCause::PlayerShape { text: excerpt(text) });
    };
    let seat = parse_seat(seat)?;
    let score = score.parse::<i32>().map_err(|_| NotationCause::ScoreNotNumber { seat, text: excerpt(score) })?;
    check_points(score).map_err(|cause| NotationCause::Score { seat, cause })?;
    let concealed = if !hand.is_empty() && hand.bytes().all(|b| b.is_ascii_digit()) {
        match hand.parse::<usize>() {
            Ok(n) if n <= HAND => Concealed::Hidden(n),
            _ => return Err(NotationCause::HiddenTooMany { seat, count: excerpt(hand) }),
        }
    } else {
        let pieces = pieces_in(hand)?;
        if pieces.len() > HAND {
            return Err(NotationCause::ShownTooMany { seat, count: pieces.len() });
        }
        Concealed::Shown(pieces.into_iter().collect())
    };
    let departments = match rest {
        [] | [""] => Vec::new(),
        [list] => {
            let list: Vec<&str> = list.split(';').collect();
            if list.len() > MAX_DEPARTMENTS {
                let (count, max) = (list.len(), MAX_DEPARTMENTS);
                return Err(NotationCause::TooManyDepartments { seat, count, max });
            }
            list.into_iter().map(parse_department).collect::<Result<_, _>>()?
        }
        _ => return Err(NotationCause::PlayerColons { text: excerpt(text) }),
    };
    Ok(PositionPlayer { seat, score, concealed, departments })
}

fn parse_department(text: &str) -> Result<Department, NotationCause> {
    let (pieces, read) = text.split_once('=').ok_or_else(|| NotationCause::DepartmentShape { text: excerpt(text) })?;
    let mut pieces = three_pieces(pieces)?;
    pieces.sort();
    let reading = Reading::from_pieces(three_pieces(read)?)?;
    if !reading.fits(pieces) {
        return Err(NotationCause::CannotRead { text: text.to_owned() });
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
        assert_eq!(e.why, NotationCause::Ranks { count: 2 }, "{e}");
        let full = "G1G1G1G1G2/G2G2G2G3G3/G3G3-G4G4/G4G5G5G5G6/G6G6G7G7G7";
        let e = Position::parse(&format!("LZP1 {full} red:0:9,blue:0:8 red+ s1d1 lum=off")).unwrap_err();
        assert_eq!(e.why, NotationCause::HandSize { seat: Seat::Blue, total: 8 }, "{e}");
        // Not ASCII where a sign is expected: an error, never a panic.
        let e = Position::parse(&format!("LZP1 {full} red:0:9,blue:0:9 redé s1d1 lum=off")).unwrap_err();
        assert_eq!(e.token, 4, "{e}");
        let ok = format!("LZP1 {full} red:0:9,blue:0:9 blue- s2d7 lum=G8");
        assert_eq!(Position::parse(&ok).unwrap().to_string(), ok);
    }
}
