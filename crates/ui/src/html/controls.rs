//! The status bar (whose Day, what to do, why a choice was refused) and the action bar:
//! real `<button>`s for the Day's optional steps, only those the engine offers now.

use super::markup::{esc, explained, rule_link};
use crate::i18n::faults;
use crate::i18n::{s, S};
use crate::layout::chrome::CoachPlace;
use crate::model::{Model, Overlay, SaveTrouble};
use crate::msg::Intent;

pub fn bar_html(app: &Model) -> String {
    let i_menu = Intent::Menu.code();
    let mut status = explained(app.lang, &app.prompt(), &mut Default::default());
    if let Some(rule) = app.prompt_rule() {
        status.push(' ');
        status.push_str(&rule_link(app.lang, rule));
    }
    if let Some(m) = &app.message {
        let class = if m.error { "err" } else { "info" };
        let mark = if m.error { "⚠ " } else { "" };
        status.push_str(&format!("<span class=\"{class}\" id=\"message\">{mark}{}</span>", esc(&m.text)));
    }
    // A puzzle's task stays in sight while its Day is played.
    status.push_str(&super::puzzles::task_line(app));
    // A save fault stays in sight while it lasts, whatever else is said meanwhile.
    let trouble = match &app.saving.save_trouble {
        Some(SaveTrouble::Failed(why)) => Some(faults::save_failed(app.lang, why)),
        Some(SaveTrouble::OtherTab) => Some(faults::other_tab(app.lang).to_string()),
        None => None,
    };
    if let Some(text) = trouble.filter(|t| app.message.as_ref().is_none_or(|m| m.text != *t)) {
        status.push_str(&format!("<span class=\"err\" id=\"save-trouble\">⚠ {}</span>", esc(&text)));
    }
    // The buttons come first: floated to the bar's right end, a long message wraps under
    // them across the whole width (index.html). The Season log's toggle is shown on screens
    // too narrow to keep the log beside the board; in a lesson on a small screen it gives
    // way (unless open), leaving the message the bar's width and the lesson's box its room.
    let log_gives_way = app.table.is_lesson() && app.device.chrome.is_small() && !app.play.log_open;
    let log = match app.table.shown().is_some() && !app.table.is_replay() && !log_gives_way {
        true => format!(
            "<button id=\"btn-log\" data-intent=\"{}\" aria-controls=\"log\" aria-expanded=\"{}\">{}</button>",
            Intent::ToggleLog.code(),
            app.play.log_open,
            esc(&log_label(app))
        ),
        false => String::new(),
    };
    format!(
        "<button id=\"btn-menu\" data-intent=\"{i_menu}\" aria-haspopup=\"dialog\">☰ {}</button>{log}<div id=\"status\" tabindex=\"0\">{status}</div>",
        esc(s(app.lang, S::Menu))
    )
}

/// The Season log's button, which opens the folded coach too (`layout::chrome`).
fn log_label(app: &Model) -> String {
    let log = crate::i18n::season_log::toggle(app.lang);
    match app.device.chrome.coach == CoachPlace::Folded && !app.table.is_lesson() {
        true => format!("{} · {log}", crate::i18n::learn::coach_toggle(app.lang)),
        false => log.to_string(),
    }
}

/// The action bar: the Day's buttons (a lesson's own are beside its text,
/// `learn::lesson_text`); outside a lesson, the coach below the Day's buttons where the
/// screen has room for it (`layout::chrome`: the buttons always stay in sight, the coach
/// gives way to a place below the Season log, which the status bar's button opens).
pub fn actions_html(app: &Model) -> String {
    let day = day_actions(app);
    if app.table.is_lesson() {
        return day;
    }
    match app.device.chrome.coach {
        CoachPlace::None => day,
        // Kept on a computer's Day too, empty, so that the bar is the same on every Day.
        CoachPlace::Docked => format!(
            "<div class=\"row\" id=\"day-actions\">{day}</div><div id=\"coach-dock\">{}</div>",
            super::learn::coach_panel(app)
        ),
        CoachPlace::Folded => day,
    }
}

/// The folded coach, below the Season log (`log_html`): one button of the status bar
/// opens both where the screen is short (`layout::chrome`).
pub fn coach_folded(app: &Model) -> String {
    match app.device.chrome.coach == CoachPlace::Folded && !app.table.is_lesson() {
        true => match super::learn::coach_panel(app) {
            c if c.is_empty() => c,
            c => format!("<div id=\"coach-fold\">{c}</div>"),
        },
        false => String::new(),
    }
}

/// The bars' heights (CSS variables of `#app`) and where the folded coach opens.
pub fn chrome_style(app: &Model) -> String {
    use crate::fixed::Fixed;
    let c = &app.device.chrome;
    format!("--bar-h:{}px;--actions-h:{}px", Fixed::css(c.bar), Fixed::css(c.actions))
}

fn day_actions(app: &Model) -> String {
    let i_bot_retry = Intent::BotRetry.code();
    if app.table.is_replay() {
        return super::records::replay_bar(app);
    }
    if app.overlay == Overlay::None {
        if let Some(choice) = other_tab_choice(app) {
            return choice;
        }
    }
    if app.play.driver.error().is_some() && app.bot_day() && app.overlay == Overlay::None {
        return format!(
            "<button id=\"btn-bot-retry\" data-intent=\"{i_bot_retry}\" class=\"primary\">{}</button>",
            esc(s(app.lang, S::Retry))
        );
    }
    if !app.interactive() {
        return String::new();
    }
    let l = &app.play.legal;
    let lang = app.lang;
    let mut out = String::new();
    let mut button = |id: &str, intent: Intent, class: &str, label: &str, key: &str| {
        let keys = if key.is_empty() { String::new() } else { format!(" aria-keyshortcuts=\"{key}\"") };
        out.push_str(&format!(
            "<button id=\"{id}\" data-intent=\"{}\" class=\"{class}\"{keys}>{}</button>",
            intent.code(),
            esc(label)
        ));
    };
    if app.play.pending.is_some() {
        use crate::i18n::hiring;
        button("btn-confirm-hire", Intent::ConfirmHire, "primary big", hiring::confirm_button(lang), "Enter");
        button("btn-cancel-hire", Intent::CancelHire, "", hiring::cancel_button(lang), "Escape");
        return out;
    }
    if l.stalemate {
        button("btn-stalemate", Intent::Stalemate, "warn big", s(lang, S::Stalemate), "");
    }
    if l.declare {
        button("btn-declare", Intent::Declare, "primary big", s(lang, S::Declare), "L");
    }
    if !l.forms.is_empty() {
        button("btn-form", Intent::Form, "", s(lang, S::Form), "F");
    }
    if !l.dissolvable.is_empty() {
        button("btn-dissolve", Intent::Dissolve, "", s(lang, S::Dissolve), "D");
    }
    if l.undo {
        button("btn-undo", Intent::Undo, "quiet", &format!("↶ {}", s(lang, S::Undo)), "U");
    }
    out
}

/// After another tab saved this game further: go on here, or load that game. Shown in the
/// action bar, or in the dialog when one is up.
pub fn other_tab_choice(app: &Model) -> Option<String> {
    if app.saving.save_trouble != Some(SaveTrouble::OtherTab) {
        return None;
    }
    let (keep, load) = (Intent::KeepThisGame.code(), Intent::LoadOtherGame.code());
    Some(format!(
        "<button id=\"btn-keep-this-game\" data-intent=\"{keep}\">{}</button>\
         <button id=\"btn-load-other-game\" data-intent=\"{load}\" class=\"primary\">{}</button>",
        esc(faults::keep_this_game(app.lang)),
        esc(faults::load_other_game(app.lang))
    ))
}
