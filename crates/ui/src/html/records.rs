//! The records' DOM: the replay viewer's bar, the records dialog (import, or the links to
//! copy) and the menu's records buttons.

use super::markup::{card, esc, stick_faces};
use crate::i18n::records::{rec, replay_step, Rec};
use crate::i18n::{s, S};
use crate::model::Model;
use crate::msg::Intent;
use crate::records::{Dialog, Link, RecordsIntent, ReplayStep};
use lauzait_engine::{Action, Status};

/// The action bar while the viewer is open: the steps, the throw of the last Water capture.
pub fn replay_bar(app: &Model) -> String {
    let Some(r) = app.table.replay() else { return String::new() };
    let lang = app.lang;
    let b = |id: &str, intent: Intent, label: &str, key: &str, off: bool| {
        format!(
            "<button id=\"{id}\" data-intent=\"{}\" aria-keyshortcuts=\"{key}\"{}>{}</button>",
            intent.code(),
            if off { " disabled" } else { "" },
            esc(label)
        )
    };
    let step = |id: &str, step: ReplayStep, key: &str, off: bool| {
        b(id, Intent::Records(RecordsIntent::Replay(step)), replay_step(lang, step), key, off)
    };
    // Two rows: the steps through the record, then closing and the reviews (index.html
    // gives the bar the height of both, so that neither runs off the screen).
    let mut out = String::from("<div class=\"row\" id=\"replay-nav\">");
    let (start, end) = (r.at == 0, r.at == r.len());
    out.push_str(&step("rp-start", ReplayStep::Start, "Home", start));
    out.push_str(&step("rp-prev-day", ReplayStep::PrevDay, "ArrowUp", start));
    out.push_str(&step("rp-prev", ReplayStep::Prev, "ArrowLeft", start));
    out.push_str(&format!("<span id=\"rp-pos\">{}/{}</span>", r.at, r.len()));
    out.push_str(&step("rp-next", ReplayStep::Next, "ArrowRight", end));
    out.push_str(&step("rp-next-day", ReplayStep::NextDay, "ArrowDown", end));
    out.push_str(&step("rp-end", ReplayStep::End, "End", end));
    // The sticks of the last Hiring, if it went into Water.
    if let (Some(Action::Capture { .. }), Some(g)) = (r.at.checked_sub(1).map(|i| r.record.actions[i]), app.game()) {
        if let Some(st) = g.season().last_hire.and_then(|h| h.sticks) {
            out.push_str(&format!(
                "<span class=\"sticks\" id=\"rp-sticks\" title=\"sticks\">{}</span>",
                stick_faces(st.0)
            ));
        }
    }
    out.push_str("</div><div class=\"row\" id=\"replay-more\">");
    out.push_str(&b(
        "rp-close",
        Intent::Records(RecordsIntent::ReplayClose),
        rec(lang, Rec::CloseReplay),
        "Escape",
        false,
    ));
    // A finished full record can be reviewed, seat by seat.
    out.push_str(&super::review::review_buttons(app));
    out.push_str("</div>");
    out
}

/// The records dialog (import, or the links).
pub fn dialog_html(app: &Model) -> String {
    let i_rec_copy_link_position = Intent::Records(RecordsIntent::Copy(Link::Position)).code();
    let i_rec_copy_link_record = Intent::Records(RecordsIntent::Copy(Link::Record)).code();
    let i_rec_import = Intent::Records(RecordsIntent::ImportPasted).code();
    let i_close = Intent::Close.code();
    let lang = app.lang;
    let err = app
        .table
        .replay()
        .and_then(|r| r.error.clone())
        .or_else(|| app.message.as_ref().filter(|m| m.error).map(|m| m.text.clone()));
    let body = match &app.records.dialog {
        Dialog::Import => format!(
            "<p>{}</p><p><label for=\"import-file\">{}</label><br><input type=\"file\" id=\"import-file\" accept=\".txt,.lzr,text/plain\"></p>\
             <p><label for=\"import-text\">{}</label></p><textarea id=\"import-text\" rows=\"5\" style=\"width:100%;box-sizing:border-box\" placeholder=\"LZR2 …\"></textarea>\
             {}<div class=\"row end\"><button id=\"btn-import-close\" data-intent=\"{i_close}\">{}</button>\
             <button id=\"btn-import-apply\" class=\"primary\" data-intent=\"{i_rec_import}\" data-autofocus>{}</button></div>",
            esc(rec(lang, Rec::ImportNote)),
            esc(rec(lang, Rec::ImportFile)),
            esc(rec(lang, Rec::ImportText)),
            err.map(|e| format!("<p class=\"errorbox\" id=\"import-error\" role=\"alert\">{}</p>", esc(&e))).unwrap_or_default(),
            esc(s(lang, S::Close)),
            esc(rec(lang, Rec::Replay)),
        ),
        Dialog::Links { record, position } => {
            let mut html = format!(
                "<p><label for=\"link-record\">{}</label></p><input id=\"link-record\" readonly style=\"width:100%\" value=\"{}\">\
                 <div class=\"row\"><button id=\"btn-copy-record\" data-intent=\"{i_rec_copy_link_record}\">{}</button></div>",
                esc(rec(lang, Rec::RecordLink)),
                esc(record),
                esc(rec(lang, Rec::Copy))
            );
            if !app.game().is_some_and(|g| matches!(g.status(), Status::GameOver { .. })) {
                html.push_str(&format!(
                    "<p class=\"note\" id=\"link-warning\">{}</p>",
                    esc(rec(lang, Rec::ShareAfterGame))
                ));
            }
            if let Some(p) = position {
                html.push_str(&format!(
                    "<p><label for=\"link-position\">{}</label></p><input id=\"link-position\" readonly style=\"width:100%\" value=\"{}\">\
                     <div class=\"row\"><button id=\"btn-copy-position\" data-intent=\"{i_rec_copy_link_position}\">{}</button></div>",
                    esc(rec(lang, Rec::PositionLink)),
                    esc(p),
                    esc(rec(lang, Rec::Copy))
                ));
            }
            html.push_str(&format!(
                "<div class=\"row end\"><button id=\"btn-links-close\" class=\"primary\" data-intent=\"{i_close}\" data-autofocus>{}</button></div>",
                esc(s(lang, S::Close))
            ));
            html
        }
    };
    card(&esc(rec(lang, Rec::Records)), &body)
}

/// The menu's records buttons.
pub fn menu_html(app: &Model) -> String {
    let i_rec_open_import = Intent::Records(RecordsIntent::OpenImport).code();
    let i_rec_replay_own = Intent::Records(RecordsIntent::ReplayOwn).code();
    let i_rec_links = Intent::Records(RecordsIntent::Links).code();
    let i_rec_export = Intent::Records(RecordsIntent::Export).code();
    let lang = app.lang;
    let mut html = String::from("<div class=\"row\">");
    if app.game().is_some() {
        html.push_str(&format!(
            "<button id=\"btn-export\" data-intent=\"{i_rec_export}\">{}</button><button id=\"btn-links\" data-intent=\"{i_rec_links}\">{}</button>",
            esc(rec(lang, Rec::Export)),
            esc(rec(lang, Rec::CopyLink))
        ));
        if !app.table.is_replay() {
            html.push_str(&format!(
                "<button id=\"btn-replay-own\" data-intent=\"{i_rec_replay_own}\">{}</button>",
                esc(rec(lang, Rec::ReplayOwn))
            ));
        }
    }
    html.push_str(&format!(
        "<button id=\"btn-import\" data-intent=\"{i_rec_open_import}\">{}</button>",
        esc(rec(lang, Rec::Import))
    ));
    // The rules page opens in the language of the game.
    html.push_str(&format!(
        "<a class=\"btnlink\" id=\"link-rules\" href=\"rules.html#{}\" target=\"_blank\" rel=\"noopener\">{}</a>",
        lang.code(),
        esc(rec(lang, Rec::Rules))
    ));
    // Table mode is its own page (table.html), so the game's page does not carry it.
    html.push_str(&format!(
        "<a class=\"btnlink\" id=\"link-table\" href=\"table.html?lang={}\">{}</a>",
        lang.code(),
        esc(crate::i18n::table_mode::menu_entry(lang))
    ));
    // So is play by turns (remote.html): a plain link, none of its code in the game's page.
    html.push_str(&format!(
        "<a class=\"btnlink\" id=\"link-remote\" href=\"remote.html?lang={}\">{}</a>",
        lang.code(),
        esc(crate::i18n::remote::menu_entry(lang))
    ));
    html.push_str("</div>");
    html
}
