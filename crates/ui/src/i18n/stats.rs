//! The words of the statistics screen's frame (docs/history.md), in English and Japanese:
//! its title, its states and its buttons, which the page shows. Those of the figures are the
//! rater's, which builds them (`super::stats_figures`): the page shows none of them.

use super::Lang;
use crate::stats::RecordFailure;
use crate::storage_refusal::StorageRefusal;
use lauzait_history::HistoryError;

/// The fixed words of the screen's frame (the page's; the figures' are
/// [`super::stats_figures`], the rater's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum W {
    Title,
    Open,
    Empty,
    Export,
    Delete,
    DeleteConfirm,
    DeleteCancel,
    KeptHere,
    Close,
}

pub fn w(lang: Lang, key: W) -> &'static str {
    use W::*;
    match key {
        Title | Open => lang.pick("Your record", "あなたの戦績"),
        Empty => lang.pick(
            "No finished game yet. Every game you play to its end on this device is kept here.",
            "まだ終わった対局がありません。この端末で最後まで打った対局はここに残ります。",
        ),
        Export => lang.pick("Export as a file", "ファイルに書き出す"),
        Delete => lang.pick("Delete all", "すべて削除"),
        DeleteConfirm => lang.pick("Delete every game kept", "残した対局をすべて削除"),
        DeleteCancel => lang.pick("Keep them", "残す"),
        KeptHere => lang.pick(
            "Kept only in this browser, on this device; nothing is sent anywhere.",
            "このブラウザー、この端末にだけ保存されます。どこにも送られません。",
        ),
        Close => lang.pick("Close", "閉じる"),
    }
}

/// No game kept yet.
pub fn empty(lang: Lang) -> &'static str {
    w(lang, W::Empty)
}

/// While the rater works the figures out.
pub fn working(lang: Lang) -> &'static str {
    lang.pick("Working out your record…", "戦績を集計中…")
}

/// Why the screen has no figures. A rater that could not be loaded says what to do: it is
/// fetched when first needed, and kept for offline play from then on.
pub fn failed(lang: Lang, error: &RecordFailure) -> String {
    let why = match error {
        RecordFailure::NotLoaded => {
            return lang
                .pick(
                    "Your record needs a connection the first time; it then works offline.",
                    "戦績は初回だけ通信が必要です。その後はオフラインでも使えます。",
                )
                .to_string();
        }
        RecordFailure::Rater(e) => super::computer::worker_failure(lang, e),
        RecordFailure::Unreadable(e) => match lang {
            Lang::En => e.to_string(),
            Lang::Ja => "集計の返事が読めませんでした".to_string(),
        },
    };
    match lang {
        Lang::En => format!("Your record could not be worked out: {why}"),
        Lang::Ja => format!("戦績を集計できませんでした：{why}"),
    }
}

/// The stored history could not be read.
pub fn unreadable(lang: Lang, e: &HistoryError) -> String {
    match lang {
        Lang::En => {
            format!("The games kept on this device could not be read ({e}). Delete them to start a new record.")
        }
        Lang::Ja => format!("この端末に残した対局が読めませんでした（{e}）。削除すると新しく記録を始められます。"),
    }
}

pub fn exported(lang: Lang) -> &'static str {
    lang.pick("Your record was offered as a file.", "戦績をファイルとして書き出しました。")
}

pub fn delete_question(lang: Lang) -> &'static str {
    lang.pick(
        "Delete every game kept on this device? This cannot be undone.",
        "この端末に残した対局をすべて削除しますか？元に戻せません。",
    )
}

pub fn deleted(lang: Lang) -> &'static str {
    lang.pick("Every game kept was deleted.", "残した対局をすべて削除しました。")
}

/// A finished game could not be written to the browser's storage.
pub fn not_kept(lang: Lang, why: &StorageRefusal) -> String {
    let why = super::faults::storage_refusal(lang, why);
    match lang {
        Lang::En => format!("The finished game could not be kept in your record: {why}."),
        Lang::Ja => format!("終わった対局を戦績に残せませんでした：{why}。"),
    }
}
