//! Table mode's browser shell (table.html): the host's page (the `lauzait-table` binary)
//! and a phone's (the `lauzait-phone` binary), two modules so that a phone downloads
//! neither the host nor its computer players. table.html's loader (static/table-loader.js)
//! picks the phone's when the address holds a pairing link (`#j=…`). Loaded only when table
//! mode is used, so the game's page does not grow. The logic is the pure
//! [`lauzait_table_mode`]; this is WebRTC, QR codes, the camera, storage and the DOM.

mod answering;
mod camera;
pub(crate) mod dom;
mod forward;
mod guest_page;
mod guest_view;
mod host_page;
mod host_view;
mod phone_shell;
mod qr;
mod relayed_phone_page;
mod relayed_tablet_page;
mod rtc;
pub(crate) mod share;
mod spectator_page;
mod stats;
mod tablet_shell;

/// A page's timer (by turns, the host's wake-ups for its computer seats use it too).
pub(crate) use rtc::sleep;

use lauzait_table_mode::link::{read_invite, read_watch_invite};
use lauzait_ui::i18n::table_mode::{t, T};
use lauzait_ui::i18n::Lang;

/// Entry point of the host's page, called by the `lauzait-table` binary's `main`; with a
/// phone's answer link (`#a=…`, opened on the host's device) the tab hands the answer to the
/// table's page open in this browser instead, and with a spectator's link (`#w=…`) the page
/// watches the table. (A spectator's page is this module's, not the phone's: the phone's
/// download has a ceiling, and the spectator's views would take it past it.) A relayed
/// table's pages (`?deal=phones`, `#k=…`) are a module's of their own: [`start_relayed`].
pub fn start() {
    let Some(lang) = begin() else { return };
    let fragment = dom::fragment();
    if fragment.starts_with("a=") {
        wasm_bindgen_futures::spawn_local(async move { report(forward::run(lang, fragment).await) });
        return;
    }
    if fragment.starts_with("w=") {
        match read_watch_invite(&fragment) {
            Ok(invite) => report(spectator_page::start(lang, invite)),
            Err(e) => error_box(&e.to_string(), ""),
        }
        return;
    }
    report(host_page::start(lang));
}

/// Entry point of a phone's page, called by the `lauzait-phone` binary's `main`.
pub fn start_phone() {
    let Some(lang) = begin() else { return };
    // A new invite for its seat (after the phone lost its connection), opened in the same
    // tab, changes only the fragment. Only the phone's page: the host's tab holds the table
    // and its connections, and an answer link is handed to it from a tab of its own
    // ([`forward`]).
    if let Some(window) = web_sys::window() {
        let _ = crate::web::events::reload_on_new_fragment(&window);
    }
    let started = match read_invite(&dom::fragment()) {
        Ok(invite) => guest_page::start(lang, invite).map(|started| {
            if !started {
                no_entropy(lang)
            }
        }),
        Err(e) => {
            error_box(&e.to_string(), "");
            Ok(())
        }
    };
    report(started);
}

/// Entry point of a relayed table's module (`lauzait-relayed`, which table.html's loader starts
/// for `?deal=phones` and a seat's link `#k=…`): a seat's phone page or the tablet's.
pub fn start_relayed() {
    if dom::fragment().starts_with(lauzait_remote::screen::relayed_tablet::INVITE_PREFIX) {
        start_relayed_phone()
    } else {
        start_relayed_tablet()
    }
}

/// A phone's page at a relayed table (a seat's link `#k=…`).
fn start_relayed_phone() {
    let Some(lang) = begin() else { return };
    if let Some(window) = web_sys::window() {
        let _ = crate::web::events::reload_on_new_fragment(&window);
    }
    report(relayed_phone_page::start(lang).map(|started| {
        if !started {
            no_entropy(lang)
        }
    }));
}

/// A relayed table's tablet (table.html?deal=phones: dealt by every phone, DEAL-PROTOCOL.md,
/// "A table relayed by a tablet"): its computer seats are devices of joint play, which table
/// mode's host page does not carry.
fn start_relayed_tablet() {
    let Some(lang) = begin() else { return };
    report(relayed_tablet_page::start(lang));
}

/// What both pages do first: a trap shown in words, the page's language, and the two
/// refusals to start (inside a frame, without cryptographic randomness). The page's
/// language when the page may start.
fn begin() -> Option<Lang> {
    crate::web::on_trap(|text| error_box(&lauzait_ui::i18n::screens::fatal(text), ""));
    let lang = lang();
    let window = web_sys::window()?;
    if let Some(doc) = window.document() {
        doc.set_title(t(lang, T::Title));
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
    }
    // Inside any frame a page could lay its own buttons over a phone's hand or the host's
    // setup, or read nothing but still have the person pair through it: table mode is never
    // meant to be framed, so it does not start there, and says why.
    if crate::web::framed(&window) {
        error_box(t(lang, T::Framed), "framed");
        return None;
    }
    // Without the browser's cryptographic generator no table starts: keys, tokens and
    // secrets from a weaker one could be guessed (the page says why, in words).
    if dom::entropy(1).is_none() {
        no_entropy(lang);
        return None;
    }
    Some(lang)
}

fn report(started: Result<(), wasm_bindgen::JsValue>) {
    if let Err(e) = started {
        web_sys::console::error_2(&"lauzait table: could not start".into(), &e);
    }
}

/// `text` in the page's error box, in place of whatever it showed (the loading note).
pub(crate) fn error_box(text: &str, id: &str) {
    let id = if id.is_empty() { String::new() } else { format!(" id=\"{id}\"") };
    dom::set_html("app", &format!("<p class=\"errorbox\"{id}>{}</p>", crate::web::view::html::esc(text)));
}

fn no_entropy(lang: Lang) {
    error_box(t(lang, T::NoEntropy), "no-entropy");
}

/// `?lang=ja` first, then the browser's language.
pub(crate) fn lang() -> Lang {
    let w = web_sys::window();
    let search = w.as_ref().and_then(|w| w.location().search().ok()).unwrap_or_default();
    if let Some(v) = search.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix("lang=")) {
        return Lang::from_tag(v);
    }
    Lang::from_tag(&w.and_then(|w| w.navigator().language()).unwrap_or_default())
}
