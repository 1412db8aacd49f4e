//! The shared board's markup, drawn from a seat-free summary of the game: the squares,
//! each hand's revealed Departments and concealed *count* — never its pieces — the scores
//! and whose Day it is. Used by the host's screen.

use crate::web::view::html::{esc, seat_chip, tile, tiles};
use lauzait_engine::{Game, Square, Status};
use lauzait_ui::i18n::table_mode::{concealed_count, t, T};
use lauzait_ui::i18n::{self, Lang};

/// The board and the seats around it. `names`: the seats' names.
pub fn board(l: Lang, game: &Game, names: &[String]) -> String {
    let season = game.season();
    let day = game.day();
    let seats = game.options().seats();
    // Whose Day it is only while one is played: after a Season the last Day's player
    // holds no turn.
    let who = match game.status() {
        Status::Playing => {
            format!(" · <b>{}</b>", esc(&i18n::whose_day(l, names.get(day.player).map_or("", String::as_str))))
        }
        _ => String::new(),
    };
    let mut html = format!(
        "<p class=\"where\" id=\"where\">{} · {}{who}</p>",
        esc(&i18n::season_of(l, season.number, seats.len())),
        esc(&i18n::day_n(l, day.number)),
    );
    // A table of five ranks of five squares, for reading only (the board is not played on
    // here): each square named with what stands on it.
    html.push_str(&format!("<div class=\"grid\" role=\"table\" aria-label=\"{}\">", esc(t(l, T::Board))));
    for rank in (0..5u8).rev() {
        html.push_str("<div class=\"rank\" role=\"row\">");
        for file in 0..5u8 {
            let Some(sq) = Square::new(file, rank) else { continue };
            let class = if sq.is_mountain() {
                "sq mountain"
            } else if sq.is_water() {
                "sq water"
            } else {
                "sq"
            };
            let on = day.board.get(sq);
            let name = match on {
                Some(p) => format!("{}: {}", i18n::square(l, sq), i18n::piece(l, p)),
                None => i18n::square(l, sq),
            };
            html.push_str(&format!(
                "<div class=\"{class}\" role=\"cell\" data-square=\"{sq}\" aria-label=\"{}\">{}</div>",
                esc(&name),
                on.map(|p| tile(l, p, false)).unwrap_or_default()
            ));
        }
        html.push_str("</div>");
    }
    html.push_str("</div><div class=\"seats\">");
    for (p, &seat) in seats.iter().enumerate() {
        // The Day under way changes the mover's hand only through its open steps.
        let Some(hand) = game.hand_now(p) else { continue };
        let (departments, concealed) = (&hand.departments, hand.concealed.total());
        let deps: String =
            departments.iter().map(|d| format!("<span class=\"dep\">{}</span>", tiles(l, &d.pieces, true))).collect();
        html.push_str(&format!(
            "<div class=\"seat-box{}\" data-seat=\"{p}\">{}<b>{}</b> <span class=\"score\">{}</span><div>{deps} <span class=\"hidden-count\">{}</span></div></div>",
            if p == day.player && game.status() == Status::Playing { " moving" } else { "" },
            seat_chip(seat),
            esc(names.get(p).map(String::as_str).unwrap_or("")),
            esc(&i18n::score_now(l, game.scores()[p], game.uncommitted_points(p))),
            esc(&concealed_count(l, concealed)),
        ));
    }
    html.push_str("</div>");
    if let Some(lum) = season.luminous {
        html.push_str(&format!("<p class=\"note\">{} {}</p>", esc(t(l, T::Luminous)), tile(l, lum, true)));
    }
    html
}
