//! The scoring drill as a feature model: a hand drawn from the message's fresh entropy
//! (never a generator kept between messages, `ui::chance`), the learner's answer judged by
//! the engine's scoring (`learn::drill`), the answer explained pattern by pattern, the next
//! hand, and a running tally. Nothing here touches the game at the table: the root's router
//! (`route.rs`) decides when the drill's screen may open and applies its [`DrillOutcome`].

pub mod state;

pub use self::state::{DrillAnswer, DrillMsg, DrillRun, Judged, MAX_TYPED, OFFERED};
use super::ctx::Ctx;
use super::i18n::drill as words;
use super::i18n::Lang;
use rand::RngCore;

/// The drill: closed, or a hand under way with the tally since it was opened.
#[derive(Clone, Debug, Default)]
pub struct Drill {
    run: Option<DrillRun>,
}

/// What the root does after a drill message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillOutcome {
    /// Nothing changed on screen (a stale button, or the shell's cue to read the field).
    Unchanged,
    /// The drill's screen opens on a fresh hand; the question is narrated.
    Opened(String),
    /// A sentence to narrate: the verdict, the next question, why a typed total was refused.
    Say(String),
}

impl Drill {
    /// The hand under way, while the drill is open.
    pub fn run(&self) -> Option<&DrillRun> {
        self.run.as_ref()
    }

    /// Handles one drill message in `lang`, with the message's entropy for a fresh hand.
    pub fn update(&mut self, msg: DrillMsg, lang: Lang, ctx: &mut Ctx) -> DrillOutcome {
        match msg {
            DrillMsg::Open => DrillOutcome::Opened(self.deal(lang, ctx)),
            DrillMsg::Answer(said) => self.answer(said, lang),
            // The shell turns this into `Typed` after reading the field.
            DrillMsg::ReadTyped => DrillOutcome::Unchanged,
            DrillMsg::Typed(Some(n)) => self.answer(DrillAnswer::Points(n), lang),
            DrillMsg::Typed(None) => match &mut self.run {
                Some(run) if run.answer.is_none() => {
                    run.typo = true;
                    DrillOutcome::Say(words::typo(lang))
                }
                _ => DrillOutcome::Unchanged,
            },
            DrillMsg::Next if self.run.as_ref().is_some_and(|d| d.answer.is_some()) => {
                DrillOutcome::Say(self.deal(lang, ctx))
            }
            DrillMsg::Next => DrillOutcome::Unchanged,
        }
    }

    /// Leaves the drill (the tally is not kept).
    pub fn close(&mut self) {
        self.run = None;
    }

    /// A fresh hand, the tally kept; the question to narrate.
    fn deal(&mut self, lang: Lang, ctx: &mut Ctx) -> String {
        let (asked, right) = self.run.as_ref().map_or((0, 0), |d| (d.asked, d.right));
        let seed = ctx.chance.fresh().next_u64();
        self.run = Some(DrillRun::new(seed, asked, right));
        words::question(lang).to_string()
    }

    fn answer(&mut self, said: DrillAnswer, lang: Lang) -> DrillOutcome {
        let Some(run) = &mut self.run else { return DrillOutcome::Unchanged };
        if run.answer.is_some() {
            return DrillOutcome::Unchanged;
        }
        let right = match said {
            DrillAnswer::No => run.drill.check(false, 0),
            DrillAnswer::Points(n) => run.drill.check(true, n),
        };
        run.answer = Some(Judged { said, right });
        run.typo = false;
        run.asked += 1;
        run.right += u32::from(right);
        DrillOutcome::Say(format!("{} {}", words::verdict(lang, right), words::summary(lang, run)))
    }
}

#[cfg(test)]
mod tests;
