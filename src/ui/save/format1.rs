//! Format 1, still read: the save held the serde form of the whole engine `Game`. Only its
//! options, seed and action log are read, and the game is replayed from them. The rest of
//! the saved object must then equal the replayed game's serde form, as `Game::verified`
//! required when this format was current, so a format-1 save edited by hand (a score, a
//! hand, the deal) is still refused rather than quietly replaced by what its log says.
//! Comparing the serde forms costs the page `Game`'s `Serialize` but not its much larger
//! `Deserialize`, and needs no code that knows the engine's fields.

use super::Broken;
use crate::engine::{Action, Game, GameOptions};
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

/// The game a format-1 save's `game` object replays to, if it is exactly that game.
pub fn game(mut saved: Value) -> Result<Game, Broken> {
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
