//! The dialogs over the table, as HTML: new game, hand-over, the Form and Dissolve
//! choosers, the declaration preview, the scoring screen, the Season summary, the final
//! results, the menu, confirmations and the unreadable-save message. Every choice is a
//! `<button data-intent="…">`; one delegated click listener handles them all.

use super::markup::{button, card, esc};
use crate::i18n::{s, S};
use crate::model::{Confirm, Model, Overlay};
use crate::msg::Intent;

/// The dialog HTML for the current overlay, and whether it hides the table completely.
pub fn overlay_html(app: &Model) -> Option<(String, bool)> {
    let (mut html, opaque) = dialog_html(app)?;
    // Another tab saved this game further: the choice is offered in whatever dialog is up
    // (the page under a dialog takes no clicks), with why it is asked: the status bar above
    // has room for the prompt, not always for this too.
    if let Some(choice) = super::controls::other_tab_choice(app) {
        let why = esc(crate::i18n::faults::other_tab(app.lang));
        let part = format!("<p class=\"errorbox\" id=\"other-tab-why\">{why}</p><div class=\"row\">{choice}</div>");
        html.insert_str(html.len() - "</div>".len(), &part);
    }
    Some((html, opaque))
}

fn dialog_html(app: &Model) -> Option<(String, bool)> {
    let lang = app.lang;
    Some(match app.overlay {
        Overlay::None => return None,
        Overlay::NewGame => (super::new_game::new_game(app), true),
        Overlay::LoadError => {
            let msg = app.saving.broken.as_ref().map(|b| crate::i18n::faults::broken_save(lang, b)).unwrap_or_default();
            let body = format!(
                "<p class=\"errorbox\" id=\"load-error\">{}</p><p class=\"note\">{}</p><div class=\"row end\">{}</div>",
                esc(&msg),
                esc(s(lang, S::LoadErrorNote)),
                button("btn-fresh", Intent::Fresh, "primary big", s(lang, S::FreshStart), true)
            );
            (card(&esc(s(lang, S::LoadErrorTitle)), &body), true)
        }
        Overlay::HandOver => (super::hand_over::hand_over(app), false),
        Overlay::Form => (super::choosers::form_chooser(app), false),
        Overlay::Dissolve => (super::choosers::dissolve_chooser(app), false),
        Overlay::Declare => (super::choosers::declare_preview(app), false),
        Overlay::Scoring => (super::results::scoring(app), false),
        Overlay::SeasonSummary => (super::results::season_summary(app), false),
        Overlay::Final => {
            // Export, links and replay from the results (records.rs).
            let mut html = super::results::final_results(app);
            html.insert_str(html.len() - "</div>".len(), &super::records::menu_html(app));
            // The reviews and your record, where a person who just finished a game looks
            // (the menu is not reachable under the results), in a row of their own so that
            // they keep the rows' gaps.
            let mut more = super::review::review_buttons(app);
            if !app.table.is_replay() {
                more.push_str(&super::stats::open_button(app));
            }
            if !more.is_empty() {
                let row = format!("<div class=\"row\" id=\"final-more\">{more}</div>");
                html.insert_str(html.len() - "</div>".len(), &row);
            }
            html.insert_str(html.len() - "</div>".len(), &super::results::final_rating(app));
            (html, false)
        }
        Overlay::Menu => (super::menu::menu(app), false),
        Overlay::Records => (super::records::dialog_html(app), false),
        Overlay::Lessons => (super::learn::lessons_dialog(app), app.table.shown().is_none()),
        Overlay::LessonDone => (super::learn::done_dialog(app), false),
        Overlay::Review => (super::review::review_dialog(app), true),
        Overlay::Drill => (super::drill::drill_dialog(app), true),
        Overlay::Stats => (super::stats::stats_dialog(app), true),
        Overlay::Puzzles => (super::puzzles::puzzles_dialog(app), true),
        Overlay::PuzzleDone => (super::puzzles::done_dialog(app), true),
        Overlay::Confirm(c) => {
            let text = match c {
                Confirm::EndGame => s(lang, S::ConfirmEndGame),
                Confirm::EndSeason => s(lang, S::ConfirmEndSeason),
                Confirm::NewGame => s(lang, S::ConfirmNewGame),
                Confirm::OpenHands => crate::i18n::faults::confirm_open_hands(lang),
            };
            let body = format!(
                "<p>{}</p><div class=\"row end\">{}{}</div>",
                esc(text),
                button("btn-cancel", Intent::Close, "", s(lang, S::Cancel), false),
                button("btn-confirm", Intent::Confirm, "primary", s(lang, S::Yes), true)
            );
            (card(&esc(s(lang, S::Title)), &body), false)
        }
    })
}
