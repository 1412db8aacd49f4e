//! A seat's view as compact text, for the computer players' worker: the page writes it and
//! the worker reads it without any JSON reader for the engine's types, which were most of
//! the worker's size (BENCHMARKS.md, "Download size"). Space-separated tokens in a fixed
//! order, led by a version mark; pieces and squares as in records (`G5`, `J`, `c3`), a
//! set's reading as the pieces it spells (as a record's Form writes it), a list as its
//! length then its items, an absent value as `-`. Reading is exact: what
//! [`SeatView::to_text`] writes, [`SeatView::from_text`] gives back equal
//! (tests/rules/seat_view.rs). Any other text is refused with the token at fault; whether the
//! view is a real position is [`SeatView::rebuild`]'s to check.

use super::day::Step;
use super::game::{GameOptions, HireRecord, LedgerEntry, LedgerReason, SeasonEnd, SeasonResult, Status};
use super::hiring::{Hire, Sticks};
use super::piece::{Piece, PieceCounts};
use super::position::{Board, Department};
use super::scoring::Patterns;
use super::seat::{Direction, Seat};
use super::seat_view::{OpenHand, SeatView};
use super::seat_view_fault::{ViewTextError, ViewTextFault};
use super::seen::SeenDay;
use super::sets::Reading;
use super::square::Square;
use std::fmt::{Display, Write};
use std::str::{FromStr, SplitAsciiWhitespace};

/// The first token: the form of the text, so that a change is refused rather than misread.
const MARK: &str = "sv1";
/// No list of a real view is longer (the Season's Days are the longest, a few hundred).
const MAX_LIST: usize = 4096;

impl SeatView {
    /// The view as text ([`SeatView::from_text`] reads it back).
    pub fn to_text(&self) -> String {
        let mut w = Writer(String::with_capacity(1024));
        w.word(MARK);
        w.num(self.seat);
        w.num(self.options.seats().len());
        for seat in self.options.seats() {
            w.num(seat.index());
        }
        w.flag(self.options.luminous());
        w.word(match self.status {
            Status::Playing => "P",
            Status::SeasonOver => "S",
            Status::GameOver { by_agreement: false } => "G",
            Status::GameOver { by_agreement: true } => "A",
        });
        w.num(self.scores.len());
        self.scores.iter().for_each(|s| w.num(s));
        w.num(self.ledger.len());
        for e in &self.ledger {
            w.num(e.season);
            w.num(e.player);
            w.num(e.points);
            match e.reason {
                LedgerReason::Bonus => w.word("b"),
                LedgerReason::Refund => w.word("r"),
                LedgerReason::Formation { patterns } => {
                    w.word("f");
                    w.patterns(&patterns);
                }
            }
        }
        w.num(self.results.len());
        for r in &self.results {
            w.num(r.season);
            w.num(r.days);
            match r.end {
                SeasonEnd::Declared { player, concealed, patterns } => {
                    w.word("d");
                    w.num(player);
                    w.flag(concealed);
                    w.patterns(&patterns);
                }
                SeasonEnd::Stalemate { player, patterns } => {
                    w.word("s");
                    w.num(player);
                    w.patterns(&patterns);
                }
                SeasonEnd::ByAgreement => w.word("a"),
            }
        }
        w.num(self.season);
        w.num(self.start_player);
        w.word(match self.direction {
            Direction::Clockwise => "c",
            Direction::Counterclockwise => "w",
        });
        w.opt(self.luminous);
        match &self.last_hire {
            None => w.word("-"),
            Some(h) => {
                w.num(h.player);
                w.num(h.hire.discard);
                w.num(h.hire.from);
                w.num(h.hire.to);
                match h.sticks {
                    None => w.word("-"),
                    Some(Sticks(faces)) => {
                        w.word(&faces.iter().map(|&d| if d { 'd' } else { 'l' }).collect::<String>())
                    }
                }
                w.num(h.taken);
                w.flag(h.arrived);
            }
        }
        w.num(self.seen_days.len());
        for d in &self.seen_days {
            w.num(d.player);
            w.opt_three(d.dissolved);
            w.opt_three(d.formed);
            w.opt(d.discarded);
            w.opt(d.taken);
        }
        w.num(self.to_move);
        w.num(self.day);
        for square in self.board.squares() {
            w.opt(*square);
        }
        w.num(self.hands.len());
        for h in &self.hands {
            w.num(h.concealed);
            w.num(h.departments.len());
            h.departments.iter().for_each(|d| w.department(d));
        }
        w.counts(&self.concealed);
        w.num(self.steps.len());
        for s in &self.steps {
            match *s {
                Step::Dissolve { department, refund } => {
                    w.word("x");
                    w.num(department);
                    w.num(refund);
                }
                Step::Form { pieces, reading, bonus } => {
                    w.word("f");
                    w.department(&Department { pieces, reading, bonus });
                }
                Step::Discard { piece, square } => {
                    w.word("d");
                    w.num(piece);
                    w.num(square);
                }
                Step::Move { from } => {
                    w.word("m");
                    w.num(from);
                }
            }
        }
        w.0
    }

    /// The view written by [`SeatView::to_text`]; the token at fault otherwise.
    pub fn from_text(text: &str) -> Result<SeatView, ViewTextError> {
        let mut r = Reader { tokens: text.split_ascii_whitespace(), at: 0 };
        if r.word()? != MARK {
            return Err(r.fault(ViewTextFault::Mark { expected: MARK }));
        }
        let seat = r.num()?;
        let seats = r.list(|r| {
            let i: usize = r.num()?;
            Seat::ALL.get(i).copied().ok_or_else(|| r.fault(ViewTextFault::SeatNumber))
        })?;
        let luminous_rule = r.flag()?;
        let options = GameOptions::new(seats, luminous_rule).map_err(|e| r.fault(ViewTextFault::Options(e)))?;
        let status = match r.word()? {
            "P" => Status::Playing,
            "S" => Status::SeasonOver,
            "G" => Status::GameOver { by_agreement: false },
            "A" => Status::GameOver { by_agreement: true },
            _ => return Err(r.fault(ViewTextFault::Status)),
        };
        let scores = r.list(|r| r.num())?;
        let ledger = r.list(|r| {
            let (season, player, points) = (r.num()?, r.num()?, r.num()?);
            let reason = match r.word()? {
                "b" => LedgerReason::Bonus,
                "r" => LedgerReason::Refund,
                "f" => LedgerReason::Formation { patterns: r.patterns()? },
                _ => return Err(r.fault(ViewTextFault::LedgerReason)),
            };
            Ok(LedgerEntry { season, player, points, reason })
        })?;
        let results = r.list(|r| {
            let (season, days) = (r.num()?, r.num()?);
            let end = match r.word()? {
                "d" => SeasonEnd::Declared { player: r.num()?, concealed: r.flag()?, patterns: r.patterns()? },
                "s" => SeasonEnd::Stalemate { player: r.num()?, patterns: r.patterns()? },
                "a" => SeasonEnd::ByAgreement,
                _ => return Err(r.fault(ViewTextFault::SeasonEnd)),
            };
            Ok(SeasonResult { season, days, end })
        })?;
        let season = r.num()?;
        let start_player = r.num()?;
        let direction = match r.word()? {
            "c" => Direction::Clockwise,
            "w" => Direction::Counterclockwise,
            _ => return Err(r.fault(ViewTextFault::Direction)),
        };
        let luminous = r.opt(|r| r.num())?;
        let last_hire = r.opt(|r| {
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
        })?;
        let seen_days = r.list(|r| {
            Ok(SeenDay {
                player: r.num()?,
                dissolved: r.opt(|r| r.three())?,
                formed: r.opt(|r| r.three())?,
                discarded: r.opt(|r| r.num())?,
                taken: r.opt(|r| r.num())?,
            })
        })?;
        let to_move = r.num()?;
        let day = r.num()?;
        let mut squares = [None; Square::COUNT];
        for square in &mut squares {
            *square = r.opt(|r| r.num())?;
        }
        let board = Board::from_squares(squares).map_err(|e| r.fault(ViewTextFault::Board(e)))?;
        let hands = r.list(|r| {
            let concealed = r.num()?;
            Ok(OpenHand { concealed, departments: r.list(|r| r.department())? })
        })?;
        let concealed = r.counts()?;
        let steps = r.list(|r| {
            Ok(match r.word()? {
                "x" => Step::Dissolve { department: r.num()?, refund: r.num()? },
                "f" => {
                    let d = r.department()?;
                    Step::Form { pieces: d.pieces, reading: d.reading, bonus: d.bonus }
                }
                "d" => Step::Discard { piece: r.num()?, square: r.num()? },
                "m" => Step::Move { from: r.num()? },
                _ => return Err(r.fault(ViewTextFault::Step)),
            })
        })?;
        if r.tokens.next().is_some() {
            return Err(r.fault(ViewTextFault::GoesOn));
        }
        Ok(SeatView {
            seat,
            options,
            status,
            scores,
            ledger,
            results,
            season,
            start_player,
            direction,
            luminous,
            last_hire,
            seen_days,
            to_move,
            day,
            board,
            hands,
            concealed,
            steps,
        })
    }
}

struct Writer(String);

impl Writer {
    fn word(&mut self, w: &str) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push_str(w);
    }

    fn num(&mut self, x: impl Display) {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        let _ = write!(self.0, "{x}");
    }

    fn flag(&mut self, b: bool) {
        self.word(if b { "1" } else { "0" });
    }

    fn opt(&mut self, x: Option<impl Display>) {
        match x {
            Some(x) => self.num(x),
            None => self.word("-"),
        }
    }

    fn opt_three(&mut self, x: Option<[Piece; 3]>) {
        match x {
            Some(pieces) => pieces.iter().for_each(|p| self.num(p)),
            None => self.word("-"),
        }
    }

    fn patterns(&mut self, p: &Patterns) {
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
    fn department(&mut self, d: &Department) {
        d.pieces.iter().chain(&d.reading.pieces()).for_each(|p| self.num(p));
        self.num(d.bonus);
    }

    fn counts(&mut self, c: &PieceCounts) {
        self.num(c.total());
        c.pieces().for_each(|p| self.num(p));
    }
}

struct Reader<'a> {
    tokens: SplitAsciiWhitespace<'a>,
    /// The number of the token read last (1 for the first), for the messages.
    at: usize,
}

impl Reader<'_> {
    fn fault(&self, why: ViewTextFault) -> ViewTextError {
        ViewTextError { token: self.at, why }
    }

    fn word(&mut self) -> Result<&str, ViewTextError> {
        self.at += 1;
        self.tokens.next().ok_or_else(|| self.fault(ViewTextFault::EndsEarly))
    }

    fn num<T: FromStr>(&mut self) -> Result<T, ViewTextError> {
        let w = self.word()?;
        let excerpt: String = w.chars().take(12).collect();
        w.parse().map_err(|_| self.fault(ViewTextFault::Misplaced { excerpt }))
    }

    fn flag(&mut self) -> Result<bool, ViewTextError> {
        match self.word()? {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(self.fault(ViewTextFault::Flag)),
        }
    }

    /// `-`, or the value `read` reads (which starts at the same token).
    fn opt<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T, ViewTextError>) -> Result<Option<T>, ViewTextError> {
        let mut ahead = self.tokens.clone();
        if ahead.next() == Some("-") {
            self.tokens = ahead;
            self.at += 1;
            return Ok(None);
        }
        read(self).map(Some)
    }

    fn list<T>(
        &mut self,
        mut read: impl FnMut(&mut Self) -> Result<T, ViewTextError>,
    ) -> Result<Vec<T>, ViewTextError> {
        let n: usize = self.num()?;
        if n > MAX_LIST {
            return Err(self.fault(ViewTextFault::ListTooLong { length: n }));
        }
        (0..n).map(|_| read(self)).collect()
    }

    fn three(&mut self) -> Result<[Piece; 3], ViewTextError> {
        Ok([self.num()?, self.num()?, self.num()?])
    }

    fn patterns(&mut self) -> Result<Patterns, ViewTextError> {
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

    fn department(&mut self) -> Result<Department, ViewTextError> {
        let pieces = self.three()?;
        let reading = Reading::from_pieces(self.three()?).map_err(|e| self.fault(ViewTextFault::NotASet(e)))?;
        Ok(Department { pieces, reading, bonus: self.num()? })
    }

    fn counts(&mut self) -> Result<PieceCounts, ViewTextError> {
        let n: usize = self.num()?;
        if n > MAX_LIST {
            return Err(self.fault(ViewTextFault::TooManyPieces));
        }
        (0..n).map(|_| self.num::<Piece>()).collect()
    }
}
