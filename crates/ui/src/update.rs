//! [`Model::update`]: one message in, the state changed, effects out. Every rule question
//! goes to the engine: what is offered comes from the Day's lists, what happened from
//! `Outcome`, and why something is refused from the engine's `RuleError` (tried on a copy
//! of the game).

use super::ctx::Ctx;
use super::effect::Effect;
use super::feedback::{self, Cue};
use super::i18n::{self, narration, s, S};
use super::layout::chrome::{Chrome, ChromeShape};
use super::layout::{Layout, TableShape};
use super::model::{Legal, Message, Model, Overlay, SaveTrouble, SticksAnim, Target};
use super::msg::Msg;
use super::out_of_line::out_of_line;
use super::play::animation::MoveAnim;
use super::play::session::Session;
use super::save;
use lauzait_engine::{Action, Outcome, Phase, SeasonEnd, Step};

impl Model {
    /// Handles one message at time `now` (the shell's clock, in ms), with fresh `entropy`
    /// from the shell for whatever chance the message's actions need, and returns what the
    /// shell must do. The computer players' driver runs after every message, so a step
    /// that is due is taken and the next wake-up is asked for.
    pub fn update(&mut self, msg: Msg, now: f64, entropy: u64) -> Vec<Effect> {
        let mut ctx = Ctx::new(now, entropy);
        self.handle(msg, &mut ctx);
        ctx.into_effects()
    }

    /// Handles one message within its [`Ctx`] (its time, its entropy, the effects asked for).
    pub fn handle(&mut self, msg: Msg, ctx: &mut Ctx) {
        if matches!(msg, Msg::Tap(_) | Msg::Key(_) | Msg::Intent(_) | Msg::DialogEscape) {
            // A person acts: the move being shown ends at once, so it never holds them up.
            self.play.motion = None;
        }
        match msg {
            Msg::Tap(target) => {
                self.show_focus = false;
                self.focus = Some(target);
                self.tap(target, ctx);
            }
            Msg::Key(key) => {
                self.key(key, ctx);
            }
            Msg::DialogEscape => self.close_overlay(ctx),
            Msg::Intent(intent) => self.intent(intent, ctx),
            Msg::DraftSeat(seat, on) => {
                self.draft.seats[seat.index()] = on;
                self.draft.error = false;
            }
            Msg::DraftName(seat, name) => {
                self.draft.names[seat.index()] = name.chars().take(save::MAX_NAME * 4).collect();
            }
            Msg::DraftLuminous(on) => self.draft.luminous = on,
            Msg::OpenHands(on) => self.open_hands_in_form(on, ctx),
            Msg::Records(msg) => self.route_records(msg, ctx),
            Msg::SaveFailed(why) => self.save_failed(why, ctx),
            Msg::SaveWritten => self.save_written(ctx),
            Msg::SaveConverted(converted) => self.save_converted(converted, ctx),
            Msg::SavedElsewhere(text) => self.saved_elsewhere(&text, ctx),
            Msg::Learn(msg) => self.route_learn(msg, ctx),
            Msg::Stats(msg) => self.route_stats(msg, ctx),
            Msg::Puzzles(msg) => self.route_puzzles(msg, ctx),
            Msg::WorkerText(text) => self.worker_text(&text, ctx),
            Msg::WorkerFailed(error) => self.worker_failed(error, ctx),
            // The rating's code stays out of this function, which the first screen runs.
            Msg::RaterText(text) => {
                let reply: fn(&mut Model, &str, &mut Ctx) = Model::rater_text;
                out_of_line(reply)(self, &text, ctx);
            }
            Msg::RaterFailed(error) => {
                let failed: fn(&mut Model, lauzait_autoplay::WorkerFailure, &mut Ctx) = Model::rater_failed;
                out_of_line(failed)(self, error, ctx);
            }
            Msg::Tick => self.tick(ctx),
            Msg::Resize { width, height, dpr } => {
                self.device.dpr = dpr.clamp(1.0, 4.0);
                self.relayout_to(width, height);
            }
            Msg::Viewport { width, height } => {
                self.device.chrome = Chrome::compute(width, height, &self.chrome_shape());
            }
        }
        self.refresh();
        self.drive(ctx);
    }

    /// Whether the canvas must keep animating (the sticks are being thrown, a move shown).
    pub fn animating(&self) -> bool {
        self.play.anim.is_some() || self.play.motion.is_some()
    }

    /// Recomputes what the engine offers and the layout. Called after every change.
    pub fn refresh(&mut self) {
        self.play.legal = Legal::default();
        let showing_bot_day = self.bot_day() && self.overlay == Overlay::None && self.play.anim.is_none();
        let session = self.table.shown().filter(|_| self.day_open() || showing_bot_day);
        if let Some(game) = session.map(Session::game) {
            // What the player whose Day it is may see and do (R40): their own view's Day.
            if let Some(day) = game.view(game.to_move()).and_then(|v| v.my_day()) {
                let players = game.players();
                self.play.legal = if showing_bot_day {
                    // A computer player's Day is shown step by step: the pieces that may move
                    // after its discard, then its mover and that piece's destinations.
                    // Nothing is offered.
                    Legal {
                        phase: Some(day.phase()),
                        movers: day.movers(),
                        destinations: day.destinations().to_vec(),
                        ..Legal::default()
                    }
                } else {
                    Legal {
                        phase: Some(day.phase()),
                        discards: day.discards(),
                        movers: day.movers(),
                        destinations: day.destinations().to_vec(),
                        forms: day.forms(players),
                        dissolvable: day.dissolvable(players),
                        declare: day.may_declare(players),
                        stalemate: day.may_declare_stalemate(),
                        undo: !day.steps.is_empty(),
                    }
                };
            }
        }
        // A destination waiting for its confirmation is dropped once it is no longer offered.
        if self.play.pending.is_some_and(|sq| !self.interactive() || !self.play.legal.destinations.contains(&sq)) {
            self.play.pending = None;
        }
        self.relayout_to(self.device.layout.w, self.device.layout.h);
        self.device.chrome = Chrome::compute(self.device.chrome.w, self.device.chrome.h, &self.chrome_shape());
        self.coach_refresh();
    }

    /// Lays the table out for a canvas of `w` × `h` CSS pixels.
    /// What the bars around the canvas depend on: never whose Day it is (`layout::chrome`).
    pub fn chrome_shape(&self) -> ChromeShape {
        ChromeShape {
            lang: self.lang,
            coach: self.learn.progress.coach,
            lesson: self.table.is_lesson(),
            players: self.game().map_or(4, |g| g.scores().len()),
        }
    }

    fn relayout_to(&mut self, w: f64, h: f64) {
        let hand = self.shown_hand();
        let shape = TableShape {
            players: self.game().map_or(4, |g| g.scores().len()),
            concealed: &hand,
            departments: self.shown_departments(),
            open_hands: self.hands_open(),
            turn: self.board_turn(),
            lesson: self.table.is_lesson(),
        };
        self.device.layout = Layout::compute(w.max(1.0), h.max(1.0), &shape);
        match self.focus {
            Some(Target::Hand(i)) if i >= self.device.layout.hand.len() => self.focus = None,
            Some(Target::Dept(d)) if d as usize >= self.device.layout.depts.len() => self.focus = None,
            _ => {}
        }
    }

    /// Asks for the save to be written: the game, names and preferences. Not while the
    /// replay viewer or a lesson is on the table: the game on screen is not the table's, and
    /// the table's is unchanged meanwhile.
    pub fn save(&mut self, ctx: &mut Ctx) {
        if self.table.own_set_aside() {
            return;
        }
        self.save_own(ctx);
    }

    /// Writes the table's own game (the one the replay viewer or a lesson set aside, if
    /// one is open), for a choice that must be written at once whatever is on screen.
    pub(super) fn save_own(&mut self, ctx: &mut Ctx) {
        if self.saving.broken.is_some() || self.saving.save_trouble == Some(SaveTrouble::OtherTab) {
            // Never overwrite an unreadable save until the player chose to start fresh, and
            // never overwrite another tab's progress unasked.
            return;
        }
        let own = self.table.own();
        let text = save::encode(
            self.prefs.lang_chosen,
            self.prefs.open_hands,
            self.prefs.speed,
            self.prefs.confirm_pref,
            self.prefs.feel,
            own,
        );
        ctx.emit(Effect::Save(text));
    }

    /// Narrates a sentence in the live region.
    pub fn say(&mut self, text: &str, ctx: &mut Ctx) {
        if text.is_empty() {
            return;
        }
        self.play.live = text.to_string();
        ctx.emit(Effect::Say(text.to_string()));
    }

    pub(super) fn info(&mut self, text: String, ctx: &mut Ctx) {
        self.say(&text, ctx);
        self.message = Some(Message { text, error: false });
    }

    pub(super) fn error(&mut self, text: String, ctx: &mut Ctx) {
        self.say(&text, ctx);
        self.message = Some(Message { text, error: true });
    }

    pub(super) fn set_open_hands(&mut self, on: bool, ctx: &mut Ctx) {
        self.prefs.open_hands = on;
        if let Some(sess) = self.table.shown_mut() {
            if on {
                sess.revealed = true;
            }
        }
        self.save(ctx);
    }

    /// Applies an action to the game and shows/narrates what happened.
    pub fn act(&mut self, action: Action, ctx: &mut Ctx) {
        let lang = self.lang;
        let Some(sess) = self.table.shown_mut() else { return };
        let me = sess.game().to_move();
        let steps_before: Vec<Step> = sess.game().day().steps.clone();
        match sess.apply(action, self.address.seeded_chance.game(&mut ctx.chance)) {
            Err(e) => {
                let text = i18n::rule_error(lang, &e);
                self.error(text, ctx);
            }
            Ok(outcome) => {
                self.message = None;
                self.after(me, action, outcome, &steps_before, ctx);
                self.lesson_after(me, action, &outcome, ctx);
                self.puzzle_after(ctx);
                if matches!(outcome, Outcome::SeasonEnded { game_over: true, .. } | Outcome::GameEnded) {
                    self.keep_finished_game(ctx);
                }
            }
        }
        self.refresh();
        self.save(ctx);
    }

    /// Explains why `action` is refused, by trying it on a copy of the game. (Should the
    /// engine accept it after all, it is applied.)
    pub(super) fn explain(&mut self, action: Action, ctx: &mut Ctx) {
        let Some(sess) = self.table.shown() else { return };
        let mut copy = sess.game().clone();
        // Tried with a copy of the generator too: the game's own draws stay untouched.
        let mut scratch = self.address.seeded_chance.game(&mut ctx.chance).clone();
        match copy.apply(action, &mut scratch) {
            Err(e) => {
                let text = i18n::rule_error(self.lang, &e);
                self.error(text, ctx);
            }
            Ok(_) => self.act(action, ctx),
        }
    }

    fn after(&mut self, me: usize, action: Action, outcome: Outcome, steps_before: &[Step], ctx: &mut Ctx) {
        let lang = self.lang;
        // A lesson's learner, the only person at its table, keeps their hand in sight while
        // the sticks are thrown: the lesson's result is seen before its end is said.
        let open = self.prefs.open_hands || self.table.is_lesson() || self.table.is_puzzle();
        let now = ctx.now;
        let motion = self.motion_on();
        // `act` calls this only after applying an action to the session's game.
        let Some(sess) = self.table.shown_mut() else { return };
        let who = sess.who(lang, me);
        let by_person = sess.bot(me).is_none();
        let mut cue = None;
        let text: String;
        let mut focus_next = false;
        let mut finish = false;
        match outcome {
            Outcome::Stepped => {
                cue = match action {
                    Action::Discard { .. } => Some(Cue::Discard),
                    Action::Move { .. } => Some(Cue::Move),
                    _ => None,
                };
                text = narration::step_text(lang, &who, sess, action);
                focus_next = true;
            }
            Outcome::Undone => {
                text = narration::undone(lang).into();
                focus_next = true;
            }
            Outcome::Hired { record } => {
                let mut lines: Vec<String> = steps_before
                    .iter()
                    .filter(|s| matches!(s, Step::Dissolve { .. } | Step::Form { .. }))
                    .map(|s| narration::committed_step_text(lang, &who, s))
                    .collect();
                lines.push(narration::hire_text(lang, sess, &record));
                text = lines.join(" ");
                // The hand-over lists every Day since that person's previous one, persons'
                // and computers' alike (`html::hand_over`); four Days of lines at most.
                self.play.last_day.extend(lines.iter().map(|l| (Some(me), l.clone())));
                let extra = self.play.last_day.len().saturating_sub(16);
                self.play.last_day.drain(..extra);
                self.play.day_lines = lines;
                sess.revealed = open;
                self.focus = None;
                cue = Some(if record.sticks.is_some() { Cue::Throw } else { Cue::Capture });
                // The move is shown unless motion is off, or a computer plays at once.
                let instant = !by_person && self.prefs.speed.sticks_ms().is_none();
                self.play.motion = (motion && !instant)
                    .then(|| MoveAnim::of(&record, sess.game().day().board.get(record.hire.to), now));
                // A computer player's throw is shown at the chosen speed (not at all when instant).
                let duration = if sess.bot(me).is_some() { self.prefs.speed.sticks_ms() } else { Some(1600.0) };
                match duration {
                    Some(duration) if record.sticks.is_some() && motion => {
                        self.play.anim = Some(SticksAnim { record, start: now, duration });
                        self.overlay = Overlay::None;
                    }
                    _ => finish = true,
                }
            }
            Outcome::SeasonEnded { result, game_over } => {
                self.focus = None;
                match result.end {
                    SeasonEnd::Declared { patterns, .. } | SeasonEnd::Stalemate { patterns, .. } => {
                        let stalemate = matches!(result.end, SeasonEnd::Stalemate { .. });
                        cue = Some(Cue::Declare);
                        text = narration::declared(lang, &who, stalemate, patterns.total());
                        sess.scoring = true;
                        self.overlay = Overlay::Scoring;
                    }
                    SeasonEnd::ByAgreement => {
                        text = format!(
                            "{} — {}",
                            i18n::season_of(lang, result.season, sess.game().scores().len()),
                            s(lang, S::ByAgreement)
                        );
                        self.overlay = if game_over { Overlay::Final } else { Overlay::SeasonSummary };
                    }
                }
            }
            Outcome::NextSeasonBegan => {
                text = narration::season_began(lang, sess);
                self.play.last_day = vec![(None, text.clone())];
                self.overlay = self.day_overlay();
            }
            Outcome::GameEnded => {
                text = s(lang, S::FinalTitle).into();
                self.overlay = Overlay::Final;
            }
        }
        self.say(&text, ctx);
        if let Some(cue) = cue {
            self.cue(cue, by_person, ctx);
        }
        if focus_next {
            self.focus_first_choice();
        }
        if finish {
            self.finish_day(ctx);
        }
    }

    /// After the Hiring (and its throw): hand the device over when the next Day is another
    /// person's, else carry on at the table (open hands, a computer player's Day, or a
    /// single person at the table) with what the Day did in the status line.
    pub fn finish_day(&mut self, ctx: &mut Ctx) {
        self.play.anim = None;
        if self.table.lesson().is_some_and(|r| r.reached) {
            // A lesson reached its goal with a throw: its end, once the sticks were seen.
            self.overlay = Overlay::LessonDone;
            let text = crate::i18n::learn::l(self.lang, crate::i18n::learn::L::WellDone).to_string();
            self.say(&text, ctx);
            self.refresh();
            return;
        }
        if self.table.is_puzzle() {
            // A puzzle's Day was thrown to its end: the screen after it (or the table, when
            // the throw was not the Day's last step).
            self.overlay = self.puzzle_overlay();
            self.refresh();
            return;
        }
        self.overlay = self.day_overlay();
        if self.overlay == Overlay::None {
            let text = self.play.day_lines.join(" ");
            self.message = Some(Message { text, error: false });
        }
        // The next computer player's step waits a little from here, not from the throw.
        self.play.driver.pacer.last_step_at =
            self.play.driver.pacer.last_step_at.max(ctx.now - self.prefs.speed.step_ms() / 2.0);
        self.refresh();
    }

    /// Time has passed: the sticks animation ends when its time is up.
    fn tick(&mut self, ctx: &mut Ctx) {
        if self.play.motion.is_some_and(|m| m.done(ctx.now)) {
            self.play.motion = None;
        }
        if self.play.anim.as_ref().is_some_and(|a| ctx.now - a.start >= a.duration) {
            self.finish_day(ctx);
        }
    }

    /// Asks for the cue's sound and vibration, as far as the player turned them on. Only a
    /// person's own acts vibrate the device in their hand; every act may sound.
    fn cue(&mut self, cue: Cue, by_person: bool, ctx: &mut Ctx) {
        if self.prefs.feel.sound {
            ctx.emit(Effect::Sound(feedback::sound(cue)));
        }
        if self.prefs.feel.vibrate && by_person {
            ctx.emit(Effect::Vibrate(feedback::pulses(cue)));
        }
    }

    pub(super) fn focus_first_choice(&mut self) {
        if !self.show_focus {
            return;
        }
        self.refresh();
        self.focus = if self.interactive() { self.first_choice() } else { None };
    }

    /// The first thing offered: a discard, else a mover, else a destination.
    pub fn first_choice(&self) -> Option<Target> {
        let l = &self.play.legal;
        if let Some(&p) = l.discards.first() {
            return self.device.layout.hand.iter().position(|h| h.piece == Some(p)).map(Target::Hand);
        }
        if let Some(&sq) = l.movers.first() {
            return Some(Target::Square(sq));
        }
        l.destinations.first().map(|&sq| Target::Square(sq))
    }

    /// A tap (or Enter) on something on the canvas.
    pub fn tap(&mut self, target: Target, ctx: &mut Ctx) {
        if !self.interactive() {
            return;
        }
        let Some(phase) = self.play.legal.phase else { return };
        match target {
            Target::Hand(i) => {
                let Some(piece) = self.device.layout.hand.get(i).and_then(|h| h.piece) else { return };
                let action = Action::Discard { piece };
                if self.play.legal.discards.contains(&piece) {
                    self.act(action, ctx);
                } else {
                    self.explain(action, ctx);
                }
            }
            Target::Dept(d) => {
                if self.play.legal.dissolvable.contains(&d) {
                    self.overlay = Overlay::Dissolve;
                } else {
                    self.explain(Action::Dissolve { department: d }, ctx);
                }
            }
            Target::Square(sq) => match phase {
                Phase::Beginning { .. } => {
                    let empty = self.game().and_then(|g| g.day().board.the_empty_square());
                    if empty == Some(sq) {
                        let text = s(self.lang, S::EmptySquareHint).to_string();
                        self.info(text, ctx);
                    } else {
                        self.explain(Action::Move { from: sq }, ctx);
                    }
                }
                Phase::Discarded { .. } => {
                    if self.play.legal.movers.contains(&sq) {
                        self.act(Action::Move { from: sq }, ctx);
                    } else {
                        self.explain(Action::Move { from: sq }, ctx);
                    }
                }
                Phase::Moving { from, .. } => {
                    if sq == from {
                        // Tapping the chosen piece again puts it back.
                        self.act(Action::Undo, ctx);
                    } else if self.play.legal.destinations.contains(&sq) {
                        if self.confirm_last() && self.play.pending != Some(sq) {
                            self.preview(sq, ctx);
                        } else {
                            self.play.pending = None;
                            self.act(Action::Capture { to: sq }, ctx);
                        }
                    } else {
                        self.explain(Action::Capture { to: sq }, ctx);
                    }
                }
            },
        }
    }
}
