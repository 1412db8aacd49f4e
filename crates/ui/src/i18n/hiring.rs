//! The safe last step of a Day: what choosing a destination will do, said before it is
//! done, and the confirmation's buttons and preference.

use super::{piece, square, Lang};
use lauzait_engine::{Piece, Square};

/// The chance that the sticks let a piece arrive, as counted from the engine's rule:
/// `arrive` of the `of` equally likely throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    pub arrive: u32,
    pub of: u32,
}

fn odds_words(l: Lang, o: Odds) -> String {
    if o.arrive * 2 == o.of {
        l.pick("even odds", "五分五分").to_string()
    } else {
        match l {
            Lang::En => format!("{} in {}", o.arrive, o.of),
            Lang::Ja => format!("{}分の{}", o.of, o.arrive),
        }
    }
}

/// "Green 4 on b4 comes into your hand." — or, into Water, what the sticks decide.
/// `captured` stands on `to`, `mover` is the piece moving; `odds` only when a throw decides.
pub fn preview(l: Lang, to: Square, captured: Option<Piece>, mover: Option<Piece>, odds: Option<Odds>) -> String {
    let at = square(l, to);
    let taken = captured.map(|p| piece(l, p)).unwrap_or_default();
    let moving = mover.map(|p| piece(l, p)).unwrap_or_default();
    match (l, odds) {
        (Lang::En, None) => format!("{taken} on {at} comes into your hand."),
        (Lang::Ja, None) => format!("{at}の{taken}が手駒に入ります。"),
        (Lang::En, Some(o)) => format!(
            "Water: the sticks decide, {}: {taken} on {at} comes into your hand, or else your {moving} does.",
            odds_words(l, o)
        ),
        (Lang::Ja, Some(o)) => {
            format!("水：投げ棒で決まります（{}）。{at}の{taken}が手駒に入るか、さもなくば動かした{moving}が手駒に戻ります。", odds_words(l, o))
        }
    }
}

/// The prompt of the discard when every concealed piece may go (none is lit then).
pub fn discard_any(l: Lang) -> &'static str {
    l.pick(
        "Hiring: discard any piece from your hand onto the empty square.",
        "登用：手駒を1つ選び、空きマスに捨ててください。",
    )
}

/// The prompt while a chosen destination waits for the confirmation.
pub fn confirm_prompt(l: Lang) -> &'static str {
    l.pick("Confirm to end your Day, or choose another destination.", "確定で日を終えます。別の行き先も選べます。")
}

pub fn confirm_button(l: Lang) -> &'static str {
    l.pick("Confirm", "確定")
}

pub fn cancel_button(l: Lang) -> &'static str {
    l.pick("Not this one", "取り消す")
}

/// The menu's preference.
pub fn confirm_pref(l: Lang) -> &'static str {
    l.pick("Confirm the last step of each Day", "日の最後の一手を確認する")
}

pub fn confirm_pref_note(l: Lang) -> &'static str {
    l.pick(
        "On: choosing the destination first says what it will do; a second tap or Confirm ends the Day.",
        "オン：行き先を選ぶとまず結果を表示し、もう一度タップするか「確定」で日を終えます。",
    )
}
