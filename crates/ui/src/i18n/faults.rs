//! The words of the save's faults (`ui::faults`).

use super::Lang;
use crate::save::{Broken, VERSION};
use crate::storage_refusal::StorageRefusal;
use crate::uri::UriError;
use lauzait_engine::notation::MAX_RECORD_BYTES;

/// Why the browser would not keep a write, as the clause the fault texts put in brackets.
pub fn storage_refusal(l: Lang, why: &StorageRefusal) -> String {
    match (why, l) {
        (StorageRefusal::Full, Lang::En) => "the browser's storage is full".into(),
        (StorageRefusal::Full, Lang::Ja) => "ブラウザーの保存領域がいっぱいです".into(),
        // The likely causes, since the browser does not say which: what the player can change.
        (StorageRefusal::Unavailable, Lang::En) => "private window or site data off".into(),
        (StorageRefusal::Unavailable, Lang::Ja) => "プライベートウィンドウか、サイトデータがオフです".into(),
        (StorageRefusal::Other(said), Lang::En) => format!("the browser refused: {said}"),
        (StorageRefusal::Other(said), Lang::Ja) => format!("ブラウザーに拒まれました：{said}"),
    }
}

/// Short enough for one line of the status bar at a tablet's width: it stays there while
/// the fault lasts, and the bar's height is fixed.
pub fn save_failed(l: Lang, why: &StorageRefusal) -> String {
    let why = storage_refusal(l, why);
    match l {
        Lang::En => format!("Not saved ({why}): export the record from the menu to keep this game."),
        Lang::Ja => format!("保存できません（{why}）。記録はメニューから保存できます。"),
    }
}

pub fn progress_failed(l: Lang, why: &StorageRefusal) -> String {
    let why = storage_refusal(l, why);
    match l {
        Lang::En => format!(
            "Your progress in the lessons could not be kept ({why}): a lesson finished now will show as not done after a reload."
        ),
        Lang::Ja => format!(
            "レッスンの進み具合を保存できませんでした（{why}）。今終えたレッスンは、再読み込みすると未完了に戻ります。"
        ),
    }
}

/// A `#record=` link whose escapes are damaged.
pub fn record_link(l: Lang, e: &UriError) -> String {
    match l {
        Lang::En => format!("This record's link cannot be read: {}", bad_link(l, e)),
        Lang::Ja => format!("この記録のリンクは読めません：{}", bad_link(l, e)),
    }
}

/// A file chosen for import that is larger than any record.
pub fn record_file_too_large(l: Lang, bytes: u64) -> String {
    let (kb, max) = (bytes.div_ceil(1024), MAX_RECORD_BYTES / 1024);
    match l {
        Lang::En => format!("This file is {kb} KB; a record is at most {max} KB. Choose a record file (.lzr.txt)."),
        Lang::Ja => {
            format!("このファイルは{kb} KBあります。記録は最大{max} KBです。記録ファイル（.lzr.txt）を選んでください。")
        }
    }
}

pub fn saved_again(l: Lang) -> &'static str {
    match l {
        Lang::En => "The game is saved again.",
        Lang::Ja => "ゲームを再び保存しました。",
    }
}

pub fn other_tab(l: Lang) -> &'static str {
    match l {
        Lang::En => "This game was played on in another tab. This tab no longer saves, so neither overwrites the other: go on here, or load the other tab's game.",
        Lang::Ja => "このゲームは別のタブで進められました。上書きしないよう、このタブは保存を止めています。ここで続けるか、別のタブのゲームを読み込んでください。",
    }
}

pub fn keep_this_game(l: Lang) -> &'static str {
    match l {
        Lang::En => "Go on here",
        Lang::Ja => "ここで続ける",
    }
}

pub fn load_other_game(l: Lang) -> &'static str {
    match l {
        Lang::En => "Load the other tab's game",
        Lang::Ja => "別のタブのゲームを読み込む",
    }
}

/// The full game inside another site's frame (it refuses to run there, so that a page
/// cannot trick a player into its buttons; embeds are made for framing and still work).
pub fn framed(l: Lang) -> (&'static str, &'static str) {
    match l {
        Lang::En => ("The game opens in its own tab, not inside another site.", "Open the game"),
        Lang::Ja => ("このゲームは他のサイトの中では開けません。専用のタブで開いてください。", "ゲームを開く"),
    }
}

/// Why a stored save was refused, for the player.
pub fn broken_save(l: Lang, broken: &Broken) -> String {
    match (broken, l) {
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
        (Broken::Converting, Lang::En) => {
            "Your game was saved by an earlier version of the game; converting it…".into()
        }
        (Broken::Converting, Lang::Ja) => "以前のバージョンで保存されたゲームです。変換しています…".into(),
        (Broken::NotConverted(e), Lang::En) => format!(
            "Your game was saved by an earlier version of the game and could not be converted ({e}). \
             Reload the page once you are online to try again, or start fresh."
        ),
        (Broken::NotConverted(e), Lang::Ja) => format!(
            "以前のバージョンで保存されたゲームを変換できませんでした（{e}）。\
             オンラインのときにページを再読み込みして再度お試しいただくか、新しく始めてください。"
        ),
    }
}

/// Turning open hands on while a game is under way with one person (`ui::open_hands`).
pub fn confirm_open_hands(l: Lang) -> &'static str {
    match l {
        Lang::En => "Show every concealed hand, the computer players' too, for the rest of this game?",
        Lang::Ja => "このゲームの残りの間、コンピューターの手駒も含めて全員の手駒を表示しますか？",
    }
}

/// Why open hands cannot be turned on while persons play a game under way.
pub fn open_hands_refused(l: Lang) -> &'static str {
    match l {
        Lang::En => "With two or more players at the table, open hands is chosen when a game starts: a concealed hand cannot be shown mid-game.",
        Lang::Ja => "二人以上で遊ぶときは、手駒の公開はゲーム開始時に選びます。ゲームの途中では公開できません。",
    }
}

/// A link whose percent-encoding is broken (`ui::uri`): where, and what is written there.
pub fn bad_link(l: Lang, e: &UriError) -> String {
    match (e, l) {
        (UriError::BadEscape { at, near }, Lang::En) => format!(
            "the link is damaged at character {at} (“{near}”): a % must be followed by two hexadecimal digits. Copy the whole link again."
        ),
        (UriError::BadEscape { at, near }, Lang::Ja) => format!(
            "リンクの{at}文字目（「{near}」）が壊れています。%の後には16進数字が2つ必要です。リンク全体をもう一度コピーしてください。"
        ),
        (UriError::NotUtf8 { at, near }, Lang::En) => format!(
            "the link is damaged at character {at} (“{near}”): these escapes do not spell text (UTF-8). Copy the whole link again."
        ),
        (UriError::NotUtf8 { at, near }, Lang::Ja) => format!(
            "リンクの{at}文字目（「{near}」）が壊れています。この%エスケープは文字（UTF-8）になりません。リンク全体をもう一度コピーしてください。"
        ),
    }
}
