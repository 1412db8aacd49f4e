//! Game records (NOTATION.md) at the table: export the game as an `LZR2` file (while it is
//! under way, only what every player saw), import a
//! record (a file, pasted text or a `#record=` link) into the replay viewer, the links to
//! copy (`#record=…` for the game, `#position=…` for the table now), and the replay viewer
//! itself: forwards and backwards by step or by Day, with the sticks of every Water throw.
//!
//! While the viewer is open the player's own game is set aside (not dropped) and nothing is
//! saved ([`Model::save`] does nothing while the table holds a replay, [`OnTable::Replay`]).

pub mod replay;

use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::records::Rec;
use super::i18n::{self, narration, Lang};
use super::model::{Message, Model, Overlay, Session};
use super::msg::{Intent, Key, Link, ReplayStep};
use super::on_table::OnTable;
use super::uri;
use lauzait_bots::Player;
use lauzait_engine::notation::{ActionToken, Position};
use lauzait_engine::Record;
use lauzait_engine::{Action, Status};

pub use self::replay::{check, Checked, Dialog, Records, Replay, UnreadableRecord};

/// Day by Day: the index after the next (or previous) Day's end.
fn day_step(r: &Replay, forward: bool) -> usize {
    let a = &r.record.actions;
    if forward {
        (r.at + 1..=a.len()).find(|&i| a[i - 1].is_day_boundary()).unwrap_or(a.len())
    } else {
        (0..r.at.saturating_sub(1)).rev().find(|&i| i == 0 || a[i - 1].is_day_boundary()).unwrap_or(0)
    }
}

/// The viewer's caption: where it is and what the last action did (the panels and the
/// board's frame show the scores; a short caption fits the status bar of a phone on its side).
fn describe(lang: Lang, sess: &Session, r: &Replay) -> String {
    let g = sess.game();
    let day = g.view(g.to_move()).map_or(0, |v| v.day_number());
    let head = i18n::records::replay_head(lang, r.at, r.len(), g.season().number, day);
    let what = match r.at.checked_sub(1).map(|i| r.record.actions[i]) {
        None => String::new(),
        Some(Action::Capture { .. }) => {
            g.season().last_hire.map(|h| narration::hire_text(lang, sess, &h)).unwrap_or_default()
        }
        Some(a) => ActionToken(a).to_string(),
    };
    if what.is_empty() {
        head
    } else {
        format!("{head} — {what}")
    }
}

impl Model {
    /// Opens the viewer on a record (at its end). Errors are returned, never panics.
    fn open_replay(&mut self, text: &str, ctx: &mut Ctx) -> Result<(), UnreadableRecord> {
        let checked = check(text)?;
        let finished = checked.finished();
        let Checked { record, played, .. } = checked;
        // A record opened during a lesson ends the lesson first: what the viewer sets aside
        // and gives back must be the table's own game, not the lesson's.
        if self.table.is_lesson() {
            self.leave_lessons();
        }
        // A review under way is of another game: it ends, and its judging with it.
        self.review = None;
        let own = self.table.take_own();
        let at = record.actions.len();
        let viewer = Box::new(Replay { record, played, at, finished, error: None });
        self.table = OnTable::Replay { viewer, shown: None, own };
        self.anim = None;
        self.seek(at, ctx);
        Ok(())
    }

    /// Shows the recorded game after `at` actions.
    fn seek(&mut self, at: usize, ctx: &mut Ctx) {
        let lang = self.lang;
        let OnTable::Replay { viewer: r, shown, .. } = &mut self.table else { return };
        let at = at.min(r.len());
        r.at = at;
        let game = match r.played.prefix(at).replay() {
            Ok(g) => g,
            Err(e) => {
                r.error = Some(e.to_string());
                return;
            }
        };
        let names = game.options().seats().iter().map(|s| i18n::seat_name(lang, *s).to_string()).collect();
        // A replay is watched, not played: every seat counts as a person, so no computer
        // player acts on it.
        let players = vec![Player::Person; game.options().seats().len()];
        let mut sess = match Session::new(game, names, players, 0) {
            Ok(sess) => sess,
            Err(e) => {
                r.error = Some(e.to_string());
                return;
            }
        };
        sess.revealed = r.finished;
        let text = describe(lang, &sess, r);
        *shown = Some(sess);
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

    /// Keys while the viewer is open: ←/→ a step, PageUp/PageDown or ↑/↓ a Day, Home/End,
    /// Escape closes.
    pub(super) fn replay_key(&mut self, key: Key, ctx: &mut Ctx) -> bool {
        let Some(r) = self.table.replay() else { return false };
        let to = match key {
            Key::Right => r.at + 1,
            Key::Left => r.at.saturating_sub(1),
            Key::Down | Key::PageDown => day_step(r, true),
            Key::Up | Key::PageUp => day_step(r, false),
            Key::Home => 0,
            Key::End => r.len(),
            Key::Back => {
                self.close_replay(ctx);
                return true;
            }
            _ => return false,
        };
        self.seek(to, ctx);
        true
    }

    /// The record of the game on screen (the replay's record, as imported, while the viewer
    /// is open). A game under way gives only what every player saw ([`Record::public`]);
    /// the full record, every deal included, once it is over.
    pub fn record_text(&self) -> Option<String> {
        self.record().map(|r| r.to_string())
    }

    fn record(&self) -> Option<Record> {
        if let Some(r) = self.table.replay() {
            return Some(r.record.clone());
        }
        self.game().map(|g| match g.status() {
            Status::GameOver { .. } => Record::of(g),
            _ => Record::public(g),
        })
    }

    /// Imports a record text: the viewer opens on it, or the dialog shows why not.
    pub(super) fn import(&mut self, text: &str, ctx: &mut Ctx) {
        if let Err(e) = self.open_replay(text, ctx) {
            self.records.dialog = Dialog::Import;
            self.overlay = Overlay::Records;
            self.error(e.to_string(), ctx);
        }
    }

    /// `#record=…` in the address opens the viewer on it; a malformed fragment says why.
    /// Handled at `now`, as a message is; nothing it does is drawn by chance.
    pub fn open_fragment(&mut self, fragment: &str, now: f64) -> Vec<Effect> {
        let mut ctx = Ctx::new(now, 0);
        if fragment == "#learn" {
            self.open_lessons();
        }
        if let Some(encoded) = fragment.strip_prefix("#record=") {
            match uri::decode_component(encoded) {
                Ok(text) => self.import(&text, &mut ctx),
                Err(e) => self.import_error(i18n::faults::record_link(self.lang, &e), &mut ctx),
            }
        }
        self.refresh();
        ctx.into_effects()
    }

    /// The import dialog, open with why the record could not be read.
    pub(super) fn import_error(&mut self, e: String, ctx: &mut Ctx) {
        self.records.dialog = Dialog::Import;
        self.overlay = Overlay::Records;
        self.error(e, ctx);
    }

    /// The records buttons and the viewer's controls.
    pub(super) fn records_intent(&mut self, intent: Intent, ctx: &mut Ctx) {
        match intent {
            Intent::Export => {
                if let Some(record) = self.record() {
                    // Named for what it holds: a game under way is exported without its hands.
                    let kind = if record.is_public() { "under-way" } else { "game" };
                    let file_name = format!("lauzait-{kind}.lzr.txt");
                    ctx.emit(Effect::Download { file_name, text: record.to_string() });
                    self.say(i18n::records::rec(self.lang, Rec::Exported), ctx);
                }
            }
            Intent::Links => {
                let Some(record) = self.record_text() else { return };
                let base = &self.base_url;
                // A position link only between Days, where a position can be written.
                let position = self.game().filter(|g| g.between_days()).and_then(|g| {
                    let view = g.view(g.to_move())?;
                    let text = Position::of_view(&view, false).to_string();
                    Some(format!("{base}#position={}", uri::encode_component(&text)))
                });
                let record = format!("{base}#record={}", uri::encode_component(&record));
                self.records.dialog = Dialog::Links { record, position };
                self.overlay = Overlay::Records;
            }
            Intent::Copy(link) => {
                let (field, text) = match (&self.records.dialog, link) {
                    (Dialog::Links { record, .. }, Link::Record) => ("link-record", record.clone()),
                    (Dialog::Links { position: Some(p), .. }, Link::Position) => ("link-position", p.clone()),
                    _ => return,
                };
                ctx.emit(Effect::Copy { field: field.into(), text });
            }
            Intent::ReplayOwn => {
                if let Some(text) = self.record_text() {
                    self.import(&text, ctx);
                }
            }
            Intent::OpenImport => {
                self.records.dialog = Dialog::Import;
                self.message = None;
                self.overlay = Overlay::Records;
            }
            Intent::Replay(step) => {
                let Some(r) = self.table.replay() else { return };
                let to = match step {
                    ReplayStep::Start => 0,
                    ReplayStep::Prev => r.at.saturating_sub(1),
                    ReplayStep::Next => r.at + 1,
                    ReplayStep::End => r.len(),
                    ReplayStep::PrevDay => day_step(r, false),
                    ReplayStep::NextDay => day_step(r, true),
                };
                self.seek(to, ctx);
            }
            Intent::ReplayClose => self.close_replay(ctx),
            // The shell reads the pasted text and sends `Msg::Import`.
            _ => {}
        }
    }
}
