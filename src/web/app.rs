//! The application state and everything the player can do. Every rule question goes to
//! the engine: what is offered comes from `Day`'s lists, what happened from `Outcome`,
//! and why something is refused from the engine's `RuleError` (tried on a copy of the
//! game). This module only turns intents (taps, keys, buttons) into engine actions and
//! decides which screen shows.

use super::a11y::Live;
use super::i18n::{self, s, Lang, S};
use super::storage::{self, Broken, Loaded};
use super::view::layout::{Layout, TableShape};
use super::view::pen::Pen;
use crate::engine::{
    Action, Direction, FormOption, Game, GameOptions, HireRecord, Outcome, Phase, Piece, SeasonEnd, Seat, Square,
    Status, Step,
};
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
    /// The concealed hand of the player whose Day it is may be shown (after the hand-over).
    pub revealed: bool,
    /// The scoring screen of the last Season is up.
    pub scoring: bool,
}

impl Session {
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
    pub luminous: bool,
    pub error: bool,
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
    /// What the previous Day did, for the hand-over screen.
    pub last_day: Vec<String>,
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
            draft: Draft { seats: [true, false, true, false], names: Default::default(), luminous: true, error: false },
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
                if let Some(game) = save.game {
                    let status = game.status();
                    app.session = Some(Session { game, names: save.names, revealed: false, scoring: save.scoring });
                    app.overlay = match status {
                        Status::Playing if app.open_hands => Overlay::None,
                        Status::Playing => Overlay::HandOver,
                        Status::SeasonOver | Status::GameOver { .. } if save.scoring => Overlay::Scoring,
                        Status::SeasonOver => Overlay::SeasonSummary,
                        Status::GameOver { .. } => Overlay::Final,
                    };
                    if let Some(sess) = &mut app.session {
                        sess.revealed = app.open_hands;
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

    /// The player whose hand is shown in the hand area.
    pub fn hand_owner(&self) -> Option<usize> {
        self.game().map(|g| g.to_move())
    }

    /// Whether the shown hand's concealed pieces are face up.
    pub fn hand_face_up(&self) -> bool {
        let Some(sess) = &self.session else { return false };
        match sess.game.status() {
            Status::Playing => sess.revealed || self.open_hands,
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
        self.overlay == Overlay::None
            && self.records.replay.is_none()
            && self.anim.is_none()
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.game.status() == Status::Playing && (s.revealed || self.open_hands))
    }

    /// The Day's choices are being made: on the table or in one of its choosers.
    pub fn day_open(&self) -> bool {
        matches!(self.overlay, Overlay::None | Overlay::Form | Overlay::Dissolve | Overlay::Declare)
            && self.records.replay.is_none()
            && self.anim.is_none()
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.game.status() == Status::Playing && (s.revealed || self.open_hands))
    }

    /// The concealed pieces shown in the hand area (`None` = face down).
    pub fn shown_hand(&self) -> Vec<Option<Piece>> {
        let Some(sess) = &self.session else { return Vec::new() };
        let g = &sess.game;
        let p = g.to_move();
        let view = g.view(p).expect("the player to move is in the game");
        if self.hand_face_up() {
            view.my_concealed().pieces().map(Some).collect()
        } else {
            vec![None; view.concealed_count(p)]
        }
    }

    pub fn shown_departments(&self) -> usize {
        self.game().map_or(0, |g| g.view(g.to_move()).map_or(0, |v| v.departments(g.to_move()).len()))
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
        let (names, scoring, game) = match &self.session {
            Some(s) => (s.names.clone(), s.scoring, Some(s.game.clone())),
            None => (Vec::new(), false, None),
        };
        if self.broken.is_some() || self.records.replay.is_some() {
            // Never overwrite an unreadable save until the player chose to start fresh.
            return;
        }
        storage::write(&storage::new_save(self.lang_chosen, self.open_hands, names, scoring, game));
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
                self.last_day = lines;
                sess.revealed = open;
                self.focus = None;
                if record.sticks.is_some() && !self.reduced_motion {
                    self.anim = Some(SticksAnim { record, start: now, duration: 1600.0 });
                    self.overlay = Overlay::None;
                } else {
                    finish = true;
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
                sess.revealed = open;
                self.overlay = if open { Overlay::None } else { Overlay::HandOver };
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

    /// After the Hiring (and its throw): hand the device over, or carry on with open hands.
    pub fn finish_day(&mut self) {
        self.anim = None;
        if self.open_hands {
            self.overlay = Overlay::None;
            let text = self.last_day.join(" ");
            self.message = Some(Message { text, error: false });
        } else {
            self.overlay = Overlay::HandOver;
        }
        self.refresh();
    }

    /// The tick of the sticks animation; true while it still runs.
    pub fn tick(&mut self, now: f64) -> bool {
        let Some(anim) = &self.anim else { return false };
        if now - anim.start >= anim.duration {
            self.finish_day();
            super::sync_dom(self);
            return false;
        }
        true
    }

    fn focus_first_choice(&mut self) {
        if !self.show_focus {
            return;
        }
        self.refresh();
        self.focus = self.first_choice();
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
                    self.act(Action::EndGameByAgreement);
                }
                Overlay::Confirm(Confirm::EndSeason) => {
                    self.overlay = Overlay::None;
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
            "start" => self.start_game(),
            "fresh" => {
                if let Some(store) = self.window.local_storage().ok().flatten() {
                    let _ = store.remove_item(storage::KEY);
                }
                self.broken = None;
                self.session = None;
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
                Status::Playing if sess.revealed || self.open_hands => Overlay::None,
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
        let seed = self.seed_param.unwrap_or_else(|| (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64);
        let game = Game::new(options, seed);
        let lang = self.lang;
        let sess = Session { game, names, revealed: self.open_hands, scoring: false };
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
        self.last_day = vec![text.clone()];
        self.say(&text);
        self.message = None;
        self.draft.error = false;
        self.overlay = if self.open_hands { Overlay::None } else { Overlay::HandOver };
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
