//! A phone's page in table mode (table.html with a seat's pairing link), as HTML built
//! natively from its pure screen (`lauzait_table_mode::guest_screen`): the answer's QR code
//! and text while pairing, then the seat's own hand — its concealed pieces, its
//! Departments — and a button for each action the engine offers in the seat's Day
//! (discard, Form, Dissolve, Lauzait-Cep!, Undo, and the Hiring's mover and destination),
//! grouped by kind (`lauzait_table_mode::choices`), and the finished game's check. The
//! phone's shell (`web::table::guest_page`) sets it in the page and paints its tiles
//! (tests/table_mode/phone_html.rs keeps a snapshot of each screen).

use super::answering::{answer, connection_notices};
use super::notices::{notices, problem_text, Notices};
use crate::html::markup::{esc, seat_chip, tile, tiles};
use crate::i18n::table_mode::{action_label, group_heading, no_record, not_verified, refusal, t, ways_to_read, T};
use crate::i18n::{self, Lang};
use crate::storage_refusal::StorageRefusal;
use lauzait_engine::{Action, Game, Hand, Status};
use lauzait_table_mode::choices::{by_set, grouped, ChoiceGroup};
use lauzait_table_mode::controls::GuestControl;
use lauzait_table_mode::guest::{Stage, Verification};
use lauzait_table_mode::guest_screen::GuestScreen;
use lauzait_table_mode::verify::Verdict;

/// What the page shows: the screen, in the phone's language, and the browser's answer to
/// the last save.
pub struct GuestPage<'a> {
    pub screen: &'a GuestScreen,
    pub lang: Lang,
    pub not_saved: Option<&'a StorageRefusal>,
    /// Whether the browser has a share sheet (the Web Share API) to offer the answer's link to.
    pub can_share: bool,
}

pub fn page(p: &GuestPage) -> String {
    let l = p.lang;
    let g = p.screen.guest();
    let mut html = format!("<h1>{}</h1>", esc(t(l, T::Title)));
    // The seat's name in this phone's language: the table's names are its seats' names in
    // the board's language (`table::setup`), which the phone's player may not read.
    if let Some(&seat) = g.view().and_then(|view| view.options.seats().get(view.seat)) {
        html = format!("<h1>{}{}</h1>", seat_chip(seat), esc(i18n::seat_name(l, seat)));
    }
    let problem = p.screen.answering().problem().map(|problem| problem_text(l, problem));
    html.push_str(&notices(l, Notices { problem: problem.as_deref(), not_saved: p.not_saved, ..Notices::default() }));
    if let Some((r, _)) = &g.refused {
        html.push_str(&format!("<p class=\"errorbox\" id=\"refused\">{}</p>", esc(refusal(l, *r))));
    }
    html.push_str(&connection_notices(l, p.screen.answering(), t(l, T::Disconnected)));
    // Until the channel is open the answer is what the phone must show, whatever it holds;
    // a spent code has none (the notice above says to scan the new one).
    if !p.screen.answering().channel().connected() {
        html.push_str(&answer(l, p.screen.answering(), p.can_share));
        return html;
    }
    match g.stage() {
        Stage::Joining => html.push_str(&format!("<p>{}</p>", esc(t(l, T::Waiting)))),
        Stage::Waiting => html.push_str(&format!(
            "<p id=\"waiting\">{}</p><p class=\"note\">{}</p>",
            esc(t(l, T::Joined)),
            esc(t(l, T::DealMaking))
        )),
        Stage::Playing => html.push_str(&hand(p)),
    }
    html
}

fn hand(p: &GuestPage) -> String {
    let l = p.lang;
    let g = p.screen.guest();
    let Some(game) = g.game() else { return String::new() };
    let seat = g.seat as usize;
    let Some(h) = game.hand_now(seat) else { return String::new() };
    let concealed: Vec<_> = h.concealed.pieces().collect();
    let mut html = format!(
        "<p class=\"turn\" id=\"turn\">{}</p><h2>{}</h2><div class=\"hand\" id=\"hand\">{}</div>",
        esc(match (game.status(), g.my_day()) {
            (Status::SeasonOver, _) => t(l, T::SeasonOver),
            (Status::GameOver { .. }, _) => t(l, T::GameOver),
            (_, true) => t(l, T::YourDay),
            (_, false) => t(l, T::NotYourDay),
        }),
        esc(t(l, T::YourHand)),
        tiles(l, &concealed, false)
    );
    if g.dealing_next() && game.status() == Status::SeasonOver {
        html.push_str(&format!("<p class=\"note\" id=\"dealing\">{}</p>", esc(t(l, T::DealMaking))));
    }
    html.push_str(&under_hand(l, game, seat, h, &g.choices()));
    html.push_str(&verdict(l, g.verification()));
    html
}

/// What a seat's own device shows under its hand (a phone in table mode, a device playing by
/// turns): its Departments, its score and the Day, then its choices as buttons.
pub fn under_hand(l: Lang, game: &Game, seat: usize, h: &Hand, choices: &[Action]) -> String {
    let mut html = String::new();
    if !h.departments.is_empty() {
        html.push_str(&format!("<h3>{}</h3>", esc(t(l, T::Departments))));
        for d in &h.departments {
            html.push_str(&format!("<span class=\"dep\">{}</span> ", tiles(l, &d.pieces, true)));
        }
    }
    html.push_str(&format!(
        "<p class=\"note\">{} · {}</p>",
        esc(&i18n::score_now(l, game.scores()[seat], game.uncommitted_points(seat))),
        esc(&i18n::day_n(l, game.day().number))
    ));
    html.push_str(&choice_buttons(l, game, h, choices));
    html
}

/// The finished game's check on a seat's own device: nothing while the game is played.
pub fn verdict(l: Lang, verification: Verification) -> String {
    match verification {
        Verification::InPlay => String::new(),
        Verification::Checked(Verdict::Verified) => {
            format!("<p class=\"note\" id=\"verdict\">✓ {}</p>", esc(t(l, T::RecordOk)))
        }
        Verification::Checked(Verdict::NotVerified(d)) => {
            format!("<p class=\"errorbox\" id=\"verdict\">{}</p>", esc(&not_verified(l, d)))
        }
        Verification::NoRecord => format!("<p class=\"errorbox\" id=\"verdict\">{}</p>", esc(no_record(l))),
    }
}

/// The seat's choices in their groups, each under its heading: the pieces to discard and
/// the movers as tiles, the destinations by name, the sets to form with their readings (a
/// set read more than one way folds its readings under it), the Departments to dissolve.
/// Every button is named by its full label (`action_label`), which tells any two apart
/// (tests/rules/choice_labels.rs).
pub fn choice_buttons(l: Lang, game: &Game, hand: &Hand, choices: &[Action]) -> String {
    if choices.is_empty() {
        return String::new();
    }
    let mut html = String::from("<div id=\"choices\">");
    for (group, indices) in grouped(choices) {
        if let Some(heading) = group_heading(l, group) {
            html.push_str(&format!("<h3>{}</h3>", esc(heading)));
        }
        html.push_str("<div class=\"choices\">");
        if group == ChoiceGroup::Form {
            for (set, readings) in by_set(choices, &indices) {
                let buttons: String = readings.iter().map(|&i| choice_button(l, game, hand, choices, i)).collect();
                if readings.len() == 1 {
                    html.push_str(&buttons);
                } else {
                    html.push_str(&format!(
                        "<details class=\"set\"><summary>{}<span>{}</span></summary><div class=\"choices\">{buttons}</div></details>",
                        tiles(l, &set, true),
                        esc(&ways_to_read(l, readings.len()))
                    ));
                }
            }
        } else {
            indices.iter().for_each(|&i| html.push_str(&choice_button(l, game, hand, choices, i)));
        }
        html.push_str("</div>");
    }
    html.push_str("</div>");
    html
}

/// The button of the `i`-th choice: what it shows (a tile where a piece says it best) and
/// its full label for screen readers.
fn choice_button(l: Lang, game: &Game, hand: &Hand, choices: &[Action], i: usize) -> String {
    let action = choices[i];
    let (class, face) = match action {
        Action::Declare => ("primary", esc(&action_label(l, action))),
        Action::Undo => ("quiet", esc(&action_label(l, action))),
        Action::Discard { piece } => ("tile-choice", tile(l, piece, false)),
        Action::Move { from } => (
            "tile-choice",
            game.day().board.get(from).map(|p| tile(l, p, true)).unwrap_or_default() + &esc(&i18n::square(l, from)),
        ),
        Action::Capture { to } => ("", esc(&i18n::square(l, to))),
        // A set with a Joker shows how it is read (R14): the pieces it stands for.
        Action::Form { pieces, reading } => match reading.joker_stands_for(&pieces) {
            Some(read) => ("", tiles(l, &pieces, true) + "→" + &tiles(l, &read, true)),
            None => ("", tiles(l, &pieces, true)),
        },
        Action::Dissolve { department } => {
            ("", hand.departments.get(department as usize).map(|d| tiles(l, &d.pieces, true)).unwrap_or_default())
        }
        _ => ("", esc(&action_label(l, action))),
    };
    format!(
        "<button id=\"{}\" class=\"{class}\" aria-label=\"{}\">{face}</button>",
        GuestControl::Choice(i).id(),
        esc(&action_label(l, action))
    )
}
