//! What a Season's end shows: the scoring screen (the hand and its patterns), the Season
//! summary, and the final results with the score history.

use super::markup::{button, card, esc, seat_chip, tiles};
use crate::i18n::{self, s, screens as words, Lang, S};
use crate::model::Model;
use crate::msg::Intent;
use crate::out_of_line::out_of_line;
use lauzait_engine::{Game, Pattern, Patterns, Piece, SeasonEnd, Status};

/// Every pattern of the summary sheet with the points it scored (R17, R19, R30), as a
/// table with the HTML id `id` (its total `<id>-total`): the scoring screen's and the
/// scoring embed's.
pub fn patterns_table(lang: Lang, p: &Patterns, luminous_rule: bool, id: &str) -> String {
    let mut out = format!(
        "<table class=\"scores\" id=\"{id}\"><thead><tr><th>{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
        esc(s(lang, S::Pattern)),
        esc(s(lang, S::Points))
    );
    for id in Pattern::ALL {
        if id == Pattern::Luminous && !luminous_rule {
            continue;
        }
        let pts = p.get(id);
        let class = if pts > 0 { "got" } else { "not" };
        let value = if pts > 0 { format!("+{pts}") } else { "—".into() };
        out.push_str(&format!(
            "<tr class=\"{class}\"><td>{}<span class=\"cond\">{} · {}</span></td><td class=\"n\">{value}</td></tr>",
            esc(i18n::pattern_name(lang, id)),
            esc(i18n::pattern_condition(lang, id)),
            esc(&words::pattern_points(lang, id))
        ));
    }
    out.push_str(&format!(
        "<tr class=\"total\"><td>{}</td><td class=\"n\" id=\"{id}-total\">{}</td></tr></tbody></table>",
        esc(s(lang, S::Total)),
        p.total()
    ));
    out
}

/// The nine pieces of the hand of the Day's player: Departments, then concealed.
pub fn hand_tiles(lang: Lang, g: &Game, small: bool) -> String {
    let hand = &g.day().hand;
    let mut out = String::from("<div class=\"row\" id=\"declared-hand\">");
    for d in &hand.departments {
        out.push_str(&tiles(lang, &d.pieces, small));
    }
    let concealed: Vec<Piece> = hand.concealed.pieces().collect();
    if !concealed.is_empty() {
        out.push_str(&tiles(lang, &concealed, small));
    }
    out.push_str("</div>");
    out
}

pub fn scoring(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let g = &sess.game();
    let Some(result) = g.results().last() else { return String::new() };
    let (player, patterns, stalemate, concealed) = match result.end {
        SeasonEnd::Declared { player, concealed, patterns } => (player, patterns, false, concealed),
        SeasonEnd::Stalemate { player, patterns } => (player, patterns, true, false),
        SeasonEnd::ByAgreement => return season_summary(app),
    };
    let who = sess.who(lang, player);
    let title = if stalemate {
        format!("{} — {}", i18n::pattern_name(lang, Pattern::Stalemate), who)
    } else {
        format!("{} — {}", s(lang, S::ScoringTitle), who)
    };
    let mut body = hand_tiles(lang, g, false);
    body.push_str(&patterns_table(lang, &patterns, g.options().luminous(), "patterns"));
    let note = if stalemate {
        words::stalemate_scores(lang).to_string()
    } else if concealed {
        words::concealed_scores(lang).to_string()
    } else {
        words::bonuses_kept(lang, g.season_bonuses(result.season, player))
    };
    body.push_str(&format!("<p class=\"note\">{}</p>", esc(&note)));
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-continue", Intent::ScoringDone, "primary big", s(lang, S::Continue), true)
    ));
    card(&esc(&title), &body)
}

fn end_text(app: &Model, end: &SeasonEnd) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    match *end {
        SeasonEnd::Declared { player, patterns, .. } => {
            words::declared(lang, &sess.who(lang, player), patterns.total() as i32)
        }
        SeasonEnd::Stalemate { player, patterns } => {
            words::stalemated(lang, &sess.who(lang, player), patterns.total() as i32)
        }
        SeasonEnd::ByAgreement => s(lang, S::ByAgreement).to_string(),
    }
}

pub fn season_summary(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let g = &sess.game();
    let Some(result) = g.results().last() else { return String::new() };
    let total_seasons = g.scores().len();
    let mut body = format!("<p id=\"season-end\">{}</p>", esc(&end_text(app, &result.end)));
    body.push_str(&format!(
        "<table class=\"scores\" id=\"season-scores\"><thead><tr><th><span class=\"sr-only\">{}</span></th><th class=\"n\">{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
        esc(i18n::screens::player_header(lang)),
        esc(&i18n::season_of(lang, result.season, total_seasons)),
        esc(s(lang, S::Total))
    ));
    for p in 0..g.scores().len() {
        let seat = g.options().seats()[p];
        body.push_str(&format!(
            "<tr><td>{}{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            seat_chip(seat),
            esc(&sess.who(lang, p)),
            i18n::signed_pts(lang, g.season_points(result.season, p)),
            i18n::pts(lang, g.scores()[p])
        ));
    }
    body.push_str("</tbody></table>");
    body.push_str("<div class=\"row end\">");
    if matches!(g.status(), Status::GameOver { .. }) {
        body.push_str(&button("btn-final", Intent::Final, "primary big", s(lang, S::SeeResults), true));
    } else {
        body.push_str(&button("btn-end-game", Intent::EndGame, "", s(lang, S::EndGameAgreement), false));
        body.push_str(&button("btn-next-season", Intent::NextSeason, "primary big", s(lang, S::NextSeason), true));
    }
    body.push_str("</div>");
    card(
        &format!(
            "{} — {}",
            esc(&i18n::season_of(lang, result.season, total_seasons)),
            esc(s(lang, S::SeasonOverTitle))
        ),
        &body,
    )
}

pub fn final_results(app: &Model) -> String {
    let lang = app.lang;
    let Some(sess) = app.table.shown() else { return String::new() };
    let g = &sess.game();
    let leaders = g.leaders();
    let names: Vec<String> = leaders.iter().map(|&p| sess.who(lang, p)).collect();
    let label = if leaders.len() > 1 { s(lang, S::Winners) } else { s(lang, S::Winner) };
    let mut body = format!("<p class=\"winner\" id=\"winners\">★ {}</p>", esc(&words::winners(lang, label, &names)));
    if let Status::GameOver { by_agreement: true } = g.status() {
        body.push_str(&format!("<p class=\"note\">{}</p>", esc(words::game_ended_by_agreement(lang))));
    }
    // Score history: one row per Season, one column per player. With four players on a
    // small phone the table is wider than the dialog: its box scrolls sideways, and so takes
    // the keyboard's focus and is named by its heading (axe-core, scrollable-region-focusable).
    body.push_str(&format!(
        "<h3 id=\"history-title\">{}</h3><div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"history-title\"><table class=\"scores\" id=\"history\"><thead><tr><th><span class=\"sr-only\">{}</span></th>",
        esc(s(lang, S::History)),
        esc(i18n::screens::season_header(lang))
    ));
    for p in 0..g.scores().len() {
        body.push_str(&format!(
            "<th class=\"n\">{}{}</th>",
            seat_chip(g.options().seats()[p]),
            esc(&sess.name(lang, p))
        ));
    }
    body.push_str("</tr></thead><tbody>");
    for r in g.results() {
        body.push_str(&format!(
            "<tr><td>{}<span class=\"cond\">{}</span></td>",
            esc(&i18n::season_of(lang, r.season, g.scores().len())),
            esc(&end_text(app, &r.end))
        ));
        for p in 0..g.scores().len() {
            body.push_str(&format!("<td class=\"n\">{}</td>", g.season_points(r.season, p)));
        }
        body.push_str("</tr>");
    }
    // A game ended by agreement during a Season: that Season has no result, but its
    // bonuses and refunds still count.
    if let Some(current) = g.season_without_result() {
        body.push_str(&format!(
            "<tr><td>{}<span class=\"cond\">{}</span></td>",
            esc(&i18n::season_of(lang, current, g.scores().len())),
            esc(s(lang, S::ByAgreement))
        ));
        for p in 0..g.scores().len() {
            body.push_str(&format!("<td class=\"n\">{}</td>", g.season_points(current, p)));
        }
        body.push_str("</tr>");
    }
    body.push_str(&format!("<tr class=\"total\"><td>{}</td>", esc(s(lang, S::Total))));
    for p in 0..g.scores().len() {
        let star = if leaders.contains(&p) { "★ " } else { "" };
        body.push_str(&format!("<td class=\"n\">{star}{}</td>", g.scores()[p]));
    }
    body.push_str("</tr></tbody></table></div>");
    body.push_str(&format!(
        "<div class=\"row end\">{}</div>",
        button("btn-new-game", Intent::NewGame, "primary big", s(lang, S::NewGame), true)
    ));
    card(&esc(s(lang, S::FinalTitle)), &body)
}

/// The rating's section of the final results. It goes last in the card (`dialogs`): it grows
/// as each person's figures arrive, and nothing a person may be about to tap sits below it to
/// be pushed away. Its markup stays out of the shell's DOM sync, which the first screen runs.
pub fn final_rating(app: &Model) -> String {
    let rating: fn(&Model) -> String = super::rating::section;
    out_of_line(rating)(app)
}
