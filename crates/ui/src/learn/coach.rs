//! The coach at the table: its numbers for the person whose Day it is, from that person's
//! view only (R40), worked out again whenever the Day changes; and the Strong player's
//! hint, asked of the computer players' worker with the same request a computer player's
//! Day is (so the page stays responsive while it thinks) and explained on the page.

use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::learn::{self as words, L};
use crate::i18n::Lang;
pub use crate::learn::state::{Coach, CoachKey, HintState};
use lauzait_autoplay::{BotReply, RequestId};
use lauzait_engine::Game;
use lauzait_learn::coach;

/// Which moment of `game` the coach would speak of.
fn key_of(game: &Game) -> CoachKey {
    let day = game.day();
    CoachKey {
        season: game.season().number,
        day: day.number,
        seat: game.to_move(),
        steps: day.steps.len(),
        board: day.board,
        concealed: day.hand.concealed,
    }
}

impl Coach {
    /// Works the numbers out again when the Day has changed (called with every refresh).
    /// `shown` is the game on screen when the coach may speak of it: switched on (or in a
    /// lesson), for a person whose hand is on the table, never in the replay viewer.
    pub(crate) fn refresh(&mut self, shown: Option<&Game>) {
        let Some(game) = shown else {
            self.advice = None;
            return;
        };
        let key = key_of(game);
        if self.advice.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let advice = game.view(key.seat).and_then(|v| coach::advise(&v));
        self.advice = advice.map(|a| (key, a));
        if !matches!(&self.hint, HintState::Asked { key: k, .. } | HintState::Shown { key: k, .. } if *k == key) {
            self.hint = HintState::None;
        }
    }

    /// The Hint button: asks the worker for the Strong player's plan from this view; the
    /// sentence to narrate while it thinks.
    pub(crate) fn ask_hint(&mut self, game: Option<&Game>, lang: Lang, ctx: &mut Ctx) -> Option<String> {
        let (key, _) = self.advice.clone()?;
        if matches!(&self.hint, HintState::Asked { key: k, .. } if *k == key) {
            return None;
        }
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        let view = game?.view(key.seat)?;
        let request = coach::hint_request(&view, crate::driver::BOT_PLAYOUTS, RequestId::Hint(id));
        ctx.emit(Effect::PostToWorker(request.to_text()));
        self.hint = HintState::Asked { key, id };
        Some(words::l(lang, L::Thinking).to_string())
    }

    /// The worker failed while a hint was asked: the hint is given up (the person may ask
    /// again, which starts a new worker). Whether one was waiting.
    pub(crate) fn hint_failed(&mut self, error: &str, ctx: &mut Ctx) -> bool {
        if !matches!(self.hint, HintState::Asked { .. }) {
            return false;
        }
        self.hint = HintState::None;
        ctx.emit(Effect::Log(format!("hint: {error}")));
        true
    }

    /// The worker's answer to hint `id`: shown if it is the hint asked last and the Day is
    /// still where it was asked (an answer after the hint was given up is dropped); the
    /// sentence to narrate.
    pub(crate) fn hint_reply(
        &mut self,
        id: u32,
        reply: BotReply,
        game: Option<&Game>,
        lang: Lang,
        ctx: &mut Ctx,
    ) -> Option<String> {
        let HintState::Asked { key, id: asked } = self.hint.clone() else { return None };
        if id != asked || game.map(key_of) != Some(key) {
            return None;
        }
        if let Some(e) = reply.error {
            self.hint = HintState::None;
            ctx.emit(Effect::Log(format!("hint: {e}")));
            return None;
        }
        let hint = game.and_then(|g| g.view(key.seat)).and_then(|v| coach::hint_of_plan(&v, &reply.actions));
        match hint {
            Some(hint) => {
                let text = words::hint_text(lang, &reply.actions, hint.why);
                self.hint = HintState::Shown { key, hint, plan: reply.actions };
                Some(text)
            }
            None => {
                self.hint = HintState::None;
                None
            }
        }
    }
}
