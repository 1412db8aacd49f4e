//! The words of the post-game review, in English and Japanese. The better choice's reason
//! is the coach's sentence (`learn::why`), so the review and the hint explain alike.

use super::learn::{plan_text, why};
use super::{pieces, Lang};
use crate::fixed::Fixed;
use lauzait_engine::{Action, Piece};
use lauzait_learn::coach::Why;
use lauzait_learn::review::{Scale, Weight};

/// The fixed words of the review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum R {
    Title,
    Review,
    Judging,
    NeedsFullRecord,
    TryAgain,
    YourHand,
    ShowAnswer,
    WellFound,
    NotThisOne,
    Next,
    Retry,
    Close,
    Note,
}

pub fn r(lang: Lang, key: R) -> &'static str {
    use R::*;
    match key {
        Title => lang.pick("Review", "振り返り"),
        Review => lang.pick("Review", "振り返る"),
        Judging => lang.pick(
            "The Strong player is going through your Days…",
            "強いコンピュータがあなたの手番を調べています…",
        ),
        NeedsFullRecord => lang.pick(
            "The review needs the finished game's full record: a record saved while the game was under way keeps the hands hidden.",
            "振り返りには終局した対局の完全な棋譜が必要です。対局中に保存した棋譜は手駒を隠しています。",
        ),
        TryAgain => lang.pick(
            "Here your choice cost the most. Try again: what would you do at the start of this Day?",
            "ここで最も損をしました。もう一度考えてみましょう：この手番の始めに何をしますか？",
        ),
        YourHand => lang.pick("Your hand:", "あなたの手："),
        ShowAnswer => lang.pick("Show the better choice", "よりよい手を見る"),
        WellFound => lang.pick("Well found! That is the Strong player's choice.", "正解です！強いコンピュータと同じ手です。"),
        NotThisOne => lang.pick("Not quite: here is the better choice.", "惜しい。よりよい手はこちらです。"),
        Next => lang.pick("Next moment", "次の場面"),
        Retry => lang.pick("Try again", "もう一度試す"),
        Close => lang.pick("Close the review", "振り返りを閉じる"),
        Note => lang.pick(
            "Judged by the Strong player from only what you could see then (a short search of 60 playouts per Day).",
            "あなたに見えていたことだけから強いコンピュータが判断しました（手番ごとに60回の短い探索）。",
        ),
    }
}

/// The review button of a seat: "Review Red's game".
pub fn review_seat(lang: Lang, name: &str) -> String {
    match lang {
        Lang::En => format!("Review {name}'s game"),
        Lang::Ja => format!("{name}の対局を振り返る"),
    }
}

/// The judging under way.
pub fn progress(lang: Lang, done: usize, all: usize) -> String {
    match lang {
        Lang::En => format!("Days judged: {done} of {all}"),
        Lang::Ja => format!("調べた手番：{all}のうち{done}"),
    }
}

/// The worker could not judge a Day.
pub fn failed(lang: Lang, error: &str) -> String {
    match lang {
        Lang::En => format!("The Strong player could not go through your Days ({error}). Try again, or close the review."),
        Lang::Ja => format!("強いコンピュータがあなたの手番を調べられませんでした（{error}）。もう一度試すか、振り返りを閉じてください。"),
    }
}

/// Which moment, and which Day.
pub fn moment_heading(lang: Lang, index: usize, count: usize, season: u8, day: u32) -> String {
    match lang {
        Lang::En => format!("Moment {} of {count} — Season {season}, Day {day}", index + 1),
        Lang::Ja => format!("場面 {}/{count} — 第{season}ラウンド 第{day}手番", index + 1),
    }
}

/// The hand as the person saw it.
pub fn hand(lang: Lang, hand: &[Piece]) -> String {
    format!("{} {}", r(lang, R::YourHand), pieces(lang, hand))
}

/// A choice to try: its first step in words.
pub fn choice(lang: Lang, action: Action) -> String {
    plan_text(lang, &[action])
}

/// The better choice, why, what was played and what it gave up, with what that weighs in
/// the game when its scores are known.
pub fn explanation(
    lang: Lang,
    best: &[Action],
    reason: Why,
    played: &[Action],
    loss: f64,
    scale: Option<Scale>,
) -> String {
    let mut text = match lang {
        Lang::En => format!(
            "Better: {}. {} You played: {}, which gave up about {} points in the Strong player's estimate.",
            plan_text(lang, best),
            why(lang, reason),
            super::case::uncapitalised(plan_text(lang, played)),
            Fixed { value: loss, places: 1 },
        ),
        Lang::Ja => format!(
            "よりよい手：{}。{} 実際の手：{}。強いコンピュータの見積もりで約{}点の損でした。",
            plan_text(lang, best),
            why(lang, reason),
            plan_text(lang, played),
            Fixed { value: loss, places: 1 },
        ),
    };
    if let Some(scale) = scale {
        text.push(' ');
        text.push_str(&scale_text(lang, loss, scale));
    }
    text
}

/// What a moment's loss weighs against the game's own scores, for someone who cannot yet
/// tell whether 7 points is a lot: the person's final score and margin, and the loss as a
/// part of that margin; a loss under a point is called small rather than alarming.
pub fn scale_text(lang: Lang, loss: f64, scale: Scale) -> String {
    let Scale { own, margin } = scale;
    let gap = margin.unsigned_abs();
    let weight = scale.weight(loss);
    match lang {
        Lang::En => {
            let part = |whole: &str| match weight {
                Weight::Slight | Weight::Small => format!("this was a small part of {whole}"),
                Weight::Large => format!("this was a good part of {whole}"),
                Weight::Decisive if margin > 0 => format!("this alone was as much as {whole}"),
                Weight::Decisive => format!("this alone could have closed {whole}"),
            };
            match (weight, margin.signum()) {
                (Weight::Slight, _) => "For scale: that is under a point, a small slip rather than a turning point.".into(),
                (_, 1) => format!("For scale: you scored {own} and won by {}, so {}.", points(gap), part("that margin")),
                (_, -1) => {
                    format!("For scale: you scored {own}, {} behind the winner, so {}.", points(gap), part("that gap"))
                }
                _ => format!("For scale: you scored {own}, level with the leader, where a single point would have decided the game."),
            }
        }
        Lang::Ja => {
            let part = match weight {
                Weight::Slight | Weight::Small => "この損はその差に比べて小さなものです。",
                Weight::Large => "この損はその差のかなりの部分にあたります。",
                Weight::Decisive if margin > 0 => "この損だけでその差に届きます。",
                Weight::Decisive => "この手番だけでその差を埋められたかもしれません。",
            };
            match (weight, margin.signum()) {
                (Weight::Slight, _) => "目安として：1点未満の小さな損で、勝負の分かれ目ではありません。".into(),
                (_, 1) => format!("目安として：あなたは{own}点で、{gap}点差の勝ちでした。{part}"),
                (_, -1) => format!("目安として：あなたは{own}点で、勝者と{gap}点差でした。{part}"),
                _ => {
                    format!("目安として：あなたは{own}点で首位と同点でした。1点でも差がつけば勝敗が決まっていました。")
                }
            }
        }
    }
}

/// "1 point", "9 points".
fn points(n: u32) -> String {
    match n {
        1 => "1 point".into(),
        n => format!("{n} points"),
    }
}

/// The review's end.
pub fn end_text(lang: Lang, moments: usize) -> String {
    match (lang, moments) {
        (Lang::En, 0) => "No Day lost value in the Strong player's estimate: well played!".into(),
        (Lang::Ja, 0) => "強いコンピュータの見積もりで損をした手番はありません。お見事です！".into(),
        (Lang::En, n) => format!("That was the review: {n} moments to look at again."),
        (Lang::Ja, n) => format!("振り返りは以上です（{n}場面）。"),
    }
}

// The review's board and closing summary (the moment drawn, the other hands at the end).

/// The board's accessible name at a moment.
pub fn board_label(lang: Lang, answered: bool) -> &'static str {
    match answered {
        false => lang.pick("The board at the start of this Day.", "この手番の始めの盤。"),
        true => lang.pick(
            "The board at the start of this Day, with the better move and yours drawn as arrows.",
            "この手番の始めの盤。よりよい手とあなたの手を矢印で示しています。",
        ),
    }
}

/// The key to the board's marks, which also says both plans in words.
pub fn legend(lang: Lang, best: &[Action], played: &[Action]) -> (String, String) {
    match lang {
        Lang::En => (
            format!("Solid green: the better choice — {}.", plan_text(lang, best)),
            format!("Dashed red: your choice — {}.", plan_text(lang, played)),
        ),
        Lang::Ja => (
            format!("緑の実線：よりよい手 — {}。", plan_text(lang, best)),
            format!("赤の破線：あなたの手 — {}。", plan_text(lang, played)),
        ),
    }
}

/// The person's hand at a moment with their revealed Departments, in words.
pub fn hand_and_departments(lang: Lang, hand: &[Piece], departments: &[[Piece; 3]]) -> String {
    let depts: Vec<String> = departments.iter().map(|d| pieces(lang, d)).collect();
    match (lang, depts.is_empty()) {
        (_, true) => self::hand(lang, hand),
        (Lang::En, false) => format!("{}; revealed: {}", self::hand(lang, hand), depts.join(" / ")),
        (Lang::Ja, false) => format!("{}。公開：{}", self::hand(lang, hand), depts.join("／")),
    }
}

/// The closing summary's heading.
pub fn finals_title(lang: Lang) -> &'static str {
    lang.pick("Every hand as the game ended", "終局時の全員の手")
}

/// One person's hand at the end, in words (the tiles are pictures).
pub fn final_hand(lang: Lang, name: &str, concealed: &[Piece], departments: &[[Piece; 3]]) -> String {
    let depts: Vec<String> = departments.iter().map(|d| pieces(lang, d)).collect();
    match (lang, depts.is_empty()) {
        (Lang::En, true) => format!("{name}: {}", pieces(lang, concealed)),
        (Lang::Ja, true) => format!("{name}：{}", pieces(lang, concealed)),
        (Lang::En, false) => format!("{name}: {}; revealed: {}", pieces(lang, concealed), depts.join(" / ")),
        (Lang::Ja, false) => format!("{name}：{}。公開：{}", pieces(lang, concealed), depts.join("／")),
    }
}
