//! The menu's switches for how the table feels ([`crate::feel`]).

use super::Lang;
use crate::feel::Pref;

/// A switch's label.
pub fn label(l: Lang, pref: Pref) -> &'static str {
    match pref {
        Pref::TurnBoard => l.pick("Turn the board toward the player whose Day it is", "手番の人に盤を向ける"),
        Pref::Motion => l.pick("Animate moves", "駒の動きをアニメーションで表示"),
        Pref::Sound => l.pick("Sound", "効果音"),
        Pref::Vibrate => l.pick("Vibration", "振動"),
    }
}

/// What a switch does, under it.
pub fn note(l: Lang, pref: Pref) -> &'static str {
    match pref {
        Pref::TurnBoard => l.pick(
            "For a tablet lying in the middle of the table: the board and its labels face the person whose Day it is.",
            "机の中央に置いたタブレット向け：盤と文字が手番の人の側を向きます。",
        ),
        Pref::Motion => l.pick(
            "The moved piece slides and the taken piece flies to the hand. Off while your device asks for reduced motion.",
            "動いた駒が滑り、取った駒が手駒へ飛びます。端末で「視差効果を減らす」が有効なときは表示しません。",
        ),
        Pref::Sound => l.pick(
            "A short tone for a discard, a move, a capture, a throw and a declaration.",
            "捨て・移動・取り・棒の投げ・宣言のときに短い音を鳴らします。",
        ),
        Pref::Vibrate => l.pick(
            "A short pulse for your own steps, on devices that can vibrate.",
            "自分の操作のときに短く振動します（対応端末のみ）。",
        ),
    }
}
