//! The Day under way at the table, as the screen shows it: what the engine offers now, the
//! destination waiting for its confirmation, the sticks and the Hiring being shown, what
//! the last Days did, and the computer players' driver.

use crate::driver::state::Driver;
use crate::layout::HandSlot;
use crate::play::animation::MoveAnim;
use crate::scene::TileStyle;
use lauzait_engine::{FormOption, HireRecord, Phase, Piece, Square};

/// The play part of the [`super::Model`].
#[derive(Clone, Debug, Default)]
pub struct Play {
    pub legal: Legal,
    /// A destination chosen and previewed, waiting for the confirmation.
    pub pending: Option<Square>,
    pub anim: Option<SticksAnim>,
    /// The last Hiring being shown (the piece sliding, the taken piece flying to the hand).
    pub motion: Option<MoveAnim>,
    /// What happened since the previous person's Day, for the hand-over screen.
    /// Each line with the player whose Day it told (`None`: for everyone, such as a
    /// Season's start); a hand-over shows the lines since that person's own last Day.
    pub last_day: Vec<(Option<usize>, String)>,
    /// What the last committed Day did.
    pub day_lines: Vec<String>,
    /// The Season log is shown over the table (phones; wide screens always show it).
    pub log_open: bool,
    /// The last sentence narrated (also what `window.lauzait.state().live` reports).
    pub live: String,
    pub driver: Driver,
}

/// The sticks being thrown on the canvas (R5, R12.6).
#[derive(Clone, Debug)]
pub struct SticksAnim {
    pub record: HireRecord,
    pub start: f64,
    pub duration: f64,
}

/// What the engine offers in the Day under way (empty when nothing may be chosen now).
#[derive(Clone, Debug, Default)]
pub struct Legal {
    pub phase: Option<Phase>,
    pub discards: Vec<Piece>,
    pub movers: Vec<Square>,
    pub destinations: Vec<Square>,
    pub forms: Vec<FormOption>,
    pub dissolvable: Vec<u8>,
    pub declare: bool,
    pub stalemate: bool,
    pub undo: bool,
}

impl Legal {
    /// Whether every piece of the shown hand may be discarded now (then the prompt says
    /// "any piece", and no tile is lit: lighting them all would say nothing).
    pub fn discards_whole_hand(&self, hand: &[HandSlot]) -> bool {
        hand.iter().all(|h| h.piece.is_some_and(|p| self.discards.contains(&p)))
    }

    /// How each tile of the shown hand is marked in an `interactive` Day: while the discard
    /// is chosen, the pieces it may be are lit and the others faded (none of either when
    /// any may be); at the Day's other points the hand is faded, out of play.
    pub fn hand_styles(&self, hand: &[HandSlot], interactive: bool) -> Vec<TileStyle> {
        let discarding = matches!(self.phase, Some(Phase::Beginning { .. }));
        let every = discarding && self.discards_whole_hand(hand);
        hand.iter()
            .map(|slot| {
                let lit = interactive && discarding && !every && slot.piece.is_some_and(|p| self.discards.contains(&p));
                TileStyle { lit, dim: interactive && !lit && !every, chosen: false }
            })
            .collect()
    }
}
