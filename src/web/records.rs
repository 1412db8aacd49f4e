//! Game records in the browser (NOTATION.md): export the game as an `LZR1` file, import a
//! record (a file or pasted text) into the replay viewer, "copy link" (`#record=…` for the
//! game, `#position=…` for the table now), and the replay viewer itself: forwards and
//! backwards by step or by Day, with the sticks of every Water throw.
//!
//! While the viewer is open the player's own game is set aside (not dropped) and nothing is
//! saved: `App::save` does nothing while `app.records.replay` is `Some`.

use super::app::{hire_text, App, Overlay, Session};
use super::i18n::{self, Lang};
use super::listen;
use super::view::screens::esc;
use crate::engine::notation::{ActionToken, Position, Record};
use crate::engine::{Action, Game};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The records part of the app state.
#[derive(Default)]
pub struct Records {
    pub replay: Option<Replay>,
    /// The dialog: import (with its last error) or the links to copy.
    pub dialog: Dialog,
}

#[derive(Default, Clone, PartialEq, Eq)]
pub enum Dialog {
    #[default]
    Import,
    Links {
        record: String,
        position: Option<String>,
    },
}

pub struct Replay {
    pub record: Record,
    /// How many actions are applied.
    pub at: usize,
    /// The player's own game, set aside while the viewer is open.
    pub saved: Option<Session>,
    /// The recorded game is over: its hands may be shown. (A game under way keeps them
    /// face down, so that a replay cannot show a player the others' pieces, R40.)
    pub finished: bool,
    pub error: Option<String>,
}

impl Replay {
    pub fn len(&self) -> usize {
        self.record.actions.len()
    }
}

/// Whether an action ends a Day (or a Season): the Day-by-Day stops.
fn ends_day(a: &Action) -> bool {
    matches!(
        a,
        Action::Capture { .. }
            | Action::Declare
            | Action::DeclareStalemate
            | Action::NextSeason
            | Action::EndSeasonByAgreement
            | Action::EndGameByAgreement
    )
}

/// Checks a record text: it parses and every action is accepted.
pub fn check(text: &str) -> Result<(Record, Game), String> {
    let record = Record::parse(text.trim()).map_err(|e| format!("Record: {e}"))?;
    let game = record.replay().map_err(|e| {
        let token = ActionToken(e.action).to_string();
        format!("Record: token {} '{token}': action {} is refused: {}", e.index + 6, e.index + 1, e.error)
    })?;
    Ok((record, game))
}

/// Opens the viewer on a record (at its end). Errors are shown, never panics.
pub fn open(app: &mut App, text: &str) -> Result<(), String> {
    let (record, game) = check(text)?;
    let finished = matches!(game.status(), crate::engine::Status::GameOver { .. });
    let saved = match app.records.replay.take() {
        Some(r) => r.saved,
        None => app.session.take(),
    };
    let at = record.actions.len();
    app.records.replay = Some(Replay { record, at, saved, finished, error: None });
    app.anim = None;
    seek(app, at);
    Ok(())
}

/// Shows the game after `at` actions.
pub fn seek(app: &mut App, at: usize) {
    let lang = app.lang;
    let Some(r) = app.records.replay.as_mut() else { return };
    let at = at.min(r.len());
    r.at = at;
    let game = match Game::replay(r.record.options.clone(), r.record.seed, &r.record.actions[..at]) {
        Ok(g) => g,
        Err(e) => {
            r.error = Some(e.to_string());
            return;
        }
    };
    let names = game.options().seats().iter().map(|s| i18n::seat_name(lang, *s).to_string()).collect();
    // A replay is watched, not played: every seat counts as a person, so no computer
    // player acts on it.
    let bots = vec![None; game.options().seats().len()];
    let sess = Session { game, names, bots, bot_seed: 0, revealed: r.finished, scoring: false };
    let text = describe(lang, &sess, r);
    app.session = Some(sess);
    app.overlay = Overlay::None;
    app.focus = None;
    app.message = Some(super::app::Message { text: text.clone(), error: false });
    app.say(&text);
    app.refresh();
}

fn describe(lang: Lang, sess: &Session, r: &Replay) -> String {
    let g = &sess.game;
    let head = match lang {
        Lang::En => format!("Replay {}/{} · Season {} Day {}", r.at, r.len(), g.season().number, g.day_number_hint()),
        Lang::Ja => format!("再生 {}/{} · ラウンド{} · {}手目", r.at, r.len(), g.season().number, g.day_number_hint()),
    };
    let last = if r.at == 0 { None } else { Some(r.record.actions[r.at - 1]) };
    let what = match last {
        None => String::new(),
        Some(Action::Capture { .. }) => match g.season().last_hire {
            Some(h) => hire_text(lang, sess, &h),
            None => String::new(),
        },
        Some(a) => format!("{}", ActionToken(a)),
    };
    let scores: Vec<String> = (0..g.scores().len()).map(|p| format!("{} {}", sess.names[p], g.scores()[p])).collect();
    format!("{head} — {what} [{}]", scores.join(", "))
}

trait DayHint {
    fn day_number_hint(&self) -> u32;
}

impl DayHint for Game {
    fn day_number_hint(&self) -> u32 {
        self.view(self.to_move()).map_or(0, |v| v.day_number())
    }
}

/// Leaves the viewer and brings the player's own game back.
pub fn close(app: &mut App) {
    if let Some(r) = app.records.replay.take() {
        app.session = r.saved;
        app.message = None;
        app.overlay = match &app.session {
            None => Overlay::NewGame,
            Some(s) => match s.game.status() {
                crate::engine::Status::Playing if app.open_hands => Overlay::None,
                crate::engine::Status::Playing => Overlay::HandOver,
                crate::engine::Status::SeasonOver => Overlay::SeasonSummary,
                crate::engine::Status::GameOver { .. } => Overlay::Final,
            },
        };
        if let Some(s) = app.session.as_mut() {
            s.revealed = app.open_hands;
        }
        let _ = app.window.location().set_hash("");
        app.refresh();
    }
}

/// Day by Day: the index after the next (or previous) Day's end.
fn day_step(r: &Replay, forward: bool) -> usize {
    let a = &r.record.actions;
    if forward {
        (r.at + 1..=a.len()).find(|&i| ends_day(&a[i - 1])).unwrap_or(a.len())
    } else {
        (0..r.at.saturating_sub(1)).rev().find(|&i| i == 0 || ends_day(&a[i - 1])).unwrap_or(0)
    }
}

/// Keys while the viewer is open: ←/→ a step, PageUp/PageDown or ↑/↓ a Day, Home/End,
/// Escape closes.
pub fn key(app: &mut App, key: &str) -> bool {
    let Some(r) = app.records.replay.as_ref() else { return false };
    let to = match key {
        "ArrowRight" => r.at + 1,
        "ArrowLeft" => r.at.saturating_sub(1),
        "ArrowDown" | "PageDown" => day_step(r, true),
        "ArrowUp" | "PageUp" => day_step(r, false),
        "Home" => 0,
        "End" => r.len(),
        "Escape" => {
            close(app);
            return true;
        }
        _ => return false,
    };
    seek(app, to);
    true
}

/// The action bar while the viewer is open: the steps, the throw of the last Water capture.
pub fn replay_bar(app: &App) -> String {
    let Some(r) = app.records.replay.as_ref() else { return String::new() };
    let ja = app.lang == Lang::Ja;
    let b = |id: &str, intent: &str, label: &str, key: &str, off: bool| {
        format!(
            "<button id=\"{id}\" data-intent=\"{intent}\" aria-keyshortcuts=\"{key}\"{}>{}</button>",
            if off { " disabled" } else { "" },
            esc(label)
        )
    };
    let mut out = String::new();
    let (start, end) = (r.at == 0, r.at == r.len());
    out.push_str(&b("rp-start", "rp-start", if ja { "最初" } else { "Start" }, "Home", start));
    out.push_str(&b("rp-prev-day", "rp-prev-day", if ja { "« 前の手番" } else { "« Day" }, "ArrowUp", start));
    out.push_str(&b("rp-prev", "rp-prev", if ja { "‹ 戻る" } else { "‹ Step" }, "ArrowLeft", start));
    out.push_str(&format!("<span id=\"rp-pos\">{}/{}</span>", r.at, r.len()));
    out.push_str(&b("rp-next", "rp-next", if ja { "進む ›" } else { "Step ›" }, "ArrowRight", end));
    out.push_str(&b("rp-next-day", "rp-next-day", if ja { "次の手番 »" } else { "Day »" }, "ArrowDown", end));
    out.push_str(&b("rp-end", "rp-end", if ja { "最後" } else { "End" }, "End", end));
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
    out.push_str(&b("rp-close", "rp-close", if ja { "再生を閉じる" } else { "Close replay" }, "Escape", false));
    out
}

/// The records dialog (import, or the links).
pub fn dialog_html(app: &App) -> String {
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
             {}<div class=\"row end\"><button id=\"btn-import-close\" data-intent=\"close\">{}</button>\
             <button id=\"btn-import-apply\" class=\"primary\" data-intent=\"rec-import\" data-autofocus>{}</button></div>",
            if ja { "記録ファイル（LZR1）を選ぶか、貼り付けてください。" } else { "Choose a record file (LZR1) or paste one." },
            err.map(|e| format!("<p class=\"errorbox\" id=\"import-error\" role=\"alert\">{}</p>", esc(&e))).unwrap_or_default(),
            if ja { "閉じる" } else { "Close" },
            if ja { "再生する" } else { "Replay" },
        ),
        Dialog::Links { record, position } => {
            let mut s = format!(
                "<p>{}</p><input id=\"link-record\" readonly style=\"width:100%\" value=\"{}\">\
                 <div class=\"row\"><button id=\"btn-copy-record\" data-intent=\"rec-copy:link-record\">{}</button></div>",
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
                     <div class=\"row\"><button id=\"btn-copy-position\" data-intent=\"rec-copy:link-position\">{}</button></div>",
                    if ja { "今の局面（手駒は伏せたまま）：" } else { "The table now (hands stay hidden):" },
                    esc(p),
                    if ja { "コピー" } else { "Copy" }
                ));
            }
            s.push_str(&format!(
                "<div class=\"row end\"><button id=\"btn-links-close\" class=\"primary\" data-intent=\"close\" data-autofocus>{}</button></div>",
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
pub fn menu_html(app: &App) -> String {
    let ja = app.lang == Lang::Ja;
    let mut s = String::from("<div class=\"row\">");
    if app.game().is_some() {
        s.push_str(&format!(
            "<button id=\"btn-export\" data-intent=\"rec-export\">{}</button><button id=\"btn-links\" data-intent=\"rec-links\">{}</button>",
            if ja { "記録を保存" } else { "Export record" },
            if ja { "リンクをコピー" } else { "Copy link" }
        ));
        if app.records.replay.is_none() {
            s.push_str(&format!(
                "<button id=\"btn-replay-own\" data-intent=\"rec-replay-own\">{}</button>",
                if ja { "このゲームを再生" } else { "Replay this game" }
            ));
        }
    }
    s.push_str(&format!(
        "<button id=\"btn-import\" data-intent=\"rec-open-import\">{}</button>",
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

fn base_url(app: &App) -> String {
    let href = app.window.location().href().unwrap_or_default();
    href.split('#').next().unwrap_or("").to_string()
}

fn encode(text: &str) -> String {
    js_sys::encode_uri_component(text).as_string().unwrap_or_default()
}

/// The record of the game on screen (the replay's record while the viewer is open).
pub fn record_text(app: &App) -> Option<String> {
    if let Some(r) = &app.records.replay {
        return Some(r.record.to_string());
    }
    app.game().map(|g| Record::of(g).to_string())
}

/// Intents of this module (`rec-…`, `rp-…`). Returns false for others.
pub fn intent(app: &mut App, name: &str, arg: &str) -> bool {
    match name {
        "rec-export" => {
            if let Some(text) = record_text(app) {
                download(app, &text);
            }
        }
        "rec-links" => {
            let Some(record) = record_text(app) else { return true };
            let base = base_url(app);
            let position = app.game().and_then(|g| {
                let playing = g.status() == crate::engine::Status::Playing && g.day().steps.is_empty();
                let view = g.view(g.to_move())?;
                playing.then(|| format!("{base}#position={}", encode(&Position::of_view(&view, false).to_string())))
            });
            app.records.dialog = Dialog::Links { record: format!("{base}#record={}", encode(&record)), position };
            app.overlay = Overlay::Records;
        }
        "rec-copy" => {
            if let Some(el) = app.doc.get_element_by_id(arg) {
                let value =
                    js_sys::Reflect::get(&el, &"value".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
                if let Ok(select) = js_sys::Reflect::get(&el, &"select".into()) {
                    if let Ok(f) = select.dyn_into::<js_sys::Function>() {
                        let _ = f.call0(&el);
                    }
                }
                copy_to_clipboard(app, &value);
            }
        }
        "rec-replay-own" => {
            if let Some(text) = record_text(app) {
                import(app, &text);
            }
        }
        "rec-open-import" => {
            app.records.dialog = Dialog::Import;
            app.message = None;
            app.overlay = Overlay::Records;
        }
        "rec-import" => {
            let text = app
                .doc
                .get_element_by_id("import-text")
                .and_then(|el| js_sys::Reflect::get(&el, &"value".into()).ok())
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            import(app, &text);
        }
        "rp-start" | "rp-prev" | "rp-next" | "rp-end" | "rp-prev-day" | "rp-next-day" => {
            let Some(r) = app.records.replay.as_ref() else { return true };
            let to = match name {
                "rp-start" => 0,
                "rp-prev" => r.at.saturating_sub(1),
                "rp-next" => r.at + 1,
                "rp-end" => r.len(),
                "rp-prev-day" => day_step(r, false),
                _ => day_step(r, true),
            };
            seek(app, to);
        }
        "rp-close" => close(app),
        _ => return false,
    }
    true
}

/// Imports a record text: the viewer opens on it, or the dialog shows why not.
pub fn import(app: &mut App, text: &str) {
    match open(app, text) {
        Ok(()) => {}
        Err(e) => {
            app.records.dialog = Dialog::Import;
            app.overlay = Overlay::Records;
            app.say(&e);
            app.message = Some(super::app::Message { text: e, error: true });
        }
    }
}

fn download(app: &mut App, text: &str) {
    let Ok(a) = app.doc.create_element("a") else { return };
    let href = format!("data:text/plain;charset=utf-8,{}", encode(text));
    let _ = a.set_attribute("href", &href);
    let seed = app.game().map_or(0, |g| g.seed());
    let _ = a.set_attribute("download", &format!("lauzait-{seed}.lzr.txt"));
    // Not attached to the page: its click must not reach the page's own click listener
    // (which is running now).
    if let Ok(el) = a.dyn_into::<web_sys::HtmlElement>() {
        el.click();
    }
    let done = if app.lang == Lang::Ja { "記録を保存しました。" } else { "Record exported." };
    app.say(done);
}

fn copy_to_clipboard(app: &App, text: &str) {
    let nav = app.window.navigator();
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else { return };
    if clip.is_undefined() {
        return;
    }
    if let Ok(write) = js_sys::Reflect::get(&clip, &"writeText".into()) {
        if let Ok(f) = write.dyn_into::<js_sys::Function>() {
            if let Ok(p) = f.call1(&clip, &JsValue::from_str(text)) {
                if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
                    let _ = p.catch(&ignore);
                    ignore.forget();
                }
            }
        }
    }
}

/// Reading a chosen file into the import box, then importing it.
pub fn install(doc: &web_sys::Document) -> Result<(), JsValue> {
    listen(&doc, "change", move |e: web_sys::Event| {
        let Some(target) = e.target() else { return };
        let target: JsValue = target.into();
        let id = js_sys::Reflect::get(&target, &"id".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        if id != "import-file" {
            return;
        }
        let Some(file) = js_sys::Reflect::get(&target, &"files".into())
            .ok()
            .and_then(|files| js_sys::Reflect::get(&files, &JsValue::from_f64(0.0)).ok())
            .filter(|f| !f.is_undefined() && !f.is_null())
        else {
            return;
        };
        let Some(text_fn) =
            js_sys::Reflect::get(&file, &"text".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        else {
            return;
        };
        let Some(promise) = text_fn.call0(&file).ok().and_then(|p| p.dyn_into::<js_sys::Promise>().ok()) else {
            return;
        };
        let done = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
            let text = text.as_string().unwrap_or_default();
            super::with_app(|app| {
                import(app, &text);
                super::after_change(app);
            });
        });
        let _ = promise.then(&done);
        done.forget();
    })?;
    Ok(())
}

/// `#record=…` in the address opens the viewer on it; malformed notation shows its message.
pub fn open_fragment(app: &mut App) {
    let hash = app.window.location().hash().unwrap_or_default();
    let Some(encoded) = hash.strip_prefix("#record=") else { return };
    let text = js_sys::decode_uri_component(encoded).ok().and_then(|v| v.as_string()).unwrap_or_default();
    import(app, &text);
}

/// For `window.lauzait.state()`.
pub fn state_json(app: &App) -> serde_json::Value {
    match &app.records.replay {
        Some(r) => serde_json::json!({ "at": r.at, "length": r.len(), "record": r.record.to_string() }),
        None => serde_json::Value::Null,
    }
}
