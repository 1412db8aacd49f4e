//! Your record over time as a feature model (docs/history.md): the finished games kept on
//! the device (`lauzait_history`), a game added as it ends and given the player's figures
//! once the rater has rated it, and the statistics screen with its export and its delete.
//! The shell reads the stored text once at the start ([`StatsMsg::Stored`]) and writes what
//! the model asks ([`Effect::SaveHistory`], [`Effect::ForgetHistory`]). The model keeps that
//! text unread until the screen opens or a game is added to it, so that the first screen
//! parses none of a long history.
//!
//! The screen's figures — the statistics, the Glicko-2 rating, the charts and their words —
//! are worked out by the rater's worker (`wire`, [`crate::rating::Rater`]), a module the
//! page loads when it is first needed, so that the page's own module (and the offline
//! install) carries only the keeping of the games. The root's router (`route.rs`) decides
//! when the screen may open.

mod msg;
pub mod rater;
pub mod wire;

pub use self::msg::{StatsIntent, StatsMsg};
pub use self::wire::{RecordReply, RecordRequest, RecordTextError, StatsHtml};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::stats as words;
use super::i18n::Lang;
use lauzait_autoplay::{RequestId, WorkerFailure};
use lauzait_history::{Figures, History, HistoryError, PlayedGame};
use std::borrow::Cow;

/// The history's storage key (SECURITY.md, "Storage"), beside the save's and the lessons'.
pub const HISTORY_KEY: &str = "lauzait-cep/history/v1";

/// The file an export is offered as.
pub const EXPORT_FILE: &str = "lauzait-history.txt";

/// What the device keeps.
#[derive(Clone, Debug, PartialEq)]
enum Kept {
    /// The stored text as the shell handed it in, not read yet: it is read when the screen
    /// opens or a game is added ([`Stats::read`]).
    Unread(String),
    Read(History),
    /// The stored text could not be read: it is left alone (a game ending adds nothing)
    /// until the player deletes it from the statistics screen, which says why.
    Unreadable(HistoryError),
}

/// The screen's figures, from the rater.
#[derive(Clone, Debug, PartialEq)]
pub enum Figured {
    /// Not asked (the screen is closed, or there is no game to work out).
    Nothing,
    /// Asked of the rater as request `id`.
    Asking {
        id: u32,
    },
    Shown(Box<RecordReply>),
    /// The rater could not be loaded, failed, or answered what the page cannot read.
    Failed(RecordFailure),
}

/// Why the screen has no figures.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordFailure {
    /// The rater's module could not be loaded: offline before it was ever fetched.
    NotLoaded,
    Rater(WorkerFailure),
    Unreadable(RecordTextError),
}

/// The history and its screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    kept: Kept,
    /// The delete button was pressed once: the screen asks to confirm.
    deleting: bool,
    figured: Figured,
    /// The number of the last request ([`RequestId::Record`]): a reply with another is stale.
    next_id: u32,
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
    /// A sentence to narrate (the figures came, exported, deleted, a write refused).
    Say(String),
}

impl Stats {
    /// Nothing kept yet: a constant, so that building the model on the first screen calls
    /// nothing of the history.
    pub const NONE: Stats =
        Stats { kept: Kept::Read(History::EMPTY), deleting: false, figured: Figured::Nothing, next_id: 0 };

    /// The games kept, or why the stored text could not be read: read now if it was not
    /// yet (the screen reads it as it opens, so that its drawing borrows what was read).
    pub fn history(&self) -> Result<Cow<'_, History>, HistoryError> {
        match &self.kept {
            Kept::Unread(text) => History::from_text(text).map(Cow::Owned),
            Kept::Read(h) => Ok(Cow::Borrowed(h)),
            Kept::Unreadable(e) => Err(e.clone()),
        }
    }

    /// Whether the stored text is still unread (nothing has needed the games yet).
    pub fn unread(&self) -> bool {
        matches!(self.kept, Kept::Unread(_))
    }

    /// [`Self::history`], read once and kept so: the screen opening, or its export.
    fn read_history(&mut self) -> Result<Cow<'_, History>, HistoryError> {
        self.read();
        self.history()
    }

    /// Reads the stored text, if it is not read yet: into the games, or why it could not
    /// be read (the text itself is left as stored, and nothing overwrites it).
    fn read(&mut self) {
        if let Kept::Unread(text) = &self.kept {
            self.kept = match History::from_text(text) {
                Ok(h) => Kept::Read(h),
                Err(e) => Kept::Unreadable(e),
            };
        }
    }

    /// The screen's figures as far as the rater has given them.
    pub fn figured(&self) -> &Figured {
        &self.figured
    }

    pub fn deleting(&self) -> bool {
        self.deleting
    }

    /// Handles one statistics message in `lang`.
    pub fn update(&mut self, msg: StatsMsg, lang: Lang, ctx: &mut Ctx) -> StatsOutcome {
        match msg {
            StatsMsg::Stored(text) => {
                self.kept = match text {
                    None => Kept::Read(History::default()),
                    // Read when the games are first needed: not on the first screen.
                    Some(text) => Kept::Unread(text),
                };
                StatsOutcome::Unchanged
            }
            StatsMsg::SaveFailed(why) => StatsOutcome::Say(words::not_kept(lang, &why)),
            StatsMsg::Button(intent) => self.button(intent, lang, ctx),
            StatsMsg::Reply(reply) => match self.figured {
                Figured::Asking { id } if reply.id == RequestId::Record(id) => {
                    let said = reply.say[usize::from(lang == Lang::Ja)].clone();
                    self.figured = Figured::Shown(reply);
                    StatsOutcome::Say(said)
                }
                _ => StatsOutcome::Unchanged,
            },
            StatsMsg::Failed(failure) => match self.figured {
                Figured::Asking { .. } => {
                    let said = words::failed(lang, &failure);
                    self.figured = Figured::Failed(failure);
                    StatsOutcome::Say(said)
                }
                _ => StatsOutcome::Unchanged,
            },
        }
    }

    fn button(&mut self, intent: StatsIntent, lang: Lang, ctx: &mut Ctx) -> StatsOutcome {
        match intent {
            StatsIntent::Open => {
                self.deleting = false;
                StatsOutcome::Opened(self.ask(lang, ctx))
            }
            StatsIntent::Export => match self.read_history() {
                Ok(h) if !h.is_empty() => {
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
                self.figured = Figured::Nothing;
                ctx.emit(Effect::ForgetHistory);
                StatsOutcome::Say(words::deleted(lang).into())
            }
            StatsIntent::DeleteConfirm => StatsOutcome::Unchanged,
        }
    }

    /// The games kept handed to the rater to work out, and what to read out meanwhile; a
    /// history with no game, or unreadable, needs no rater.
    fn ask(&mut self, lang: Lang, ctx: &mut Ctx) -> String {
        let history = match self.read_history() {
            Err(e) => Err(words::unreadable(lang, &e)),
            Ok(h) if h.is_empty() => Err(words::empty(lang).into()),
            Ok(h) => Ok(h.into_owned()),
        };
        match history {
            Err(said) => {
                self.figured = Figured::Nothing;
                said
            }
            Ok(history) => {
                self.next_id = self.next_id.wrapping_add(1);
                let request = RecordRequest { id: RequestId::Record(self.next_id), history };
                ctx.emit(Effect::AskRater(request.to_text()));
                self.figured = Figured::Asking { id: self.next_id };
                words::working(lang).into()
            }
        }
    }

    /// A game just ended at the table: it is kept (not over an unreadable history).
    pub fn keep(&mut self, game: PlayedGame, ctx: &mut Ctx) {
        self.read();
        if let Kept::Read(h) = &mut self.kept {
            h.push(game);
            ctx.emit(Effect::SaveHistory(h.to_text()));
        }
    }

    /// The player's figures of the last game kept, once the rater has rated it.
    pub fn rated(&mut self, figures: Figures, ctx: &mut Ctx) {
        self.read();
        if let Kept::Read(h) = &mut self.kept {
            let before = h.games().last().and_then(|g| g.figures);
            h.rate_last(figures);
            if h.games().last().and_then(|g| g.figures) != before {
                ctx.emit(Effect::SaveHistory(h.to_text()));
            }
        }
    }

    /// Leaves the screen (an unanswered delete is forgotten, a reply still to come is dropped).
    pub fn close(&mut self) {
        self.deleting = false;
        self.figured = Figured::Nothing;
    }
}

impl RecordFailure {
    /// The rater's failure as the screen tells it.
    pub fn of_rater(failure: WorkerFailure) -> RecordFailure {
        match failure {
            WorkerFailure::NotLoaded => RecordFailure::NotLoaded,
            other => RecordFailure::Rater(other),
        }
    }
}

#[cfg(test)]
mod tests;
