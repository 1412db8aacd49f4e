//! What a table's spectator is sent (R40): the public view as owned data — the board as it
//! stands, every hand's revealed Departments and how many pieces it conceals, the scores,
//! the Seasons' results, the luminous piece, the last Hiring and what everyone saw of the
//! Season's Days (its log). It is built from a [`PublicView`] and nothing else, so no
//! concealed piece, pool or deal can reach it by type: unlike [`crate::SeatView`] it has no
//! seat and no hand of its own.
//!
//! Its text form ([`SpectatorView::to_text`]) is written in the same tokens as a seat's
//! view's, the parts the two share by the same code (`view_text.rs`), after its own
//! mark `pv1`; reading is exact and refuses any other text with the token at fault.

use super::game::{GameOptions, HireRecord, SeasonResult, Status};
use super::piece::Piece;
use super::position::Board;
use super::public_view::PublicView;
use super::seat_view::OpenHand;
use super::seat_view_fault::{ViewTextError, ViewTextFault};
use super::seen::SeenDay;
use super::view_text::{Reader, Writer};

/// The first token of the text form.
const MARK: &str = "pv1";

/// The public view of a game, owned (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpectatorView {
    /// Who plays and whether the luminous rule is on.
    pub options: GameOptions,
    pub status: Status,
    pub scores: Vec<i32>,
    pub results: Vec<SeasonResult>,
    pub season: u8,
    /// The luminous piece (R30), face up for everyone.
    pub luminous: Option<Piece>,
    pub last_hire: Option<HireRecord>,
    /// What everyone saw of this Season's committed Days: the Season's log.
    pub seen_days: Vec<SeenDay>,
    /// Whose Day it is (or was, once the Season is over).
    pub to_move: usize,
    /// The Day's number within the Season.
    pub day: u32,
    /// The board as it stands, this Day's discard included.
    pub board: Board,
    /// Every hand as it stands, in seat order: its revealed Departments and its count of
    /// concealed pieces.
    pub hands: Vec<OpenHand>,
}

impl SpectatorView {
    /// The spectator's view of `view`: the only way one is made from a game.
    pub fn new(view: &PublicView) -> SpectatorView {
        SpectatorView {
            options: view.options().clone(),
            status: view.status(),
            scores: view.scores().to_vec(),
            results: view.results().to_vec(),
            season: view.season_number(),
            luminous: view.luminous(),
            last_hire: view.last_hire(),
            seen_days: view.seen_days().to_vec(),
            to_move: view.to_move(),
            day: view.day_number(),
            board: view.board(),
            hands: (0..view.scores().len())
                .map(|p| OpenHand { departments: view.departments(p).to_vec(), concealed: view.concealed_count(p) })
                .collect(),
        }
    }

    /// The view as text ([`SpectatorView::from_text`] reads it back).
    pub fn to_text(&self) -> String {
        let mut w = Writer(String::with_capacity(512));
        w.word(MARK);
        w.options(&self.options);
        w.status(self.status);
        w.num(self.scores.len());
        self.scores.iter().for_each(|s| w.num(s));
        w.results(&self.results);
        w.num(self.season);
        w.opt(self.luminous);
        w.last_hire(&self.last_hire);
        w.seen_days(&self.seen_days);
        w.num(self.to_move);
        w.num(self.day);
        w.board(&self.board);
        w.hands(&self.hands);
        w.0
    }

    /// The view written by [`SpectatorView::to_text`]; the token at fault otherwise. A
    /// spectator's device reads it from the network, so any text is answered, never a panic.
    pub fn from_text(text: &str) -> Result<SpectatorView, ViewTextError> {
        let mut r = Reader::new(text);
        if r.word()? != MARK {
            return Err(r.fault(ViewTextFault::Mark { expected: MARK }));
        }
        let options = r.options()?;
        let status = r.status()?;
        let scores = r.list(|r| r.num())?;
        let results = r.results()?;
        let season = r.num()?;
        let luminous = r.opt(|r| r.num())?;
        let last_hire = r.last_hire()?;
        let seen_days = r.seen_days()?;
        let to_move = r.num()?;
        let day = r.num()?;
        let board = r.board_within_day()?;
        let hands = r.hands()?;
        r.end()?;
        Ok(SpectatorView {
            options,
            status,
            scores,
            results,
            season,
            luminous,
            last_hire,
            seen_days,
            to_move,
            day,
            board,
            hands,
        })
    }
}
