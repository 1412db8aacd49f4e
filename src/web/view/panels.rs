//! Around the board: the info line (Season, Day, direction of play, pool, luminous piece),
//! one panel per player (seat in words and colour, name, score, hand size, revealed
//! Departments; concealed pieces face down unless the open-hands option is on) and the
//! hand of the player whose Day it is (face up only after the hand-over).

use super::palette::seat_color;
use super::pen::Pen;
use super::piece::{self, TileStyle};
use lauzait_engine::Status;
use lauzait_ui::i18n::table::direction_arrow;
use lauzait_ui::i18n::{self, s, S};
use lauzait_ui::layout::Rect;
use lauzait_ui::model::{Model, Target};

const TEXT: &str = "#2b1d10";
const MUTED: &str = "#6b5a44";

pub fn draw(app: &Model, pen: &Pen) {
    let Some(sess) = app.table.shown() else { return };
    draw_info(app, pen);
    let g = &sess.game();
    let n = g.scores().len();
    let me = g.to_move();
    let Some(view) = g.view(me) else { return };
    let l = &app.device.layout;
    let playing = g.status() == Status::Playing;
    for (p, r) in l.panels.iter().enumerate().take(n) {
        let seat = g.options().seats()[p];
        let active = playing && p == me;
        pen.fill_round(*r, 8.0, if active { "#fff6dc" } else { "#fbf6ea" });
        if active {
            pen.stroke_round(r.inset(1.0), 8.0, seat_color(seat), 3.0);
        } else {
            pen.stroke_round(r.inset(0.5), 8.0, "#d8c6a3", 1.0);
        }
        // Seat colour bar with its name in words.
        pen.fill_round(Rect::new(r.x + 4.0, r.y + 4.0, 6.0, r.h - 8.0), 3.0, seat_color(seat));
        // One line only on a small screen: the counts stand in for the small tiles.
        let compact = l.mini <= 0.0;
        let line_y = if compact { r.cy() } else { r.y + 11.0 };
        let seat_txt = i18n::seat_name(app.lang, seat);
        let mut x = r.x + 16.0;
        if active {
            pen.text("▶", x, line_y, 13.0, 800, seat_color(seat), "left", "middle");
            x += 14.0;
        }
        let named = !i18n::is_seat_name(&sess.names()[p], seat);
        if named {
            pen.text(seat_txt, x, line_y, 12.0, 700, MUTED, "left", "middle");
            x += pen.measure(seat_txt, 12.0, 700) + 6.0;
        }
        let score = g.scores()[p];
        let score_txt = i18n::score_now(app.lang, score, g.uncommitted_points(p));
        // The counts only where the line has room for them and the name.
        let score_txt = if compact && r.w >= 240.0 {
            let counts = i18n::table::panel_counts(app.lang, view.concealed_count(p), view.departments(p).len());
            format!("{score_txt} · {counts}")
        } else {
            score_txt
        };
        let score_size = if compact { 13.0 } else { 15.0 };
        let score_w = pen.measure(&score_txt, score_size, 800);
        pen.text(&score_txt, r.right() - 8.0, line_y, score_size, 800, TEXT, "right", "middle");
        let mut shown = if named { sess.names()[p].clone() } else { seat_txt.to_string() };
        if let Some(level) = sess.bot(p) {
            shown.push_str(" · ");
            shown.push_str(&i18n::computer_tag(app.lang, level));
        }
        pen.text_fit(&shown, x, line_y, 14.0, 700, TEXT, "left", "middle", (r.right() - 16.0 - score_w - x).max(20.0));

        if compact {
            // (The status line says who is thinking; there is no room for the cue here.)
            continue;
        }
        // The hand: concealed pieces then revealed Departments, small, where the layout puts
        // them (inside the panel whatever the hand holds).
        let concealed = view.concealed_count(p);
        let open = app.hands_open();
        let depts = view.departments(p);
        let Some(tiles) = l.panel_tiles(p, concealed, depts.len(), !open) else { continue };
        let face_up: Vec<_> = match g.hand_now(p) {
            Some(hand) if open => hand.concealed.pieces().collect(),
            _ => Vec::new(),
        };
        for (k, at) in tiles.concealed.iter().enumerate() {
            piece::draw(pen, face_up.get(k).copied(), *at, TileStyle::default());
        }
        if let Some(at) = tiles.count {
            pen.text(&format!("×{concealed}"), at.x + 1.0, at.cy(), 11.0, 700, MUTED, "left", "middle");
        }
        for (d, group) in depts.iter().zip(&tiles.departments) {
            for (pc, at) in d.pieces.iter().zip(group) {
                piece::draw(pen, Some(*pc), *at, TileStyle::default());
            }
        }
        // The computer player is thinking: a cue in its panel (the status line says it too).
        if app.thinking_seat() == Some(p) {
            let cue = s(app.lang, S::Thinking);
            let size = 13.0;
            let w = pen.measure(cue, size, 800) + 12.0;
            let cue_r = Rect::new(r.right() - w - 6.0, tiles.row.cy() - 10.0, w, 20.0);
            pen.fill_round(cue_r, 10.0, "#b8321f");
            pen.text(cue, cue_r.cx(), cue_r.cy(), size, 800, "#ffffff", "center", "middle");
        }
    }
    draw_hand(app, pen);
}

fn draw_info(app: &Model, pen: &Pen) {
    let Some(sess) = app.table.shown() else { return };
    let g = &sess.game();
    let l = &app.device.layout;
    let r = l.info;
    let lang = app.lang;
    let season = &g.season();
    let Some(view) = g.view(g.to_move()) else { return };
    let line1 = format!(
        "{} · {} · {} {}",
        i18n::season_of(lang, season.number, g.scores().len()),
        i18n::day_n(lang, season.day.number),
        direction_arrow(season.direction),
        i18n::direction(lang, season.direction)
    );
    let mut line2 = i18n::pool_n(lang, view.pool_count());
    let lum = view.scoring_luminous();
    if lum.is_some() {
        line2.push_str(" · ");
        line2.push_str(s(lang, S::Luminous));
    }
    let two_lines = r.h >= 40.0;
    if two_lines {
        pen.text_fit(&line1, r.x, r.y + 10.0, 15.0, 700, TEXT, "left", "middle", r.w);
        pen.text(&line2, r.x, r.y + 31.0, 14.0, 600, MUTED, "left", "middle");
        if let Some(p) = lum {
            let w = pen.measure(&line2, 14.0, 600);
            piece::draw(pen, Some(p), Rect::new(r.x + w + 6.0, r.y + 22.0, 20.0, 20.0), TileStyle::default());
        }
    } else {
        let all = format!("{line1} · {line2}");
        let tile = if lum.is_some() { 22.0 } else { 0.0 };
        pen.text_fit(&all, r.x, r.cy(), 13.0, 700, TEXT, "left", "middle", r.w - tile);
        if let Some(p) = lum {
            let w = pen.measure(&all, 13.0, 700).min(r.w - tile);
            piece::draw(pen, Some(p), Rect::new(r.x + w + 4.0, r.y + 2.0, 18.0, 18.0), TileStyle::default());
        }
    }
}

fn draw_hand(app: &Model, pen: &Pen) {
    let Some(sess) = app.table.shown() else { return };
    let g = &sess.game();
    let l = &app.device.layout;
    let me = app.hand_owner().unwrap_or_else(|| g.to_move());
    let lang = app.lang;
    let face_up = app.hand_face_up();
    let owner = sess.who(lang, me);
    let mut label = i18n::table::hand_of(lang, &owner);
    if !face_up {
        label.push_str(" — ");
        label.push_str(s(lang, if sess.bot(me).is_some() { S::BotHand } else { S::HiddenHand }));
    }
    // A lesson's layout has no room for the label (its text speaks of "your hand").
    if l.hand_label.h > 0.0 {
        pen.text_fit(&label, l.hand_label.x, l.hand_label.cy(), 14.0, 700, TEXT, "left", "middle", l.hand_label.w);
    }

    let legal = &app.play.legal;
    let interactive = app.interactive();
    for (i, (slot, style)) in l.hand.iter().zip(legal.hand_styles(&l.hand, interactive)).enumerate() {
        piece::draw(pen, slot.piece, slot.rect, style);
        if app.show_focus && interactive && app.focus == Some(Target::Hand(i)) {
            focus_box(pen, slot.rect);
        }
    }
    let Some(view) = g.view(me) else { return };
    let depts = view.departments(me);
    for slot in &l.depts {
        let Some(d) = depts.get(slot.index as usize) else { continue };
        for (k, r) in slot.tiles.iter().enumerate() {
            piece::draw(pen, Some(d.pieces[k]), *r, TileStyle::default());
        }
        // A bracket under the group marks it as one revealed Department.
        let y = slot.rect.bottom() + 3.0;
        pen.line(slot.rect.x, y, slot.rect.right(), y, "#7a5a2a", 2.0);
        if interactive && legal.dissolvable.contains(&slot.index) {
            pen.save();
            pen.dashed(true, 5.0);
            pen.stroke_round(slot.rect.inset(-5.0), 8.0, "#b06a00", 2.5);
            pen.restore();
        }
        if app.show_focus && interactive && app.focus == Some(Target::Dept(slot.index)) {
            focus_box(pen, slot.rect);
        }
    }
}

fn focus_box(pen: &Pen, r: Rect) {
    pen.save();
    pen.dashed(true, 6.0);
    pen.stroke_rect(r.inset(-6.0), "#1565c0", 3.5);
    pen.restore();
}
