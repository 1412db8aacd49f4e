//! The rules of Lauzait Cep! as pure, deterministic data and functions (RULES.md).
//!
//! Layers, from the bottom: pieces and squares → sets and scoring → Hiring → a Day → a
//! game of Seasons → what one seat may see, and the same as owned data that can be sent;
//! the queries a shell asks of a game, and the loop that drives one.
pub mod day;
pub mod day_order;
pub mod deal_layout;
pub mod game;
pub mod game_loop;
pub mod hiring;
mod invariant;
pub mod notation;
pub mod piece;
pub mod position;
pub mod public_view;
mod queries;
pub mod randomness;
mod record;
mod replay;
pub mod rule;
pub mod scoring;
pub mod seat;
mod seat_game;
pub mod seat_view;
mod seat_view_fault;
mod seat_view_text;
pub mod seen;
pub mod sets;
pub mod spectator_view;
pub mod square;
mod stand_in;
mod start_rule;
pub mod view;
mod view_text;

pub use day::{Action, Day, FormOption, Phase, RuleError, Step};
pub use day_order::{DayMoment, DayStep};
pub use deal_layout::{DealLayout, Place};
pub use game::{
    Game, GameOptions, HireRecord, LedgerEntry, LedgerReason, Outcome, ReplayError, Season, SeasonEnd, SeasonResult,
    Status,
};
pub use game_loop::{DayPlanError, DayPlanners, GameLoop, GameLoopError, GameLoopFault, Players, Turn};
pub use hiring::{Hire, Sticks};
pub use invariant::Invariant;
pub use piece::{Colour, ExcessPieces, Piece, PieceCounts, PlayerCount, PlayerCountError};
pub use position::{Board, BoardError, Department, Hand};
pub use public_view::PublicView;
pub use randomness::{Chance, ChanceError, Drawn, Opening};
pub use record::Record;
pub use replay::VerifyError;
pub use rule::Rule;
pub use scoring::{Pattern, Patterns};
pub use seat::{Direction, OptionsError, Seat};
pub use seat_game::{Disclosed, SeatGame, SeatGameError, SeatOpening};
pub use seat_view::{LimitError, OpenHand, RebuildError, SeatView};
pub use seat_view_fault::{ViewTextError, ViewTextFault};
pub use seen::{SeenDay, SeenDays};
pub use sets::{readings, NotASet, Reading, SetKind, SetReading};
pub use spectator_view::SpectatorView;
pub use square::Square;
pub use start_rule::StartRule;
pub use view::PlayerView;
