//! The game on the shared screen, from the public view only ([`PublicView`]: no hand's
//! concealed pieces reach this file, nor the host that holds them): where the game stands,
//! the board's canvas (painted by the shell with the game's board renderer from
//! [`crate::tablet::scene`]), the narration of the Day under way and of the last Day (a
//! computer seat's too), each seat's revealed Departments and count of concealed pieces,
//! the Season log, and the table's buttons, its next deal round or its final scores.

use crate::html::markup::{esc, explained, seat_chip, stick_faces, tile, tiles};
use crate::html::season_log::public_log_section;
use crate::i18n::table_mode::{concealed_count, deal_waits_for, deal_withheld_by, dealing_season, t, T};
use crate::i18n::tablet::{choosing, sentences, step_line, w, W};
use crate::i18n::{self, season_log as log_words, Lang};
use crate::season_log::public_season_log;
use crate::tablet::{board_label, who};
use lauzait_engine::{PublicView, Status};
use lauzait_table_mode::controls::HostControl;

/// What the shared screen shows besides the public view, as plain data (the host, which
/// holds every hand, is not handed to this file).
pub struct Around {
    /// The seats' names, in seat order.
    pub names: Vec<String>,
    /// The next Season's deal round under way.
    pub dealing: Option<Dealing>,
    /// Whether this screen takes the table's decisions (the next Season, ending the game):
    /// table mode's board does; a page by turns offers its own buttons, or none to a guest.
    pub decisions: bool,
}

/// A deal round under way: its number and each seat it waits for (its name, and whether
/// its phone is at the table).
pub struct Dealing {
    pub round: u32,
    pub waits: Vec<(u8, String, bool)>,
    /// The list of commitments was shown and the round waits for secrets: the seats it waits
    /// for hold it back, and the table may give them to new phones and deal again.
    pub withheld: bool,
}

/// The id of the board's canvas, which the shell paints.
pub const BOARD_CANVAS: &str = "tablet-board";

pub fn tablet(l: Lang, view: &PublicView, around: &Around) -> String {
    let names = &around.names;
    let who = |i: usize| who(l, view, names, i);
    let playing = view.status() == Status::Playing;
    // Whose Day it is only while one is played: after a Season the last Day's player
    // holds no turn.
    let whose =
        if playing { format!(" · <b>{}</b>", esc(&i18n::whose_day(l, &who(view.to_move())))) } else { String::new() };
    let mut side = narration(l, view, &who);
    side.push_str(&seats(l, view, names));
    if let Some(lum) = view.luminous() {
        side.push_str(&format!("<p class=\"note\">{} {}</p>", esc(t(l, T::Luminous)), tile(l, lum, true)));
    }
    side.push_str(&match &around.dealing {
        Some(d) => dealing(l, d),
        None if around.decisions => table_buttons(l, view, &who),
        None if matches!(view.status(), Status::GameOver { .. }) => final_scores(l, view, &who),
        None => String::new(),
    });
    let log = public_log_section(l, view, &who);
    format!(
        "<section id=\"tablet\" class=\"tablet\"><p class=\"where\" id=\"where\">{} · {}{whose}</p>\
         <div class=\"tablet-main\"><canvas id=\"{BOARD_CANVAS}\" role=\"img\" aria-label=\"{}\"></canvas>\
         <div class=\"tablet-side\">{side}</div></div><div id=\"log\" class=\"tablet-log\">{log}</div></section>",
        esc(&i18n::season_of(l, view.season_number(), view.scores().len())),
        esc(&i18n::day_n(l, view.day_number())),
        esc(&board_label(l, view, names)),
    )
}

/// What is happening: the steps of the Day under way and what its player chooses now,
/// then the last Day as the Season log words it, with its throw of the sticks.
fn narration(l: Lang, view: &PublicView, who: &dyn Fn(usize) -> String) -> String {
    let playing = view.status() == Status::Playing;
    // Between Seasons and after the game there is no step under way: the last Day heads it.
    let title = if playing { W::Now } else { W::LastDay };
    let mut html = format!(
        "<section id=\"narration\" aria-labelledby=\"now-title\"><h2 id=\"now-title\">{}</h2>",
        esc(w(l, title))
    );
    if playing {
        let mover = who(view.to_move());
        let mut lines: Vec<String> = view.day_steps().iter().map(|s| step_line(l, &mover, view, s)).collect();
        lines.push(choosing(l, &mover, view));
        html.push_str(&format!("<p class=\"now\">{}</p>", esc(&sentences(l, &lines))));
    }
    let log = public_season_log(view);
    if let Some(day) = log.days.last() {
        let sticks = day
            .record
            .sticks
            .map(|st| format!("<span class=\"sticks\" aria-hidden=\"true\">{}</span>", stick_faces(st.0)));
        let heading = if playing { format!("<h3>{}</h3>", esc(w(l, W::LastDay))) } else { String::new() };
        html.push_str(&format!(
            "{heading}<p class=\"last\" data-day=\"{}\">{}{}</p>",
            day.number,
            explained(l, &log_words::day_line_by(l, who, day), &mut Default::default()),
            sticks.unwrap_or_default()
        ));
    }
    if let Some(end) = &log.end {
        let line = log_words::end_line_by(l, who, (view.season_number(), view.scores().len()), end);
        html.push_str(&format!("<p class=\"last end\">{}</p>", esc(&line)));
    }
    html.push_str("</section>");
    html
}

/// Each seat: its chip, name and score, its revealed Departments and how many pieces it
/// conceals — never which.
fn seats(l: Lang, view: &PublicView, names: &[String]) -> String {
    let playing = view.status() == Status::Playing;
    let mut html = String::from("<div class=\"seats\">");
    for (p, &seat) in view.seats().iter().enumerate() {
        let deps: String = view
            .departments(p)
            .iter()
            .map(|d| format!("<span class=\"dep\">{}</span>", tiles(l, &d.pieces, true)))
            .collect();
        let score = view.scores().get(p).copied().unwrap_or_default();
        html.push_str(&format!(
            "<div class=\"seat-box{}\" data-seat=\"{p}\">{}<b>{}</b> <span class=\"score\">{}</span><div>{deps} <span class=\"hidden-count\">{}</span></div></div>",
            if p == view.to_move() && playing { " moving" } else { "" },
            seat_chip(seat),
            esc(names.get(p).map(String::as_str).unwrap_or("")),
            esc(&i18n::score_now(l, score, view.uncommitted_points(p))),
            esc(&concealed_count(l, view.concealed_count(p))),
        ));
    }
    html.push_str("</div>");
    html
}

/// The next Season's deal round under way: which phones it waits for, and that a phone
/// away from the table holds it until it rejoins; once the list of commitments was shown,
/// that the phones it waits for have not revealed, and the button that gives their seats to
/// new phones and deals again (a phone that never reveals would hold the table for ever).
pub fn dealing(l: Lang, d: &Dealing) -> String {
    let waits: String = (d.waits.iter())
        .map(|(s, name, here)| {
            let class = if *here { "note" } else { "errorbox" };
            let text = if d.withheld { deal_withheld_by(l, name, *here) } else { deal_waits_for(l, name, *here) };
            format!("<li class=\"{class}\" data-seat=\"{s}\">{}</li>", esc(&text))
        })
        .collect();
    let again = if d.withheld {
        format!(
            "<p class=\"row\"><button id=\"{}\" class=\"quiet\">{}</button></p>",
            HostControl::DealAgain.id(),
            esc(t(l, T::DealAgain))
        )
    } else {
        String::new()
    };
    format!(
        "<div id=\"dealing\" data-round=\"{}\"><p><b>{}</b></p><ul>{waits}</ul>{again}</div>",
        d.round,
        esc(&dealing_season(l, d.round))
    )
}

/// The table's buttons between Days and Seasons, and the final scores once the game is over.
fn table_buttons(l: Lang, view: &PublicView, who: &dyn Fn(usize) -> String) -> String {
    match view.status() {
        // Between Days the table may end the Season (a Season nobody can finish) or the game
        // (R20) by agreement.
        Status::Playing if view.may_end_game_by_agreement() => format!(
            "<p class=\"row\"><button id=\"{}\" class=\"quiet\">{}</button><button id=\"{}\" class=\"quiet\">{}</button></p>",
            HostControl::EndSeason.id(),
            esc(t(l, T::EndSeason)),
            HostControl::EndGame.id(),
            esc(t(l, T::EndGame))
        ),
        Status::Playing => String::new(),
        Status::SeasonOver => format!(
            "<p class=\"row\"><span>{}</span><button id=\"{}\" class=\"primary\">{}</button><button id=\"{}\">{}</button></p>",
            esc(t(l, T::SeasonOver)),
            HostControl::NextSeason.id(),
            esc(t(l, T::NextSeason)),
            HostControl::EndGame.id(),
            esc(t(l, T::EndGame))
        ),
        Status::GameOver { .. } => final_scores(l, view, who),
    }
}

/// The game's end: its final scores, highest first (a tie keeps the seats' order).
fn final_scores(l: Lang, view: &PublicView, who: &dyn Fn(usize) -> String) -> String {
    let mut order: Vec<usize> = (0..view.scores().len()).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(view.scores()[p]));
    let best = order.first().map(|&p| view.scores()[p]);
    let rows: String = order
        .iter()
        .map(|&p| {
            let score = view.scores()[p];
            format!(
                "<li data-seat=\"{p}\"{}>{} — {}</li>",
                if Some(score) == best { " class=\"winner\"" } else { "" },
                esc(&who(p)),
                esc(&i18n::pts(l, score))
            )
        })
        .collect();
    format!(
        "<div id=\"game-over\"><p class=\"winner\">{}</p><h2>{}</h2><ol class=\"final\">{rows}</ol></div>",
        esc(t(l, T::GameOver)),
        esc(w(l, W::FinalScores))
    )
}
