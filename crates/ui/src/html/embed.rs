//! An embedded board's caption (EMBEDDING.md) as HTML: the position's line, what the chosen
//! piece may do, the sticks thrown, a set's readings or a hand's patterns. The web shell
//! (src/web/embed.rs) sets it under the board and paints its tiles.

use super::markup::{esc, stick_faces, tile};
use super::results::patterns_table;
use crate::embed::{Caption, CaptionBody};
use crate::i18n::table::direction_arrow;
use crate::i18n::{self, embed as words, Lang};
use lauzait_engine::Piece;

fn tiles(l: Lang, pieces: &[Piece]) -> String {
    pieces.iter().map(|&p| tile(l, p, false)).collect()
}

/// The caption's words and tiles as HTML.
pub fn caption_html(l: Lang, caption: &Caption) -> String {
    let mut out = String::new();
    if let Some(e) = &caption.error {
        let e = words::embed_error(l, e);
        out.push_str(&format!("<p class=\"errorbox\" id=\"embed-error\" role=\"alert\">{}</p>", esc(&e)));
    }
    match &caption.body {
        CaptionBody::Nothing => {}
        CaptionBody::Board { info, chosen, tap_hint } => {
            if let Some(i) = info {
                let seat = i18n::seat_name(l, i.to_move);
                let lum = i.luminous.map(|x| i18n::piece(l, x));
                let text = words::position_info(l, i.season, i.day, seat, direction_arrow(i.direction), lum.as_deref());
                out.push_str(&format!("<p id=\"embed-info\" class=\"note\">{}</p>", esc(&text)));
            }
            if let Some(m) = chosen {
                let piece = m.piece.map_or_else(|| words::a_piece(l).to_string(), |x| i18n::piece(l, x));
                let moves = if m.from.is_mountain() { words::mountain_moves } else { words::moves };
                let text = moves(l, &piece, m.from, m.destinations, m.water);
                out.push_str(&format!("<p id=\"embed-caption\">{}</p>", esc(&text)));
            } else if *tap_hint {
                out.push_str(&format!("<p id=\"embed-caption\" class=\"note\">{}</p>", esc(words::tap_hint(l))));
            }
        }
        CaptionBody::Throw(st) => {
            out.push_str(&format!("<div class=\"sticks\" id=\"embed-sticks\">{}</div>", stick_faces(st.0)));
            let text = words::throw_result(l, st.dark_faces().into(), st.lets_piece_arrive());
            out.push_str(&format!(
                "<p id=\"embed-caption\">{}</p><button data-embed=\"throw\" id=\"embed-throw\">{}</button>",
                esc(&text),
                esc(words::throw_again(l))
            ));
        }
        CaptionBody::Readings { pieces, readings } => {
            out.push_str(&format!("<p class=\"tiles\">{}</p>", tiles(l, pieces)));
            if readings.is_empty() {
                out.push_str(&format!("<p id=\"embed-caption\">{}</p>", esc(words::no_set(l))));
            } else {
                out.push_str(&format!(
                    "<p id=\"embed-caption\">{}</p><table class=\"scores\" id=\"embed-readings\">",
                    esc(&words::readings(l, readings.len()))
                ));
                for r in readings {
                    out.push_str(&format!(
                        "<tr><td>{}</td><td>{}</td><td class=\"n\">+{}</td></tr>",
                        tiles(l, &r.reading.pieces()),
                        esc(i18n::reading_kind(l, r.reading.kind())),
                        r.bonus
                    ));
                }
                out.push_str("</table>");
            }
        }
        CaptionBody::Scoring { hand, luminous, patterns } => {
            out.push_str(&format!("<p class=\"tiles\">{}", tiles(l, hand)));
            if let Some(lp) = luminous {
                out.push_str(&format!(" · {} {}", esc(words::luminous(l)), tile(l, *lp, false)));
            }
            out.push_str("</p>");
            match patterns {
                None => out.push_str(&format!("<p id=\"embed-caption\">{}</p>", esc(words::cannot_declare(l)))),
                Some(pats) => out.push_str(&patterns_table(l, pats, luminous.is_some(), "embed-patterns")),
            }
        }
    }
    out
}
