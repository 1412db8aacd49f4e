//! Game records (NOTATION.md) at the table, as a feature model: export the game as an `LZR2`
//! file (while it is under way, only what every player saw), import a record (a file, pasted
//! text or a `#record=` link) into the replay viewer, the links to copy (`#record=…` for the
//! game, `#position=…` for the table now), and the replay viewer's moves: forwards and
//! backwards by step or by Day, with the sticks of every Water throw.
//!
//! [`Records`] owns the records dialog; the viewer itself is on the table
//! ([`OnTable::Replay`]), where it sets the player's own game aside. What lies outside the
//! feature (opening the viewer over the table, its screen, narrating) it asks of the root as
//! a [`RecordsOutcome`] (`route.rs`).

pub mod msg;
pub mod replay;

use super::ctx::Ctx;
use super::effect::Effect;
use super::i18n::records::Rec;
use super::i18n::{self, narration, Lang};
use super::model::Session;
use super::on_table::OnTable;
use super::uri;
use lauzait_bots::Player;
use lauzait_engine::notation::{ActionToken, Position};
use lauzait_engine::Record;
use lauzait_engine::{Action, Status};

pub use self::msg::{Link, RecordsIntent, RecordsMsg, ReplayStep};
pub use self::replay::{check, Checked, Dialog, Records, Replay, UnreadableRecord};

/// What the root does after a records message.
#[derive(Clone, Debug)]
pub enum RecordsOutcome {
    Unchanged,
    /// A sentence to narrate (the record was exported).
    Say(String),
    /// The records dialog opens on the links to copy.
    ShowLinks,
    /// The records dialog opens on the import, the last message cleared.
    ShowImport,
    /// The record could not be opened: the import dialog opens with why (an error).
    Refused(String),
    /// The viewer opens on this record, at its end, over whatever holds the table.
    Open(Box<Replay>),
    /// The viewer moves to the position after this many actions.
    Seek(usize),
    /// The viewer closes, and the player's own game comes back.
    Close,
}

impl Records {
    /// Handles one records message: `table` is read for the game on screen and the viewer's
    /// position, `base_url` is where the links point.
    pub fn update(
        &mut self,
        msg: RecordsMsg,
        lang: Lang,
        base_url: &str,
        table: &OnTable,
        ctx: &mut Ctx,
    ) -> RecordsOutcome {
        match msg {
            RecordsMsg::Button(intent) => self.button(intent, lang, base_url, table, ctx),
            RecordsMsg::Import(text) => self.import(&text),
            RecordsMsg::ImportTooLarge(bytes) => self.refuse(i18n::faults::record_file_too_large(lang, bytes)),
            RecordsMsg::BadLink(e) => self.refuse(i18n::faults::record_link(lang, &e)),
        }
    }

    fn button(
        &mut self,
        intent: RecordsIntent,
        lang: Lang,
        base_url: &str,
        table: &OnTable,
        ctx: &mut Ctx,
    ) -> RecordsOutcome {
        match intent {
            RecordsIntent::Export => {
                let Some(record) = record_of(table) else { return RecordsOutcome::Unchanged };
                // Named for what it holds: a game under way is exported without its hands.
                let kind = if record.is_public() { "under-way" } else { "game" };
                let file_name = format!("lauzait-{kind}.lzr.txt");
                ctx.emit(Effect::Download { file_name, text: record.to_string() });
                RecordsOutcome::Say(i18n::records::rec(lang, Rec::Exported).to_string())
            }
            RecordsIntent::Links => {
                let Some(record) = record_of(table) else { return RecordsOutcome::Unchanged };
                // A position link only between Days, where a position can be written.
                let position = table.shown().map(Session::game).filter(|g| g.between_days()).and_then(|g| {
                    let view = g.view(g.to_move())?;
                    let text = Position::of_view(&view, false).to_string();
                    Some(format!("{base_url}#position={}", uri::encode_component(&text)))
                });
                let record = format!("{base_url}#record={}", uri::encode_component(&record.to_string()));
                self.dialog = Dialog::Links { record, position };
                RecordsOutcome::ShowLinks
            }
            RecordsIntent::Copy(link) => {
                let (field, text) = match (&self.dialog, link) {
                    (Dialog::Links { record, .. }, Link::Record) => ("link-record", record.clone()),
                    (Dialog::Links { position: Some(p), .. }, Link::Position) => ("link-position", p.clone()),
                    _ => return RecordsOutcome::Unchanged,
                };
                ctx.emit(Effect::Copy { field: field.into(), text });
                RecordsOutcome::Unchanged
            }
            RecordsIntent::ReplayOwn => match record_of(table) {
                Some(record) => self.import(&record.to_string()),
                None => RecordsOutcome::Unchanged,
            },
            RecordsIntent::OpenImport => {
                self.dialog = Dialog::Import;
                RecordsOutcome::ShowImport
            }
            // The shell reads the pasted text and sends `RecordsMsg::Import`.
            RecordsIntent::ImportPasted => RecordsOutcome::Unchanged,
            RecordsIntent::Replay(step) => {
                let Some(r) = table.replay() else { return RecordsOutcome::Unchanged };
                RecordsOutcome::Seek(match step {
                    ReplayStep::Start => 0,
                    ReplayStep::Prev => r.at.saturating_sub(1),
                    ReplayStep::Next => r.at + 1,
                    ReplayStep::End => r.len(),
                    ReplayStep::PrevDay => day_step(r, false),
                    ReplayStep::NextDay => day_step(r, true),
                })
            }
            RecordsIntent::ReplayClose => RecordsOutcome::Close,
        }
    }

    /// A record text: the viewer opens on it (at its end), or the dialog shows why not.
    fn import(&mut self, text: &str) -> RecordsOutcome {
        match check(text) {
            Ok(checked) => {
                let finished = checked.finished();
                let Checked { record, played, .. } = checked;
                let at = record.actions.len();
                RecordsOutcome::Open(Box::new(Replay { record, played, at, finished, error: None }))
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// The import dialog, open with why the record could not be read.
    fn refuse(&mut self, why: String) -> RecordsOutcome {
        self.dialog = Dialog::Import;
        RecordsOutcome::Refused(why)
    }
}

/// The record of the game on screen (the replay's record, as imported, while the viewer is
/// open). A game under way gives only what every player saw ([`Record::public`]); the full
/// record, every deal included, once it is over.
pub fn record_of(table: &OnTable) -> Option<Record> {
    if let Some(r) = table.replay() {
        return Some(r.record.clone());
    }
    table.shown().map(Session::game).map(|g| match g.status() {
        Status::GameOver { .. } => Record::of(g),
        _ => Record::public(g),
    })
}

/// Shows the recorded game after `at` actions on the viewer's table; the viewer's caption,
/// or `None` when the table holds no viewer or the position cannot be set up (the viewer
/// then keeps why, [`Replay::error`]).
pub fn seek(table: &mut OnTable, at: usize, lang: Lang) -> Option<String> {
    let OnTable::Replay { viewer: r, shown, .. } = table else { return None };
    let at = at.min(r.len());
    r.at = at;
    let game = match r.played.prefix(at).replay() {
        Ok(g) => g,
        Err(e) => {
            r.error = Some(e.to_string());
            return None;
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
            return None;
        }
    };
    sess.revealed = r.finished;
    let text = describe(lang, &sess, r);
    *shown = Some(sess);
    Some(text)
}

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

#[cfg(test)]
mod tests;
