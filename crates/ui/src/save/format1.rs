//! Format 1, still read, off the page: the rules oracle's worker converts such a save to the
//! format written now ([`convert`]), so that the page's module carries neither `Game`'s
//! serde form nor `Action`'s JSON reader. The save held the serde form of the whole engine
//! `Game`. Only its
//! options, seed and action log are read, and the game is replayed from them. The rest of
//! the saved object must then equal the replayed game's serde form, as `Game::verified`
//! required when this format was current, so a format-1 save edited by hand (a score, a
//! hand, the deal) is still refused rather than quietly replaced by what its log says.
//! Comparing the serde forms costs the page `Game`'s `Serialize` but not its much larger
//! `Deserialize`, and needs no code that knows the engine's fields.

use super::{Broken, Stored};
use lauzait_engine::piece::excerpt;
use lauzait_engine::{Action, Game, GameOptions};
use serde::Deserialize;
use serde_json::Value;

pub const VERSION: u64 = 1;

/// What a format-1 game is rebuilt from; its other fields are only compared.
#[derive(Deserialize)]
struct Origin {
    options: GameOptions,
    seed: u64,
    log: Vec<Action>,
}

/// A format-1 save's text converted to the format written now, with the same game, names
/// and preferences; refused as the page refuses a save (hand-edited, damaged, not ours).
pub fn convert(text: &str) -> Result<String, Broken> {
    let value: Value = serde_json::from_str(text).map_err(|e| Broken::NotJson(e.to_string()))?;
    if value.get("version").and_then(Value::as_u64) != Some(VERSION) {
        return Err(Broken::Damaged("only a format 1 save is converted".into()));
    }
    super::checked(value, stored_game).map(|save| save.encode())
}

/// [`convert`]'s result as the rules oracle's worker sends it to the page: `ok` or the
/// refusal's kind, a line break, then the save's text or the refusal's detail. Plain text
/// rather than serde's form of the `Result`, whose reader the page would carry for this alone.
pub fn answer_text(converted: &Result<String, Broken>) -> String {
    let (kind, detail) = match converted {
        Ok(text) => ("ok", text.clone()),
        Err(Broken::NotJson(e)) => ("not-json", e.clone()),
        Err(Broken::NotOurs) => ("not-ours", String::new()),
        Err(Broken::Older(v)) => ("older", v.to_string()),
        Err(Broken::Newer(v)) => ("newer", v.to_string()),
        Err(Broken::Damaged(e)) => ("damaged", e.clone()),
        Err(Broken::Tampered(e)) => ("tampered", e.clone()),
        Err(Broken::Converting) => ("converting", String::new()),
        Err(Broken::NotConverted(e)) => ("not-converted", e.clone()),
    };
    format!("{kind}\n{detail}")
}

/// The page's reading of [`answer_text`]; an answer it cannot read is a save not converted.
pub fn read_answer(text: &str) -> Result<String, Broken> {
    let unreadable = || Broken::NotConverted(format!("unreadable answer: {}", excerpt(text)));
    let (kind, detail) = text.split_once('\n').ok_or_else(unreadable)?;
    let number = || detail.parse::<u64>().map_err(|_| unreadable());
    Err(match kind {
        "ok" => return Ok(detail.to_string()),
        "not-json" => Broken::NotJson(detail.into()),
        "not-ours" => Broken::NotOurs,
        "older" => Broken::Older(number()?),
        "newer" => Broken::Newer(number()?),
        "damaged" => Broken::Damaged(detail.into()),
        "tampered" => Broken::Tampered(detail.into()),
        "converting" => Broken::Converting,
        "not-converted" => Broken::NotConverted(detail.into()),
        _ => return Err(unreadable()),
    })
}

/// The game of a format-1 save's fields: its `game` object, never a record.
fn stored_game(_version: u64, stored: &mut Stored<Value>) -> Result<Option<Game>, Broken> {
    if stored.record.is_some() {
        return Err(Broken::Damaged("a format 1 save has no record field".into()));
    }
    stored.game.take().map(game).transpose()
}

/// The game a format-1 save's `game` object replays to, if it is exactly that game.
fn game(mut saved: Value) -> Result<Game, Broken> {
    let origin = Origin::deserialize(&saved).map_err(super::damaged)?;
    let game = Game::replay_seeded(origin.options, origin.seed, &origin.log)
        .map(|(game, _)| game)
        .map_err(|e| Broken::Tampered(format!("the saved actions do not replay: {e}")))?;
    let mut replayed = serde_json::to_value(&game).map_err(super::damaged)?;
    // Format 1 kept the seed and its generator, where a game now keeps what chance decided:
    // the rest is compared.
    if let (Some(saved), Some(replayed)) = (saved.as_object_mut(), replayed.as_object_mut()) {
        saved.remove("seed");
        saved.remove("rng");
        replayed.remove("chances");
    }
    // Saves from before the seen Days were recorded have none; the replay tells them.
    if let (Some(season), Some(seen)) =
        (saved.get_mut("season").and_then(Value::as_object_mut), replayed.pointer("/season/seen"))
    {
        if season.get("seen").is_none_or(|s| s.as_array().is_some_and(Vec::is_empty)) {
            season.insert("seen".into(), seen.clone());
        }
    }
    if saved != replayed {
        return Err(Broken::Tampered("the saved game does not match its own action log".into()));
    }
    Ok(game)
}
