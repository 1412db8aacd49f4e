//! Lessons and the coach as a feature model. A lesson's game replaces the table's (which is
//! set aside, never saved over, and given back on leaving: the root does that, asked by a
//! [`LearnOutcome`]); every action the learner takes is judged by the lesson's goal from the
//! engine's outcome ([`lauzait_learn::lessons`]); a wrong try resets the table with the hint
//! and the rule id. Progress and the coach switch are kept under their own storage key
//! ([`PROGRESS_KEY`]), apart from the saved game.

pub mod coach;
pub mod state;

pub use self::state::{Coach, LessonIntent, LessonRun, Progress, PROGRESS_KEY};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::learn as words;
use super::i18n::{self, faults, Lang};
use super::on_table::OnTable;
use super::play::session::Session;
use super::storage_refusal::StorageRefusal;
use lauzait_bots::Player;
use lauzait_engine::{Action, Outcome};
use lauzait_learn::lessons::{LessonId, Verdict};

/// The learning feature: the lessons' progress with the coach switch, and what the coach
/// shows now. The lesson under way is on the table ([`OnTable::Lesson`]).
#[derive(Clone, Debug, Default)]
pub struct Learn {
    pub progress: Progress,
    pub coach: Coach,
}

/// What the learning feature is sent from outside the app's core.
#[derive(Clone, Debug)]
pub enum LearnMsg {
    /// A lesson or coach button.
    Button(LessonIntent),
    /// The stored progress (read by the shell at start-up).
    Progress(String),
    /// Writing the progress failed (storage full or blocked), and why.
    ProgressFailed(StorageRefusal),
}

/// What the root does after a learning message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnOutcome {
    Unchanged,
    /// The lessons list opens (not over the replay viewer or an unreadable save).
    OpenList,
    /// The last lesson was done: back to the lessons list.
    ListAfterLast,
    /// Lesson `id` starts (or starts again) on a fresh table.
    Start(LessonId),
    /// The lessons are left: the table's own game comes back.
    Leave,
    /// A sentence for the status line and the live region.
    Info(String),
    /// A fault for the status line and the live region.
    Error(String),
    /// A sentence for the live region only.
    Say(String),
    /// The lesson's goal was reached (and the progress saved).
    Reached,
    /// A wrong try: the lesson's table starts again, with why.
    Wrong(LessonId, String),
}

impl Learn {
    /// Handles one learning message; `table` is read for the lesson under way and the game
    /// the coach speaks of.
    pub fn update(&mut self, msg: LearnMsg, table: &OnTable, lang: Lang, ctx: &mut Ctx) -> LearnOutcome {
        match msg {
            LearnMsg::Button(intent) => self.button(intent, table, lang, ctx),
            LearnMsg::Progress(text) => {
                self.progress = Progress::parse(&text);
                LearnOutcome::Unchanged
            }
            // The learner is told, since a lesson just finished would show as not done
            // after a reload. The game and the lesson go on.
            LearnMsg::ProgressFailed(why) => LearnOutcome::Error(faults::progress_failed(lang, &why)),
        }
    }

    fn button(&mut self, intent: LessonIntent, table: &OnTable, lang: Lang, ctx: &mut Ctx) -> LearnOutcome {
        let lesson = table.lesson().map(|run| run.id);
        match intent {
            LessonIntent::Open => LearnOutcome::OpenList,
            LessonIntent::Start(id) => LearnOutcome::Start(id),
            LessonIntent::Next => match lesson.and_then(LessonId::next) {
                Some(id) => LearnOutcome::Start(id),
                None => LearnOutcome::ListAfterLast,
            },
            LessonIntent::Hint => match lesson {
                Some(id) => LearnOutcome::Info(format!("{} ({})", words::hint(lang, id), id.lesson().rule)),
                None => LearnOutcome::Unchanged,
            },
            LessonIntent::Restart => lesson.map_or(LearnOutcome::Unchanged, LearnOutcome::Start),
            LessonIntent::Leave => LearnOutcome::Leave,
            LessonIntent::Coach => {
                self.progress.coach = !self.progress.coach;
                self.save_progress(ctx);
                LearnOutcome::Unchanged
            }
            LessonIntent::CoachHint => {
                let game = table.shown().map(Session::game);
                self.coach.ask_hint(game, lang, ctx).map_or(LearnOutcome::Unchanged, LearnOutcome::Say)
            }
        }
    }

    /// After `player`'s `action` on the table: in a lesson, its goal judges it (once the
    /// goal is reached, nothing more is judged).
    pub fn judge(
        &mut self,
        table: &mut OnTable,
        player: usize,
        action: Action,
        outcome: &Outcome,
        lang: Lang,
        ctx: &mut Ctx,
    ) -> LearnOutcome {
        let Some(run) = table.lesson_mut().filter(|run| !run.reached) else { return LearnOutcome::Unchanged };
        let id = run.id;
        let lesson = id.lesson();
        let learner = lesson.game().map_or(0, |g| g.to_move());
        match lesson.goal.judge(learner, player, action, outcome) {
            Verdict::Continue => LearnOutcome::Unchanged,
            Verdict::Reached => {
                run.reached = true;
                if !self.progress.is_done(id) {
                    self.progress.done.push(id);
                    self.progress.done.sort_by_key(|l| l.index());
                }
                self.save_progress(ctx);
                LearnOutcome::Reached
            }
            Verdict::Wrong => LearnOutcome::Wrong(id, words::wrong_try(lang, id, lesson.rule)),
        }
    }

    fn save_progress(&self, ctx: &mut Ctx) {
        ctx.emit(Effect::SaveProgress(self.progress.encode()));
    }
}

/// Lesson `id`'s table as it begins, the learner's hand face up, the other seats played by
/// the lesson's opponent; `None` if the lesson's game cannot be set up.
pub fn lesson_table(id: LessonId, lang: Lang) -> Option<Session> {
    let lesson = id.lesson();
    let game = lesson.game().ok()?;
    let seats = game.options().seats().to_vec();
    let learner = game.to_move();
    let names = seats.iter().map(|&s| i18n::seat_name(lang, s).to_string()).collect();
    let players =
        (0..seats.len()).map(|p| if p == learner { Player::Person } else { lesson.opponent.into() }).collect();
    // One name and one player per seat, both made from the game's own seats.
    let mut sess = Session::new(game, names, players, 1).ok()?;
    sess.revealed = true;
    Some(sess)
}

#[cfg(test)]
mod tests;
