//! The coach at the table: its numbers for the person whose Day it is, from that person's
//! view only (R40), worked out again whenever the Day changes; and the Strong player's
//! hint, asked of the computer players' worker with the same request a computer player's
//! Day is (so the page stays responsive while it thinks) and explained on the page.

use crate::ctx::Ctx;
use crate::effect::Effect;
use crate::i18n::learn::{self as words, L};
pub use crate::learn::state::{Coach, CoachKey, HintState};
use crate::model::Model;
use lauzait_autoplay::{BotReply, RequestId};
use lauzait_learn::coach;

impl Model {
    fn coach_key(&self) -> Option<CoachKey> {
        let g = self.game()?;
        let day = g.day();
        Some(CoachKey {
            season: g.season().number,
            day: day.number,
            seat: g.to_move(),
            steps: day.steps.len(),
            board: day.board,
            concealed: day.hand.concealed,
        })
    }

    /// Works the coach's numbers out again when the Day has changed (called with every
    /// refresh). Only for a person whose hand is on the table, from their view.
    pub(crate) fn coach_refresh(&mut self) {
        let shown = self.coach_on() && self.person_sees_hand() && !self.table.is_replay();
        let key = self.coach_key().filter(|_| shown);
        let Some(key) = key else {
            self.coach.advice = None;
            return;
        };
        if self.coach.advice.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let advice = self.game().and_then(|g| g.view(key.seat)).and_then(|v| coach::advise(&v));
        self.coach.advice = advice.map(|a| (key, a));
        if !matches!(&self.coach.hint, HintState::Asked { key: k, .. } | HintState::Shown { key: k, .. } if *k == key) {
            self.coach.hint = HintState::None;
        }
    }

    /// The Hint button: ask the worker for the Strong player's plan from this view.
    pub(crate) fn ask_hint(&mut self, ctx: &mut Ctx) {
        let Some((key, _)) = self.coach.advice.clone() else { return };
        if matches!(&self.coach.hint, HintState::Asked { key: k, .. } if *k == key) {
            return;
        }
        self.coach.next_id = self.coach.next_id.wrapping_add(1);
        let id = self.coach.next_id;
        let Some(view) = self.game().and_then(|g| g.view(key.seat)) else { return };
        let request = coach::hint_request(&view, crate::driver::BOT_PLAYOUTS, RequestId::Hint(id));
        ctx.emit(Effect::PostToWorker(request.to_text()));
        self.coach.hint = HintState::Asked { key, id };
        let text = words::l(self.lang, L::Thinking).to_string();
        self.say(&text, ctx);
    }

    /// The worker failed while a hint was asked: the hint is given up (the person may ask
    /// again, which starts a new worker). Whether one was waiting.
    pub(crate) fn hint_failed(&mut self, error: &str, ctx: &mut Ctx) -> bool {
        if !matches!(self.coach.hint, HintState::Asked { .. }) {
            return false;
        }
        self.coach.hint = HintState::None;
        ctx.emit(Effect::Log(format!("hint: {error}")));
        true
    }

    /// The worker's answer to hint `id`: shown if it is the hint asked last and the Day is
    /// still where it was asked (an answer after the hint was given up is dropped).
    pub(crate) fn hint_reply(&mut self, id: u32, reply: BotReply, ctx: &mut Ctx) {
        let HintState::Asked { key, id: asked } = self.coach.hint.clone() else { return };
        if id != asked || self.coach_key() != Some(key) {
            return;
        }
        if let Some(e) = reply.error {
            self.coach.hint = HintState::None;
            ctx.emit(Effect::Log(format!("hint: {e}")));
            return;
        }
        let hint = self.game().and_then(|g| g.view(key.seat)).and_then(|v| coach::hint_of_plan(&v, &reply.actions));
        match hint {
            Some(hint) => {
                let text = words::hint_text(self.lang, &reply.actions, hint.why);
                self.coach.hint = HintState::Shown { key, hint, plan: reply.actions };
                self.say(&text, ctx);
            }
            None => self.coach.hint = HintState::None,
        }
    }
}
