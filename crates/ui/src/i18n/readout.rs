//! What a screen-reader user can ask to hear at any moment (keys H and S, and the start of
//! their Day): their own hand, and every player's score, hand size and revealed
//! Departments. Only what the player whose Day it is may see (R40): their own concealed
//! pieces, everyone's revealed sets.

use super::{pieces, pts, Lang};
use crate::play::session::Session;

/// "Your hand: Green 3, Green 5, Joker … Revealed: Green 1, Green 2, Green 3."
/// `shown`: whose hand is face up (`None`: it is hidden until the hand-over).
pub fn hand(lang: Lang, sess: &Session, shown: Option<usize>) -> String {
    let g = sess.game();
    let Some(me) = shown else {
        return lang.pick("The hand is hidden until the hand-over.", "手駒は交代まで伏せてあります。").to_string();
    };
    let Some(view) = g.view(me) else { return String::new() };
    let concealed: Vec<_> = view.my_concealed().pieces().collect();
    let mut text = match lang {
        Lang::En => format!("{}'s hand: {}.", sess.who(lang, me), pieces(lang, &concealed)),
        Lang::Ja => format!("{}の手駒：{}。", sess.who(lang, me), pieces(lang, &concealed)),
    };
    let revealed = view.departments(me);
    if !revealed.is_empty() {
        text.push_str(lang.pick(" Revealed: ", " 公開済み："));
        let sets: Vec<String> = revealed.iter().map(|d| pieces(lang, &d.pieces)).collect();
        text.push_str(&sets.join(lang.pick("; ", "／")));
        text.push_str(lang.pick(".", "。"));
    }
    text
}

/// One sentence per player: score, hand size, revealed Departments.
pub fn scores(lang: Lang, sess: &Session) -> String {
    let g = sess.game();
    let Some(view) = g.view(g.to_move()) else { return String::new() };
    (0..g.scores().len())
        .map(|p| {
            let sets: Vec<String> = view.departments(p).iter().map(|d| pieces(lang, &d.pieces)).collect();
            let who = sess.who(lang, p);
            let score = pts(lang, g.scores()[p]);
            let n = view.concealed_count(p);
            match (lang, sets.is_empty()) {
                (Lang::En, true) => format!("{who}: {score}, {n} concealed, nothing revealed."),
                (Lang::En, false) => format!("{who}: {score}, {n} concealed, revealed {}.", sets.join("; ")),
                (Lang::Ja, true) => format!("{who}：{score}、手駒{n}、公開なし。"),
                (Lang::Ja, false) => format!("{who}：{score}、手駒{n}、公開：{}。", sets.join("／")),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
