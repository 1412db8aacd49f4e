//! The application state and everything the player can do. Every rule question goes to
//! the engine: what is offered comes from `Day`'s lists, what happened from `Outcome`,
//! and why something is refused from the engine's `RuleError` (tried on a copy of the
//! game). This module only turns intents (taps, keys, buttons) into engine actions and
//! decides which screen shows.

use super::a11y::Live;
use super::bots::{self, Speed, BOTS_ONLY_DAY_CAP, BOT_PLAYOUTS};
use super::i18n::{self, s, Lang, S};
use super::storage::{self, Broken, Loaded};
use super::view::layout::{Layout, TableShape};
use super::view::pen::Pen;
use crate::autoplay::{day_seed, plan_seed, same_step, BotReply, BotRequest};
use crate::bots::Level;
use crate::engine::{
    Action, Direction, FormOption, Game, GameOptions, HireRecord, Outcome, Phase, Piece, SeasonEnd, Seat, Square,
    Status, Step,
};
use std::collections::VecDeque;
use web_sys::{Document, HtmlCanvasElement, Window};

/// Something on the canvas that can be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    /// The n-th concealed piece of the shown hand.
    Hand(usize),
    /// A revealed Department of the shown hand.
    Dept(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    EndGame,
    EndSeason,
    NewGame,
}

/// The dialog over the table, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    NewGame,
    LoadError,
    HandOver,
    Form,
    Dissolve,
    Declare,
    Scoring,
    SeasonSummary,
    Final,
    Menu,
    Confirm(Confirm),
    /// Import a record, or the links to copy (`records.rs`).
    Records,
}

impl Overlay {
    pub fn name(self) -> &'static str {
        match self {
            Overlay::None => "table",
            Overlay::NewGame => "new-game",
            Overlay::LoadError => "load-error",
            Overlay::HandOver => "hand-over",
            Overlay::Form => "form",
            Overlay::Dissolve => "dissolve",
            Overlay::Declare => "declare",
            Overlay::Scoring => "scoring",
            Overlay::SeasonSummary => "season",
            Overlay::Final => "final",
            Overlay::Menu => "menu",
            Overlay::Confirm(_) => "confirm",
            Overlay::Records => "records",
        }
    }
}

pub struct Session {
    pub game: Game,
    pub names: Vec<String>,
    /// Who plays each seat, in seat order: `None` for a person, else the computer's level.
    pub bots: Vec<Option<Level>>,
    /// The game's bot seed (saved): every computer player's Day is planned from
    /// `autoplay::day_seed(bot_seed, Season, Day, seat)`, never from the game's own seed.
    pub bot_seed: u64,
    /// The concealed hand of the player whose Day it is may be shown (after the hand-over).
    pub revealed: bool,
    /// The scoring screen of the last Season is up.
    pub scoring: bool,
}

impl Session {
    /// The level of the computer playing seat `p`; `None` for a person.
    pub fn bot(&self, p: usize) -> Option<Level> {
        self.bots.get(p).copied().flatten()
    }

    /// How many persons play (the other seats are computer players).
    pub fn persons(&self) -> usize {
        (0..self.names.len()).filter(|&p| self.bot(p).is_none()).count()
    }

    /// The only person at the table, when exactly one plays.
    pub fn sole_person(&self) -> Option<usize> {
        let persons: Vec<usize> = (0..self.names.len()).filter(|&p| self.bot(p).is_none()).collect();
        (persons.len() == 1).then(|| persons[0])
    }

    /// The level of the computer player whose Day it is, while a Day is under way.
    pub fn bot_to_move(&self) -> Option<Level> {
        (self.game.status() == Status::Playing).then(|| self.bot(self.game.to_move())).flatten()
    }

    pub fn who(&self, lang: Lang, p: usize) -> String {
        i18n::player(lang, &self.names[p], self.game.options().seats()[p])
    }

    /// The player's name; a player named after the seat is shown with the seat's name in
    /// the current language.
    pub fn name(&self, lang: Lang, p: usize) -> String {
        let seat = self.game.options().seats()[p];
        if i18n::is_seat_name(&self.names[p], seat) {
            i18n::seat_name(lang, seat).to_string()
        } else {
            self.names[p].clone()
        }
    }
}

/// The sticks being thrown on the canvas (R5, R12.6).
pub struct SticksAnim {
    pub record: HireRecord,
    pub start: f64,
    pub duration: f64,
}

/// The new-game form.
pub struct Draft {
    pub seats: [bool; 4],
    pub names: [String; 4],
    /// Who plays each seat: `None` for a person, else the computer's level.
    pub kinds: [Option<Level>; 4],
    pub luminous: bool,
    pub error: bool,
}

/// Which Day a computer player's plan is for: the Season, the Day, the seat and the length
/// of the game's log when the Day began (unique within a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayKey {
    pub season: u8,
    pub day: u32,
    pub seat: usize,
    pub start: usize,
}

/// A request to the worker that has not been answered yet.
pub struct Pending {
    pub id: u32,
    pub key: DayKey,
    pub level: Level,
    /// The Day's steps already taken in the position sent (0: sent from the Day's start).
    pub base: usize,
    /// Sent from the current position because a plan from the Day's start did not fit.
    pub fallback: bool,
}

/// The computer player's planned steps still to be shown.
pub struct Plan {
    pub key: DayKey,
    pub actions: VecDeque<Action>,
    /// A step of it has been applied.
    pub started: bool,
}

/// Decision times measured in the worker, per level.
#[derive(Clone, Debug, Default)]
pub struct ThinkStats {
    pub count: u32,
    pub total_ms: f64,
    pub max_ms: f64,
    pub last_ms: f64,
    /// The last few, oldest first.
    pub recent: VecDeque<f64>,
}

/// The computer players' side of the app: the request in flight, the plan being shown,
/// when the last step was shown, an error, and measured decision times.
#[derive(Default)]
pub struct Driver {
    pub pending: Option<Pending>,
    pub plan: Option<Plan>,
    pub next_id: u32,
    pub think_started: f64,
    pub last_step_at: f64,
    pub error: Option<String>,
    /// Easy, Normal, Strong.
    pub stats: [ThinkStats; 3],
}

pub fn level_index(level: Level) -> usize {
    match level {
        Level::Easy => 0,
        Level::Normal => 1,
        Level::Strong => 2,
    }
}

/// What the engine offers in the Day under way (empty when nothing may be chosen now).
#[derive(Default)]
pub struct Legal {
    pub phase: Option<Phase>,
    pub discards: Vec<Piece>,
    pub movers: Vec<Square>,
    pub destinations: Vec<Square>,
    pub forms: Vec<FormOption>,
    pub dissolvable: Vec<u8>,
    pub declare: bool,
    pub stalemate: bool,
    pub undo: bool,
}

pub struct Message {
    pub text: String,
    pub error: bool,
}

pub struct App {
    pub window: Window,
    pub doc: Document,
    pub canvas: HtmlCanvasElement,
    pub pen: Pen,
    pub live: Live,
    pub lang: Lang,
    /// The language picked in the menu (saved); `None` follows the browser.
    pub lang_chosen: Option<Lang>,
    pub open_hands: bool,
    pub session: Option<Session>,
    pub overlay: Overlay,
    pub message: Option<Message>,
    pub focus: Option<Target>,
    pub show_focus: bool,
    pub anim: Option<SticksAnim>,
    /// What happened since the previous person's Day, for the hand-over screen.
    pub last_day: Vec<String>,
    /// What the last committed Day did.
    pub day_lines: Vec<String>,
    /// How fast the computer players' Days are shown (saved).
    pub speed: Speed,
    pub driver: Driver,
    /// `?botseed=N`: the next new game's bot seed (a testing aid, like `?seed=N`).
    pub bot_seed_param: Option<u64>,
    pub draft: Draft,
    pub broken: Option<Broken>,
    pub legal: Legal,
    pub layout: Layout,
    pub dpr: f64,
    pub seed_param: Option<u64>,
    pub reduced_motion: bool,
    pub frame_pending: bool,
    /// Export, import, links and the replay viewer (`records.rs`).
    pub records: super::records::Records,
}

impl App {
    pub fn new(window: Window, doc: Document, canvas: HtmlCanvasElement, pen: Pen) -> App {
        let nav_lang = Lang::from_tag(&window.navigator().language().unwrap_or_default());
        let search = window.location().search().unwrap_or_default();
        let seed_param = query_param(&search, "seed").and_then(|v| v.parse::<u64>().ok());
        let bot_seed_param = query_param(&search, "botseed").and_then(|v| v.parse::<u64>().ok());
        let reduced_motion =
            window.match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches());
        let live = Live::new(&doc);
        let mut app = App {
            window,
            doc,
            canvas,
            pen,
            live,
            lang: nav_lang,
            lang_chosen: None,
            open_hands: false,
            session: None,
            overlay: Overlay::NewGame,
            message: None,
            focus: None,
            show_focus: false,
            anim: None,
            last_day: Vec::new(),
            day_lines: Vec::new(),
            speed: Speed::Normal,
            driver: Driver::default(),
            bot_seed_param,
            draft: Draft {
                seats: [true, false, true, false],
                names: Default::default(),
                kinds: [None; 4],
                luminous: true,
                error: false,
            },
            broken: None,
            legal: Legal::default(),
            layout: Layout::default(),
            dpr: 1.0,
            seed_param,
            reduced_motion,
            frame_pending: false,
            records: Default::default(),
        };
        match storage::load() {
            Loaded::Nothing => {}
            Loaded::Broken(why, lang) => {
                if let Some(l) = lang {
                    app.lang = l;
                }
                app.broken = Some(why);
                app.overlay = Overlay::LoadError;
            }
            Loaded::Save(save) => {
                if let Some(l) = save.lang {
                    app.lang = l;
                    app.lang_chosen = Some(l);
                }
                app.open_hands = save.open_hands;
                app.speed = save.speed;
                if let Some(game) = save.game {
                    let status = game.status();
                    let bots = if save.bots.is_empty() { vec![None; save.names.len()] } else { save.bots };
                    app.session = Some(Session {
                        game,
                        names: save.names,
                        bots,
                        bot_seed: save.bot_seed.unwrap_or(0),
                        revealed: false,
                        scoring: save.scoring,
                    });
                    app.overlay = match status {
                        // A person's Day shows the hand-over first when several persons play,
                        // so a reload never shows a hand to the wrong person.
                        Status::Playing => app.day_overlay(),
                        Status::SeasonOver | Status::GameOver { .. } if save.scoring => Overlay::Scoring,
                        Status::SeasonOver => Overlay::SeasonSummary,
                        Status::GameOver { .. } => Overlay::Final,
                    };
                    if let Some(sess) = &mut app.session {
                        if let Some(record) = sess.game.season().last_hire {
                            app.last_day = vec![hire_text(app.lang, sess, &record)];
                        }
                    }
                }
            }
        }
        app.refresh();
        app
    }

    // ---- queries -------------------------------------------------------------------------

    pub fn game(&self) -> Option<&Game> {
        self.session.as_ref().map(|s| &s.game)
    }

    /// The player whose hand is shown in the hand area: the player whose Day it is, except
    /// that during a computer player's Day the only person at the table keeps seeing their
    /// own hand.
    pub fn hand_owner(&self) -> Option<usize> {
        let sess = self.session.as_ref()?;
        let p = sess.game.to_move();
        if sess.bot_to_move().is_some() && !self.open_hands {
            if let Some(person) = sess.sole_person() {
                return Some(person);
            }
        }
        Some(p)
    }

    /// The person whose Day it is may see their hand now: after the hand-over, or without
    /// one (open hands, or a single person at the table).
    pub fn person_sees_hand(&self) -> bool {
        self.session.as_ref().is_some_and(|s| {
            s.game.status() == Status::Playing
                && s.bot_to_move().is_none()
                && (s.revealed || self.open_hands || s.persons() <= 1)
        })
    }

    /// The screen a Day begins with: the hand-over before a person's Day when several
    /// persons share the device; otherwise the table. Marks the hand as revealed when no
    /// hand-over is needed.
    pub fn day_overlay(&mut self) -> Overlay {
        let open = self.open_hands;
        let Some(sess) = self.session.as_mut() else { return Overlay::NewGame };
        let person = sess.bot(sess.game.to_move()).is_none();
        if person && !open && sess.persons() >= 2 {
            sess.revealed = false;
            Overlay::HandOver
        } else {
            sess.revealed = person;
            Overlay::None
        }
    }

    /// A computer player's Day is under way.
    pub fn bot_day(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.bot_to_move().is_some())
    }

    /// The seat shown as thinking: its plan is being computed, or is about to be shown.
    pub fn thinking_seat(&self) -> Option<usize> {
        let key = self.day_key()?;
        if self.thinking() {
            return Some(key.seat);
        }
        match &self.driver.plan {
            Some(plan) if plan.key == key && !plan.started => Some(key.seat),
            _ => None,
        }
    }

    /// The worker is computing the plan of the computer player whose Day it is.
    pub fn thinking(&self) -> bool {
        self.driver.pending.as_ref().is_some_and(|p| Some(p.key) == self.day_key())
    }

    /// Which Day is under way.
    pub fn day_key(&self) -> Option<DayKey> {
        let g = self.game()?;
        if g.status() != Status::Playing {
            return None;
        }
        Some(DayKey {
            season: g.season().number,
            day: g.day().number,
            seat: g.to_move(),
            start: g.log().len() - g.day().steps.len(),
        })
    }

    /// Whether the shown hand's concealed pieces are face up.
    pub fn hand_face_up(&self) -> bool {
        let Some(sess) = &self.session else { return false };
        match sess.game.status() {
            Status::Playing => {
                let owner = self.hand_owner().unwrap_or(0);
                // A computer player's concealed hand is never shown (except open hands).
                self.open_hands
                    || (sess.bot(owner).is_none()
                        && (sess.persons() <= 1 || (owner == sess.game.to_move() && sess.revealed)))
            }
            // The declarer shows the hand; a game ended by agreement mid-Season shows none.
            _ => {
                let season = sess.game.season().number;
                sess.game.results().last().is_some_and(|r| {
                    r.season == season && matches!(r.end, SeasonEnd::Declared { .. } | SeasonEnd::Stalemate { .. })
                }) || self.open_hands
            }
        }
    }

    /// Choices on the table are possible: a Day is under way, its hand is shown and no
    /// dialog or animation is in the way.
    pub fn interactive(&self) -> bool {
        self.overlay == Overlay::None && self.records.replay.is_none() && self.anim.is_none() && self.person_sees_hand()
    }

    /// The Day's choices are being made: on the table or in one of its choosers.
    pub fn day_open(&self) -> bool {
        matches!(self.overlay, Overlay::None | Overlay::Form | Overlay::Dissolve | Overlay::Declare)
            && self.records.replay.is_none()
            && self.anim.is_none()
            && self.person_sees_hand()
    }

    /// The concealed pieces shown in the hand area (`None` = face down).
    pub fn shown_hand(&self) -> Vec<Option<Piece>> {
        let Some(sess) = &self.session else { return Vec::new() };
        let g = &sess.game;
        let p = self.hand_owner().unwrap_or_else(|| g.to_move());
        let view = g.view(p).expect("the hand's owner is in the game");
        if self.hand_face_up() {
            view.my_concealed().pieces().map(Some).collect()
        } else {
            vec![None; view.concealed_count(p)]
        }
    }

    pub fn shown_departments(&self) -> usize {
        let Some(g) = self.game() else { return 0 };
        let p = self.hand_owner().unwrap_or_else(|| g.to_move());
        g.view(p).map_or(0, |v| v.departments(p).len())
    }

    // ---- state changes ---------------------------------------------------------------------

    /// Recomputes what the engine offers and the layout. Called after every change.
    pub fn refresh(&mut self) {
        self.legal = Legal::default();
        if self.day_open() {
            let game = &self.session.as_ref().expect("day open").game;
            // What the player whose Day it is may see and do (R40): their own view's Day.
            let view = game.view(game.to_move()).expect("the player to move is in the game");
            let players = view.players();
            let Some(day) = view.my_day() else {
                self.relayout();
                return;
            };
            self.legal = Legal {
                phase: Some(day.phase()),
                discards: day.discards(),
                movers: day.movers(),
                destinations: day.destinations().to_vec(),
                forms: day.forms(players),
                dissolvable: day.dissolvable(players),
                declare: day.may_declare(players),
                stalemate: day.may_declare_stalemate(),
                undo: !day.steps.is_empty(),
            };
        } else if self.bot_day() && self.overlay == Overlay::None && self.anim.is_none() {
            // A computer player's Day is shown step by step: the pieces that may move after
            // its discard, then its mover and that piece's destinations. Nothing is offered.
            let game = &self.session.as_ref().expect("bot day").game;
            let view = game.view(game.to_move()).expect("the player to move is in the game");
            if let Some(day) = view.my_day() {
                self.legal = Legal {
                    phase: Some(day.phase()),
                    movers: day.movers(),
                    destinations: day.destinations().to_vec(),
                    ..Legal::default()
                };
            }
        }
        self.relayout();
    }

    pub fn relayout(&mut self) {
        let w = self.canvas.client_width().max(1) as f64;
        let h = self.canvas.client_height().max(1) as f64;
        let hand = self.shown_hand();
        let shape = TableShape {
            players: self.game().map_or(4, |g| g.scores().len()),
            concealed: &hand,
            departments: self.shown_departments(),
            open_hands: self.open_hands,
        };
        self.layout = Layout::compute(w, h, &shape);
        if let Some(Target::Hand(i)) = self.focus {
            if i >= self.layout.hand.len() {
                self.focus = None;
            }
        }
        if let Some(Target::Dept(d)) = self.focus {
            if d as usize >= self.layout.depts.len() {
                self.focus = None;
            }
        }
    }

    pub fn save(&self) {
        if self.broken.is_some() || self.records.replay.is_some() {
            // Never overwrite an unreadable save until the player chose to start fresh.
            return;
        }
        let mut save = storage::new_save(self.lang_chosen, self.open_hands, Vec::new(), false, None);
        save.speed = self.speed;
        if let Some(s) = &self.session {
            save.names = s.names.clone();
            save.scoring = s.scoring;
            save.game = Some(s.game.clone());
            // Persons only: the save is written exactly as before computer players existed.
            if s.bots.iter().any(|b| b.is_some()) {
                save.bots = s.bots.clone();
                save.bot_seed = Some(s.bot_seed);
            }
        }
        storage::write(&save);
    }

    pub fn say(&mut self, text: &str) {
        self.live.say(text);
    }

    fn info(&mut self, text: String) {
        self.say(&text);
        self.message = Some(Message { text, error: false });
    }

    fn error(&mut self, text: String) {
        self.say(&text);
        self.message = Some(Message { text, error: true });
    }

    /// Applies an action to the game and shows/narrates what happened.
    pub fn act(&mut self, action: Action) {
        let lang = self.lang;
        let Some(sess) = self.session.as_mut() else { return };
        let me = sess.game.to_move();
        let steps_before: Vec<Step> = sess.game.day().steps.clone();
        match sess.game.apply(action) {
            Err(e) => {
                let text = i18n::rule_error(lang, &e);
                self.error(text);
            }
            Ok(outcome) => {
                self.message = None;
                self.after(me, action, outcome, &steps_before);
            }
        }
        self.refresh();
        self.save();
    }

    /// Explains why `action` is refused, by trying it on a copy of the game. (Should the
    /// engine accept it after all, it is applied.)
    fn explain(&mut self, action: Action) {
        let Some(sess) = &self.session else { return };
        let mut copy = sess.game.clone();
        match copy.apply(action) {
            Err(e) => {
                let text = i18n::rule_error(self.lang, &e);
                self.error(text);
            }
            Ok(_) => self.act(action),
        }
    }

    fn after(&mut self, me: usize, action: Action, outcome: Outcome, steps_before: &[Step]) {
        let lang = self.lang;
        let open = self.open_hands;
        let now = self.window.performance().map_or(0.0, |p| p.now());
        let sess = self.session.as_mut().expect("acting needs a session");
        let who = sess.who(lang, me);
        let text: String;
        let mut focus_next = false;
        let mut finish = false;
        match outcome {
            Outcome::Stepped => {
                text = step_text(lang, &who, sess, action);
                focus_next = true;
            }
            Outcome::Undone => {
                text = match lang {
                    Lang::En => "Undone.".into(),
                    Lang::Ja => "取り消しました。".into(),
                };
                focus_next = true;
            }
            Outcome::Hired { record } => {
                let mut lines: Vec<String> = steps_before
                    .iter()
                    .filter(|s| matches!(s, Step::Dissolve { .. } | Step::Form { .. }))
                    .map(|s| committed_step_text(lang, &who, s))
                    .collect();
                lines.push(hire_text(lang, sess, &record));
                text = lines.join(" ");
                // The hand-over lists every Day since the previous person's.
                if sess.bot(me).is_some() {
                    self.last_day.extend(lines.iter().cloned());
                    let extra = self.last_day.len().saturating_sub(12);
                    self.last_day.drain(..extra);
                } else {
                    self.last_day = lines.clone();
                }
                self.day_lines = lines;
                sess.revealed = open;
                self.focus = None;
                // A computer player's throw is shown at the chosen speed (not at all when instant).
                let duration = if sess.bot(me).is_some() { self.speed.sticks_ms() } else { Some(1600.0) };
                match duration {
                    Some(duration) if record.sticks.is_some() && !self.reduced_motion => {
                        self.anim = Some(SticksAnim { record, start: now, duration });
                        self.overlay = Overlay::None;
                    }
                    _ => finish = true,
                }
            }
            Outcome::SeasonEnded { result, game_over } => {
                self.focus = None;
                match result.end {
                    SeasonEnd::Declared { patterns, .. } | SeasonEnd::Stalemate { patterns, .. } => {
                        let name = if matches!(result.end, SeasonEnd::Stalemate { .. }) {
                            i18n::pattern_name(lang, i18n::PatternId::Stalemate)
                        } else {
                            i18n::pattern_name(lang, i18n::PatternId::LauzaitCep)
                        };
                        text = match lang {
                            Lang::En => format!("{who} declares {name}: {}.", i18n::pts(lang, patterns.total() as i32)),
                            Lang::Ja => format!("{who}が{name}を宣言：{}点。", patterns.total()),
                        };
                        sess.scoring = true;
                        self.overlay = Overlay::Scoring;
                    }
                    SeasonEnd::ByAgreement => {
                        text = format!(
                            "{} — {}",
                            i18n::season_of(lang, result.season, sess.game.scores().len()),
                            s(lang, S::ByAgreement)
                        );
                        self.overlay = if game_over { Overlay::Final } else { Overlay::SeasonSummary };
                    }
                }
            }
            Outcome::NextSeasonBegan => {
                let g = &sess.game;
                let starter = sess.who(lang, g.to_move());
                let dir = i18n::direction(lang, g.season().direction);
                text = match lang {
                    Lang::En => format!("Season {} begins: {starter} starts, play goes {dir} (R7).", g.season().number),
                    Lang::Ja => format!("ラウンド{}開始：{starter}から{dir}に進みます（R7）。", g.season().number),
                };
                self.last_day = vec![text.clone()];
                self.overlay = self.day_overlay();
            }
            Outcome::GameEnded => {
                text = s(lang, S::FinalTitle).into();
                self.overlay = Overlay::Final;
            }
        }
        self.say(&text);
        if focus_next {
            self.focus_first_choice();
        }
        if finish {
            self.finish_day();
        }
    }

    /// After the Hiring (and its throw): hand the device over when the next Day is another
    /// person's, else carry on at the table (open hands, a computer player's Day, or a
    /// single person at the table) with what the Day did in the status line.
    pub fn finish_day(&mut self) {
        self.anim = None;
        self.overlay = self.day_overlay();
        if self.overlay == Overlay::None {
            let text = self.day_lines.join(" ");
            self.message = Some(Message { text, error: false });
        }
        if let Some(at) = self.window.performance().map(|p| p.now()) {
            // The next computer player's step waits a little from here, not from the throw.
            self.driver.last_step_at = self.driver.last_step_at.max(at - self.speed.step_ms() / 2.0);
        }
        self.refresh();
    }

    /// The tick of the sticks animation; true while it still runs.
    pub fn tick(&mut self, now: f64) -> bool {
        let Some(anim) = &self.anim else { return false };
        if now - anim.start >= anim.duration {
            self.finish_day();
            super::after_change(self);
            return false;
        }
        true
    }

    fn focus_first_choice(&mut self) {
        if !self.show_focus {
            return;
        }
        self.refresh();
        self.focus = if self.interactive() { self.first_choice() } else { None };
    }

    pub fn first_choice(&self) -> Option<Target> {
        let l = &self.legal;
        if let Some(&p) = l.discards.first() {
            return self.layout.hand.iter().position(|h| h.piece == Some(p)).map(Target::Hand);
        }
        if let Some(&sq) = l.movers.first() {
            return Some(Target::Square(sq));
        }
        l.destinations.first().map(|&sq| Target::Square(sq))
    }

    // ---- input ---------------------------------------------------------------------------

    /// A tap (or Enter) on something on the canvas.
    pub fn tap(&mut self, target: Target) {
        if !self.interactive() {
            return;
        }
        let phase = self.legal.phase.expect("interactive");
        match target {
            Target::Hand(i) => {
                let Some(piece) = self.layout.hand.get(i).and_then(|h| h.piece) else { return };
                let action = Action::Discard { piece };
                if self.legal.discards.contains(&piece) {
                    self.act(action);
                } else {
                    self.explain(action);
                }
            }
            Target::Dept(d) => {
                if self.legal.dissolvable.contains(&d) {
                    self.overlay = Overlay::Dissolve;
                } else {
                    self.explain(Action::Dissolve { department: d });
                }
            }
            Target::Square(sq) => match phase {
                Phase::Beginning { .. } => {
                    let empty = self.game().and_then(|g| g.day().board.the_empty_square());
                    if empty == Some(sq) {
                        let text = s(self.lang, S::EmptySquareHint).to_string();
                        self.info(text);
                    } else {
                        self.explain(Action::Move { from: sq });
                    }
                }
                Phase::Discarded { .. } => {
                    if self.legal.movers.contains(&sq) {
                        self.act(Action::Move { from: sq });
                    } else {
                        self.explain(Action::Move { from: sq });
                    }
                }
                Phase::Moving { from, .. } => {
                    if sq == from {
                        // Tapping the chosen piece again puts it back.
                        self.act(Action::Undo);
                    } else if self.legal.destinations.contains(&sq) {
                        self.act(Action::Capture { to: sq });
                    } else {
                        self.explain(Action::Capture { to: sq });
                    }
                }
            },
        }
    }

    /// Intents from buttons (`data-intent`) and shortcuts.
    pub fn intent(&mut self, intent: &str) {
        let (name, arg) = intent.split_once(':').unwrap_or((intent, ""));
        match name {
            "undo" => {
                if self.interactive() && self.legal.undo {
                    self.act(Action::Undo);
                }
            }
            "form" => {
                if self.interactive() && !self.legal.forms.is_empty() {
                    self.overlay = Overlay::Form;
                }
            }
            "form-pick" if self.overlay == Overlay::Form => {
                let mut it = arg.split(':').filter_map(|x| x.parse::<usize>().ok());
                if let (Some(i), Some(j)) = (it.next(), it.next()) {
                    let choice = self.legal.forms.get(i).and_then(|f| f.readings.get(j).map(|r| (f.pieces, r.reading)));
                    if let Some((pieces, reading)) = choice {
                        self.overlay = Overlay::None;
                        self.act(Action::Form { pieces, reading });
                    }
                }
            }
            "dissolve" => {
                if self.interactive() && !self.legal.dissolvable.is_empty() {
                    self.overlay = Overlay::Dissolve;
                }
            }
            "dissolve-pick" if self.overlay == Overlay::Dissolve => {
                if let Ok(d) = arg.parse::<u8>() {
                    self.overlay = Overlay::None;
                    self.act(Action::Dissolve { department: d });
                }
            }
            "declare" => {
                if self.interactive() && self.legal.declare {
                    self.overlay = Overlay::Declare;
                }
            }
            "declare-confirm" if self.overlay == Overlay::Declare => {
                self.overlay = Overlay::None;
                self.act(Action::Declare);
            }
            "stalemate" => {
                if self.interactive() && self.legal.stalemate {
                    self.act(Action::DeclareStalemate);
                }
            }
            "ready" => {
                if let Some(sess) = &mut self.session {
                    sess.revealed = true;
                    self.overlay = Overlay::None;
                    self.message = None;
                    self.refresh();
                    let text = self.prompt();
                    self.say(&text);
                    let _ = self.canvas.focus();
                }
            }
            "scoring-done" => {
                if let Some(sess) = &mut self.session {
                    sess.scoring = false;
                    self.overlay = match sess.game.status() {
                        Status::GameOver { .. } => Overlay::Final,
                        _ => Overlay::SeasonSummary,
                    };
                    self.save();
                }
            }
            "next-season" => {
                self.overlay = Overlay::None;
                self.act(Action::NextSeason);
            }
            "end-game" => self.overlay = Overlay::Confirm(Confirm::EndGame),
            "end-season" => self.overlay = Overlay::Confirm(Confirm::EndSeason),
            "new-game" => {
                let playing = self.game().is_some_and(|g| !matches!(g.status(), Status::GameOver { .. }));
                self.overlay = if playing { Overlay::Confirm(Confirm::NewGame) } else { Overlay::NewGame };
            }
            "confirm" => match self.overlay {
                Overlay::Confirm(Confirm::EndGame) => {
                    self.overlay = Overlay::None;
                    self.take_back_bot_steps();
                    self.act(Action::EndGameByAgreement);
                }
                Overlay::Confirm(Confirm::EndSeason) => {
                    self.overlay = Overlay::None;
                    self.take_back_bot_steps();
                    self.act(Action::EndSeasonByAgreement);
                }
                Overlay::Confirm(Confirm::NewGame) => self.overlay = Overlay::NewGame,
                _ => {}
            },
            "close" => self.close_overlay(),
            "menu" => {
                if self.overlay == Overlay::Menu {
                    self.close_overlay();
                } else if !matches!(self.overlay, Overlay::LoadError) && self.anim.is_none() {
                    self.overlay = Overlay::Menu;
                }
            }
            "lang" => {
                let l = if arg == "ja" { Lang::Ja } else { Lang::En };
                self.lang = l;
                self.lang_chosen = Some(l);
                self.save();
                self.refresh_texts();
            }
            "open-hands" => {
                self.open_hands = !self.open_hands;
                if let Some(sess) = &mut self.session {
                    if self.open_hands {
                        sess.revealed = true;
                    }
                }
                self.save();
            }
            "players" => {
                if let Ok(n) = arg.parse::<usize>() {
                    self.draft.seats = match n {
                        2 => [true, false, true, false],
                        3 => [true, true, true, false],
                        _ => [true, true, true, true],
                    };
                    self.draft.error = false;
                }
            }
            "seat-kind" => {
                // "seat-kind:red:strong"; "person" for a person.
                let (seat, kind) = arg.split_once(':').unwrap_or((arg, ""));
                if let Some(i) = Seat::ALL.iter().position(|s| i18n::seat_code(*s) == seat) {
                    self.draft.kinds[i] = kind.parse::<Level>().ok();
                }
            }
            "speed" => {
                if let Some(speed) = Speed::from_code(arg) {
                    self.speed = speed;
                    self.save();
                }
            }
            "bot-retry" => {
                bots::stop();
                self.driver.error = None;
                self.driver.pending = None;
                self.driver.plan = None;
                self.message = None;
            }
            "start" => self.start_game(),
            "fresh" => {
                if let Some(store) = self.window.local_storage().ok().flatten() {
                    let _ = store.remove_item(storage::KEY);
                }
                self.broken = None;
                self.session = None;
                self.driver.pending = None;
                self.driver.plan = None;
                self.overlay = Overlay::NewGame;
            }
            "final" => self.overlay = Overlay::Final,
            _ => {
                super::records::intent(self, name, arg);
            }
        }
        self.refresh();
    }

    fn refresh_texts(&mut self) {
        // Narration of the previous Day is rebuilt in the new language where possible.
        if let Some(sess) = &self.session {
            if let Some(record) = sess.game.season().last_hire {
                if !self.last_day.is_empty() {
                    self.last_day = vec![hire_text(self.lang, sess, &record)];
                }
            }
        }
        self.message = None;
    }

    pub fn close_overlay(&mut self) {
        self.overlay = match self.overlay {
            Overlay::Form | Overlay::Dissolve | Overlay::Declare => Overlay::None,
            Overlay::Menu | Overlay::Confirm(_) | Overlay::Records if self.records.replay.is_some() => Overlay::None,
            Overlay::Menu | Overlay::Confirm(_) | Overlay::Records => self.resting_overlay(),
            Overlay::NewGame if self.session.is_some() => self.resting_overlay(),
            other => other,
        };
        if self.overlay == Overlay::None {
            let _ = self.canvas.focus();
        }
        self.refresh();
    }

    /// The screen the game's state calls for when no dialog was asked for.
    fn resting_overlay(&self) -> Overlay {
        match &self.session {
            None => Overlay::NewGame,
            Some(sess) => match sess.game.status() {
                Status::Playing if sess.revealed || self.open_hands || self.bot_day() || sess.persons() <= 1 => {
                    Overlay::None
                }
                Status::Playing => Overlay::HandOver,
                _ if sess.scoring => Overlay::Scoring,
                Status::SeasonOver => Overlay::SeasonSummary,
                Status::GameOver { .. } => Overlay::Final,
            },
        }
    }

    pub fn start_game(&mut self) {
        let seats: Vec<Seat> = Seat::ALL.iter().zip(self.draft.seats).filter(|(_, on)| *on).map(|(s, _)| *s).collect();
        let options = match GameOptions::new(seats.clone(), self.draft.luminous) {
            Ok(o) => o,
            Err(_) => {
                self.draft.error = true;
                return;
            }
        };
        let names: Vec<String> = Seat::ALL
            .iter()
            .enumerate()
            .filter(|(i, _)| self.draft.seats[*i])
            .map(|(i, seat)| {
                let n = storage::clean_name(&self.draft.names[i]);
                if n.is_empty() {
                    i18n::seat_name(self.lang, *seat).to_string()
                } else {
                    n
                }
            })
            .collect();
        let bots: Vec<Option<Level>> = (0..4).filter(|&i| self.draft.seats[i]).map(|i| self.draft.kinds[i]).collect();
        let random = || (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        let seed = self.seed_param.unwrap_or_else(random);
        // Drawn on its own: the computer players never learn the game's seed (R40).
        let bot_seed = self.bot_seed_param.unwrap_or_else(random);
        let game = Game::new(options, seed);
        let lang = self.lang;
        let sess = Session { game, names, bots, bot_seed, revealed: false, scoring: false };
        let g = &sess.game;
        let text = match lang {
            Lang::En => format!(
                "A new game: {} players. {} starts, play goes {} (R7).",
                g.scores().len(),
                sess.who(lang, g.to_move()),
                i18n::direction(lang, g.season().direction)
            ),
            Lang::Ja => format!(
                "新しいゲーム：{}人。{}から{}に進みます（R7）。",
                g.scores().len(),
                sess.who(lang, g.to_move()),
                i18n::direction(lang, g.season().direction)
            ),
        };
        self.session = Some(sess);
        self.driver.pending = None;
        self.driver.plan = None;
        self.driver.error = None;
        self.last_day = vec![text.clone()];
        self.day_lines = vec![text.clone()];
        self.say(&text);
        self.message = None;
        self.draft.error = false;
        self.overlay = self.day_overlay();
        self.refresh();
        self.save();
    }

    /// Keyboard on the table. Returns true when the key was used.
    pub fn key(&mut self, key: &str) -> bool {
        if self.records.replay.is_some() {
            return super::records::key(self, key);
        }
        match key {
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => {
                if !self.interactive() {
                    return false;
                }
                self.show_focus = true;
                self.focus = Some(match self.focus {
                    None => self.first_choice().unwrap_or(Target::Square(Square::MOUNTAIN)),
                    Some(t) => super::input::nav::step(&self.layout, t, key),
                });
                let text = self.describe_focus();
                self.say(&text);
                true
            }
            "Enter" | " " => {
                if !self.interactive() {
                    return false;
                }
                self.show_focus = true;
                match self.focus {
                    Some(t) => self.tap(t),
                    None => {
                        self.focus = self.first_choice();
                        let text = self.describe_focus();
                        self.say(&text);
                    }
                }
                true
            }
            "Escape" | "Backspace" | "u" | "U" => {
                if self.overlay != Overlay::None {
                    self.close_overlay();
                    return true;
                }
                if self.interactive() && self.legal.undo {
                    self.act(Action::Undo);
                    return true;
                }
                false
            }
            "f" | "F" => {
                self.intent("form");
                true
            }
            "d" | "D" => {
                self.intent("dissolve");
                true
            }
            "l" | "L" => {
                self.intent("declare");
                true
            }
            _ => false,
        }
    }

    /// A sentence for the keyboard cursor's square or piece.
    pub fn describe_focus(&self) -> String {
        let lang = self.lang;
        let Some(t) = self.focus else { return String::new() };
        let Some(g) = self.game() else { return String::new() };
        let yes = |b: bool| {
            if b {
                match lang {
                    Lang::En => ", can be chosen",
                    Lang::Ja => "、選べます",
                }
            } else {
                ""
            }
        };
        match t {
            Target::Square(sq) => {
                let what = match g.day().board.get(sq) {
                    Some(p) => i18n::piece(lang, p),
                    None => match lang {
                        Lang::En => "empty".into(),
                        Lang::Ja => "空き".into(),
                    },
                };
                let ok = self.legal.movers.contains(&sq) || self.legal.destinations.contains(&sq);
                format!("{}: {what}{}", i18n::square(lang, sq), yes(ok))
            }
            Target::Hand(i) => match self.layout.hand.get(i).and_then(|h| h.piece) {
                Some(p) => {
                    format!("{} {}{}", s(lang, S::Hand), i18n::piece(lang, p), yes(self.legal.discards.contains(&p)))
                }
                None => String::new(),
            },
            Target::Dept(d) => {
                let v = g.view(g.to_move()).expect("player");
                match v.departments(g.to_move()).get(d as usize) {
                    Some(dep) => {
                        format!("{}{}", i18n::pieces(lang, &dep.pieces), yes(self.legal.dissolvable.contains(&d)))
                    }
                    None => String::new(),
                }
            }
        }
    }

    /// The instruction for the current moment (status bar and narration).
    pub fn prompt(&self) -> String {
        let lang = self.lang;
        let Some(sess) = &self.session else { return s(lang, S::Title).into() };
        let g = &sess.game;
        let who = sess.who(lang, g.to_move());
        match g.status() {
            Status::SeasonOver => return s(lang, S::SeasonOverTitle).into(),
            Status::GameOver { .. } => return s(lang, S::FinalTitle).into(),
            Status::Playing => {}
        }
        if let Some(anim) = &self.anim {
            let mover = sess.who(lang, anim.record.player);
            return match lang {
                Lang::En => format!("{mover} moves into Water: the sticks decide (R12.6)…"),
                Lang::Ja => format!("{mover}が水へ移動：投げ棒で決まります（R12.6）…"),
            };
        }
        if let Some(level) = sess.bot_to_move() {
            let name = sess.who(lang, g.to_move());
            if let Some(e) = &self.driver.error {
                return i18n::bot_error(lang, &name, e);
            }
            return if self.thinking_seat().is_some() {
                i18n::bot_thinking(lang, &name, level)
            } else {
                i18n::bot_day(lang, &name, level)
            };
        }
        if !self.interactive() {
            return i18n::whose_day(lang, &who);
        }
        let l = &self.legal;
        let body = match l.phase {
            Some(Phase::Beginning { .. }) if l.stalemate => s(lang, S::PromptStalemate).to_string(),
            Some(Phase::Beginning { .. }) => {
                let mut t = s(lang, S::PromptDiscard).to_string();
                let mut extra = Vec::new();
                if l.declare {
                    extra.push(s(lang, S::Declare));
                }
                if !l.forms.is_empty() {
                    extra.push(s(lang, S::Form));
                }
                if !l.dissolvable.is_empty() {
                    extra.push(s(lang, S::Dissolve));
                }
                if !extra.is_empty() {
                    t.push_str(match lang {
                        Lang::En => " Or: ",
                        Lang::Ja => " または：",
                    });
                    t.push_str(&extra.join(match lang {
                        Lang::En => ", ",
                        Lang::Ja => "、",
                    }));
                }
                t
            }
            Some(Phase::Discarded { .. }) => s(lang, S::PromptMover).to_string(),
            Some(Phase::Moving { from, .. }) if from.is_mountain() => s(lang, S::PromptMountain).to_string(),
            Some(Phase::Moving { .. }) => s(lang, S::PromptDestination).to_string(),
            None => String::new(),
        };
        format!("{} — {body}", i18n::whose_day(lang, &sess.name(lang, g.to_move())))
    }
}

/// What [`App::drive_once`] did.
enum Drive {
    /// Nothing to do now (waiting for a person, a reply or a dialog).
    Idle,
    /// Something is due at this `performance.now()`.
    Wake(f64),
    /// A step was taken: look again.
    Again,
}

impl App {
    fn now(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    /// The computer players' clock: asks the worker for a plan when a computer player's Day
    /// needs one, shows its steps one by one at the chosen speed, and moves a table without
    /// persons on between Seasons. Called after every change; sets the one timer that
    /// wakes it when the next step is due. A dialog (the menu, say) pauses it.
    pub fn drive(&mut self) {
        let mut wake = None;
        for _ in 0..32 {
            match self.drive_once() {
                Drive::Idle => break,
                Drive::Wake(at) => {
                    wake = Some(at);
                    break;
                }
                Drive::Again => continue,
            }
        }
        let now = self.now();
        bots::set_timer(&self.window, wake.map(|at: f64| (at - now).max(0.0)));
    }

    fn drive_once(&mut self) -> Drive {
        let now = self.now();
        let speed = self.speed;
        let Some(sess) = &self.session else { return Drive::Idle };
        if self.driver.error.is_none() && sess.bots.iter().any(|b| b.is_some()) {
            if let Err(e) = bots::start() {
                self.bot_failed(e);
                return Drive::Idle;
            }
        }
        let Some(sess) = &self.session else { return Drive::Idle };
        if self.anim.is_some() {
            return Drive::Idle;
        }
        if sess.game.status() != Status::Playing {
            // Nobody at the table: the scoring and Season screens move on by themselves.
            if sess.persons() > 0 || !matches!(self.overlay, Overlay::Scoring | Overlay::SeasonSummary) {
                return Drive::Idle;
            }
            let due = self.driver.last_step_at + speed.pause_ms();
            if now < due {
                return Drive::Wake(due);
            }
            self.driver.last_step_at = now;
            let intent = if self.overlay == Overlay::Scoring { "scoring-done" } else { "next-season" };
            self.intent(intent);
            return Drive::Again;
        }
        let Some(level) = sess.bot_to_move() else { return Drive::Idle };
        if self.overlay != Overlay::None || self.driver.error.is_some() {
            return Drive::Idle;
        }
        let key = self.day_key().expect("a Day is under way");
        let g = &sess.game;
        if sess.persons() == 0 && g.day().steps.is_empty() && g.day().number > BOTS_ONLY_DAY_CAP {
            self.act(Action::EndSeasonByAgreement);
            self.driver.last_step_at = now;
            return Drive::Again;
        }
        if let Some(plan) = &self.driver.plan {
            if plan.key == key {
                if let Some(&next) = plan.actions.front() {
                    let mut due = self.driver.last_step_at + speed.step_ms();
                    if !plan.started {
                        due = due.max(self.driver.think_started + speed.think_ms());
                    }
                    if now < due {
                        return Drive::Wake(due);
                    }
                    // Still legal? (It always is, unless the plan was made for another game.)
                    let view = g.view(key.seat).expect("seated");
                    let legal = view.my_day().map(|d| d.legal_actions(g.players())).unwrap_or_default();
                    let Some(action) = legal.into_iter().find(|&a| same_step(a, next)) else {
                        self.driver.plan = None;
                        self.request_plan(level, true);
                        return Drive::Idle;
                    };
                    let plan = self.driver.plan.as_mut().expect("checked");
                    plan.actions.pop_front();
                    plan.started = true;
                    self.driver.last_step_at = now;
                    self.act(action);
                    if self.overlay == Overlay::None && self.anim.is_none() && !self.live.last.is_empty() {
                        self.message = Some(Message { text: self.live.last.clone(), error: false });
                    }
                    return Drive::Again;
                }
            }
            // The plan is used up (or was for another Day): plan again from here.
            self.driver.plan = None;
        }
        if self.driver.pending.as_ref().is_some_and(|p| p.key == key) {
            return Drive::Idle;
        }
        self.request_plan(level, false);
        Drive::Idle
    }

    /// Asks the worker for the Day of the computer player to move: from the Day's start (so
    /// that planning the same Day again gives the same steps, after a reload too), or from
    /// the current position when a plan from the start did not fit.
    fn request_plan(&mut self, level: Level, from_here: bool) {
        let now = self.now();
        let Some(key) = self.day_key() else { return };
        let Some(sess) = &self.session else { return };
        let mut game = sess.game.clone();
        let steps = game.day().steps.len();
        let mut base = steps;
        if !from_here {
            while base > 0 && game.apply(Action::Undo).is_ok() {
                base -= 1;
            }
        }
        let mut seed = day_seed(sess.bot_seed, key.season, key.day, key.seat);
        if from_here {
            seed = plan_seed(seed, 1000 + steps as u32);
        }
        let id = self.driver.next_id.wrapping_add(1);
        self.driver.next_id = id;
        let request = BotRequest::new(&game, key.seat, level, seed, BOT_PLAYOUTS, id);
        let sent = request.and_then(|r| serde_json::to_string(&r).map_err(|e| e.to_string())).and_then(bots::post);
        match sent {
            Ok(()) => {
                self.driver.pending = Some(Pending { id, key, level, base, fallback: from_here });
                self.driver.think_started = now;
            }
            Err(e) => self.bot_failed(e),
        }
    }

    /// The table agrees to stop in the middle of a computer player's Day: its steps are
    /// not committed yet, so they are taken back first (the engine ends a Season or the
    /// game by agreement only between Days).
    fn take_back_bot_steps(&mut self) {
        if !self.bot_day() {
            return;
        }
        if let Some(sess) = self.session.as_mut() {
            while !sess.game.day().steps.is_empty() && sess.game.apply(Action::Undo).is_ok() {}
        }
        self.driver.plan = None;
    }

    /// A plan came back from the worker.
    pub fn bot_reply(&mut self, reply: BotReply) {
        let Some(pending) = self.driver.pending.take_if(|p| p.id == reply.id) else { return };
        let stat = &mut self.driver.stats[level_index(pending.level)];
        stat.count += 1;
        stat.total_ms += reply.ms;
        stat.max_ms = stat.max_ms.max(reply.ms);
        stat.last_ms = reply.ms;
        stat.recent.push_back(reply.ms);
        if stat.recent.len() > 40 {
            stat.recent.pop_front();
        }
        if self.records.replay.is_some() || self.day_key() != Some(pending.key) {
            // The game moved on (a new game, a Season ended by agreement), or the replay
            // viewer is showing another game: the Day is planned again when it is back.
            return;
        }
        if let Some(e) = reply.error {
            self.bot_failed(e);
            return;
        }
        // The plan starts where the request's position was; the steps taken since then
        // (after a reload mid-Day) must be its first ones.
        let taken: Vec<Action> = self
            .game()
            .map(|g| g.day().steps.iter().skip(pending.base).map(|s| s.as_action()).collect())
            .unwrap_or_default();
        let fits =
            reply.actions.len() > taken.len() && taken.iter().zip(&reply.actions).all(|(&a, &b)| same_step(a, b));
        if fits {
            let actions: VecDeque<Action> = reply.actions.into_iter().skip(taken.len()).collect();
            self.driver.plan = Some(Plan { key: pending.key, actions, started: !taken.is_empty() });
        } else if !pending.fallback {
            self.request_plan(pending.level, true);
        } else {
            self.bot_failed("the computer player's plan does not fit the Day".into());
        }
    }

    /// The worker could not be started or failed: say so, and offer a retry.
    pub fn bot_failed(&mut self, error: String) {
        web_sys::console::warn_1(&format!("lauzait: computer player: {error}").into());
        self.driver.pending = None;
        self.driver.plan = None;
        let text = i18n::bot_error(self.lang, "", &error);
        self.say(&text);
        self.driver.error = Some(error);
    }
}

fn step_text(lang: Lang, who: &str, sess: &Session, action: Action) -> String {
    let g = &sess.game;
    match action {
        Action::Discard { piece } => {
            let sq = match g.day().phase() {
                Phase::Discarded { square, .. } => square.to_string(),
                _ => String::new(),
            };
            let n = g.day().movers().len();
            match lang {
                Lang::En => format!("{who} discards {} onto {sq}. {n} pieces can move.", i18n::piece(lang, piece)),
                Lang::Ja => format!("{who}が{}を{sq}に捨てました。動かせる駒は{n}個。", i18n::piece(lang, piece)),
            }
        }
        Action::Move { from } => {
            let p = g.day().board.get(from).map(|p| i18n::piece(lang, p)).unwrap_or_default();
            let dests = g.day().destinations();
            let water = dests.iter().filter(|d| d.is_water()).count();
            match lang {
                Lang::En => format!(
                    "{who} moves {p} from {}. {} destinations, {water} of them Water.",
                    i18n::square(lang, from),
                    dests.len()
                ),
                Lang::Ja => format!(
                    "{who}が{}の{p}を動かします。移動先{}マス（うち水{water}）。",
                    i18n::square(lang, from),
                    dests.len()
                ),
            }
        }
        Action::Form { .. } | Action::Dissolve { .. } => match g.day().steps.last() {
            Some(step) => committed_step_text(lang, who, step),
            None => String::new(),
        },
        _ => String::new(),
    }
}

fn committed_step_text(lang: Lang, who: &str, step: &Step) -> String {
    match *step {
        Step::Form { pieces, reading, bonus } => {
            let read = if pieces.iter().any(|p| p.is_joker()) {
                match lang {
                    Lang::En => format!(" read as {}", i18n::pieces(lang, &reading.pieces())),
                    Lang::Ja => format!("（{}として）", i18n::pieces(lang, &reading.pieces())),
                }
            } else {
                String::new()
            };
            match lang {
                Lang::En => format!("{who} forms a Department: {}{read}, bonus +{bonus}.", i18n::pieces(lang, &pieces)),
                Lang::Ja => format!("{who}が配属：{}{read}、ボーナス+{bonus}点。", i18n::pieces(lang, &pieces)),
            }
        }
        Step::Dissolve { refund, .. } => match lang {
            Lang::En => format!("{who} dissolves a Department and pays back {} (R9).", i18n::pts(lang, refund as i32)),
            Lang::Ja => format!("{who}が温故知新：{refund}点を返納（R9）。"),
        },
        _ => String::new(),
    }
}

/// What a committed Hiring did, including the throw (R12.5, R12.6).
pub fn hire_text(lang: Lang, sess: &Session, r: &HireRecord) -> String {
    let who = sess.who(lang, r.player);
    let h = r.hire;
    let taken = i18n::piece(lang, r.taken);
    // The moving piece: the one taken back if it did not arrive, else the one now on `to`
    // (the committed board; the next Day's steps never change that square before its end).
    let mover = if r.arrived { sess.game.season().board.get(h.to) } else { Some(r.taken) };
    let mover = mover.map(|p| i18n::piece(lang, p)).unwrap_or_default();
    let base = match lang {
        Lang::En => format!(
            "{who} discarded {} and moved {mover} from {} to {}.",
            i18n::piece(lang, h.discard),
            i18n::square(lang, h.from),
            i18n::square(lang, h.to)
        ),
        Lang::Ja => format!(
            "{who}は{}を捨て、{}の{mover}を{}へ動かしました。",
            i18n::piece(lang, h.discard),
            i18n::square(lang, h.from),
            i18n::square(lang, h.to)
        ),
    };
    let result = match (r.sticks, r.arrived) {
        (None, _) => match lang {
            Lang::En => format!(" {who} takes {taken}."),
            Lang::Ja => format!("{taken}を取りました。"),
        },
        (Some(st), true) => match lang {
            Lang::En => format!(" Sticks: {} (3–5): the piece arrives and {who} takes {taken} (R12.6).", dark_faces(st.dark_faces())),
            Lang::Ja => format!("投げ棒：濃い面{}本（3〜5）：駒は到着し、{taken}を取りました（R12.6）。", st.dark_faces()),
        },
        (Some(st), false) => match lang {
            Lang::En => format!(
                " Sticks: {} (0–2): the piece does not arrive; {who} takes the moving piece, {taken}, into the hand (R12.6).",
                dark_faces(st.dark_faces())
            ),
            Lang::Ja => format!("投げ棒：濃い面{}本（0〜2）：駒は届かず、動かした{taken}を手駒に取りました（R12.6）。", st.dark_faces()),
        },
    };
    base + &result
}

fn dark_faces(n: u8) -> String {
    if n == 1 {
        "1 dark face".into()
    } else {
        format!("{n} dark faces")
    }
}

/// The seat colours as CSS.
pub fn seat_color(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "#e5483f",
        Seat::Blue => "#1e9be9",
        Seat::Black => "#3c3c3c",
        Seat::Yellow => "#edb33b",
    }
}

pub fn direction_arrow(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "↻",
        Direction::Counterclockwise => "↺",
    }
}

fn query_param(search: &str, name: &str) -> Option<String> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}
