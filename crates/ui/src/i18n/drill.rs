//! The words of the scoring drill, in English and Japanese. Pattern names and conditions
//! are the summary sheet's (`super::pattern_name`, `super::pattern_condition`).

use super::{pattern_condition, pattern_name, pieces, pts, Lang};
use crate::drill::state::{DrillAnswer, DrillRun, MAX_TYPED};
use lauzait_engine::Pattern;

/// The fixed words of the drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum D {
    Title,
    Open,
    Hand,
    NoLuminous,
    Luminous,
    CannotDeclare,
    TypeIt,
    Answer,
    Right,
    Wrong,
    CannotWhy,
    Next,
    Close,
    Note,
}

pub fn d(lang: Lang, key: D) -> &'static str {
    use D::*;
    match key {
        Title => lang.pick("Scoring drill", "得点ドリル"),
        Open => lang.pick("Scoring drill", "得点ドリル"),
        Hand => lang.pick("The hand (nine concealed pieces):", "手駒（伏せた9個）："),
        NoLuminous => lang.pick("No luminous piece in this game.", "この対局に光駒はありません。"),
        Luminous => lang.pick("Luminous piece:", "光駒："),
        CannotDeclare => lang.pick("It cannot declare", "宣言できない"),
        TypeIt => lang.pick("Or type the score:", "または得点を入力："),
        Answer => lang.pick("Answer", "答える"),
        Right => lang.pick("Right!", "正解！"),
        Wrong => lang.pick("Not quite.", "惜しい。"),
        CannotWhy => lang.pick(
            "The nine pieces do not split into three sets, so the hand cannot declare.",
            "9個の駒が3つのセットに分かれないので、宣言できません。",
        ),
        Next => lang.pick("Next hand", "次の手"),
        Close => lang.pick("Close the drill", "ドリルを閉じる"),
        Note => lang.pick(
            "Each hand is new, drawn at random from the game's pieces; the engine's scoring checks your answer.",
            "毎回、対局の駒から無作為に新しい手を作ります。答えはエンジンの得点計算で確かめます。",
        ),
    }
}

/// The question, with how many play (the pieces in play depend on it, R3).
pub fn question(lang: Lang) -> &'static str {
    lang.pick(
        "Can this hand declare Lauzait-Cep!? If it can, what does it score?",
        "この手で国官集来（ラウツァイト・セプ！）を宣言できますか？できるなら何点ですか？",
    )
}

pub fn players(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("A game of {n} players."),
        Lang::Ja => format!("{n}人の対局。"),
    }
}

/// An offered total's button.
pub fn declares_for(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En => format!("It declares: {}", pts(lang, n as i32)),
        Lang::Ja => format!("宣言できる：{}", pts(lang, n as i32)),
    }
}

pub fn typo(lang: Lang) -> String {
    match lang {
        Lang::En => format!("Type a whole number from 0 to {MAX_TYPED}."),
        Lang::Ja => format!("0から{MAX_TYPED}までの整数を入力してください。"),
    }
}

pub fn verdict(lang: Lang, right: bool) -> &'static str {
    d(lang, if right { D::Right } else { D::Wrong })
}

/// What the learner said.
pub fn you_said(lang: Lang, said: DrillAnswer) -> String {
    match (lang, said) {
        (Lang::En, DrillAnswer::No) => "You said: it cannot declare.".into(),
        (Lang::Ja, DrillAnswer::No) => "あなたの答え：宣言できない。".into(),
        (Lang::En, DrillAnswer::Points(n)) => format!("You said: it declares for {}.", pts(lang, n as i32)),
        (Lang::Ja, DrillAnswer::Points(n)) => format!("あなたの答え：{}で宣言できる。", pts(lang, n as i32)),
    }
}

/// The engine's answer in one sentence.
pub fn summary(lang: Lang, run: &DrillRun) -> String {
    match (lang, run.total()) {
        (_, None) => d(lang, D::CannotWhy).into(),
        (Lang::En, Some(t)) => format!("The hand declares and scores {}:", pts(lang, t as i32)),
        (Lang::Ja, Some(t)) => format!("この手は宣言でき、{}です：", pts(lang, t as i32)),
    }
}

/// One scoring line: the pattern, its points and why it scores.
pub fn pattern_line(lang: Lang, p: Pattern, points: u32) -> String {
    let condition = pattern_condition(lang, p);
    match (lang, p) {
        (Lang::En, Pattern::Luminous) => {
            format!("{} × {points}: {} — {condition}", pattern_name(lang, p), pts(lang, points as i32))
        }
        (Lang::Ja, Pattern::Luminous) => {
            format!("{} ×{points}：{} — {condition}", pattern_name(lang, p), pts(lang, points as i32))
        }
        (Lang::En, _) => format!("{}: {} — {condition}", pattern_name(lang, p), pts(lang, points as i32)),
        (Lang::Ja, _) => format!("{}：{} — {condition}", pattern_name(lang, p), pts(lang, points as i32)),
    }
}

/// The running tally.
pub fn tally(lang: Lang, right: u32, asked: u32) -> String {
    match lang {
        Lang::En => format!("Right so far: {right} of {asked}"),
        Lang::Ja => format!("これまでの正解：{asked}問中{right}問"),
    }
}

/// The hand read out for a screen reader (the tiles are pictures).
pub fn hand_text(lang: Lang, run: &DrillRun) -> String {
    let hand: Vec<_> = run.drill.hand().pieces().collect();
    pieces(lang, &hand)
}
