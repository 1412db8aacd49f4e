//! The save's format: what is written to `localStorage` under one key, and the careful
//! reading of it (pure: the shell only moves the text).
//!
//! Format 3 holds the game as its full record (NOTATION.md's `LZR2` text: options, actions
//! and what chance decided so far, as the replay viewer reads it; never anything that
//! predicts a throw or a deal to come) plus the table's UI data (names, language, the
//! open-hands option, whether the scoring screen was up, the computer players' speed) and,
//! when computer players are seated, who plays each seat and the game's bot seed. So no
//! engine field is part of the format, and no concealed piece is written out: the game is
//! rebuilt by replaying the record, which is also its check. A save is accepted only when
//! it is ours, of a format read here, parses, and its record replays; anything else is
//! reported and left alone until the player chooses to start fresh. No other key is ever
//! read, written or removed.
//!
//! Format 2 (the same, with the first format's `LZR1` record, which kept a seed) is still
//! read; the next write turns it into format 3, and the seed is gone. Format 1 (the serde
//! form of the whole engine `Game`) is not read on the page: [`parse`] says it needs
//! converting ([`Loaded::Convert`]), and the rules oracle's worker, loaded only then, turns
//! it into format 3 ([`convert`]), so the page carries no JSON reader of the engine's types.
//!
//! The computer players' fields are optional and written only when they differ from their
//! defaults, so a save of persons only has none, and older saves read as persons only.

mod format1;

pub use format1::{answer_text, convert, read_answer};

use super::feel::Feel;
use super::i18n::Lang;
use super::play::pace::Speed;
use super::play::session::Session;
use super::records::replay;
use lauzait_bots::Player;
use lauzait_engine::piece::excerpt;
use lauzait_engine::Game;
use lauzait_engine::Record;
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const KEY: &str = "lauzait-cep/save/v1";
const FORMAT: &str = "lauzait-cep-save";
/// The format written; [`FORMAT2`] and [`format1::VERSION`] are still read.
pub const VERSION: u64 = 3;
/// Format 2: format 3 with an `LZR1` record (its seed replayed once, NOTATION.md).
const FORMAT2: u64 = 2;
/// The longest player name kept (in characters).
pub const MAX_NAME: usize = 24;

/// A save as read and checked: the game is the one its record replays to.
#[derive(Clone, Debug)]
pub struct SaveFile {
    /// The language chosen in the menu; `None` follows `navigator.language`.
    pub lang: Option<Lang>,
    pub open_hands: bool,
    /// One name per player, in seat order; empty without a game.
    pub names: Vec<String>,
    /// The scoring screen was showing (so a reload comes back to it).
    pub scoring: bool,
    pub game: Option<Game>,
    /// Who plays each seat (in seat order); empty when only persons play.
    pub bots: Vec<Player>,
    /// The game's bot seed, with computer players only (never the game's own seed).
    pub bot_seed: Option<u64>,
    /// How fast the computer players' Days are shown.
    pub speed: Speed,
    /// "Confirm the last step of each Day"; `None` follows the device.
    pub confirm: Option<bool>,
    /// The board's turn, motion, sound and vibration.
    pub feel: Feel,
}

/// The stored text's fields, of either format read: a format has its own game field
/// (`record` in 2, `game` in 1) and the other must be absent. `G` holds format 1's game:
/// a [`Value`] where it is converted (the rules oracle's worker, [`format1`]); on the page,
/// which never reads it and only refuses it where it does not belong, [`IgnoredAny`], so
/// that the page's module carries no copying of a whole JSON tree.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<G> {
    format: String,
    version: u64,
    lang: Option<Lang>,
    open_hands: bool,
    names: Vec<String>,
    #[serde(default)]
    scoring: bool,
    /// Formats 2 and 3: the game's record; left out without a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
    /// Format 1 only: the engine's `Game`, kept as JSON for [`format1::game`].
    #[serde(default, skip_serializing)]
    game: Option<G>,
    /// `null` for a person, else the computer's level; left out when only persons play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    bots: Vec<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bot_seed: Option<u64>,
    /// Left out when normal.
    #[serde(default, skip_serializing_if = "Speed::is_normal")]
    speed: Speed,
    /// Left out while it follows the device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    confirm: Option<bool>,
    /// The feel's switches ([`Feel`]), each left out while at its default.
    #[serde(default, skip_serializing_if = "is_false")]
    turn_board: bool,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    motion: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    sound: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    vibrate: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

impl<G> Stored<G> {
    fn feel(&self) -> Feel {
        Feel { turn_board: self.turn_board, motion: self.motion, sound: self.sound, vibrate: self.vibrate }
    }
}

/// Why a stored save was refused. The rules oracle's worker sends it back as text when a
/// format-1 save does not convert ([`answer_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    NotJson(String),
    NotOurs,
    Older(u64),
    Newer(u64),
    Damaged(String),
    Tampered(String),
    /// A format-1 save is being converted (the page waits for the worker's answer).
    Converting,
    /// A format-1 save could not be converted here: the worker did not load (offline, say).
    NotConverted(String),
}

#[derive(Clone, Debug)]
pub enum Loaded {
    /// No save: a first visit, or the save was cleared.
    Nothing,
    /// A save without a game (only preferences), or with one.
    Save(Box<SaveFile>),
    /// A save that cannot be used, with the language it asked for if that much was readable.
    Broken(Broken, Option<Lang>),
    /// A format-1 save, its text as stored: to be converted off the page ([`convert`]).
    Convert(String, Option<Lang>),
}

impl SaveFile {
    /// The game at the table this save holds, if it holds one.
    pub fn session(&self) -> Option<Session> {
        let game = self.game.clone()?;
        let bots = if self.bots.is_empty() { vec![Player::Person; self.names.len()] } else { self.bots.clone() };
        // `parse` checked the counts; a save built otherwise that does not match has no table.
        let mut sess = Session::new(game, self.names.clone(), bots, self.bot_seed.unwrap_or(0)).ok()?;
        sess.scoring = self.scoring;
        Some(sess)
    }

    /// The save's text in the format written now.
    pub fn encode(&self) -> String {
        encode(self.lang, self.open_hands, self.speed, self.confirm, self.feel, self.session().as_ref())
    }
}

/// A serde error as a save's fault, cut to an excerpt: serde quotes unknown keys and bad
/// values whole, and a damaged save can be of any size (found by `make fuzz`).
fn damaged(e: serde_json::Error) -> Broken {
    Broken::Damaged(excerpt(&e.to_string()))
}

/// Checks a stored text: ours, of a format read here, well-formed, and a game that replays.
pub fn parse(text: &str) -> Loaded {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Loaded::Broken(Broken::NotJson(e.to_string()), None),
    };
    let lang = value.get("lang").and_then(|l| Lang::deserialize(l).ok());
    if is_ours(&value) && value.get("version").and_then(Value::as_u64) == Some(format1::VERSION) {
        return Loaded::Convert(text.to_string(), lang);
    }
    match checked(value, record_game) {
        Ok(save) => Loaded::Save(Box::new(save)),
        Err(why) => Loaded::Broken(why, lang),
    }
}

fn is_ours(value: &Value) -> bool {
    value.get("format").and_then(Value::as_str) == Some(FORMAT)
}

/// The game of a format 2 or 3 save: its record replayed.
fn record_game(version: u64, stored: &mut Stored<IgnoredAny>) -> Result<Option<Game>, Broken> {
    if stored.game.is_some() || version == format1::VERSION {
        return Err(Broken::Damaged(format!("a format {version} save has no game field")));
    }
    // A record that does not parse or replay says where and why, as the replay viewer does;
    // either way it is not what the game wrote.
    stored
        .record
        .take()
        .map(|text| replay::check(&text).map(|c| c.game).map_err(|e| Broken::Tampered(e.to_string())))
        .transpose()
}

/// Checks a save's fields, its game read by `read_game` (a function, so that the page's
/// module holds only the reader it calls: the format-1 reader is the converter's).
fn checked<G: DeserializeOwned + Default>(
    value: Value,
    read_game: fn(u64, &mut Stored<G>) -> Result<Option<Game>, Broken>,
) -> Result<SaveFile, Broken> {
    if !is_ours(&value) {
        return Err(Broken::NotOurs);
    }
    let version = match value.get("version").and_then(Value::as_u64) {
        Some(v @ (format1::VERSION | FORMAT2 | VERSION)) => v,
        Some(v) if v < VERSION => return Err(Broken::Older(v)),
        Some(v) => return Err(Broken::Newer(v)),
        None => return Err(Broken::Older(0)),
    };
    let mut stored = Stored::<G>::deserialize(&value).map_err(damaged)?;
    let feel = stored.feel();
    let game = read_game(version, &mut stored)?;
    let Some(game) = game else {
        // Preferences only: whatever else was stored belongs to no game.
        return Ok(SaveFile {
            lang: stored.lang,
            open_hands: stored.open_hands,
            names: Vec::new(),
            scoring: false,
            game: None,
            bots: Vec::new(),
            bot_seed: None,
            speed: stored.speed,
            confirm: stored.confirm,
            feel,
        });
    };
    if stored.names.len() != game.scores().len() {
        return Err(Broken::Damaged("the names do not match the players".into()));
    }
    if stored.names.iter().any(|n| n.trim().is_empty() || n.chars().count() > MAX_NAME) {
        return Err(Broken::Damaged("a player name is empty or too long".into()));
    }
    if !stored.bots.is_empty() && stored.bots.len() != stored.names.len() {
        return Err(Broken::Damaged("the computer players do not match the players".into()));
    }
    if stored.bots.iter().any(|b| !b.is_person()) && stored.bot_seed.is_none() {
        return Err(Broken::Damaged("the computer players have no seed".into()));
    }
    Ok(SaveFile {
        feel,
        lang: stored.lang,
        open_hands: stored.open_hands,
        names: stored.names,
        scoring: stored.scoring,
        game: Some(game),
        bots: stored.bots,
        bot_seed: stored.bot_seed,
        speed: stored.speed,
        confirm: stored.confirm,
    })
}

pub fn clean_name(name: &str) -> String {
    name.trim().chars().take(MAX_NAME).collect()
}

/// The save's text (format 3) for the game at the table and the preferences. With computer
/// players it also holds who plays each seat and the bot seed.
pub fn encode(
    lang: Option<Lang>,
    open_hands: bool,
    speed: Speed,
    confirm: Option<bool>,
    feel: Feel,
    session: Option<&Session>,
) -> String {
    let mut save = Stored::<IgnoredAny> {
        format: FORMAT.into(),
        version: VERSION,
        lang,
        open_hands,
        names: Vec::new(),
        scoring: false,
        record: None,
        game: None,
        bots: Vec::new(),
        bot_seed: None,
        speed,
        confirm,
        turn_board: feel.turn_board,
        motion: feel.motion,
        sound: feel.sound,
        vibrate: feel.vibrate,
    };
    if let Some(s) = session {
        save.names = s.names().to_vec();
        save.scoring = s.scoring;
        save.record = Some(Record::of(s.game()).to_string());
        if s.has_computer_players() {
            save.bots = s.players().to_vec();
            save.bot_seed = Some(s.bot_seed);
        }
    }
    // Serialising plain data cannot fail; an empty text would be refused on load, never
    // read as a game.
    serde_json::to_string(&save).unwrap_or_default()
}
