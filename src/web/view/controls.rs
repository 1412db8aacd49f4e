//! The status bar (whose Day, what to do, why a choice was refused) and the action bar:
//! real `<button>`s for the Day's optional steps, only those the engine offers now.

use super::screens::esc;
use crate::web::app::App;
use crate::web::i18n::{s, S};

pub fn bar_html(app: &App) -> String {
    let mut status = esc(&app.prompt());
    if let Some(m) = &app.message {
        let class = if m.error { "err" } else { "info" };
        let mark = if m.error { "⚠ " } else { "" };
        status.push_str(&format!("<span class=\"{class}\" id=\"message\">{mark}{}</span>", esc(&m.text)));
    }
    format!(
        "<div id=\"status\">{status}</div><button id=\"btn-menu\" data-intent=\"menu\" aria-haspopup=\"dialog\">☰ {}</button>",
        esc(s(app.lang, S::Menu))
    )
}

pub fn actions_html(app: &App) -> String {
    if app.records.replay.is_some() {
        return crate::web::records::replay_bar(app);
    }
    if app.driver.error.is_some() && app.bot_day() && app.overlay == crate::web::app::Overlay::None {
        return format!(
            "<button id=\"btn-bot-retry\" data-intent=\"bot-retry\" class=\"primary\">{}</button>",
            esc(s(app.lang, S::Retry))
        );
    }
    if !app.interactive() {
        return String::new();
    }
    let l = &app.legal;
    let lang = app.lang;
    let mut out = String::new();
    let mut button = |id: &str, intent: &str, class: &str, label: &str, key: &str| {
        let keys = if key.is_empty() { String::new() } else { format!(" aria-keyshortcuts=\"{key}\"") };
        out.push_str(&format!(
            "<button id=\"{id}\" data-intent=\"{intent}\" class=\"{class}\"{keys}>{}</button>",
            esc(label)
        ));
    };
    if l.stalemate {
        button("btn-stalemate", "stalemate", "warn big", s(lang, S::Stalemate), "");
    }
    if l.declare {
        button("btn-declare", "declare", "primary big", s(lang, S::Declare), "L");
    }
    if !l.forms.is_empty() {
        button("btn-form", "form", "", s(lang, S::Form), "F");
    }
    if !l.dissolvable.is_empty() {
        button("btn-dissolve", "dissolve", "", s(lang, S::Dissolve), "D");
    }
    if l.undo {
        button("btn-undo", "undo", "quiet", &format!("↶ {}", s(lang, S::Undo)), "U");
    }
    out
}
