//! The safe last step of a Day: with the preference on (by default, mouse or touch),
//! choosing a destination first previews what it will do and waits; a second tap on it,
//! Enter or Confirm ends the Day, another destination replaces it, Escape/Undo drops it.
//! What a capture does is asked of the engine (the board's pieces, [`Hire::needs_throw`],
//! [`Sticks::lets_piece_arrive`]), never worked out here.

use crate::ctx::Ctx;
use crate::i18n::hiring::{self, Odds};
use crate::model::Model;
use lauzait_engine::{Hire, Phase, Square, Sticks};

/// The chance the sticks let a piece arrive, counted over every throw of the five sticks.
fn sticks_odds() -> Odds {
    let of = 1u32 << 5;
    let arrive = (0..of).filter(|bits| Sticks(std::array::from_fn(|i| bits >> i & 1 == 1)).lets_piece_arrive()).count();
    Odds { arrive: arrive as u32, of }
}

/// What ending the Day on `to` will do, in words, while the chosen piece waits to move.
pub fn preview_text(m: &Model, to: Square) -> Option<String> {
    let Some(Phase::Moving { piece, from }) = m.play.legal.phase else { return None };
    let board = &m.game()?.day().board;
    let hire = Hire { discard: piece, from, to };
    let odds = hire.needs_throw().then(sticks_odds);
    Some(hiring::preview(m.lang, to, board.get(to), board.get(from), odds))
}

impl Model {
    /// Shows and says what `to` would do, and waits for the confirmation.
    pub(crate) fn preview(&mut self, to: Square, ctx: &mut Ctx) {
        let Some(text) = preview_text(self, to) else { return };
        self.play.pending = Some(to);
        self.message = None;
        self.say(&format!("{text} {}", hiring::confirm_prompt(self.lang)), ctx);
    }

    /// The preview of the destination waiting for its confirmation.
    pub fn pending_preview(&self) -> Option<String> {
        self.play.pending.and_then(|to| preview_text(self, to))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sticks_give_even_odds() {
        let o = super::sticks_odds();
        assert_eq!((o.arrive, o.of), (16, 32));
    }
}
