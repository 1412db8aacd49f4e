//! Table mode's browser shell (table.html, the `lauzait-table` binary): the host's page
//! when the address has no pairing link, a guest's page when it has one (`#j=…`). Loaded
//! only when table mode is used, so the game's page does not grow. The logic is the pure
//! [`lauzait_table_mode`]; this is WebRTC, QR codes, the camera, storage and the DOM.

mod camera;
mod dom;
mod guest_page;
mod guest_view;
mod host_page;
mod host_view;
mod notices;
mod qr;
mod rtc;
mod share;
mod stats;

use lauzait_table_mode::link::read_invite;
use lauzait_ui::i18n::table_mode::{t, T};
use lauzait_ui::i18n::Lang;

/// Entry point called by the `lauzait-table` binary's `main`.
pub fn start() {
    crate::web::on_trap(|text| {
        let text = lauzait_ui::i18n::screens::fatal(text);
        dom::set_html("app", &format!("<p class=\"errorbox\">{}</p>", crate::web::view::html::esc(&text)));
    });
    let lang = lang();
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        doc.set_title(t(lang, T::Title));
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
    }
    // Without the browser's cryptographic generator no table starts: keys, tokens and
    // secrets from a weaker one could be guessed (the page says why, in words).
    if dom::entropy(1).is_none() {
        return no_entropy(lang);
    }
    let fragment = dom::fragment();
    let started = if fragment.starts_with("j=") {
        match read_invite(&fragment) {
            Ok(invite) => guest_page::start(lang, invite).map(|started| {
                if !started {
                    no_entropy(lang)
                }
            }),
            Err(e) => {
                dom::set_html("app", &format!("<p class=\"errorbox\">{}</p>", crate::web::view::html::esc(&e)));
                Ok(())
            }
        }
    } else {
        host_page::start(lang)
    };
    if let Err(e) = started {
        web_sys::console::error_2(&"lauzait table: could not start".into(), &e);
    }
}

fn no_entropy(lang: Lang) {
    let text = t(lang, T::NoEntropy);
    dom::set_html("app", &format!("<p class=\"errorbox\" id=\"no-entropy\">{}</p>", crate::web::view::html::esc(text)));
}

/// `?lang=ja` first, then the browser's language.
fn lang() -> Lang {
    let w = web_sys::window();
    let search = w.as_ref().and_then(|w| w.location().search().ok()).unwrap_or_default();
    if let Some(v) = search.trim_start_matches('?').split('&').find_map(|kv| kv.strip_prefix("lang=")) {
        return Lang::from_tag(v);
    }
    Lang::from_tag(&w.and_then(|w| w.navigator().language()).unwrap_or_default())
}
