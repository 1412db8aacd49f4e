//! The new-game form: language, number of players, seats with names and who plays them,
//! the optional rules.

use super::markup::{button, card, esc, seat_chip};
use crate::form_field::FormField;
use crate::i18n::{self, s, screens as words, Lang, S};
use crate::model::Model;
use crate::msg::Intent;
use lauzait_bots::Player;
use lauzait_engine::Seat;

/// The language choice, also in the menu.
pub fn lang_buttons(app: &Model) -> String {
    let mut out = String::new();
    for lang in [Lang::En, Lang::Ja] {
        let (code, intent) = (lang.code(), Intent::Lang(lang).code());
        let pressed = app.lang == lang;
        out.push_str(&format!(
            "<button id=\"btn-lang-{code}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\" lang=\"{code}\"{}>{}</button>",
            if pressed { " class=\"primary\"" } else { "" },
            esc(words::language_name(lang))
        ));
    }
    out
}

pub fn new_game(app: &Model) -> String {
    let lang = app.lang;
    let d = &app.draft;
    let count = d.seats.iter().filter(|&&on| on).count();
    // What the game is and how to win, and the way to the rules, before any choice.
    // New to the game (no saved game): the lessons are offered beside the rules.
    let learn = if app.table.shown().is_none() && !app.table.is_lesson() {
        super::learn::learn_to_play(app, true)
    } else {
        String::new()
    };
    let mut body = format!(
        "<p id=\"intro\">{}</p><div class=\"row\" id=\"first-steps\"><a class=\"btnlink\" id=\"link-rules\" href=\"rules.html\">{}</a>{learn}</div>",
        super::markup::explained(lang, words::intro(lang), &mut Default::default()),
        esc(words::read_rules(lang))
    );
    body.push_str(&format!(
        "<div class=\"row\"><span>{}:</span>{}</div>",
        esc(s(lang, S::Language)),
        lang_buttons(app)
    ));
    body.push_str(&format!("<h3>{}</h3><div class=\"row\">", esc(s(lang, S::Players))));
    for n in 2..=4 {
        let pressed = count == n;
        let intent = Intent::Players(n).code();
        body.push_str(&format!(
            "<button id=\"btn-players-{n}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\"{}>{n}</button>",
            if pressed { " class=\"primary\"" } else { "" }
        ));
    }
    body.push_str("</div>");
    body.push_str(&format!("<h3>{}</h3>", esc(s(lang, S::SeatsAndNames))));
    for (i, seat) in Seat::ALL.iter().enumerate() {
        let code = i18n::seat_code(*seat);
        let name = i18n::seat_name(lang, *seat);
        // Who plays the seat: a person or the computer at a level (for seats in play).
        let mut kinds = String::new();
        if d.seats[i] {
            kinds.push_str(&format!(
                "<div class=\"kinds\" role=\"group\" aria-label=\"{}\">",
                esc(&format!("{} — {name}", s(lang, S::WhoPlays)))
            ));
            for kind in Player::ALL {
                let kcode = kind.level().map_or("person", |l| l.name());
                let pressed = d.kinds[i] == kind;
                let intent = Intent::SeatKind(*seat, kind).code();
                kinds.push_str(&format!(
                    "<button id=\"ng-kind-{code}-{kcode}\" data-intent=\"{intent}\" aria-pressed=\"{pressed}\"{}>{}</button>",
                    if pressed { " class=\"primary\"" } else { "" },
                    esc(i18n::kind_label(lang, kind))
                ));
            }
            kinds.push_str("</div>");
        }
        body.push_str(&format!(
            "<div class=\"seatrow\"><label><input type=\"checkbox\" id=\"{}\"{}> {}{}</label>\
             <input type=\"text\" id=\"{}\" maxlength=\"24\" value=\"{}\" placeholder=\"{}\" aria-label=\"{}\" autocomplete=\"off\">{kinds}</div>",
            FormField::Plays(*seat).id(),
            if d.seats[i] { " checked" } else { "" },
            seat_chip(*seat),
            esc(name),
            FormField::Name(*seat).id(),
            esc(&d.names[i]),
            esc(name),
            esc(&words::name_for(lang, name)),
        ));
    }
    body.push_str(&format!("<p class=\"note\">{}</p>", esc(s(lang, S::BotsNote))));
    body.push_str(&format!(
        "<label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label><p class=\"note\">{}</p>",
        FormField::Luminous.id(),
        if d.luminous { " checked" } else { "" },
        esc(s(lang, S::LuminousRule)),
        esc(s(lang, S::LuminousRuleNote))
    ));
    body.push_str(&format!(
        "<label class=\"opt\"><input type=\"checkbox\" id=\"{}\"{}> {}</label><p class=\"note\">{}</p>",
        FormField::OpenHands.id(),
        if app.open_hands_for_next_game() { " checked" } else { "" },
        esc(s(lang, S::OpenHands)),
        esc(s(lang, S::OpenHandsNote))
    ));
    if d.error || !(2..=4).contains(&count) {
        body.push_str(&format!("<p class=\"errorbox\" id=\"ng-error\">{}</p>", esc(s(lang, S::NeedSeats))));
    }
    body.push_str("<div class=\"row end\">");
    if app.table.shown().is_some() {
        body.push_str(&button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false));
    }
    body.push_str(&button("btn-start", Intent::Start, "primary big", s(lang, S::StartGame), true));
    body.push_str("</div>");
    card(&format!("{} — {}", esc(s(lang, S::Title)), esc(s(lang, S::NewGame))), &body)
}
