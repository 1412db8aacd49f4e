//! The embedded boards' words (src/web/embed.rs, EMBEDDING.md): the canvas's name and the
//! captions of the position and of each demonstration.

use super::Lang;
use crate::embed::param_error::{EmbedError, EmbedParamError, ScoringHandError};
use lauzait_engine::Square;

/// The first mistake in the embed's address or in a demonstration's pieces: the parameter to
/// mend by its name in the address, then the reader's own words (which quote the value).
pub fn embed_error(l: Lang, e: &EmbedError) -> String {
    if l == Lang::En {
        return e.to_string();
    }
    match e {
        EmbedError::Param(EmbedParamError::From(e)) => format!("from：マスではありません（{e}）"),
        EmbedError::Param(EmbedParamError::NotADemo { name }) => {
            format!("demo={name}：そのような実演はありません（mountain、moves、throw、readings、scoring）")
        }
        EmbedError::Param(EmbedParamError::Position(e)) => format!("局面（LZP1）が読めません：{e}"),
        EmbedError::Pieces(e) => format!("pieces：3つの駒として読めません（{e}）"),
        EmbedError::Scoring(ScoringHandError::Hand(e)) => format!("hand：手駒として読めません（{e}）"),
        EmbedError::Scoring(ScoringHandError::HandCounts(e)) => {
            format!("hand：ゲームにある数より多い駒があります（{e}）")
        }
        EmbedError::Scoring(ScoringHandError::Luminous(e)) => {
            format!("lum：手駒と合わせるとゲームにある数より多くなります（{e}）")
        }
    }
}

pub fn board_label(l: Lang) -> &'static str {
    l.pick("Lauzait Cep! board", "ラウツァイト・セプの盤")
}

/// What a position says beyond the board: "Season 2, Day 7 · Red to move ↻ · luminous Green 3".
pub fn position_info(l: Lang, season: u8, day: u32, seat: &str, arrow: &str, luminous: Option<&str>) -> String {
    let lum = luminous.map(|x| format!(" · {} {x}", self::luminous(l))).unwrap_or_default();
    match l {
        Lang::En => format!("Season {season}, Day {day} · {seat} to move {arrow}{lum}"),
        Lang::Ja => format!("ラウンド{season} · {day}手目 · {seat}の番 {arrow}{lum}"),
    }
}

/// Where the chosen piece on the Mountain may go (R12.4): `n` squares, `water` of them Water.
pub fn mountain_moves(l: Lang, piece: &str, sq: Square, n: usize, water: usize) -> String {
    match l {
        Lang::En => format!("{piece} on the Mountain ({sq}) moves in the Tam shape: the eight squares around it and the four two steps straight away, {n} destinations; {water} of them are Water (the sticks decide, R12.6)."),
        Lang::Ja => format!("山（{sq}）の{piece}は「タム」の形に動けます：周りの8マスと2マス先の4マス、計{n}マス。うち水{water}マス（投げ棒で決まる、R12.6）。"),
    }
}

/// Where the chosen piece elsewhere may go (R12.4).
pub fn moves(l: Lang, piece: &str, sq: Square, n: usize, water: usize) -> String {
    match l {
        Lang::En => format!("{piece} on {sq} may move to {n} squares (the ones around it, R12.4); {water} of them are Water (the sticks decide)."),
        Lang::Ja => format!("{sq}の{piece}：移動先{n}マス（周りの8マスまで）、うち水{water}マス（R12.4）。"),
    }
}

/// The chosen square's piece when it has none (a fresh deal's empty Mountain, R6): the
/// captions then speak of any piece there.
pub fn a_piece(l: Lang) -> &'static str {
    l.pick("A piece", "駒")
}

pub fn tap_hint(l: Lang) -> &'static str {
    l.pick("Tap a piece to see where it may move.", "駒をタップすると移動先が見えます。")
}

/// What a throw of the sticks means: `dark` of the five show the dark face (R12.6).
pub fn throw_result(l: Lang, dark: usize, arrives: bool) -> String {
    let plural = if dark == 1 { "" } else { "s" };
    match (l, arrives) {
        (Lang::En, true) => {
            format!("{dark} dark faces (3–5): the piece arrives in the Water and takes the piece there (R12.6).")
        }
        (Lang::En, false) => format!(
            "{dark} dark face{plural} (0–2): the piece does not arrive; it goes into the mover's hand instead (R12.6)."
        ),
        (Lang::Ja, true) => format!("濃い面{dark}本（3〜5）：駒は水に到着し、そこの駒を取ります（R12.6）。"),
        (Lang::Ja, false) => format!("濃い面{dark}本（0〜2）：駒は届かず、動かした駒が手駒になります（R12.6）。"),
    }
}

pub fn throw_again(l: Lang) -> &'static str {
    l.pick("Throw again", "もう一度投げる")
}

pub fn no_set(l: Lang) -> &'static str {
    l.pick("These pieces make no set (R14).", "セットになりません（R14）。")
}

/// The head of the readings table of a Joker set.
pub fn readings(l: Lang, n: usize) -> String {
    match l {
        Lang::En => format!("{n} ways to read them (R14), each with its bonus (R15):"),
        Lang::Ja => format!("読み方は{n}通り（R14、ボーナスR15）："),
    }
}

/// Before the luminous piece shown next to a hand.
pub fn luminous(l: Lang) -> &'static str {
    l.pick("luminous", "光駒")
}

pub fn cannot_declare(l: Lang) -> &'static str {
    l.pick("This hand cannot declare Lauzait-Cep! (R11).", "この手では宣言できません（R11）。")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::Embed;

    #[test]
    fn each_mistake_in_an_address_has_words_in_both_languages() {
        let addresses = [
            "#embed=&demo=moves&from=z9",
            "#embed=&demo=dance",
            "#embed=LZP1%20G1%2FG2",
            "#embed&demo=readings&pieces=G1",
            "#embed&demo=scoring&hand=zz",
            "#embed&demo=scoring&hand=G1G1G1G1G1G1G1G1G1",
        ];
        for address in addresses {
            let e = Embed::new(address, "en").caption().error.expect(address);
            let (en, ja) = (embed_error(Lang::En, &e), embed_error(Lang::Ja, &e));
            assert_eq!(en, e.to_string());
            assert_ne!(ja, en, "{address}");
        }
        let dance = EmbedError::Param(EmbedParamError::NotADemo { name: "dance".into() });
        assert_eq!(
            embed_error(Lang::En, &dance),
            "demo=dance: not a demonstration (mountain, moves, throw, readings, scoring)"
        );
        assert!(embed_error(Lang::Ja, &dance).starts_with("demo=dance："));
    }
}
