//! The browser game's logic, pure and natively tested: what the page shows and what each
//! message does, with no DOM, no clock, no storage and no global randomness. The web shell
//! (`crate::web`, wasm only) turns events into [`Msg`]s, calls [`Model::update`] with the
//! time and fresh entropy, runs the [`Effect`]s it returns and paints what the model
//! describes.
//!
//! - [`model`]: the state as plain data ([`on_table`]: what is on the table, the player's
//!   own game set aside while a replay or a lesson holds it).
//! - [`msg`]: messages and typed button intents; [`effect`]: what the shell is asked to do.
//! - [`update`]: messages → engine actions and screens; a feature's messages routed to its
//!   own model (`route.rs`).
//! - [`play`]: playing at the table — [`play::intents`]: the buttons and keys
//!   ([`play::open_hands`]: when showing every hand is allowed); [`play::visibility`]: who
//!   may see which hand (R40) and when the hand-over shows, one policy for every screen;
//!   [`play::turn`]: the board turned toward the player whose Day it is;
//!   [`play::animation`]: a Hiring shown as it happens; [`play::prompt`]: what the table
//!   asks for now, as facts; [`play::spoken`]: those facts and the readouts worded.
//! - [`records`]: export, import, links and the replay viewer; [`driver`]: the computer
//!   players' requests and pace ([`play::pace`]).
//! - [`ctx`]: what one message brings and takes away (its time, its entropy, the effects
//!   asked for); [`chance`]: where throws and deals come from (the shell's fresh entropy
//!   per message).
//! - [`save`]: the save's format and its careful reading; [`faults`]: a save the browser
//!   refuses, another tab's save; [`uri`]: link fragments.
//! - [`layout`], [`hit`], [`nav`]: where everything is on the canvas, what a point hits,
//!   where an arrow key goes; [`scene`]: what a board shows (the table, the replay
//!   viewer and the embeds alike); [`embed`]: an embedded board and its input
//!   ([`embed::params`]: its address read).
//! - [`learn`]: lessons at the table, their progress and the coach switch ([`learn::coach`]:
//!   the coach's numbers and the Strong player's hint); [`drill`]: the scoring drill;
//!   [`review`]: the post-game review. Each of these and [`records`] is a feature model: a
//!   struct with its own messages and an `update` that takes only what it needs and returns a
//!   typed outcome, which the root's router (`route.rs`) applies to the rest of the model.
//! - [`feel`]: the table's feel preferences; [`feedback`]: sound and vibration, as data.
//! - [`i18n`]: every text, in English and Japanese, worded from facts (never from the
//!   model); [`html`]: every screen's HTML, built from the model (the shell sets it in the
//!   page).

pub mod boot;
pub mod chance;
pub mod ctx;
pub mod drill;
pub mod driver;
pub mod effect;
pub mod embed;
pub mod faults;
pub mod feedback;
pub mod feel;
pub mod fixed;
pub mod form_field;
pub mod hit;
pub mod html;
pub mod i18n;
pub mod layout;
pub mod learn;
pub mod model;
pub mod msg;
pub mod nav;
pub mod on_table;
pub mod out_of_line;
pub mod play;
pub mod puzzles;
pub mod rating;
pub mod records;
pub mod report;
pub mod review;
mod route;
pub mod save;
pub mod scene;
pub mod season_log;
pub mod stats;
pub mod storage_refusal;
pub mod tablet;
pub mod update;
pub mod uri;

pub use effect::Effect;
pub use model::{Boot, Model};
pub use msg::{Intent, Key, Msg};
