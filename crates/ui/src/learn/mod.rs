//! Lessons at the table: a lesson's game replaces the table's (which is set aside, never
//! saved over, and given back on leaving); every action the learner takes is judged by
//! the lesson's goal from the engine's outcome ([`lauzait_learn::lessons`]); a wrong try
//! resets the table with the hint and the rule id. Progress and the coach switch are kept
//! under their own storage key ([`PROGRESS_KEY`]), apart from the saved game.

pub mod coach;
pub mod state;

pub use self::state::{Learn, LessonIntent, LessonRun, PROGRESS_KEY};
use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::learn::{self as words, L};
use super::model::{Message, Model, Overlay};
use super::on_table::OnTable;
use super::play::session::Session;
use lauzait_bots::Player;
use lauzait_engine::{Action, Outcome};
use lauzait_learn::lessons::{LessonId, Verdict};

impl Model {
    /// The stored progress arrived from the shell.
    pub(super) fn progress_loaded(&mut self, text: &str) {
        self.learn = Learn::parse(text);
    }

    fn save_progress(&mut self, ctx: &mut Ctx) {
        ctx.emit(Effect::SaveProgress(self.learn.encode()));
    }

    /// The coach is shown now: switched on, or in a lesson.
    pub fn coach_on(&self) -> bool {
        self.learn.coach || self.table.is_lesson()
    }

    /// The lessons list.
    pub fn open_lessons(&mut self) {
        if !self.table.is_replay() && !matches!(self.overlay, Overlay::LoadError) {
            self.overlay = Overlay::Lessons;
        }
    }

    /// Starts (or restarts) lesson `id` with a fresh table.
    pub fn start_lesson(&mut self, id: LessonId, ctx: &mut Ctx) {
        let lesson = id.lesson();
        let Ok(game) = lesson.game() else { return };
        let seats = game.options().seats().to_vec();
        let learner = game.to_move();
        let names = seats.iter().map(|&s| super::i18n::seat_name(self.lang, s).to_string()).collect();
        let players =
            (0..seats.len()).map(|p| if p == learner { Player::Person } else { lesson.opponent.into() }).collect();
        // One name and one player per seat, both made from the game's own seats.
        let Ok(mut sess) = Session::new(game, names, players, 1) else { return };
        sess.revealed = true;
        // A lesson started from the replay viewer closes it first: what the lesson sets
        // aside and gives back must be the table's own game, not the record's.
        self.close_replay(ctx);
        // A review under way ends too: its judging would keep the worker from the lesson.
        self.review = None;
        let own = self.table.take_own();
        self.table = OnTable::Lesson { lesson: LessonRun { id, reached: false }, game: sess, own };
        self.anim = None;
        self.focus = None;
        self.overlay = Overlay::None;
        self.driver = Default::default();
        self.last_day.clear();
        self.day_lines.clear();
        self.message = None;
        let text = format!("{}. {}", words::heading(self.lang, id), words::task(self.lang, id));
        self.say(&text, ctx);
        self.refresh();
        self.focus_first_choice();
        ctx.emit(Effect::FocusBoard);
    }

    /// The screen of a lesson under way: the table, or the lesson's end.
    pub(super) fn lesson_overlay(&self) -> Overlay {
        match self.table.lesson() {
            Some(run) if run.reached => Overlay::LessonDone,
            _ => Overlay::None,
        }
    }

    /// Leaves the lessons: the table's own game comes back as it was.
    pub fn leave_lessons(&mut self) {
        if self.table.is_lesson() {
            self.table.give_back_own();
            self.driver = Default::default();
            self.anim = None;
            self.message = None;
        }
        self.overlay = self.return_to_game();
        self.refresh();
    }

    /// After an action in a lesson: the goal judges it.
    pub(super) fn lesson_after(&mut self, player: usize, action: Action, outcome: &Outcome, ctx: &mut Ctx) {
        let Some(run) = self.table.lesson() else { return };
        if run.reached {
            return;
        }
        let id = run.id;
        let lesson = id.lesson();
        let learner = lesson.game().map_or(0, |g| g.to_move());
        match lesson.goal.judge(learner, player, action, outcome) {
            Verdict::Continue => {}
            Verdict::Reached => {
                if let Some(run) = self.table.lesson_mut() {
                    run.reached = true;
                }
                if !self.learn.is_done(id) {
                    self.learn.done.push(id);
                    self.learn.done.sort_by_key(|l| l.index());
                }
                self.save_progress(ctx);
                // A throw of the sticks is seen to its end first (the lesson on Water is
                // about its outcome): `finish_day` then opens the lesson's end.
                if self.anim.is_none() {
                    self.overlay = Overlay::LessonDone;
                    let text = words::l(self.lang, L::WellDone).to_string();
                    self.say(&text, ctx);
                }
            }
            Verdict::Wrong => {
                let text = words::wrong_try(self.lang, id, lesson.rule);
                self.restart_table(id);
                self.message = Some(Message { text: text.clone(), error: true });
                self.say(&text, ctx);
            }
        }
    }

    /// The lesson's table as it began, the learner's progress in the lesson kept.
    fn restart_table(&mut self, id: LessonId) {
        if let (Some(sess), Ok(game)) = (self.table.shown_mut(), id.lesson().game()) {
            if sess.restart(game).is_ok() {
                sess.revealed = true;
                sess.scoring = false;
            }
        }
        self.anim = None;
        self.overlay = Overlay::None;
        self.driver = Default::default();
        self.refresh();
        self.focus_first_choice();
    }

    /// The lesson buttons.
    pub(super) fn lesson_intent(&mut self, intent: LessonIntent, ctx: &mut Ctx) {
        match intent {
            LessonIntent::Open => self.open_lessons(),
            LessonIntent::Start(id) => self.start_lesson(id, ctx),
            LessonIntent::Next => {
                let next = self.table.lesson().and_then(|r| r.id.next());
                match next {
                    Some(id) => self.start_lesson(id, ctx),
                    None => self.overlay = Overlay::Lessons,
                }
            }
            LessonIntent::Hint => {
                if let Some(run) = self.table.lesson() {
                    let id = run.id;
                    let hint = format!("{} ({})", words::hint(self.lang, id), id.lesson().rule);
                    self.info(hint, ctx);
                }
            }
            LessonIntent::Restart => {
                if let Some(run) = self.table.lesson() {
                    let id = run.id;
                    self.start_lesson(id, ctx);
                }
            }
            LessonIntent::Leave => self.leave_lessons(),
            LessonIntent::Coach => {
                self.learn.coach = !self.learn.coach;
                self.save_progress(ctx);
            }
            LessonIntent::CoachHint => self.ask_hint(ctx),
        }
    }
}
