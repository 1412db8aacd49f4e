//! The puzzle screen as a feature model (docs/puzzles.md, "The puzzle screen"): the player
//! asks for a puzzle of a difficulty, plays one whole Day of it at the table with the same
//! taps as a game, and is told whether it was the solution, with the explanation. The
//! shipped set, the choice of a puzzle, the judging and the explanation's HTML are the
//! rater's worker's (`wire`, `rater`), so that the page's module carries only this model;
//! the root's router (`at_table.rs`) puts the puzzle's table on the table, as a lesson's,
//! and hands this model the Day once it is played. Progress is kept under its own storage
//! key ([`PROGRESS_KEY`]). The player's own mistakes (`mine`) are played on the same
//! screen: their queue's text is kept here unread, and the rater answers from it.

pub mod at_table;
pub mod mine;
mod progress;
pub mod rater;
pub mod wire;

use self::mine::MINE_KEY;
pub use self::progress::{Progress, ProgressError, PROGRESS_KEY};
pub use self::wire::{MineAsk, MineNews, PuzzleHtml, PuzzleReply, PuzzleRequest, PuzzleWireError, Verdict};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::puzzles::{self as words, p, P};
use super::i18n::Lang;
use super::storage_refusal::StorageRefusal;
use lauzait_autoplay::{RequestId, WorkerFailure};
use lauzait_engine::{RebuildError, ViewTextError};
use lauzait_learn::puzzles::Difficulty;

/// Which puzzles the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Level {
    #[default]
    Any,
    Of(Difficulty),
    /// The player's own mistakes.
    Mine,
}

impl Level {
    pub const ALL: [Level; 4] =
        [Level::Any, Level::Of(Difficulty::Easy), Level::Of(Difficulty::Normal), Level::Of(Difficulty::Hard)];

    pub fn code(self) -> &'static str {
        match self {
            Level::Any => "any",
            Level::Of(d) => d.name(),
            Level::Mine => "mine",
        }
    }

    /// A difficulty's code (the mistakes' button is read by [`PuzzleIntent::parse`]).
    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.code() == text)
    }

    pub fn admits(self, d: Difficulty) -> bool {
        self == Level::Any || self == Level::Of(d)
    }
}

/// The puzzle screen's buttons (carried by [`crate::msg::Intent::Puzzles`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleIntent {
    /// The screen: the difficulties, the progress.
    Open,
    /// A puzzle of this level.
    Ask(Level),
    Next,
    Retry,
    /// Back to the menu, the table's own game set back.
    Leave,
}

impl PuzzleIntent {
    pub fn code(self) -> String {
        match self {
            PuzzleIntent::Open => "puzzles".into(),
            PuzzleIntent::Ask(level) => format!("puzzles-{}", level.code()),
            PuzzleIntent::Next => "puzzle-next".into(),
            PuzzleIntent::Retry => "puzzle-retry".into(),
            PuzzleIntent::Leave => "puzzle-leave".into(),
        }
    }

    pub fn parse(text: &str) -> Option<PuzzleIntent> {
        Some(match text {
            "puzzles" => PuzzleIntent::Open,
            "puzzle-next" => PuzzleIntent::Next,
            "puzzle-retry" => PuzzleIntent::Retry,
            "puzzle-leave" => PuzzleIntent::Leave,
            "puzzles-mine" => PuzzleIntent::Ask(Level::Mine),
            other => PuzzleIntent::Ask(Level::parse(other.strip_prefix("puzzles-")?)?),
        })
    }
}

/// What the puzzle feature is sent.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleMsg {
    Button(PuzzleIntent),
    /// The stored progress as the shell read it, asked by [`Effect::LoadPuzzles`] (`None`:
    /// nothing stored).
    Stored(Option<String>),
    /// Writing the progress failed, and why.
    SaveFailed(StorageRefusal),
    /// The rater's answer.
    Reply(PuzzleReply),
    /// The rater could not answer.
    Failed(PuzzleFailure),
    /// The mistakes' queue as stored (`None`: none), read with the progress, asked by
    /// [`Effect::LoadPuzzles`]: not on the first screen, whose code the page loads first.
    MineStored(Option<String>),
}

/// Why no puzzle, or no verdict, can be shown.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleFailure {
    /// The rater's module could not be loaded: offline before it was ever fetched.
    NotLoaded,
    /// The rater could not fetch or read the set.
    NoSet,
    Rater(WorkerFailure),
    Unreadable(PuzzleWireError),
    /// The puzzle's position could not be read on the page.
    View(ViewTextError),
    /// The puzzle's position could not be set up as a game.
    Rebuild(RebuildError),
}

impl PuzzleFailure {
    pub fn of_rater(failure: WorkerFailure) -> PuzzleFailure {
        match failure {
            WorkerFailure::NotLoaded => PuzzleFailure::NotLoaded,
            other => PuzzleFailure::Rater(other),
        }
    }
}

/// The puzzle on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Current {
    /// The puzzle's number in the set, or the mistake's place in the queue.
    pub number: u32,
    /// Whether it is one of the player's mistakes.
    pub mine: bool,
    /// The seat's view as the rater sent it (`sv1 …`), to set the table up again.
    pub view: String,
    /// What to find, in both languages, as the rater worded it.
    pub task: [String; 2],
}

/// Where the screen is.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Stage {
    /// Nothing asked.
    #[default]
    Idle,
    /// A puzzle asked of the rater as request `id`.
    Asking {
        id: u32,
    },
    /// The puzzle's Day is being played at the table.
    Playing(Current),
    /// The Day played sent to the rater as request `id`.
    Judging {
        current: Current,
        id: u32,
    },
    Judged {
        current: Current,
        verdict: Box<Verdict>,
    },
    Failed(PuzzleFailure),
}

/// The puzzles' progress and the screen's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Puzzles {
    progress: Progress,
    /// The stored progress could not be read: it starts again, and the screen says why.
    unreadable: Option<ProgressError>,
    /// Whether the stored progress was read (asked of the shell when the screen first
    /// opens, not on the first screen).
    loaded: bool,
    level: Level,
    stage: Stage,
    next_id: u32,
    /// The mistakes' queue as stored, unread (the rater reads it).
    mine: Option<String>,
    /// How the queue stood at the rater's last answer.
    mine_news: Option<MineNews>,
    /// The request that counts the mistakes due when the screen opens.
    counting: u32,
    /// The count waits for the stored queue, asked of the shell.
    recount: bool,
}

/// What the root does after a puzzle message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleOutcome {
    Unchanged,
    /// The screen opens (the picker), with this to read out.
    Opened(String),
    /// The puzzle's table is set up from this view and played; the task to read out.
    Start {
        view: String,
        task: String,
    },
    /// The Day played is being judged, or has been: the screen after the Day, with this.
    Done(String),
    /// Back to the menu.
    Leave,
    Say(String),
}

impl Puzzles {
    /// Nothing kept yet: a constant, so that building the model on the first screen calls
    /// nothing of the puzzles.
    pub const NONE: Puzzles = Puzzles {
        progress: Progress::NONE,
        unreadable: None,
        loaded: false,
        level: Level::Any,
        stage: Stage::Idle,
        next_id: 0,
        mine: None,
        mine_news: None,
        counting: 0,
        recount: false,
    };

    /// How the mistakes' queue stood at the rater's last answer.
    pub fn mine_news(&self) -> Option<&MineNews> {
        self.mine_news.as_ref()
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn unreadable(&self) -> Option<&ProgressError> {
        self.unreadable.as_ref()
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The puzzle on the table, while its Day is played.
    pub fn playing(&self) -> Option<&Current> {
        match &self.stage {
            Stage::Playing(current) => Some(current),
            _ => None,
        }
    }

    pub fn update(&mut self, msg: PuzzleMsg, lang: Lang, ctx: &mut Ctx) -> PuzzleOutcome {
        match msg {
            PuzzleMsg::Stored(text) => {
                self.loaded = true;
                (self.progress, self.unreadable) = match text.map(|t| Progress::from_text(&t)) {
                    None => (Progress::default(), None),
                    Some(Ok(progress)) => (progress, None),
                    Some(Err(e)) => (Progress::default(), Some(e)),
                };
                PuzzleOutcome::Unchanged
            }
            PuzzleMsg::SaveFailed(why) => PuzzleOutcome::Say(words::not_kept(lang, &why)),
            PuzzleMsg::Button(intent) => self.button(intent, lang, ctx),
            PuzzleMsg::Reply(reply) => self.reply(reply, lang, ctx),
            PuzzleMsg::MineStored(text) => {
                self.mine = text;
                if std::mem::take(&mut self.recount) {
                    self.count_mine(ctx);
                }
                PuzzleOutcome::Unchanged
            }
            PuzzleMsg::Failed(failure) => match self.stage {
                Stage::Asking { .. } | Stage::Judging { .. } => self.fail(failure, lang),
                _ => PuzzleOutcome::Unchanged,
            },
        }
    }

    fn button(&mut self, intent: PuzzleIntent, lang: Lang, ctx: &mut Ctx) -> PuzzleOutcome {
        match intent {
            PuzzleIntent::Open => {
                self.stage = Stage::Idle;
                self.count_mine(ctx);
                PuzzleOutcome::Opened(p(lang, P::Intro).into())
            }
            PuzzleIntent::Ask(level) => {
                self.level = level;
                self.ask(0, ctx);
                PuzzleOutcome::Opened(p(lang, P::Asking).into())
            }
            PuzzleIntent::Next => {
                let after = self.current().map_or(0, |c| c.number);
                self.ask(after, ctx);
                PuzzleOutcome::Opened(p(lang, P::Asking).into())
            }
            PuzzleIntent::Retry => match self.current().cloned() {
                Some(current) => self.start(current, lang),
                None => PuzzleOutcome::Unchanged,
            },
            PuzzleIntent::Leave => {
                self.stage = Stage::Idle;
                PuzzleOutcome::Leave
            }
        }
    }

    /// The puzzle last on the table.
    fn current(&self) -> Option<&Current> {
        match &self.stage {
            Stage::Playing(current) | Stage::Judging { current, .. } | Stage::Judged { current, .. } => Some(current),
            _ => None,
        }
    }

    fn ask(&mut self, after: u32, ctx: &mut Ctx) {
        if self.level == Level::Mine {
            let id = self.ask_mine("pick", ctx);
            self.stage = Stage::Asking { id };
            return;
        }
        self.next_id = self.next_id.wrapping_add(1);
        let request = wire::pick_text(RequestId::Puzzle(self.next_id), self.level, after, self.progress.solved());
        ctx.emit(Effect::AskRater(request));
        self.stage = Stage::Asking { id: self.next_id };
    }

    /// Asks the rater about the mistakes (`ask`, as [`MineAsk`] writes it), with their
    /// queue's text; the request's id.
    fn ask_mine(&mut self, ask: &str, ctx: &mut Ctx) -> u32 {
        self.next_id = self.next_id.wrapping_add(1);
        let queue = self.mine.as_deref().unwrap_or("");
        ctx.emit(Effect::AskRater(wire::mine_text(RequestId::Puzzle(self.next_id), ask, queue)));
        self.next_id
    }

    /// How the queue stands, as the rater said; the text it changed to is stored.
    fn mine_said(&mut self, mut news: MineNews, ctx: &mut Ctx) {
        if let Some(text) = news.queue.take() {
            ctx.emit(Effect::SavePuzzles(MINE_KEY, text.clone()));
            self.mine = Some(text);
        }
        self.mine_news = Some(news);
    }

    /// Asks the rater how the mistakes' queue stands: when the screen opens, and once a game
    /// is rated (the rater adds its mistakes to the queue, which comes back to be stored).
    pub fn count_mine(&mut self, ctx: &mut Ctx) {
        // Never before the stored queue is read: the rater would add the game's mistakes to
        // nothing, and that text would be stored over the queue.
        if !self.loaded {
            self.recount = true;
            ctx.emit(Effect::LoadPuzzles);
            return;
        }
        self.counting = self.ask_mine("count", ctx);
    }

    fn start(&mut self, current: Current, lang: Lang) -> PuzzleOutcome {
        let task = current.task[usize::from(lang == Lang::Ja)].clone();
        let out = PuzzleOutcome::Start { view: current.view.clone(), task };
        self.stage = Stage::Playing(current);
        out
    }

    fn asked(&self) -> Option<u32> {
        match self.stage {
            Stage::Asking { id } | Stage::Judging { id, .. } => Some(id),
            _ => None,
        }
    }

    fn reply(&mut self, reply: PuzzleReply, lang: Lang, ctx: &mut Ctx) -> PuzzleOutcome {
        let id = match &reply {
            PuzzleReply::Offer { id, .. }
            | PuzzleReply::Verdict { id, .. }
            | PuzzleReply::NoSet { id }
            | PuzzleReply::Mine { id, .. } => *id,
        };
        let asked = self.asked().map(RequestId::Puzzle) == Some(id);
        // How the mistakes' queue stands: of the count asked (when the screen opened or a
        // game was rated), or of the last request, after its offer or verdict if any. Kept
        // whatever the screen shows since, and its text stored.
        if let PuzzleReply::Mine { news, .. } = reply {
            if id != RequestId::Puzzle(self.counting) && id != RequestId::Puzzle(self.next_id) {
                return PuzzleOutcome::Unchanged;
            }
            self.mine_said(news, ctx);
            // Asked and nothing due: the picker, whose row says how the queue stands (and
            // when the next is due) as a status read out.
            if asked {
                self.stage = Stage::Idle;
                return PuzzleOutcome::Opened(String::new());
            }
            return PuzzleOutcome::Unchanged;
        }
        // A reply to another request (an earlier one, since replaced) is dropped.
        if !asked {
            return PuzzleOutcome::Unchanged;
        }
        match (reply, std::mem::take(&mut self.stage)) {
            (PuzzleReply::Offer { number, view, task, .. }, Stage::Asking { .. }) => {
                self.start(Current { number, mine: self.level == Level::Mine, view, task }, lang)
            }
            (PuzzleReply::Verdict { verdict, .. }, Stage::Judging { current, .. }) => {
                let said = verdict.say[usize::from(lang == Lang::Ja)].clone();
                // A mistake's schedule comes with the queue's reply that follows.
                if !current.mine {
                    self.keep(&verdict, ctx);
                }
                self.stage = Stage::Judged { current, verdict };
                PuzzleOutcome::Done(said)
            }
            (PuzzleReply::NoSet { .. }, _) => self.fail(PuzzleFailure::NoSet, lang),
            (_, stage) => {
                self.stage = stage;
                PuzzleOutcome::Unchanged
            }
        }
    }

    fn fail(&mut self, failure: PuzzleFailure, lang: Lang) -> PuzzleOutcome {
        let said = words::failed(lang, &failure);
        let judging = matches!(self.stage, Stage::Judging { .. });
        self.stage = Stage::Failed(failure);
        if judging {
            PuzzleOutcome::Done(said)
        } else {
            PuzzleOutcome::Opened(said)
        }
    }

    /// The puzzle's position could not be set up on the page.
    pub fn position_refused(&mut self, failure: PuzzleFailure, lang: Lang) -> PuzzleOutcome {
        self.stage = Stage::Idle;
        self.fail(failure, lang)
    }

    /// The Day of the puzzle on the table was played (its actions as a record's tokens):
    /// sent to the rater to judge, and the progress kept once it answers.
    pub fn day_played(&mut self, day: String, lang: Lang, ctx: &mut Ctx) -> PuzzleOutcome {
        let Stage::Playing(current) = std::mem::take(&mut self.stage) else { return PuzzleOutcome::Unchanged };
        let id = if current.mine {
            self.ask_mine(&format!("judge {} {day}", current.number), ctx)
        } else {
            self.next_id = self.next_id.wrapping_add(1);
            ctx.emit(Effect::AskRater(wire::judge_text(RequestId::Puzzle(self.next_id), current.number, &day)));
            self.next_id
        };
        self.stage = Stage::Judging { current, id };
        PuzzleOutcome::Done(p(lang, P::Judging).into())
    }

    /// A verdict kept in the progress, which is written.
    fn keep(&mut self, verdict: &Verdict, ctx: &mut Ctx) {
        if verdict.solved {
            self.progress.solve(verdict.number);
        } else {
            self.progress.fail(verdict.number);
        }
        self.unreadable = None;
        ctx.emit(Effect::SavePuzzles(PROGRESS_KEY, self.progress.to_text()));
    }

    /// The puzzles are left (another screen took the table): nothing waits any more.
    pub fn close(&mut self) {
        self.stage = Stage::Idle;
    }
}

#[cfg(test)]
mod tests;
