//! The words of the statistics screen (docs/history.md), in English and Japanese. Those of
//! the figures (`summary` and the table's, the rating's and the charts' words) are the
//! rater's, which builds the figures (`stats::figures`); the page keeps the screen's frame,
//! its states and its buttons.

use super::{kind_label, Lang};
use crate::fixed::Fixed;
use crate::stats::RecordFailure;
use crate::storage_refusal::StorageRefusal;
use lauzait_bots::{Level, Player};
use lauzait_history::{HistoryError, Rated, Statistics, Tally};

/// The fixed words of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum W {
    Title,
    Open,
    Empty,
    Games,
    Won,
    AveragePoints,
    Declarations,
    Stalemates,
    Against,
    Agreement,
    Accuracy,
    SeveralPersons,
    RatingTitle,
    RatingNote,
    NoRating,
    RatingChart,
    PointsChart,
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
        Games => lang.pick("Games", "対局"),
        Won => lang.pick("Won", "勝ち"),
        AveragePoints => lang.pick("Average points", "平均点"),
        Declarations => lang.pick("Lauzait-Cep! declared", "国官集来の宣言"),
        Stalemates => lang.pick("Stalemates", "闇戦之集"),
        Against => lang.pick("Strongest computer player", "いちばん強い相手"),
        Agreement => lang.pick("Agreement", "一致率"),
        Accuracy => lang.pick("Accuracy", "精度"),
        SeveralPersons => lang.pick(
            "Games of several persons on one device are counted here, not in your figures.",
            "一台を複数の人で打った対局は数だけ数え、あなたの成績には入れません。",
        ),
        RatingTitle => lang.pick("Rating against the computer players", "コンピューター相手のレーティング"),
        RatingNote => lang.pick(
            "Glicko-2, each game one rating period, each computer player at the table met once: Easy stands at 1200, Normal at 1500, Strong at 1700. The rating is most likely within the ± range.",
            "Glicko-2 方式。1局を1期間とし、卓のコンピューターそれぞれと1回対戦したとみなします。やさしい 1200、ふつう 1500、つよい 1700 に固定。実力は ± の範囲にある見込みが高いです。",
        ),
        NoRating => lang.pick(
            "No rating yet: it starts with your first game against a computer player.",
            "まだレーティングがありません。コンピューターとの最初の対局から始まります。",
        ),
        RatingChart => lang.pick("Your rating after each game", "各対局後のレーティング"),
        PointsChart => lang.pick("Your points in each game", "各対局の得点"),
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

/// A computer level's name.
pub fn level(lang: Lang, level: Level) -> &'static str {
    kind_label(lang, Player::Computer(level))
}

/// A number with one decimal, or a dash when there is none.
pub fn one_decimal(value: Option<f64>) -> String {
    value.map_or("–".into(), |value| Fixed { value, places: 1 }.to_string())
}

/// A whole number, or a dash.
pub fn whole(value: Option<f64>) -> String {
    value.map_or("–".into(), |value| Fixed { value, places: 0 }.to_string())
}

/// "1563 ± 240": the rating and twice its deviation.
pub fn rating(r: &Rated) -> String {
    format!("{} ± {}", whole(Some(r.rating)), whole(Some(2.0 * r.deviation)))
}

/// "7 of 12 (58%)".
pub fn won(lang: Lang, t: &Tally) -> String {
    let share = whole(t.win_share());
    match lang {
        Lang::En => format!("{} of {} ({share}%)", t.wins, t.games),
        Lang::Ja => format!("{}局中{}勝（{share}%）", t.games, t.wins),
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

/// What the screen says once its figures are there (read out; the rater's).
pub fn summary(lang: Lang, s: &Statistics) -> String {
    let avg = one_decimal(s.all.average_points());
    let rating = s.rating.last().map(rating);
    match lang {
        Lang::En => {
            let mut text =
                format!("Your record: {} games kept, won {}, average {avg} points.", s.games_kept, won(lang, &s.all));
            if let Some(r) = rating {
                text.push_str(&format!(" Rating {r}."));
            }
            text
        }
        Lang::Ja => {
            let mut text = format!("あなたの戦績：{}局。{}、平均 {avg} 点。", s.games_kept, won(lang, &s.all));
            if let Some(r) = rating {
                text.push_str(&format!("レーティング {r}。"));
            }
            text
        }
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
