//! The root's router: a feature's message goes to that feature's model, and what the
//! feature asks of the rest of the app (its outcome: open its screen, narrate a sentence)
//! is applied here. The features never see the whole [`Model`]; the root changes a
//! feature's state only through that feature's own methods.

use super::ctx::Ctx;
use super::drill::{Drill, DrillMsg, DrillOutcome};
use super::effect::Effect;
use super::i18n::learn::{self as words, L};
use super::learn::{self, Learn, LearnMsg, LearnOutcome};
use super::model::{Message, Model, Overlay};
use super::on_table::OnTable;
use super::play::session::Session;
use super::records::{self, Records, RecordsIntent, RecordsMsg, RecordsOutcome, Replay};
use super::review::{self, Review, ReviewIntent, ReviewOutcome};
use super::stats::{Stats, StatsIntent, StatsMsg, StatsOutcome};
use super::uri;
use lauzait_autoplay::BotReply;
use lauzait_engine::{Action, Outcome};
use lauzait_history::{PlayedGame, Sitter};
use lauzait_learn::lessons::LessonId;

impl Model {
    /// The scoring drill: it opens over the first screen, a game or a lesson (never over
    /// the replay viewer or an unreadable save); its other buttons count only while its
    /// screen is up.
    pub(super) fn route_drill(&mut self, msg: DrillMsg, ctx: &mut Ctx) {
        let routed = match msg {
            DrillMsg::Open => !self.table.is_replay() && self.overlay != Overlay::LoadError,
            _ => self.overlay == Overlay::Drill,
        };
        if !routed {
            return;
        }
        match self.drill.update(msg, self.lang, ctx) {
            DrillOutcome::Unchanged => {}
            DrillOutcome::Opened(text) => {
                self.overlay = Overlay::Drill;
                self.say(&text, ctx);
            }
            DrillOutcome::Say(text) => self.say(&text, ctx),
        }
    }

    /// Leaves the drill: back to what was there before.
    pub(super) fn close_drill(&mut self) -> Overlay {
        self.drill.close();
        self.under_a_screen()
    }

    /// What a screen opened over the table (the drill, your record) goes back to: the
    /// lesson's screen, the replay viewer's table, or what the game calls for.
    fn under_a_screen(&self) -> Overlay {
        if self.table.is_lesson() {
            self.lesson_overlay()
        } else if self.table.is_puzzle() {
            self.puzzle_overlay()
        } else if self.table.is_replay() {
            Overlay::None
        } else {
            self.resting_overlay()
        }
    }

    /// Your record over time: the screen opens as the drill does (never over the replay
    /// viewer or an unreadable save); the stored history and a refused write come in at any
    /// time; its other buttons count only while its screen is up.
    pub(super) fn route_stats(&mut self, msg: StatsMsg, ctx: &mut Ctx) {
        let routed = match msg {
            StatsMsg::Button(StatsIntent::Open) => !self.table.is_replay() && self.overlay != Overlay::LoadError,
            StatsMsg::Button(_) => self.overlay == Overlay::Stats,
            // The rater's answers are checked against the request asked (by id).
            StatsMsg::Stored(_) | StatsMsg::SaveFailed(_) | StatsMsg::Reply(_) | StatsMsg::Failed(_) => true,
        };
        if !routed {
            return;
        }
        match self.stats.update(msg, self.lang, ctx) {
            StatsOutcome::Unchanged => {}
            StatsOutcome::Opened(text) => {
                self.overlay = Overlay::Stats;
                self.say(&text, ctx);
            }
            StatsOutcome::Say(text) => self.say(&text, ctx),
        }
    }

    /// Leaves your record's screen.
    pub(super) fn close_stats(&mut self) -> Overlay {
        self.stats.close();
        self.under_a_screen()
    }

    /// A game at the table just ended: kept in your record (not a lesson's, not the replay
    /// viewer's), with who played each seat.
    pub(super) fn keep_finished_game(&mut self, ctx: &mut Ctx) {
        if self.table.own_set_aside() {
            return;
        }
        let Some(sess) = self.table.shown() else { return };
        let sitters: Vec<Sitter> =
            (0..sess.names().len()).map(|p| sess.bot(p).map_or(Sitter::Person, Sitter::Computer)).collect();
        if let Some(game) = PlayedGame::of(sess.game(), &sitters) {
            self.stats.keep(game, ctx);
        }
    }

    /// Your record over time.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The scoring drill.
    pub fn drill(&self) -> &Drill {
        &self.drill
    }

    /// Game records and the replay viewer.
    pub(super) fn route_records(&mut self, msg: RecordsMsg, ctx: &mut Ctx) {
        match self.records.update(msg, self.lang, &self.address.base_url, &self.table, ctx) {
            RecordsOutcome::Unchanged => {}
            RecordsOutcome::Say(text) => self.say(&text, ctx),
            RecordsOutcome::ShowLinks => self.overlay = Overlay::Records,
            RecordsOutcome::ShowImport => {
                self.message = None;
                self.overlay = Overlay::Records;
            }
            RecordsOutcome::Refused(why) => {
                self.overlay = Overlay::Records;
                self.error(why, ctx);
            }
            RecordsOutcome::Open(viewer) => self.open_replay(viewer, ctx),
            RecordsOutcome::Seek(at) => self.seek_replay(at, ctx),
            RecordsOutcome::Close => self.close_replay(ctx),
        }
    }

    /// A key while the viewer holds the table; whether the viewer used it.
    pub(super) fn replay_key(&mut self, key: crate::msg::Key, ctx: &mut Ctx) -> bool {
        let Some(intent) = RecordsIntent::of_viewer_key(key) else { return false };
        self.route_records(RecordsMsg::Button(intent), ctx);
        true
    }

    /// Puts the viewer on the table, over the player's own game (set aside, never dropped:
    /// nothing is saved while the viewer is open, [`Model::save`]).
    fn open_replay(&mut self, viewer: Box<Replay>, ctx: &mut Ctx) {
        // A record opened during a lesson ends the lesson first: what the viewer sets aside
        // and gives back must be the table's own game, not the lesson's.
        if self.table.is_lesson() {
            self.leave_lessons();
        }
        // A review under way is of another game: it ends, and its judging with it.
        self.review.end();
        let own = self.table.take_own();
        let at = viewer.len();
        self.table = OnTable::Replay { viewer, shown: None, own };
        self.play.anim = None;
        self.seek_replay(at, ctx);
    }

    /// Shows the recorded game after `at` actions, with its caption.
    fn seek_replay(&mut self, at: usize, ctx: &mut Ctx) {
        let Some(text) = records::seek(&mut self.table, at, self.lang) else { return };
        self.overlay = Overlay::None;
        self.focus = None;
        self.message = Some(Message { text: text.clone(), error: false });
        self.say(&text, ctx);
    }

    /// Leaves the viewer and brings the player's own game back, on the screen the game
    /// calls for ([`Model::return_to_game`], the same as after a reload).
    pub(super) fn close_replay(&mut self, ctx: &mut Ctx) {
        if self.table.is_replay() {
            self.table.give_back_own();
            self.message = None;
            self.overlay = self.return_to_game();
            ctx.emit(Effect::ClearFragment);
        }
    }

    /// `#learn` in the address opens the lessons list, `#record=…` the viewer on that record;
    /// a malformed fragment says why. Handled at `now`, as a message is; nothing it does is
    /// drawn by chance.
    pub fn open_fragment(&mut self, fragment: &str, now: f64) -> Vec<Effect> {
        let mut ctx = Ctx::new(now, 0);
        if fragment == "#learn" {
            self.open_lessons();
        }
        if let Some(encoded) = fragment.strip_prefix("#record=") {
            let msg = match uri::decode_component(encoded) {
                Ok(text) => RecordsMsg::Import(text),
                Err(e) => RecordsMsg::BadLink(e),
            };
            self.route_records(msg, &mut ctx);
        }
        self.refresh();
        ctx.into_effects()
    }

    /// The records dialog.
    pub fn records(&self) -> &Records {
        &self.records
    }

    /// The record of the game on screen, as text ([`records::record_of`]).
    pub fn record_text(&self) -> Option<String> {
        records::record_of(&self.table).map(|r| r.to_string())
    }

    /// Lessons and the coach.
    pub(super) fn route_learn(&mut self, msg: LearnMsg, ctx: &mut Ctx) {
        let out = self.learn.update(msg, &self.table, self.lang, ctx);
        self.apply_learn(out, ctx);
    }

    /// After `player`'s `action` on the table: a lesson's goal judges it.
    pub(super) fn lesson_after(&mut self, player: usize, action: Action, outcome: &Outcome, ctx: &mut Ctx) {
        let out = self.learn.judge(&mut self.table, player, action, outcome, self.lang, ctx);
        self.apply_learn(out, ctx);
    }

    fn apply_learn(&mut self, out: LearnOutcome, ctx: &mut Ctx) {
        match out {
            LearnOutcome::Unchanged => {}
            LearnOutcome::OpenList => self.open_lessons(),
            LearnOutcome::ListAfterLast => self.overlay = Overlay::Lessons,
            LearnOutcome::Start(id) => self.start_lesson(id, ctx),
            LearnOutcome::Leave => self.leave_lessons(),
            LearnOutcome::Info(text) => self.info(text, ctx),
            LearnOutcome::Error(text) => self.error(text, ctx),
            LearnOutcome::Say(text) => self.say(&text, ctx),
            LearnOutcome::Reached => {
                // A throw of the sticks is seen to its end first (the lesson on Water is
                // about its outcome): `finish_day` then opens the lesson's end.
                if self.play.anim.is_none() {
                    self.overlay = Overlay::LessonDone;
                    let text = words::l(self.lang, L::WellDone).to_string();
                    self.say(&text, ctx);
                }
            }
            LearnOutcome::Wrong(id, text) => {
                self.restart_table(id);
                self.message = Some(Message { text: text.clone(), error: true });
                self.say(&text, ctx);
            }
        }
    }

    /// The coach is shown now: switched on, or in a lesson; never at a puzzle's table, where
    /// its Strong player's hint would give the answer away (the coach explains it after).
    pub fn coach_on(&self) -> bool {
        (self.learn.progress.coach && !self.table.is_puzzle()) || self.table.is_lesson()
    }

    /// Works the coach's numbers out again when the Day has changed (with every refresh):
    /// only for a person whose hand is on the table, from their view.
    pub(super) fn coach_refresh(&mut self) {
        let shown = self.coach_on() && self.person_sees_hand() && !self.table.is_replay();
        let game = self.table.shown().map(Session::game).filter(|_| shown);
        self.learn.coach.refresh(game);
    }

    /// The worker's answer to the coach's hint `id`.
    pub(super) fn hint_reply(&mut self, id: u32, reply: BotReply, ctx: &mut Ctx) {
        let game = self.table.shown().map(Session::game);
        if let Some(text) = self.learn.coach.hint_reply(id, reply, game, self.lang, ctx) {
            self.say(&text, ctx);
        }
    }

    /// The lessons list.
    pub(super) fn open_lessons(&mut self) {
        if !self.table.is_replay() && !matches!(self.overlay, Overlay::LoadError) {
            self.overlay = Overlay::Lessons;
        }
    }

    /// Starts (or restarts) lesson `id` with a fresh table.
    fn start_lesson(&mut self, id: LessonId, ctx: &mut Ctx) {
        let Some(sess) = learn::lesson_table(id, self.lang) else { return };
        let text = format!("{}. {}", words::heading(self.lang, id), words::task(self.lang, id));
        let lesson = learn::LessonRun { id, reached: false };
        // A puzzle on the table is left with it: nothing of it waits any more.
        self.puzzles.close();
        self.put_on_table(|own| OnTable::Lesson { lesson, game: sess, own }, &text, ctx);
    }

    /// A lesson's or a puzzle's table, made by `table` around the player's own game (set
    /// aside inside it), takes the table; `said` is read out. The replay viewer closes first,
    /// so that what is set aside and given back is the table's own game, not the record's; a
    /// review under way ends, since its judging would keep the worker; nothing of the table
    /// before (a throw under way, a focused square, the last Days' lines) carries over.
    pub(crate) fn put_on_table(
        &mut self,
        table: impl FnOnce(Option<Box<Session>>) -> OnTable,
        said: &str,
        ctx: &mut Ctx,
    ) {
        self.close_replay(ctx);
        self.review.end();
        let own = self.table.take_own();
        self.table = table(own);
        self.play.anim = None;
        self.focus = None;
        self.overlay = Overlay::None;
        self.play.driver = Default::default();
        self.play.last_day.clear();
        self.play.day_lines.clear();
        self.message = None;
        self.say(said, ctx);
        self.refresh();
        self.focus_first_choice();
        ctx.emit(Effect::FocusBoard);
    }

    /// A lesson's or a puzzle's table is left: the player's own game comes back as it was.
    pub(crate) fn give_back_table(&mut self) {
        self.table.give_back_own();
        self.play.driver = Default::default();
        self.play.anim = None;
        self.message = None;
    }

    /// The screen of a lesson under way: the table, or the lesson's end.
    pub(super) fn lesson_overlay(&self) -> Overlay {
        match self.table.lesson() {
            Some(run) if run.reached => Overlay::LessonDone,
            _ => Overlay::None,
        }
    }

    /// Leaves the lessons: the table's own game comes back as it was.
    pub(super) fn leave_lessons(&mut self) {
        if self.table.is_lesson() {
            self.give_back_table();
        }
        self.overlay = self.return_to_game();
        self.refresh();
    }

    /// The lesson's table as it began, the learner's progress in the lesson kept.
    fn restart_table(&mut self, id: LessonId) {
        if let (Some(sess), Ok(game)) = (self.table.shown_mut(), id.lesson().game()) {
            if sess.restart(game).is_ok() {
                sess.revealed = true;
                sess.scoring = false;
            }
        }
        self.play.anim = None;
        self.overlay = Overlay::None;
        self.play.driver = Default::default();
        self.refresh();
        self.focus_first_choice();
    }

    /// The lessons' progress, the coach switch and what the coach shows.
    pub fn learn(&self) -> &Learn {
        &self.learn
    }

    /// The post-game review's buttons.
    pub(super) fn route_review(&mut self, intent: ReviewIntent, ctx: &mut Ctx) {
        let out = self.review.update(intent, &self.table, self.lang, ctx);
        self.apply_review(out, ctx);
    }

    /// The worker's judgement of one of the review's Days.
    pub(super) fn review_reply(&mut self, id: u32, reply: BotReply, ctx: &mut Ctx) {
        let out = self.review.reply(id, reply, self.lang, ctx);
        self.apply_review(out, ctx);
    }

    /// The worker failed: the review's judging fails with it. Whether a review was waiting.
    pub(super) fn review_failed(&mut self, error: String, ctx: &mut Ctx) -> bool {
        let Some(out) = self.review.worker_failed(error, self.lang, ctx) else { return false };
        self.apply_review(out, ctx);
        true
    }

    /// Closes the review: back to the results, or to the replay viewer.
    pub(super) fn close_review(&mut self, ctx: &mut Ctx) {
        self.route_review(ReviewIntent::Close, ctx);
    }

    fn apply_review(&mut self, out: ReviewOutcome, ctx: &mut Ctx) {
        match out {
            ReviewOutcome::Unchanged => {}
            ReviewOutcome::Say(said) => said.iter().for_each(|text| self.say(text, ctx)),
            ReviewOutcome::Opened(said) => {
                self.overlay = Overlay::Review;
                said.iter().for_each(|text| self.say(text, ctx));
            }
            ReviewOutcome::Refused(text) => {
                self.message = Some(Message { text: text.clone(), error: true });
                self.say(&text, ctx);
            }
            ReviewOutcome::Closed { from_replay } => {
                self.overlay =
                    if from_replay && self.table.is_replay() { Overlay::None } else { self.resting_overlay() };
                self.refresh();
            }
        }
    }

    /// The post-game review, when one is open.
    pub fn review(&self) -> Option<&Review> {
        self.review.current()
    }

    /// Whether the review is judging Days (waiting for the worker).
    pub fn review_working(&self) -> bool {
        self.review.working()
    }

    /// The seats whose review can be opened now ([`review::reviewable_seats`]).
    pub fn reviewable_seats(&self) -> Vec<usize> {
        review::reviewable_seats(&self.table)
    }
}
