//! A spectator's page in table mode (table.html with a spectator's link), as HTML built
//! natively from its pure screen (`lauzait_table_mode::spectator_screen`): the answer's code
//! while pairing, as a phone's page shows it, then the public view the board sends — where
//! the game stands, the board, each seat's score, revealed Departments and count of
//! concealed pieces, and the Season's log as everyone saw it (its Days seen). It is drawn
//! from [`SpectatorView`] alone, which holds no concealed piece. The spectator's shell
//! (`web::table::spectator_page`, in the host's module) sets it in the page and paints its
//! tiles.

use super::answering::{answer, connection_notices};
use super::notices::{notices, problem_text, Notices};
use crate::html::markup::{esc, seat_chip, tile, tiles};
use crate::html::season_log::seen_day_line;
use crate::html::table::tablet::BOARD_CANVAS;
use crate::i18n::spectator::{s, S};
use crate::i18n::table_mode::{concealed_count, t, T};
use crate::i18n::{self, season_log, Lang};
use lauzait_engine::{SpectatorView, Square, Status};
use lauzait_table_mode::spectator_screen::SpectatorScreen;

/// The page of `screen` in `l`; `can_share`: whether the browser has a share sheet for the
/// answer's link.
pub fn page(l: Lang, screen: &SpectatorScreen, can_share: bool) -> String {
    let mut html = format!("<h1>{}</h1>", esc(s(l, S::PageTitle)));
    let problem = screen.answering().problem().map(|problem| problem_text(l, problem));
    html.push_str(&notices(l, Notices { problem: problem.as_deref(), ..Notices::default() }));
    html.push_str(&connection_notices(l, screen.answering(), s(l, S::Lost)));
    if screen.answering().pairing() {
        html.push_str(&answer(l, screen.answering(), can_share));
        return html;
    }
    match screen.view() {
        None => html.push_str(&format!("<p id=\"waiting\">{}</p>", esc(s(l, S::WaitingForBoard)))),
        Some((_, view)) => html.push_str(&watched(l, view, screen.names())),
    }
    html
}

/// How [`watched_as`] shows the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardAs {
    /// Five rows of tiles: a spectator's page, which paints no canvas.
    Tiles,
    /// The game's board drawn on the tablet's canvas (its shell paints it,
    /// `lauzait_ui::tablet::spectator_scene`), the tiles kept for screen readers alone.
    Canvas,
}

/// The public view: where the game stands, the board, the seats (by the table's `names`,
/// else their colours) and the Season's log. A spectator's link by turns shows the same.
pub fn watched(l: Lang, view: &SpectatorView, names: &[String]) -> String {
    watched_as(l, view, names, BoardAs::Tiles)
}

/// [`watched`], the board shown `board`.
pub fn watched_as(l: Lang, view: &SpectatorView, names: &[String], board: BoardAs) -> String {
    let seats = view.options.seats();
    let name = |p: usize| match names.get(p) {
        Some(name) => name.as_str(),
        None => seats.get(p).map_or("", |&seat| i18n::seat_name(l, seat)),
    };
    let chip = |p: usize| seats.get(p).map(|&seat| seat_chip(seat)).unwrap_or_default();
    let whose = if view.status == Status::Playing {
        format!(" · {}{}", chip(view.to_move), esc(&i18n::whose_day(l, name(view.to_move))))
    } else {
        String::new()
    };
    let mut html = format!(
        "<p class=\"note\">{}</p><p class=\"where\" id=\"where\">{} · {}{whose}</p>",
        esc(s(l, S::PageNote)),
        esc(&i18n::season_of(l, view.season, seats.len())),
        esc(&i18n::day_n(l, view.day)),
    );
    // The board as five rows of five squares as seen from the red edge (rank 5 on top, files
    // a–e left to right, as the board's own drawing), each its piece or empty, named for
    // screen readers by its square.
    let cells: String = (0..5u8)
        .rev()
        .flat_map(|rank| (0..5u8).filter_map(move |file| Square::new(file, rank)))
        .map(|sq| match view.board.get(sq) {
            Some(piece) => tile(l, piece, false),
            None => format!("<span class=\"empty\" role=\"img\" aria-label=\"{}\"></span>", esc(&i18n::square(l, sq))),
        })
        .collect();
    html.push_str(&match board {
        BoardAs::Tiles => {
            format!("<h2>{}</h2><div class=\"watch-board\" id=\"watch-board\">{cells}</div>", esc(s(l, S::Board)))
        }
        // The canvas shows what the tiles say; a screen reader reads the tiles, square by square.
        BoardAs::Canvas => format!(
            "<h2>{}</h2><canvas id=\"{BOARD_CANVAS}\" aria-hidden=\"true\"></canvas>\
             <div class=\"watch-board sr-only\" id=\"watch-board\">{cells}</div>",
            esc(s(l, S::Board))
        ),
    });
    if let Some(lum) = view.luminous {
        html.push_str(&format!("<p class=\"note\">{} {}</p>", esc(t(l, T::Luminous)), tile(l, lum, true)));
    }
    html.push_str("<ul class=\"watch-seats\" id=\"watch-seats\">");
    for (p, hand) in view.hands.iter().enumerate() {
        let score = view.scores.get(p).copied().unwrap_or_default();
        let deps: String = hand
            .departments
            .iter()
            .map(|d| format!("<span class=\"dep\">{}</span>", tiles(l, &d.pieces, true)))
            .collect();
        html.push_str(&format!(
            "<li data-seat=\"{p}\">{}<b>{}</b> {} · {}<br>{deps}</li>",
            chip(p),
            esc(name(p)),
            esc(&i18n::score_now(l, score, 0)),
            esc(&concealed_count(l, hand.concealed)),
        ));
    }
    html.push_str("</ul>");
    let who = |p: usize| format!("{}{}", chip(p), esc(name(p)));
    html.push_str(&log(l, view, &who));
    html
}

/// The Season's log: one line per committed Day, newest last, as everyone saw it; before the
/// Season's first Day is played, the game's own words for an empty log (a heading over
/// nothing read as a page that failed to load).
fn log(l: Lang, view: &SpectatorView, who: &dyn Fn(usize) -> String) -> String {
    let items: String =
        view.seen_days.iter().enumerate().map(|(i, d)| format!("<li>{}</li>", seen_day_line(l, i, d, who))).collect();
    let body = if items.is_empty() {
        format!("<p class=\"empty\">{}</p>", esc(season_log::empty(l)))
    } else {
        format!("<ol>{items}</ol>")
    };
    format!("<section id=\"watch-log\"><h2>{}</h2>{body}</section>", esc(season_log::title(l)))
}
