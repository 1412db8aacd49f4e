//! The puzzle screen's words (docs/puzzles.md, "The puzzle screen"), in English and
//! Japanese: the frame the page shows (the picker, the Day to play, the states of the
//! judging, the buttons, the faults) and, for the rater, the explanation's (the verdict, the
//! themes, the difficulty), which only the rater's module links through
//! `html::puzzles::explanation`.

use super::{pattern_name, Lang};
use crate::puzzles::mine::QueueError;
use crate::puzzles::{Level, ProgressError, PuzzleFailure};
use crate::storage_refusal::StorageRefusal;
use lauzait_learn::puzzles::{Difficulty, Theme};

/// The fixed words of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum P {
    Title,
    Open,
    Intro,
    Choose,
    Asking,
    Judging,
    Solved,
    NotSolved,
    Next,
    Retry,
    Leave,
    Close,
    KeptHere,
    Solution,
    YourDay,
    Coach,
    Themes,
}

pub fn p(lang: Lang, key: P) -> &'static str {
    use P::*;
    match key {
        Title | Open => lang.pick("Puzzles", "詰め手"),
        Intro => lang.pick(
            "One Day from a real game where one whole Day is clearly the best. Play it with the same taps as in a game.",
            "実戦から選んだ手番で、ひとつの手番全体がはっきり最善です。対局と同じ操作で指してください。",
        ),
        Choose => lang.pick("Difficulty", "難しさ"),
        Asking => lang.pick("Fetching a puzzle…", "詰め手を取り寄せています…"),
        Judging => lang.pick("Checking your Day…", "あなたの手番を確かめています…"),
        Solved => lang.pick("Solved!", "正解！"),
        NotSolved => lang.pick("Not this time.", "今回は不正解。"),
        Next => lang.pick("Next puzzle", "次の詰め手"),
        Retry => lang.pick("Try again", "もう一度"),
        Leave => lang.pick("Back to the menu", "メニューに戻る"),
        Close => lang.pick("Close", "閉じる"),
        KeptHere => lang.pick(
            "Your progress is kept only in this browser, on this device.",
            "進み具合はこのブラウザー、この端末にだけ保存されます。",
        ),
        Solution => lang.pick("The solution:", "正解："),
        YourDay => lang.pick("Your Day:", "あなたの手番："),
        Coach => lang.pick("The coach:", "コーチ："),
        Themes => lang.pick("What it turns on:", "テーマ："),
    }
}

/// A difficulty's word (the buttons, the heading of a puzzle).
pub fn level(lang: Lang, level: Level) -> &'static str {
    match level {
        Level::Any => lang.pick("Any", "すべて"),
        Level::Of(d) => difficulty(lang, d),
        // Never a difficulty's button: the rater words the mistakes' own (`mine_button`), so
        // that the page's module carries none of their words.
        Level::Mine => "",
    }
}

pub fn difficulty(lang: Lang, d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => lang.pick("Easy", "やさしい"),
        Difficulty::Normal => lang.pick("Normal", "ふつう"),
        Difficulty::Hard => lang.pick("Hard", "難しい"),
    }
}

/// "Solved 3 · tried without success 1, of 1,000": what the device keeps.
pub fn progress(lang: Lang, solved: usize, failed: usize) -> String {
    match lang {
        Lang::En => format!("Solved: {solved}. Tried without success: {failed}."),
        Lang::Ja => format!("正解：{solved}問。不正解のまま：{failed}問。"),
    }
}

/// The task on the status line while the Day is played (worded by the rater, sent with the
/// puzzle).
pub fn task(lang: Lang, number: u32, d: Difficulty, seat: &str) -> String {
    match lang {
        // The difficulty's word in lower case, written so: `to_lowercase` would bring
        // Unicode's case tables into the module.
        Lang::En => format!("Puzzle {number} ({}): find the best whole Day for {seat}, then play it.", d.name()),
        Lang::Ja => format!("詰め手{number}（{}）：{seat}の最善の手番を見つけて指してください。", difficulty(lang, d)),
    }
}

/// "Puzzle 16 · Hard": which puzzle the explanation is of.
pub fn heading(lang: Lang, number: u32, d: Difficulty) -> String {
    match lang {
        Lang::En => format!("Puzzle {number} · {}", difficulty(lang, d)),
        Lang::Ja => format!("詰め手{number}・{}", difficulty(lang, d)),
    }
}

/// A theme in words.
pub fn theme(lang: Lang, t: Theme) -> String {
    match t {
        Theme::Declare => lang.pick("declaring Lauzait-Cep! (R11)", "国官集来の宣言（R11）").into(),
        Theme::Stalemate => lang.pick("declaring the Stalemate (R19)", "闇戦之集の宣言（R19）").into(),
        Theme::Pattern(pattern) => match lang {
            Lang::En => format!("the pattern {}", pattern_name(lang, pattern)),
            Lang::Ja => format!("役「{}」", pattern_name(lang, pattern)),
        },
        Theme::Dissolve => lang.pick("dissolving a Department (R9)", "組合せの温故知新（R9）").into(),
        Theme::Form => lang.pick("forming a Department (R10)", "組合せの配属（R10）").into(),
        Theme::Water => {
            lang.pick("a move through Water: the sticks decide (R12.6)", "水への移動：棒で決まる（R12.6）").into()
        }
        Theme::Luminous => lang.pick("the luminous piece (R30)", "光る駒（R30）").into(),
        Theme::Hiring => {
            lang.pick("which piece to let go and which to take (R12)", "どの駒を手放し、どれを取るか（R12）").into()
        }
    }
}

/// "It stood out by 7.7 points above every other Day."
pub fn margin(lang: Lang, margin: &str) -> String {
    match lang {
        Lang::En => format!("The Strong player puts it {margin} points above every other Day."),
        Lang::Ja => format!("強いコンピューターの見積もりで、ほかのどの手番より{margin}点上回ります。"),
    }
}

/// What is read out with the verdict.
pub fn verdict(lang: Lang, solved: bool, solution: &str) -> String {
    match (lang, solved) {
        (Lang::En, true) => format!("Solved! {solution}."),
        (Lang::En, false) => format!("Not this time. The solution: {solution}."),
        (Lang::Ja, true) => format!("正解！{solution}。"),
        (Lang::Ja, false) => format!("今回は不正解。正解：{solution}。"),
    }
}

/// Why no puzzle can be shown, in words a person can act on.
pub fn failed(lang: Lang, failure: &PuzzleFailure) -> String {
    match failure {
        PuzzleFailure::NotLoaded => lang
            .pick(
                "The puzzles could not be loaded: they are fetched the first time the screen opens. Connect to the internet once and try again.",
                "詰め手を読み込めませんでした。この画面を初めて開くときに取り寄せます。一度インターネットにつないでから、もう一度お試しください。",
            )
            .into(),
        PuzzleFailure::NoSet => lang
            .pick(
                "The puzzle set could not be fetched or read. Reload the page (online) and try again.",
                "詰め手の一覧を取り寄せられないか、読めませんでした。オンラインでページを再読み込みして、もう一度お試しください。",
            )
            .into(),
        PuzzleFailure::Rater(e) => match lang {
            Lang::En => format!("The puzzles' worker failed ({e}). Reload the page and try again."),
            Lang::Ja => format!("詰め手の処理が止まりました（{e}）。ページを再読み込みして、もう一度お試しください。"),
        },
        PuzzleFailure::Unreadable(e) => match lang {
            Lang::En => format!("The puzzles' worker answered what this page cannot read ({e}). Reload the page."),
            Lang::Ja => format!("詰め手の処理の答えを読めませんでした（{e}）。ページを再読み込みしてください。"),
        },
        PuzzleFailure::View(e) => match lang {
            Lang::En => format!("This puzzle's position could not be read ({e}). Try the next puzzle."),
            Lang::Ja => format!("この詰め手の局面を読めませんでした（{e}）。次の詰め手をお試しください。"),
        },
        // Not the engine's reason in words: its text would weigh on the page for a fault
        // the shipped set's tests rule out (crates/learn/tests/puzzles/set.rs).
        PuzzleFailure::Rebuild(_) => lang
            .pick(
                "This puzzle's position could not be set up. Try the next puzzle.",
                "この詰め手の局面を用意できませんでした。次の詰め手をお試しください。",
            )
            .into(),
    }
}

/// The stored progress could not be read: it starts again, and why.
pub fn unreadable(lang: Lang, e: &ProgressError) -> String {
    match lang {
        Lang::En => format!(
            "The puzzles' progress kept in this browser could not be read ({e}); it starts again from nothing with your next puzzle."
        ),
        Lang::Ja => format!("このブラウザーに残した詰め手の進み具合を読めませんでした（{e}）。次の詰め手から記録し直します。"),
    }
}

/// Writing the progress failed.
pub fn not_kept(lang: Lang, why: &StorageRefusal) -> String {
    let why = super::faults::storage_refusal(lang, why);
    match lang {
        Lang::En => format!("The puzzles' progress could not be kept in this browser: {why}."),
        Lang::Ja => format!("詰め手の進み具合をこのブラウザーに保存できませんでした：{why}。"),
    }
}

/// The button of the player's mistakes, with how many are due (the rater's words).
pub fn mine_button(lang: Lang, due: usize) -> String {
    match lang {
        Lang::En => format!("Your mistakes ({due} due)"),
        Lang::Ja => format!("あなたの悪手（いま{due}問）"),
    }
}

/// "In your game:", before the Day a mistake played in the game (the rater's words).
pub fn in_your_game(lang: Lang) -> &'static str {
    lang.pick("In your game:", "対局での手番：")
}

/// The task of a mistake of the player's (the rater's words).
pub fn mine_task(lang: Lang, cost: &str, seat: &str) -> String {
    match lang {
        // As short as a shipped puzzle's: it shares the status bar with the Day's help.
        Lang::En => format!("Your mistake ({cost} points): find the best whole Day for {seat}, then play it."),
        Lang::Ja => format!("あなたの悪手（{cost}点の損）：{seat}の最善の手番を見つけて指してください。"),
    }
}

/// The explanation's heading for a mistake of the player's.
pub fn mine_heading(lang: Lang, cost: &str) -> String {
    match lang {
        Lang::En => format!("Your mistake · it cost {cost} points"),
        Lang::Ja => format!("あなたの悪手・{cost}点の損"),
    }
}

/// What the best Day was worth against the one played in the game.
pub fn mine_margin(lang: Lang, cost: &str) -> String {
    match lang {
        Lang::En => format!("The Strong player puts it {cost} points above the Day you played in your game."),
        Lang::Ja => format!("強いコンピューターの見積もりで、対局で指した手番より{cost}点上回ります。"),
    }
}

/// How the queue stands: how many are due, or when the next is (`next_in`, ms from now),
/// and how many are kept.
pub fn mine_status(lang: Lang, due: usize, kept: usize, next_in: Option<u64>) -> String {
    const HOUR: u64 = 60 * 60 * 1000;
    let when = next_in.map(|ms| match (ms.div_ceil(HOUR), lang) {
        (0..=1, Lang::En) => "within the hour".to_string(),
        (0..=1, Lang::Ja) => "1時間以内".to_string(),
        (h @ 2..=47, Lang::En) => format!("in {h} hours"),
        (h @ 2..=47, Lang::Ja) => format!("{h}時間後"),
        (h, Lang::En) => format!("in {} days", h.div_ceil(24)),
        (h, Lang::Ja) => format!("{}日後", h.div_ceil(24)),
    });
    match (lang, due, when) {
        (Lang::En, 0, _) if kept == 0 => {
            "No mistakes kept yet: the costly choices of the games you finish on this device come here as puzzles."
                .into()
        }
        (Lang::Ja, 0, _) if kept == 0 => {
            "悪手はまだありません。この端末で終えた対局の大きな損の手番が、ここに詰め手として入ります。".into()
        }
        (Lang::En, 0, Some(when)) => format!("None due now: the next is due {when}. {kept} waiting."),
        (Lang::Ja, 0, Some(when)) => format!("いま解く悪手はありません。次は{when}です。待っている悪手：{kept}問。"),
        (Lang::En, due, _) => {
            format!("{due} due now, of {kept} kept. Each comes back until you solve it twice, a day apart.")
        }
        (Lang::Ja, due, _) => {
            format!("いま解く悪手：{due}問（保存：{kept}問）。1日あけて2回正解するまで出題されます。")
        }
    }
}

/// The stored queue, or some of its mistakes, could not be read (the rater's words).
pub fn mine_unreadable(lang: Lang, e: &QueueError, whole: bool) -> String {
    let newer = matches!(e, QueueError::Mark { found } if found.starts_with("LZM"));
    match (lang, whole, newer) {
        (Lang::En, true, true) => format!(
            "Your mistakes were kept by a newer version of the game ({e}) and are left as they are: reload the page to get that version."
        ),
        (Lang::Ja, true, true) => {
            format!("悪手の記録は新しい版のゲームが保存したもので（{e}）、そのままにしています。ページを再読み込みして新しい版にしてください。")
        }
        (Lang::En, true, false) => format!(
            "Your mistakes kept in this browser could not be read ({e}); they start again with the next game you finish."
        ),
        (Lang::Ja, true, false) => {
            format!("このブラウザーに保存した悪手を読めませんでした（{e}）。次に終える対局から記録し直します。")
        }
        (Lang::En, false, _) => format!("A mistake kept in this browser could not be read ({e}) and was dropped."),
        (Lang::Ja, false, _) => format!("保存した悪手のひとつを読めなかったため（{e}）、外しました。"),
    }
}
