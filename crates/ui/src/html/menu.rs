//! The menu: language, open hands, the computer players' speed, ending by agreement, the
//! records, a new game and the keyboard shortcuts.

use super::markup::{button, card, esc};
use super::new_game::lang_buttons;
use crate::feel::Pref;
use crate::i18n::{self, s, S};
use crate::model::Model;
use crate::msg::Intent;
use crate::play::open_hands::OpenHandsNow;
use crate::play::pace::Speed;
use lauzait_engine::RuleError;

pub fn menu(app: &Model) -> String {
    let i_open_hands = Intent::OpenHands.code();
    let lang = app.lang;
    let mut body = format!("<div class=\"row\"><span>{}:</span>{}</div>", esc(s(lang, S::Language)), lang_buttons(app));
    // Not while persons play a game under way (ui::open_hands): the switch is shown disabled.
    let refused = !app.prefs.open_hands && app.open_hands_now() == OpenHandsNow::Refused;
    body.push_str(&format!(
        "<div class=\"row\"><button id=\"btn-open-hands\" data-intent=\"{i_open_hands}\" aria-pressed=\"{}\"{}>{} {}</button></div><p class=\"note\">{}</p>",
        app.prefs.open_hands,
        if refused { " disabled" } else { "" },
        if app.prefs.open_hands { "☑" } else { "☐" },
        esc(s(lang, S::OpenHands)),
        esc(if refused { i18n::faults::open_hands_refused(lang) } else { s(lang, S::OpenHandsNote) })
    ));
    // The computer players' speed, unless the game under way has none to pace (before a
    // game it is still offered: it is kept for the next one).
    if app.table.shown().is_none_or(|game| game.has_computer_players()) {
        body.push_str(&format!(
            "<div class=\"row\" role=\"group\" aria-label=\"{0}\"><span>{0}:</span>",
            esc(s(lang, S::Speed))
        ));
        for speed in Speed::ALL {
            let pressed = app.prefs.speed == speed;
            body.push_str(&format!(
                "<button id=\"btn-speed-{0}\" data-intent=\"{3}\" aria-pressed=\"{pressed}\"{1}>{2}</button>",
                speed.code(),
                if pressed { " class=\"primary\"" } else { "" },
                esc(i18n::speed_label(lang, speed)),
                Intent::Speed(speed).code()
            ));
        }
        body.push_str(&format!("</div><p class=\"note\">{}</p>", esc(s(lang, S::SpeedNote))));
    }
    // The safe last step (crates/ui/src/confirm.rs).
    let confirm = app.confirm_last();
    body.push_str(&format!(
        "<div class=\"row\"><button id=\"btn-confirm-pref\" data-intent=\"{}\" aria-pressed=\"{confirm}\">{} {}</button></div><p class=\"note\">{}</p>",
        Intent::ConfirmPref.code(),
        if confirm { "☑" } else { "☐" },
        esc(i18n::hiring::confirm_pref(lang)),
        esc(i18n::hiring::confirm_pref_note(lang))
    ));
    // The table's feel (crates/ui/src/feel.rs): the board's turn, motion, sound, vibration.
    for pref in Pref::ALL {
        let on = app.prefs.feel.get(pref);
        body.push_str(&format!(
            "<div class=\"row\"><button id=\"btn-pref-{}\" data-intent=\"{}\" aria-pressed=\"{on}\">{} {}</button></div><p class=\"note\">{}</p>",
            pref.code(),
            Intent::Pref(pref).code(),
            if on { "☑" } else { "☐" },
            esc(i18n::feel::label(lang, pref)),
            esc(i18n::feel::note(lang, pref))
        ));
    }
    // While the replay viewer is open the game on screen is the replay's: no game actions.
    // In a lesson the table is the lesson's: no game actions, no records, no new game.
    let lesson = app.table.is_lesson();
    if app.game().is_some() && !app.table.is_replay() && !lesson {
        let end = app.may_end_by_agreement();
        body.push_str("<div class=\"row\">");
        if end.season {
            body.push_str(&button("btn-end-season", Intent::EndSeason, "", s(lang, S::EndSeasonAgreement), false));
        }
        if end.game {
            body.push_str(&button("btn-end-game", Intent::EndGame, "", s(lang, S::EndGameAgreement), false));
        }
        body.push_str("</div>");
        if end.day_under_way {
            body.push_str(&format!("<p class=\"note\">{}</p>", esc(&i18n::rule_error(lang, &RuleError::DayUnderWay))));
        }
    }
    body.push_str(&super::learn::menu_rows(app));
    if !lesson {
        body.push_str(&super::records::menu_html(app));
    }
    if !lesson && !app.table.is_replay() {
        body.push_str(&format!("<div class=\"row\">{}</div>", super::stats::open_button(app)));
    }
    body.push_str(&format!(
        "<div class=\"row\">{}</div><h3>{}</h3><p class=\"note\">{}</p><div class=\"row end\">{}</div>",
        if !app.table.is_replay() && !lesson {
            button("btn-new-game", Intent::NewGame, "", s(lang, S::NewGame), false)
        } else {
            String::new()
        },
        esc(s(lang, S::Keys)),
        esc(s(lang, S::Shortcuts)),
        button("btn-close", Intent::Close, "primary", s(lang, S::Close), true)
    ));
    card(&esc(s(lang, S::Menu)), &body)
}
