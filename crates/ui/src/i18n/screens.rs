//! The dialogs' sentences (crates/ui/src/html): the new-game form, the hand-over, the
//! Form and Dissolve choosers, the scoring screen, the Season summary and the final results,
//! and the last-resort message when the app fails.

use super::{pattern_value, pts, signed_pts, Lang};
use lauzait_engine::Pattern;

/// Each language by its own name, whatever the language of the page: whoever cannot read
/// the current one must still find theirs.
pub fn language_name(lang: Lang) -> &'static str {
    lang.pick("English", "日本語")
}

/// The accessible name of a seat's name field in the new-game form.
pub fn name_for(l: Lang, seat_name: &str) -> String {
    match l {
        Lang::En => format!("Name for {seat_name}"),
        Lang::Ja => format!("{seat_name}の名前"),
    }
}

pub fn hand_over_note(l: Lang) -> &'static str {
    l.pick(
        "Only the player whose Day it is should look at the screen once the hand is shown.",
        "手駒が表示されたら、手番のプレイヤーだけが画面を見てください。",
    )
}

/// What dissolving a Department costs.
pub fn pay_back(l: Lang, bonus: i32) -> String {
    match l {
        Lang::En => format!("pay back exactly {} (the bonus received, R9)", pts(l, bonus)),
        Lang::Ja => format!("受け取ったボーナス{}をそのまま返納（R9）", pts(l, bonus)),
    }
}

/// A pattern's worth as the summary sheet prints it ("3 pts", "+1 pts" per luminous piece).
pub fn pattern_points(l: Lang, p: Pattern) -> String {
    match l {
        Lang::En => format!("{} pts", pattern_value(p)),
        Lang::Ja => format!("{}点", pattern_value(p)),
    }
}

pub fn stalemate_scores(l: Lang) -> &'static str {
    l.pick(
        "A Stalemate scores Lauzait-Cep! and Stalemate only (R19).",
        "闇戦之集では国官集来と闇戦之集だけを得点します（R19）。",
    )
}

pub fn concealed_scores(l: Lang) -> &'static str {
    l.pick(
        "A concealed declaration earns no set bonuses (R18).",
        "組合せを公開しない宣言では、ボーナス点はありません（R18）。",
    )
}

pub fn bonuses_kept(l: Lang, bonuses: i32) -> String {
    match l {
        Lang::En => format!("Set bonuses received this Season are kept: {} (R18).", signed_pts(l, bonuses)),
        Lang::Ja => format!("このラウンドで得たボーナス点はそのまま：{}（R18）。", signed_pts(l, bonuses)),
    }
}

/// How a Season ended, in the summary and the score history.
pub fn declared(l: Lang, who: &str, points: i32) -> String {
    match l {
        Lang::En => format!("{who} declared Lauzait-Cep!: {}.", signed_pts(l, points)),
        Lang::Ja => format!("{who}が国官集来：{}。", signed_pts(l, points)),
    }
}

pub fn stalemated(l: Lang, who: &str, points: i32) -> String {
    match l {
        Lang::En => format!("{who}: Stalemate (闇戦之集), {}.", signed_pts(l, points)),
        Lang::Ja => format!("{who}：闇戦之集、{}。", signed_pts(l, points)),
    }
}

/// "Winners: Alice (Red), Bob (Blue)" after its label ("Winner" or "Winners").
pub fn winners(l: Lang, label: &str, names: &[String]) -> String {
    format!("{label}{}{}", l.pick(": ", "："), names.join(l.pick(", ", "、")))
}

pub fn game_ended_by_agreement(l: Lang) -> &'static str {
    l.pick("The game ended by agreement (R20).", "合意によりゲームを終了しました（R20）。")
}

/// The last resort when the app fails. English only: the model that knows the language may
/// be what failed.
pub fn fatal(detail: &str) -> String {
    format!("Something went wrong: {detail}")
}

pub const FATAL_NOTE: &str = "Reload the page to continue; the game is saved after every action.";

/// The score tables' first column heading (read by screen readers, not shown).
pub fn player_header(l: Lang) -> &'static str {
    l.pick("Player", "プレイヤー")
}

/// The score history's first column heading (read by screen readers, not shown).
pub fn season_header(l: Lang) -> &'static str {
    l.pick("Season", "ラウンド")
}

/// The first screen's two sentences: what the game is and how to win.
pub fn intro(l: Lang) -> &'static str {
    l.pick(
        "Lauzait Cep! is a game for 2 to 4 players on a 5×5 board: each Day you put a piece from your hand on the board, move another one and take a piece into your hand, building sets of three called Departments. Sets and a declared hand bring points; after as many Seasons as there are players, the highest score wins.",
        "ラウツァイト・セプ！は5×5の盤で2〜4人が遊ぶゲームです。手番ごとに手駒を1つ盤に置き、別の駒を動かして盤の駒を1つ手駒に取り、3個1組の組合せ（部署）をそろえます。組合せと宣言で得点し、人数と同じ数のラウンドの後、最高得点の人が勝ちます。",
    )
}

/// The link to the rules page from the first screen.
pub fn read_rules(l: Lang) -> &'static str {
    l.pick("Read the rules", "ルールを読む")
}

/// Between a Form choice's pieces and the pieces its Jokers stand for (read aloud only).
pub fn read_as(l: Lang) -> &'static str {
    l.pick("read as", "読み替え")
}
