//! The records' DOM: the replay viewer's bar, the records dialog (import, or the links to
//! copy) and the menu's records buttons.

use super::screens::esc;
use crate::engine::Action;
use crate::ui::i18n::Lang;
use crate::ui::model::Model;
use crate::ui::msg::{Intent, Link, ReplayStep};
use crate::ui::records::Dialog;

/// The action bar while the viewer is open: the steps, the throw of the last Water capture.
pub fn replay_bar(app: &Model) -> String {
    let Some(r) = app.records.replay.as_ref() else { return String::new() };
    let ja = app.lang == Lang::Ja;
    let b = |id: &str, intent: Intent, label: &str, key: &str, off: bool| {
        format!(
            "<button id=\"{id}\" data-intent=\"{}\" aria-keyshortcuts=\"{key}\"{}>{}</button>",
            intent.code(),
            if off { " disabled" } else { "" },
            esc(label)
        )
    };
    let mut out = String::new();
    let (start, end) = (r.at == 0, r.at == r.len());
    out.push_str(&b("rp-start", Intent::Replay(ReplayStep::Start), if ja { "最初" } else { "Start" }, "Home", start));
    out.push_str(&b(
        "rp-prev-day",
        Intent::Replay(ReplayStep::PrevDay),
        if ja { "« 前の手番" } else { "« Day" },
        "ArrowUp",
        start,
    ));
    out.push_str(&b(
        "rp-prev",
        Intent::Replay(ReplayStep::Prev),
        if ja { "‹ 戻る" } else { "‹ Step" },
        "ArrowLeft",
        start,
    ));
    out.push_str(&format!("<span id=\"rp-pos\">{}/{}</span>", r.at, r.len()));
    out.push_str(&b(
        "rp-next",
        Intent::Replay(ReplayStep::Next),
        if ja { "進む ›" } else { "Step ›" },
        "ArrowRight",
        end,
    ));
    out.push_str(&b(
        "rp-next-day",
        Intent::Replay(ReplayStep::NextDay),
        if ja { "次の手番 »" } else { "Day »" },
        "ArrowDown",
        end,
    ));
    out.push_str(&b("rp-end", Intent::Replay(ReplayStep::End), if ja { "最後" } else { "End" }, "End", end));
    // The sticks of the last Hiring, if it went into Water.
    if let (Some(Action::Capture { .. }), Some(g)) = (r.at.checked_sub(1).map(|i| r.record.actions[i]), app.game()) {
        if let Some(st) = g.season().last_hire.and_then(|h| h.sticks) {
            out.push_str("<span class=\"sticks\" id=\"rp-sticks\" title=\"sticks\">");
            for dark in st.0 {
                out.push_str(if dark {
                    "<span class=\"stick dark\"></span>"
                } else {
                    "<span class=\"stick light\"></span>"
                });
            }
            out.push_str("</span>");
        }
    }
    out.push_str(&b(
        "rp-close",
        Intent::ReplayClose,
        if ja { "再生を閉じる" } else { "Close replay" },
        "Escape",
        false,
    ));
    out
}

/// The records dialog (import, or the links).
pub fn dialog_html(app: &Model) -> String {
    let i_rec_copy_link_position = Intent::Copy(Link::Position).code();
    let i_rec_copy_link_record = Intent::Copy(Link::Record).code();
    let i_rec_import = Intent::ImportPasted.code();
    let i_close = Intent::Close.code();
    let ja = app.lang == Lang::Ja;
    let err = app
        .records
        .replay
        .as_ref()
        .and_then(|r| r.error.clone())
        .or_else(|| app.message.as_ref().filter(|m| m.error).map(|m| m.text.clone()));
    let body = match &app.records.dialog {
        Dialog::Import => format!(
            "<p>{}</p><p><input type=\"file\" id=\"import-file\" accept=\".txt,.lzr,text/plain\"></p>\
             <textarea id=\"import-text\" rows=\"5\" style=\"width:100%;box-sizing:border-box\" placeholder=\"LZR1 …\"></textarea>\
             {}<div class=\"row end\"><button id=\"btn-import-close\" data-intent=\"{i_close}\">{}</button>\
             <button id=\"btn-import-apply\" class=\"primary\" data-intent=\"{i_rec_import}\" data-autofocus>{}</button></div>",
            if ja { "記録ファイル（LZR1）を選ぶか、貼り付けてください。" } else { "Choose a record file (LZR1) or paste one." },
            err.map(|e| format!("<p class=\"errorbox\" id=\"import-error\" role=\"alert\">{}</p>", esc(&e))).unwrap_or_default(),
            if ja { "閉じる" } else { "Close" },
            if ja { "再生する" } else { "Replay" },
        ),
        Dialog::Links { record, position } => {
            let mut s = format!(
                "<p>{}</p><input id=\"link-record\" readonly style=\"width:100%\" value=\"{}\">\
                 <div class=\"row\"><button id=\"btn-copy-record\" data-intent=\"{i_rec_copy_link_record}\">{}</button></div>",
                if ja { "このゲームの再生リンク：" } else { "A link that replays this game:" },
                esc(record),
                if ja { "コピー" } else { "Copy" }
            );
            if !app.game().is_some_and(|g| matches!(g.status(), crate::engine::Status::GameOver { .. })) {
                s.push_str(&format!(
                    "<p class=\"note\" id=\"link-warning\">{}</p>",
                    if ja {
                        "記録にはシードが含まれるため、再生すると全員の手駒が分かります。ゲームの後で共有してください（再生画面はゲーム中は手駒を伏せます）。"
                    } else {
                        "A record holds the seed, so whoever has it can work out every hand: share it after the game. (The replay viewer keeps hands face down while the game is under way.)"
                    }
                ));
            }
            if let Some(p) = position {
                s.push_str(&format!(
                    "<p>{}</p><input id=\"link-position\" readonly style=\"width:100%\" value=\"{}\">\
                     <div class=\"row\"><button id=\"btn-copy-position\" data-intent=\"{i_rec_copy_link_position}\">{}</button></div>",
                    if ja { "今の局面（手駒は伏せたまま）：" } else { "The table now (hands stay hidden):" },
                    esc(p),
                    if ja { "コピー" } else { "Copy" }
                ));
            }
            s.push_str(&format!(
                "<div class=\"row end\"><button id=\"btn-links-close\" class=\"primary\" data-intent=\"{i_close}\" data-autofocus>{}</button></div>",
                if ja { "閉じる" } else { "Close" }
            ));
            s
        }
    };
    format!(
        "<div class=\"card\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"dlg-title\"><h2 id=\"dlg-title\">{}</h2>{body}</div>",
        if ja { "記録" } else { "Records" }
    )
}

/// The menu's records buttons.
pub fn menu_html(app: &Model) -> String {
    let i_rec_open_import = Intent::OpenImport.code();
    let i_rec_replay_own = Intent::ReplayOwn.code();
    let i_rec_links = Intent::Links.code();
    let i_rec_export = Intent::Export.code();
    let ja = app.lang == Lang::Ja;
    let mut s = String::from("<div class=\"row\">");
    if app.game().is_some() {
        s.push_str(&format!(
            "<button id=\"btn-export\" data-intent=\"{i_rec_export}\">{}</button><button id=\"btn-links\" data-intent=\"{i_rec_links}\">{}</button>",
            if ja { "記録を保存" } else { "Export record" },
            if ja { "リンクをコピー" } else { "Copy link" }
        ));
        if app.records.replay.is_none() {
            s.push_str(&format!(
                "<button id=\"btn-replay-own\" data-intent=\"{i_rec_replay_own}\">{}</button>",
                if ja { "このゲームを再生" } else { "Replay this game" }
            ));
        }
    }
    s.push_str(&format!(
        "<button id=\"btn-import\" data-intent=\"{i_rec_open_import}\">{}</button>",
        if ja { "記録を読み込む・再生" } else { "Import / replay a record" }
    ));
    s.push_str(&format!(
        "<a id=\"link-rules\" href=\"rules.html{}\" target=\"_blank\" rel=\"noopener\">{}</a>",
        if ja { "#ja" } else { "#en" },
        if ja { "ルール（動く盤つき）" } else { "Rules, with live boards" }
    ));
    s.push_str("</div>");
    s
}
