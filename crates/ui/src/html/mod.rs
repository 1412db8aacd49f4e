//! Every piece of HTML the page shows, built from the model (or an embed's caption) as
//! text, natively, so that the tests see it (tests/ui/html.rs keeps snapshots of each
//! screen). The web shell (src/web/view) only sets it as `innerHTML` and paints the canvases
//! in it (the piece tiles, the review's board).
//!
//! Escaping: every text from words, names or records goes through [`markup::esc`] (or
//! [`markup::explained`], which escapes too) where it is put into the markup; only ids,
//! intent codes, numbers and other markup are written as they are.
//!
//! - [`markup`]: the small pieces (escaping, tiles, seat chips, the dialog card, buttons).
//! - [`dialogs`]: the dialog over the table for the current overlay; one file per screen:
//!   [`new_game`], [`hand_over`], [`choosers`], [`results`], [`menu`], [`records`],
//!   [`learn`], [`drill`], [`review`].
//! - [`controls`]: the status bar and the action bar; [`season_log`]: the Season log.
//! - [`table`]: table mode's host page (the tablet).
//! - [`embed`]: an embedded board's caption; [`last_resort`]: the page that cannot run.

pub mod choosers;
pub mod controls;
pub mod dialogs;
pub mod drill;
pub mod embed;
pub mod hand_over;
pub mod last_resort;
pub mod learn;
pub mod markup;
pub mod menu;
pub mod new_game;
pub mod puzzles;
pub mod rating;
pub mod rating_figures;
pub mod records;
pub mod remote;
pub mod results;
pub mod review;
pub mod season_log;
pub mod stats;
pub mod table;
