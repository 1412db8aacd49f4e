//! The table's settings of ICE servers on the host's setup screen: what they are for, the
//! field (one server a line), its Save button, and what became of the last entry (kept, or
//! refused with which entry, why, and an example). The ids stay as the browser tests name
//! them: `ice-servers`, `save-ice-servers`, `ice-servers-error`, `ice-servers-saved`.

use crate::html::markup::esc;
use crate::i18n::ice::{entry_error, i, I};
use crate::i18n::Lang;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::host_screen::IceSettings;

pub fn settings(l: Lang, ice: &IceSettings) -> String {
    let status = match ice.error() {
        Some(e) => {
            format!("<p class=\"errorbox\" id=\"ice-servers-error\" role=\"alert\">{}</p>", esc(&entry_error(l, e)))
        }
        None if ice.saved() => {
            format!("<p class=\"note\" id=\"ice-servers-saved\" role=\"status\">{}</p>", esc(i(l, I::Saved)))
        }
        None if ice.servers().is_empty() => format!("<p class=\"note\">{}</p>", esc(i(l, I::NoneSet))),
        None => String::new(),
    };
    let field = HostField::IceServers.id();
    format!(
        "<section class=\"ice\" aria-labelledby=\"ice-heading\"><h2 id=\"ice-heading\">{}</h2><p class=\"note\">{}</p>\
         <label for=\"{field}\">{}</label>\
         <textarea id=\"{field}\" rows=\"3\" spellcheck=\"false\" autocapitalize=\"off\" autocomplete=\"off\">{}</textarea>\
         <p class=\"row\"><button id=\"{}\">{}</button></p>{status}</section>",
        esc(i(l, I::Heading)),
        esc(i(l, I::Note)),
        esc(i(l, I::Field)),
        // Its lines as character references: the page's markup keeps no line breaks of its own.
        esc(ice.text()).replace('\n', "&#10;"),
        HostControl::SaveIceServers.id(),
        esc(i(l, I::Save)),
    )
}
