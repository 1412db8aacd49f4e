//! The scoring drill as a screen: a hand drawn from the shell's fresh entropy (never a
//! generator kept between messages, `ui::chance`), the learner's answer judged by the
//! engine's scoring (`learn::drill`), the answer explained pattern by pattern, the next
//! hand, and a running tally. Nothing here touches the game at the table.

pub mod state;

pub use self::state::{DrillAnswer, DrillIntent, DrillRun, Judged, MAX_TYPED, OFFERED};
use super::ctx::Ctx;
use super::i18n::drill as words;
use super::model::{Model, Overlay};
use rand::RngCore;

impl Model {
    /// A fresh hand, the tally kept.
    fn drill_deal(&mut self, ctx: &mut Ctx) {
        let (asked, right) = self.learn.drill.as_ref().map_or((0, 0), |d| (d.asked, d.right));
        let seed = ctx.chance.fresh().next_u64();
        self.learn.drill = Some(DrillRun::new(seed, asked, right));
        let text = words::question(self.lang);
        self.say(text, ctx);
    }

    fn drill_answer(&mut self, said: DrillAnswer, ctx: &mut Ctx) {
        let lang = self.lang;
        let Some(run) = &mut self.learn.drill else { return };
        if run.answer.is_some() {
            return;
        }
        let right = match said {
            DrillAnswer::No => run.drill.check(false, 0),
            DrillAnswer::Points(n) => run.drill.check(true, n),
        };
        run.answer = Some(Judged { said, right });
        run.typo = false;
        run.asked += 1;
        run.right += u32::from(right);
        let text = format!("{} {}", words::verdict(lang, right), words::summary(lang, run));
        self.say(&text, ctx);
    }

    /// The drill buttons (and the typed total the shell read from the field).
    pub(super) fn drill_intent(&mut self, intent: DrillIntent, ctx: &mut Ctx) {
        match intent {
            DrillIntent::Open => {
                if self.table.is_replay() || matches!(self.overlay, Overlay::LoadError) {
                    return;
                }
                self.drill_deal(ctx);
                self.overlay = Overlay::Drill;
            }
            _ if self.overlay != Overlay::Drill => {}
            DrillIntent::Answer(said) => self.drill_answer(said, ctx),
            // The shell turns this into `Typed` after reading the field.
            DrillIntent::ReadTyped => {}
            DrillIntent::Typed(Some(n)) => self.drill_answer(DrillAnswer::Points(n), ctx),
            DrillIntent::Typed(None) => {
                if let Some(run) = &mut self.learn.drill {
                    if run.answer.is_none() {
                        run.typo = true;
                        let text = words::typo(self.lang);
                        self.say(&text, ctx);
                    }
                }
            }
            DrillIntent::Next => {
                if self.learn.drill.as_ref().is_some_and(|d| d.answer.is_some()) {
                    self.drill_deal(ctx);
                }
            }
        }
    }

    /// Leaves the drill: back to what was there before (the tally is not kept).
    pub(super) fn close_drill(&mut self) -> Overlay {
        self.learn.drill = None;
        if self.table.is_lesson() {
            self.lesson_overlay()
        } else if self.table.is_replay() {
            Overlay::None
        } else {
            self.resting_overlay()
        }
    }
}
