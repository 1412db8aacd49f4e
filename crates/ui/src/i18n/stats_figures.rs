//! The words of your record's figures (docs/history.md), in English and Japanese: the
//! totals', the table's, the rating's and the charts' words and the sentence read out
//! ([`summary`]). The rater's worker builds the figures (`html::stats::figures`) and sends
//! them finished: only the rater's module uses these; the screen's frame has its own
//! (`super::stats`).

use super::{kind_label, Lang};
use crate::fixed::Fixed;
use lauzait_bots::{Level, Player};
use lauzait_history::{Rated, Statistics, Tally};

/// The fixed words of the figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F {
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
}

pub fn f(lang: Lang, key: F) -> &'static str {
    use F::*;
    match key {
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
