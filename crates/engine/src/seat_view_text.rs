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
use super::game::{LedgerEntry, LedgerReason};
use super::position::Department;
use super::seat::Direction;
use super::seat_view::SeatView;
use super::seat_view_fault::{ViewTextError, ViewTextFault};
use super::view_text::{Reader, Writer};

/// The first token: the form of the text, so that a change is refused rather than misread.
const MARK: &str = "sv1";

impl SeatView {
    /// The view as text ([`SeatView::from_text`] reads it back).
    pub fn to_text(&self) -> String {
        let mut w = Writer(String::with_capacity(1024));
        w.word(MARK);
        w.num(self.seat);
        w.options(&self.options);
        w.status(self.status);
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
        w.results(&self.results);
        w.num(self.season);
        w.num(self.start_player);
        w.word(match self.direction {
            Direction::Clockwise => "c",
            Direction::Counterclockwise => "w",
        });
        w.opt(self.luminous);
        w.last_hire(&self.last_hire);
        w.seen_days(&self.seen_days);
        w.num(self.to_move);
        w.num(self.day);
        w.board(&self.board);
        w.hands(&self.hands);
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
        let mut r = Reader::new(text);
        if r.word()? != MARK {
            return Err(r.fault(ViewTextFault::Mark { expected: MARK }));
        }
        let seat = r.num()?;
        let options = r.options()?;
        let status = r.status()?;
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
        let results = r.results()?;
        let season = r.num()?;
        let start_player = r.num()?;
        let direction = match r.word()? {
            "c" => Direction::Clockwise,
            "w" => Direction::Counterclockwise,
            _ => return Err(r.fault(ViewTextFault::Direction)),
        };
        let luminous = r.opt(|r| r.num())?;
        let last_hire = r.last_hire()?;
        let seen_days = r.seen_days()?;
        let to_move = r.num()?;
        let day = r.num()?;
        let board = r.board()?;
        let hands = r.hands()?;
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
        r.end()?;
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
