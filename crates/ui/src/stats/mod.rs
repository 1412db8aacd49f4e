//! Your record over time as a feature model (docs/history.md): the finished games kept on
//! the device (`lauzait_history`), a game added as it ends and given the player's figures
//! once the rater has rated it, and the statistics screen with its export and its delete.
//! The shell reads the stored text once at the start ([`StatsMsg::Stored`]) and writes what
//! the model asks ([`Effect::SaveHistory`], [`Effect::ForgetHistory`]); the root's router
//! (`route.rs`) decides when the screen may open.

mod msg;

pub use self::msg::{StatsIntent, StatsMsg};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::stats as words;
use super::i18n::Lang;
use lauzait_history::{Figures, History, HistoryError, PlayedGame, Statistics};

/// The history's storage key (SECURITY.md, "Storage"), beside the save's and the lessons'.
pub const HISTORY_KEY: &str = "lauzait-cep/history/v1";

/// The file an export is offered as.
pub const EXPORT_FILE: &str = "lauzait-history.txt";

/// What the device keeps.
#[derive(Clone, Debug, PartialEq)]
enum Kept {
    Read(History),
    /// The stored text could not be read: it is left alone (a game ending adds nothing)
    /// until the player deletes it from the statistics screen, which says why.
    Unreadable(HistoryError),
}

/// The history and its screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    kept: Kept,
    /// The delete button was pressed once: the screen asks to confirm.
    deleting: bool,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats::NONE
    }
}

/// What the root does after a statistics message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatsOutcome {
    Unchanged,
    /// The statistics screen opens; this is read out.
    Opened(String),
    /// A sentence to narrate (exported, deleted, a write refused).
    Say(String),
}

impl Stats {
    /// Nothing kept yet: a constant, so that building the model on the first screen calls
    /// nothing of the history.
    pub const NONE: Stats = Stats { kept: Kept::Read(History::EMPTY), deleting: false };

    /// The games kept, or why the stored text could not be read.
    pub fn history(&self) -> Result<&History, &HistoryError> {
        match &self.kept {
            Kept::Read(h) => Ok(h),
            Kept::Unreadable(e) => Err(e),
        }
    }

    /// What the screen shows.
    pub fn statistics(&self) -> Option<Statistics> {
        self.history().ok().map(Statistics::of)
    }

    pub fn deleting(&self) -> bool {
        self.deleting
    }

    /// Handles one statistics message in `lang`.
    pub fn update(&mut self, msg: StatsMsg, lang: Lang, ctx: &mut Ctx) -> StatsOutcome {
        match msg {
            StatsMsg::Stored(text) => {
                self.kept = match text.as_deref().map(History::from_text) {
                    None => Kept::Read(History::default()),
                    Some(Ok(h)) => Kept::Read(h),
                    Some(Err(e)) => Kept::Unreadable(e),
                };
                StatsOutcome::Unchanged
            }
            StatsMsg::SaveFailed(why) => StatsOutcome::Say(words::not_kept(lang, &why)),
            StatsMsg::Button(intent) => self.button(intent, lang, ctx),
        }
    }

    fn button(&mut self, intent: StatsIntent, lang: Lang, ctx: &mut Ctx) -> StatsOutcome {
        match intent {
            StatsIntent::Open => {
                self.deleting = false;
                StatsOutcome::Opened(words::summary(lang, self))
            }
            StatsIntent::Export => match &self.kept {
                Kept::Read(h) if !h.is_empty() => {
                    ctx.emit(Effect::Download { file_name: EXPORT_FILE.into(), text: h.to_text() });
                    StatsOutcome::Say(words::exported(lang).into())
                }
                _ => StatsOutcome::Unchanged,
            },
            StatsIntent::Delete => {
                self.deleting = true;
                StatsOutcome::Say(words::delete_question(lang).into())
            }
            StatsIntent::DeleteCancel => {
                self.deleting = false;
                StatsOutcome::Unchanged
            }
            StatsIntent::DeleteConfirm if self.deleting => {
                self.deleting = false;
                self.kept = Kept::Read(History::default());
                ctx.emit(Effect::ForgetHistory);
                StatsOutcome::Say(words::deleted(lang).into())
            }
            StatsIntent::DeleteConfirm => StatsOutcome::Unchanged,
        }
    }

    /// A game just ended at the table: it is kept (not over an unreadable history).
    pub fn keep(&mut self, game: PlayedGame, ctx: &mut Ctx) {
        if let Kept::Read(h) = &mut self.kept {
            h.push(game);
            ctx.emit(Effect::SaveHistory(h.to_text()));
        }
    }

    /// The player's figures of the last game kept, once the rater has rated it.
    pub fn rated(&mut self, figures: Figures, ctx: &mut Ctx) {
        if let Kept::Read(h) = &mut self.kept {
            let before = h.games().last().and_then(|g| g.figures);
            h.rate_last(figures);
            if h.games().last().and_then(|g| g.figures) != before {
                ctx.emit(Effect::SaveHistory(h.to_text()));
            }
        }
    }

    /// Leaves the screen (an unanswered delete is forgotten).
    pub fn close(&mut self) {
        self.deleting = false;
    }
}

#[cfg(test)]
mod tests;
