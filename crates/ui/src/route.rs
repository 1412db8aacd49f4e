//! The root's router: a feature's message goes to that feature's model, and what the
//! feature asks of the rest of the app (its outcome: open its screen, narrate a sentence)
//! is applied here. The features never see the whole [`Model`]; the root never reaches into
//! a feature's state.

use super::ctx::Ctx;
use super::drill::{Drill, DrillMsg, DrillOutcome};
use super::effect::Effect;
use super::model::{Message, Model, Overlay};
use super::on_table::OnTable;
use super::records::{self, Records, RecordsIntent, RecordsMsg, RecordsOutcome, Replay};
use super::uri;

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
        if self.table.is_lesson() {
            self.lesson_overlay()
        } else if self.table.is_replay() {
            Overlay::None
        } else {
            self.resting_overlay()
        }
    }

    /// The scoring drill.
    pub fn drill(&self) -> &Drill {
        &self.drill
    }

    /// Game records and the replay viewer.
    pub(super) fn route_records(&mut self, msg: RecordsMsg, ctx: &mut Ctx) {
        match self.records.update(msg, self.lang, &self.base_url, &self.table, ctx) {
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
        self.review = None;
        let own = self.table.take_own();
        let at = viewer.len();
        self.table = OnTable::Replay { viewer, shown: None, own };
        self.anim = None;
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
}
