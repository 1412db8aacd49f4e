//! The words painted on the table's canvas (src/web/view/panels.rs, sticks.rs) and the
//! hand-over's picture of the sticks.

use super::Lang;
use lauzait_engine::{Direction, Seat};

/// The label over the hand of the player whose Day it is.
pub fn hand_of(l: Lang, owner: &str) -> String {
    match l {
        Lang::En => format!("{owner}'s hand"),
        Lang::Ja => format!("{owner}の手駒"),
    }
}

/// The title of the sticks thrown over the board.
pub fn sticks_thrown(l: Lang) -> &'static str {
    l.pick("Water: the sticks are thrown (R12.6)", "水：投げ棒を投げます（R12.6）")
}

/// What the landed sticks mean: `dark` of them show the dark face.
pub fn sticks_result(l: Lang, dark: usize, arrived: bool) -> String {
    match (l, arrived) {
        (Lang::En, true) => format!("{dark} dark — 3 to 5: the piece arrives"),
        (Lang::En, false) => format!("{dark} dark — 0 to 2: the piece does not arrive"),
        (Lang::Ja, true) => format!("濃い面{dark}本 — 3〜5：駒は到着"),
        (Lang::Ja, false) => format!("濃い面{dark}本 — 0〜2：駒は届かず手駒へ"),
    }
}

/// The accessible name of the sticks' picture in the hand-over.
pub fn sticks_label(l: Lang, dark: usize) -> String {
    match l {
        Lang::En => format!("{dark} of 5 sticks show the dark face"),
        Lang::Ja => format!("5本中{dark}本が濃い面"),
    }
}

/// A panel drawn as one line on a small screen: the hand's size and its revealed
/// Departments, in place of the small tiles.
pub fn panel_counts(l: Lang, concealed: usize, departments: usize) -> String {
    match (l, departments) {
        (Lang::En, 0) => format!("hand {concealed}"),
        (Lang::En, 1) => format!("hand {concealed} · 1 Dept."),
        (Lang::En, d) => format!("hand {concealed} · {d} Depts."),
        (Lang::Ja, 0) => format!("手駒{concealed}"),
        (Lang::Ja, d) => format!("手駒{concealed}・役{d}"),
    }
}

/// The frame's words for a seat nobody plays in this game.
pub fn empty_seat(l: Lang) -> &'static str {
    l.pick("empty seat", "空席")
}

/// The direction of play as an arrow (the panels' info line, an embed's position line).
pub fn direction_arrow(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "↻",
        Direction::Counterclockwise => "↺",
    }
}

/// A seat's words in the board's frame: the seat, the player's name unless there is none or
/// it is the seat's own, and the score.
pub fn seat_label(lang: Lang, seat: Seat, name: Option<&str>, score: Option<i32>) -> String {
    let mut words = super::seat_name(lang, seat).to_string();
    if let Some(name) = name.filter(|n| !super::is_seat_name(n, seat)) {
        words.push_str(" · ");
        words.push_str(name);
    }
    if let Some(score) = score {
        words.push_str(" · ");
        words.push_str(&super::pts(lang, score));
    }
    words
}
