//! The save's format: what is written to `localStorage` under one key, and the careful
//! reading of it (pure: the shell only moves the text).
//!
//! The save holds the whole `Game` (serde_json) plus the table's UI data (names, language,
//! the open-hands option, whether the scoring screen was up, the computer players' speed)
//! and, when computer players are seated, who plays each seat and the game's bot seed. A
//! save is accepted only when it is ours, of this format version, parses, and
//! `Game::verified()` replays its log to exactly the same game; anything else is reported
//! and left alone until the player chooses to start fresh. No other key is ever read,
//! written or removed.
//!
//! The computer players' fields are optional and written only when they differ from their
//! defaults, so format 1 stays format 1: a save of persons only is written exactly as
//! before, and older saves read as persons only.

use super::i18n::Lang;
use super::model::Session;
use super::pace::Speed;
use crate::bots::Level;
use crate::engine::Game;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub const KEY: &str = "lauzait-cep/save/v1";
const FORMAT: &str = "lauzait-cep-save";
pub const VERSION: u64 = 1;
/// The longest player name kept (in characters).
pub const MAX_NAME: usize = 24;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: String,
    pub version: u64,
    /// The language chosen in the menu; `None` follows `navigator.language`.
    pub lang: Option<Lang>,
    pub open_hands: bool,
    /// One name per player, in seat order; empty without a game.
    pub names: Vec<String>,
    /// The scoring screen was showing (so a reload comes back to it).
    #[serde(default)]
    pub scoring: bool,
    pub game: Option<Game>,
    /// Who plays each seat (in seat order): `null` for a person, else the computer's level;
    /// empty (left out) when only persons play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<Option<Level>>,
    /// The game's bot seed, with computer players only (never the game's own seed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_seed: Option<u64>,
    /// How fast the computer players' Days are shown (left out when normal).
    #[serde(default, skip_serializing_if = "Speed::is_normal")]
    pub speed: Speed,
}

/// Why a stored save was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    NotJson(String),
    NotOurs,
    Older(u64),
    Newer(u64),
    Damaged(String),
    Tampered(String),
}

impl Broken {
    pub fn message(&self, l: Lang) -> String {
        match (self, l) {
            (Broken::NotJson(e), Lang::En) => format!("The saved data is corrupted (it is not valid JSON: {e})."),
            (Broken::NotJson(e), Lang::Ja) => format!("保存データが壊れています（JSONとして読めません：{e}）。"),
            (Broken::NotOurs, Lang::En) => "The saved data is not a Lauzait Cep! save.".into(),
            (Broken::NotOurs, Lang::Ja) => "保存データはラウツァイト・セプのものではありません。".into(),
            (Broken::Older(v), Lang::En) => format!(
                "The save comes from an older version of the game (format {v}); this version reads format {VERSION}."
            ),
            (Broken::Older(v), Lang::Ja) => {
                format!("古いバージョンの保存データです（形式 {v}）。このバージョンは形式 {VERSION} を読みます。")
            }
            (Broken::Newer(v), Lang::En) => format!("The save comes from a newer version of the game (format {v})."),
            (Broken::Newer(v), Lang::Ja) => format!("新しいバージョンの保存データです（形式 {v}）。"),
            (Broken::Damaged(e), Lang::En) => format!("The saved game is damaged: {e}."),
            (Broken::Damaged(e), Lang::Ja) => format!("保存されたゲームが壊れています：{e}。"),
            (Broken::Tampered(e), Lang::En) => {
                format!("The saved game was changed outside the game and does not check out: {e}.")
            }
            (Broken::Tampered(e), Lang::Ja) => {
                format!("保存されたゲームがゲームの外で変更されていて、検証できません：{e}。")
            }
        }
    }
}

#[derive(Clone, Debug)]
pub enum Loaded {
    /// No save: a first visit, or the save was cleared.
    Nothing,
    /// A save without a game (only preferences), or with one.
    Save(Box<SaveFile>),
    /// A save that cannot be used, with the language it asked for if that much was readable.
    Broken(Broken, Option<Lang>),
}

/// Checks a stored text: ours, this version, well-formed, and a game that replays exactly.
pub fn parse(text: &str) -> Loaded {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Loaded::Broken(Broken::NotJson(e.to_string()), None),
    };
    let lang = value.get("lang").and_then(|l| serde_json::from_value::<Lang>(l.clone()).ok());
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Loaded::Broken(Broken::NotOurs, lang);
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(v) if v < VERSION => return Loaded::Broken(Broken::Older(v), lang),
        Some(v) => return Loaded::Broken(Broken::Newer(v), lang),
        None => return Loaded::Broken(Broken::Older(0), lang),
    }
    let save: SaveFile = match serde_json::from_value(value) {
        Ok(s) => s,
        Err(e) => return Loaded::Broken(Broken::Damaged(e.to_string()), lang),
    };
    let Some(game) = save.game else {
        return Loaded::Save(Box::new(SaveFile {
            game: None,
            names: Vec::new(),
            scoring: false,
            bots: Vec::new(),
            bot_seed: None,
            ..save
        }));
    };
    let game = match game.verified() {
        Ok(g) => g,
        Err(e) => return Loaded::Broken(Broken::Tampered(e), lang),
    };
    if save.names.len() != game.scores().len() {
        return Loaded::Broken(Broken::Damaged("the names do not match the players".into()), lang);
    }
    if save.names.iter().any(|n| n.trim().is_empty() || n.chars().count() > MAX_NAME) {
        return Loaded::Broken(Broken::Damaged("a player name is empty or too long".into()), lang);
    }
    if !save.bots.is_empty() && save.bots.len() != save.names.len() {
        return Loaded::Broken(Broken::Damaged("the computer players do not match the players".into()), lang);
    }
    if save.bots.iter().any(|b| b.is_some()) && save.bot_seed.is_none() {
        return Loaded::Broken(Broken::Damaged("the computer players have no seed".into()), lang);
    }
    Loaded::Save(Box::new(SaveFile { game: Some(game), ..save }))
}

pub fn new_save(
    lang: Option<Lang>,
    open_hands: bool,
    names: Vec<String>,
    scoring: bool,
    game: Option<Game>,
) -> SaveFile {
    SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        lang,
        open_hands,
        names,
        scoring,
        game,
        bots: Vec::new(),
        bot_seed: None,
        speed: Speed::Normal,
    }
}

pub fn clean_name(name: &str) -> String {
    name.trim().chars().take(MAX_NAME).collect()
}

/// The save's text for the game at the table and the preferences. With computer players it
/// also holds who plays each seat and the bot seed; a save of persons only is written
/// exactly as before computer players existed.
pub fn encode(lang: Option<Lang>, open_hands: bool, speed: Speed, session: Option<&Session>) -> String {
    let mut save = new_save(lang, open_hands, Vec::new(), false, None);
    save.speed = speed;
    if let Some(s) = session {
        save.names = s.names.clone();
        save.scoring = s.scoring;
        save.game = Some(s.game.clone());
        if s.bots.iter().any(|b| b.is_some()) {
            save.bots = s.bots.clone();
            save.bot_seed = Some(s.bot_seed);
        }
    }
    // Serialising plain data cannot fail; an empty text would be refused on load, never
    // read as a game.
    serde_json::to_string(&save).unwrap_or_default()
}
