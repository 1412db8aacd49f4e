//! The tokens the views' text forms are written in ([`crate::SeatView::to_text`], and
//! [`crate::SpectatorView::to_text`] for a table's spectators): space-separated, pieces and
//! squares as in records (`G5`, `J`, `c3`), a set's reading as the pieces it spells, a list as
//! its length then its items, an absent value as `-`. The parts both views carry (the seats,
//! the status, the Seasons' results, the last Hiring, the Days seen, the board, the open
//! hands) are written and read here once, so the two forms cannot drift apart and a device
//! that reads both carries one reader of each part.

use super::game::{GameOptions, HireRecord, SeasonEnd, SeasonResult, Status};
use super::hiring::{Hire, Sticks};
use super::piece::{Piece, PieceCounts};
use super::position::{Board, Department};
use super::scoring::Patterns;
use super::seat::Seat;
use super::seat_view::OpenHand;
use super::seat_view_fault::{ViewTextError, ViewTextFault};
use super::seen::SeenDay;
use super::sets::Reading;
use super::square::Square;
use std::fmt::{Display, Write};
use std::str::{FromStr, SplitAsciiWhitespace};

/// No list of a real view is longer (the Season's Days are the longest, a few hundred).
const MAX_LIST: usize = 4096;

pub(crate) struct Writer(pub(crate) String);

impl Writer {
    /// The seats in play and whether the luminous rule is on.
    pub(crate) fn options(&mut self, options: &GameOptions) {
        self.num(options.seats().len());
        for seat in options.seats() {
            self.num(seat.index());
        }
        self.flag(options.luminous());
    }

    pub(crate) fn status(&mut self, status: Status) {
        self.word(match status {
            Status::Playing => "P",
            Status::SeasonOver => "S",
            Status::GameOver { by_agreement: false } => "G",
            Status::GameOver { by_agreement: true } => "A",
        });
    }

    pub(crate) fn results(&mut self, results: &[SeasonResult]) {
        self.num(results.len());
        for r in results {
            self.num(r.season);
            self.num(r.days);
            match r.end {
                SeasonEnd::Declared { player, concealed, patterns } => {
                    self.word("d");
                    self.num(player);
                    self.flag(concealed);
                    self.patterns(&patterns);
                }
                SeasonEnd::Stalemate { player, patterns } => {
                    self.word("s");
                    self.num(player);
                    self.patterns(&patterns);
                }
                SeasonEnd::ByAgreement => self.word("a"),
            }
        }
    }

    pub(crate) fn last_hire(&mut self, last_hire: &Option<HireRecord>) {
        match last_hire {
            None => self.word("-"),
            Some(h) => {
                self.num(h.player);
                self.num(h.hire.discard);
                self.num(h.hire.from);
                self.num(h.hire.to);
                match h.sticks {
                    None => self.word("-"),
                    Some(Sticks(faces)) => {
                        self.word(&faces.iter().map(|&d| if d { 'd' } else { 'l' }).collect::<String>())
                    }
                }
                self.num(h.taken);
                self.flag(h.arrived);
            }
        }
    }

    pub(crate) fn seen_days(&mut self, seen_days: &[SeenDay]) {
        self.num(seen_days.len());
        for d in seen_days {
            self.num(d.player);
            self.opt_three(d.dissolved);
            self.opt_three(d.formed);
            self.opt(d.discarded);
            self.opt(d.taken);
        }
    }

    pub(crate) fn board(&mut self, board: &Board) {
        for square in board.squares() {
            self.opt(*square);
        }
    }

    pub(crate) fn hands(&mut self, hands: &[OpenHand]) {
        self.num(hands.len());
        for h in hands {
            self.num(h.concealed);
            self.num(h.departments.len());
            h.departments.iter().for_each(|d| self.department(d));
        }
    }

    pub(crate) fn word(&mut self, w: &str) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push_str(w);
    }

    pub(crate) fn num(&mut self, x: impl Display) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        let _ = write!(self.0, "{x}");
    }

    pub(crate) fn flag(&mut self, b: bool) {
        self.word(if b { "1" } else { "0" });
    }

    pub(crate) fn opt(&mut self, x: Option<impl Display>) {
        match x {
            Some(x) => self.num(x),
            None => self.word("-"),
        }
    }

    pub(crate) fn opt_three(&mut self, x: Option<[Piece; 3]>) {
        match x {
            Some(pieces) => pieces.iter().for_each(|p| self.num(p)),
            None => self.word("-"),
        }
    }

    pub(crate) fn patterns(&mut self, p: &Patterns) {
        for n in [
            p.lauzait_cep,
            p.specialized_experts,
            p.great_sequence,
            p.layered_bridges,
            p.well_balanced,
            p.stalemate,
            p.luminous,
        ] {
            self.num(n);
        }
    }

    /// Its pieces, the pieces its reading spells (as records write a Form) and its bonus.
    pub(crate) fn department(&mut self, d: &Department) {
        d.pieces.iter().chain(&d.reading.pieces()).for_each(|p| self.num(p));
        self.num(d.bonus);
    }

    pub(crate) fn counts(&mut self, c: &PieceCounts) {
        self.num(c.total());
        c.pieces().for_each(|p| self.num(p));
    }
}

pub(crate) struct Reader<'a> {
    pub(crate) tokens: SplitAsciiWhitespace<'a>,
    /// The number of the token read last (1 for the first), for the messages.
    pub(crate) at: usize,
}

impl Reader<'_> {
    /// A reader of `text` from its first token.
    pub(crate) fn new(text: &str) -> Reader<'_> {
        Reader { tokens: text.split_ascii_whitespace(), at: 0 }
    }

    pub(crate) fn options(&mut self) -> Result<GameOptions, ViewTextError> {
        let seats = self.list(|r| {
            let i: usize = r.num()?;
            Seat::ALL.get(i).copied().ok_or_else(|| r.fault(ViewTextFault::SeatNumber))
        })?;
        let luminous_rule = self.flag()?;
        GameOptions::new(seats, luminous_rule).map_err(|e| self.fault(ViewTextFault::Options(e)))
    }

    pub(crate) fn status(&mut self) -> Result<Status, ViewTextError> {
        Ok(match self.word()? {
            "P" => Status::Playing,
            "S" => Status::SeasonOver,
            "G" => Status::GameOver { by_agreement: false },
            "A" => Status::GameOver { by_agreement: true },
            _ => return Err(self.fault(ViewTextFault::Status)),
        })
    }

    pub(crate) fn results(&mut self) -> Result<Vec<SeasonResult>, ViewTextError> {
        self.list(|r| {
            let (season, days) = (r.num()?, r.num()?);
            let end = match r.word()? {
                "d" => SeasonEnd::Declared { player: r.num()?, concealed: r.flag()?, patterns: r.patterns()? },
                "s" => SeasonEnd::Stalemate { player: r.num()?, patterns: r.patterns()? },
                "a" => SeasonEnd::ByAgreement,
                _ => return Err(r.fault(ViewTextFault::SeasonEnd)),
            };
            Ok(SeasonResult { season, days, end })
        })
    }

    pub(crate) fn last_hire(&mut self) -> Result<Option<HireRecord>, ViewTextError> {
        self.opt(|r| {
            let player = r.num()?;
            let hire = Hire { discard: r.num()?, from: r.num()?, to: r.num()? };
            let sticks = r.opt(|r| {
                let word = r.word()?;
                let faces: Vec<bool> = word.chars().map(|c| c == 'd').collect();
                match <[bool; 5]>::try_from(faces) {
                    Ok(faces) if word.chars().all(|c| c == 'd' || c == 'l') => Ok(Sticks(faces)),
                    _ => Err(r.fault(ViewTextFault::Sticks)),
                }
            })?;
            Ok(HireRecord { player, hire, sticks, taken: r.num()?, arrived: r.flag()? })
        })
    }

    pub(crate) fn seen_days(&mut self) -> Result<Vec<SeenDay>, ViewTextError> {
        self.list(|r| {
            Ok(SeenDay {
                player: r.num()?,
                dissolved: r.opt(|r| r.three())?,
                formed: r.opt(|r| r.three())?,
                discarded: r.opt(|r| r.num())?,
                taken: r.opt(|r| r.num())?,
            })
        })
    }

    /// A board with one empty square, as a Day begins.
    pub(crate) fn board(&mut self) -> Result<Board, ViewTextError> {
        let squares = self.squares()?;
        Board::from_squares(squares).map_err(|e| self.fault(ViewTextFault::Board(e)))
    }

    /// A board as it stands within a Day (its empty square may hold the Day's discard).
    pub(crate) fn board_within_day(&mut self) -> Result<Board, ViewTextError> {
        let squares = self.squares()?;
        Board::within_day(squares).map_err(|e| self.fault(ViewTextFault::Board(e)))
    }

    fn squares(&mut self) -> Result<[Option<Piece>; Square::COUNT], ViewTextError> {
        let mut squares = [None; Square::COUNT];
        for square in &mut squares {
            *square = self.opt(|r| r.num())?;
        }
        Ok(squares)
    }

    pub(crate) fn hands(&mut self) -> Result<Vec<OpenHand>, ViewTextError> {
        self.list(|r| {
            let concealed = r.num()?;
            Ok(OpenHand { concealed, departments: r.list(|r| r.department())? })
        })
    }

    /// The end of the text: anything after the view is refused.
    pub(crate) fn end(&mut self) -> Result<(), ViewTextError> {
        if self.tokens.next().is_some() {
            return Err(self.fault(ViewTextFault::GoesOn));
        }
        Ok(())
    }

    pub(crate) fn fault(&self, why: ViewTextFault) -> ViewTextError {
        ViewTextError { token: self.at, why }
    }

    pub(crate) fn word(&mut self) -> Result<&str, ViewTextError> {
        self.at += 1;
        self.tokens.next().ok_or_else(|| self.fault(ViewTextFault::EndsEarly))
    }

    pub(crate) fn num<T: FromStr>(&mut self) -> Result<T, ViewTextError> {
        let w = self.word()?;
        let excerpt: String = w.chars().take(12).collect();
        w.parse().map_err(|_| self.fault(ViewTextFault::Misplaced { excerpt }))
    }

    pub(crate) fn flag(&mut self) -> Result<bool, ViewTextError> {
        match self.word()? {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(self.fault(ViewTextFault::Flag)),
        }
    }

    /// `-`, or the value `read` reads (which starts at the same token).
    pub(crate) fn opt<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, ViewTextError>,
    ) -> Result<Option<T>, ViewTextError> {
        let mut ahead = self.tokens.clone();
        if ahead.next() == Some("-") {
            self.tokens = ahead;
            self.at += 1;
            return Ok(None);
        }
        read(self).map(Some)
    }

    pub(crate) fn list<T>(
        &mut self,
        mut read: impl FnMut(&mut Self) -> Result<T, ViewTextError>,
    ) -> Result<Vec<T>, ViewTextError> {
        let n: usize = self.num()?;
        if n > MAX_LIST {
            return Err(self.fault(ViewTextFault::ListTooLong { length: n }));
        }
        (0..n).map(|_| read(self)).collect()
    }

    pub(crate) fn three(&mut self) -> Result<[Piece; 3], ViewTextError> {
        Ok([self.num()?, self.num()?, self.num()?])
    }

    pub(crate) fn patterns(&mut self) -> Result<Patterns, ViewTextError> {
        Ok(Patterns {
            lauzait_cep: self.num()?,
            specialized_experts: self.num()?,
            great_sequence: self.num()?,
            layered_bridges: self.num()?,
            well_balanced: self.num()?,
            stalemate: self.num()?,
            luminous: self.num()?,
        })
    }

    pub(crate) fn department(&mut self) -> Result<Department, ViewTextError> {
        let pieces = self.three()?;
        let reading = Reading::from_pieces(self.three()?).map_err(|e| self.fault(ViewTextFault::NotASet(e)))?;
        Ok(Department { pieces, reading, bonus: self.num()? })
    }

    pub(crate) fn counts(&mut self) -> Result<PieceCounts, ViewTextError> {
        let n: usize = self.num()?;
        if n > MAX_LIST {
            return Err(self.fault(ViewTextFault::TooManyPieces));
        }
        (0..n).map(|_| self.num::<Piece>()).collect()
    }
}
