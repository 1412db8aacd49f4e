//! The words of a finished game's rating (docs/rating.md), in English and Japanese: the
//! three figures and the score difference split into skill and luck.

use super::Lang;
use crate::fixed::Fixed;
use crate::rating::RatingFailure;

pub fn title(lang: Lang) -> &'static str {
    lang.pick("How each person played", "それぞれの打ち筋")
}

/// While the rater rates: how many items are rated of all, once the rater has said.
pub fn progress(lang: Lang, progress: Option<(usize, usize)>) -> String {
    let rating = lang.pick("Rating…", "評価中…");
    match progress {
        Some((done, all)) => format!("{rating} {done}/{all}"),
        None => rating.to_string(),
    }
}

pub fn rating_done(lang: Lang) -> &'static str {
    lang.pick("The rating of the game is ready.", "対局の評価ができました。")
}

/// Why the rating stopped. A rater that could not be loaded says what to do: it is fetched
/// when a game is first rated, and kept for offline play from then on.
pub fn failed(lang: Lang, error: &RatingFailure) -> String {
    let why = match error {
        RatingFailure::NotLoaded => {
            return lang
                .pick(
                    "Rating needs a connection the first time; it then works offline.",
                    "評価は初回だけ通信が必要です。その後はオフラインでも使えます。",
                )
                .to_string();
        }
        RatingFailure::Rater(e) => super::computer::worker_failure(lang, e),
        // The rater's own reasons are the rating crate's, in English.
        RatingFailure::Refused(refusal) => refusal.to_string(),
        RatingFailure::Unreadable(e) => match lang {
            Lang::En => e.to_string(),
            Lang::Ja => "評価の返事が読めませんでした".to_string(),
        },
    };
    match lang {
        Lang::En => format!("The rating stopped: {why}"),
        Lang::Ja => format!("評価が止まりました：{why}"),
    }
}

// The rater's words below: only the rater's module builds a person's figures
// (`html::rating_figures`).

/// A person who played no Day (the game ended before their first): no figure to give.
pub fn no_days(lang: Lang) -> &'static str {
    lang.pick("No Day played to rate.", "評価する手番がありません。")
}

/// "Agreement 80% · Costly choices 1 · Accuracy 74": agreement with the Strong player (%),
/// the costly choices and the accuracy (0–100).
pub fn figures(lang: Lang, agreement: f64, costly: usize, accuracy: f64) -> String {
    let whole = |value| Fixed { value, places: 0 };
    let (agreement, accuracy) = (whole(agreement), whole(accuracy));
    match lang {
        Lang::En => format!("Agreement {agreement}% · Costly choices {costly} · Accuracy {accuracy}"),
        Lang::Ja => format!("一致率 {agreement}%・痛い選択 {costly}・精度 {accuracy}"),
    }
}

/// What the three figures mean, for the line's tooltip and screen readers.
pub fn figures_meaning(lang: Lang) -> &'static str {
    lang.pick(
        "Agreement: the share of Days that played the Strong player's plan. Costly choices: Days that gave up at least a point and a quarter of the final margin. Accuracy: 100 when no Day gave anything up.",
        "一致率：強いコンピュータと同じ手を選んだ手番の割合。痛い選択：1点以上かつ最終点差の4分の1以上を失った手番。精度：どの手番も失わなければ100。",
    )
}

/// "Score difference +12 = skill +9.3 + luck +2.7".
pub fn skill_and_luck(lang: Lang, difference: f64, skill: f64, luck: f64) -> String {
    let (d, s, l) = (signed(difference, 0), signed(skill, 1), signed(luck, 1));
    match lang {
        Lang::En => format!("Score difference {d} = skill {s} + luck {l}"),
        Lang::Ja => format!("点差 {d} = 実力 {s} + 運 {l}"),
    }
}

/// The chart's bars, in its order: the score difference, skill and luck.
pub fn bar_names(lang: Lang) -> [&'static str; 3] {
    match lang {
        Lang::En => ["Score", "Skill", "Luck"],
        Lang::Ja => ["点差", "実力", "運"],
    }
}

/// A number of points with its sign, to `decimals` places; a minus sign, never "-0". Written
/// with [`Fixed`], so that the page carries no float printer.
pub fn signed(x: f64, decimals: u8) -> String {
    let shown = Fixed { value: x.abs(), places: decimals }.to_string();
    if shown.trim_start_matches(['0', '.']).is_empty() {
        return format!("±{shown}");
    }
    let sign = if x < 0.0 { "−" } else { "+" };
    format!("{sign}{shown}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_figure_shows_its_sign_and_no_negative_zero() {
        assert_eq!(signed(2.66, 1), "+2.7");
        assert_eq!(signed(-12.0, 0), "−12");
        assert_eq!(signed(-0.01, 1), "±0.0");
        assert_eq!(skill_and_luck(Lang::En, 12.0, 9.34, 2.66), "Score difference +12 = skill +9.3 + luck +2.7");
        assert_eq!(figures(Lang::Ja, 80.4, 1, 73.6), "一致率 80%・痛い選択 1・精度 74");
    }
}
