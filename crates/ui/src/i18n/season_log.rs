//! The Season log's words: one line per Day (the Hiring worded as the live region words it,
//! [`narration::hire_words`]), the Season's end, the log's title and its toggle, and the
//! whole log read out on request (key G).

use super::{narration, pieces, s, Lang, S};
use crate::play::session::Session;
use crate::season_log::{season_log, LogDay, SeasonLog};
use lauzait_engine::SeasonEnd;

pub fn title(l: Lang) -> &'static str {
    l.pick("Season log", "ラウンドの記録")
}

/// The phone's button that shows or hides the log.
pub fn toggle(l: Lang) -> &'static str {
    l.pick("Log", "記録")
}

pub fn empty(l: Lang) -> &'static str {
    l.pick("No Day has been played yet this Season.", "このラウンドはまだ誰も手番を終えていません。")
}

/// "Day 3 — Red forms a Department: … Red discarded … Sticks: 4 dark faces (3–5): …".
pub fn day_line(lang: Lang, sess: &Session, day: &LogDay) -> String {
    day_line_by(lang, &|p| sess.who(lang, p), day)
}

/// [`day_line`] with each player worded by `who` (a shared screen has no [`Session`]).
pub fn day_line_by(lang: Lang, who: &dyn Fn(usize) -> String, day: &LogDay) -> String {
    let who = who(day.record.player);
    let mut parts = vec![super::day_n(lang, day.number)];
    if let Some(set) = day.dissolved {
        parts.push(match lang {
            Lang::En => format!("{who} dissolves {}.", pieces(lang, &set)),
            Lang::Ja => format!("{who}が{}を温故知新。", pieces(lang, &set)),
        });
    }
    if let Some(set) = day.formed {
        parts.push(formed(lang, &who, set, day));
    }
    parts.push(narration::hire_words(lang, &who, &day.record, Some(day.mover)));
    let sep = lang.pick(" — ", "：");
    format!("{}{sep}{}", parts[0], parts[1..].join(" "))
}

/// "Red forms Green 4, Joker, Joker read as Green 4, Green 4, Green 4: three-of-a-kind, +4 pts."
fn formed(lang: Lang, who: &str, set: [lauzait_engine::Piece; 3], day: &LogDay) -> String {
    let (Some(reading), Some(bonus)) = (day.formed_as, day.formed_bonus()) else {
        return match lang {
            Lang::En => format!("{who} forms {}.", pieces(lang, &set)),
            Lang::Ja => format!("{who}が{}を配属。", pieces(lang, &set)),
        };
    };
    let kind = super::reading_kind(lang, reading.kind());
    let bonus = super::signed_pts(lang, bonus.into());
    let read = reading.joker_stands_for(&set).map(|read| pieces(lang, &read));
    match (lang, read) {
        (Lang::En, Some(read)) => format!("{who} forms {} read as {read}: {kind}, {bonus}.", pieces(lang, &set)),
        (Lang::En, None) => format!("{who} forms {}: {kind}, {bonus}.", pieces(lang, &set)),
        (Lang::Ja, Some(read)) => format!("{who}が{}を{read}として配属：{kind}、{bonus}。", pieces(lang, &set)),
        (Lang::Ja, None) => format!("{who}が{}を配属：{kind}、{bonus}。", pieces(lang, &set)),
    }
}

/// How the Season ended, for its last line.
pub fn end_line(lang: Lang, sess: &Session, end: &SeasonEnd) -> String {
    let g = sess.game();
    end_line_by(lang, &|p| sess.who(lang, p), (g.season().number, g.scores().len()), end)
}

/// [`end_line`] with each player worded by `who`, in Season `season.0` of `season.1` players.
pub fn end_line_by(lang: Lang, who: &dyn Fn(usize) -> String, season: (u8, usize), end: &SeasonEnd) -> String {
    match *end {
        SeasonEnd::Declared { player, patterns, .. } => {
            narration::declared(lang, &who(player), false, patterns.total())
        }
        SeasonEnd::Stalemate { player, patterns } => narration::declared(lang, &who(player), true, patterns.total()),
        SeasonEnd::ByAgreement => {
            format!("{} — {}", super::season_of(lang, season.0, season.1), s(lang, S::ByAgreement))
        }
    }
}

/// Every line of the shown Season's log, in order.
pub fn lines(lang: Lang, sess: &Session) -> Vec<String> {
    let SeasonLog { days, end } = season_log(sess.game());
    let mut lines: Vec<String> = days.iter().map(|d| day_line(lang, sess, d)).collect();
    lines.extend(end.iter().map(|e| end_line(lang, sess, e)));
    lines
}

/// The log read out (key G): the Season, then its Days, the latest last.
pub fn readout(lang: Lang, sess: &Session) -> String {
    let g = sess.game();
    let head = super::season_of(lang, g.season().number, g.scores().len());
    let lines = lines(lang, sess);
    if lines.is_empty() {
        return format!("{head}. {}", empty(lang));
    }
    format!("{head}. {}", lines.join(" "))
}
