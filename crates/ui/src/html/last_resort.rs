//! What the page shows instead of the game when it cannot run it: a fault that stopped it
//! (the last resort, so in English, the page's language unknown by then), or the game
//! opened inside another site's frame (a link to open it in its own tab).

use super::markup::esc;
use crate::i18n::{self, Lang};

/// The fault that stopped the page, `text` as the browser reported it.
pub fn fatal_card(text: &str) -> String {
    format!(
        "<div class=\"card\" role=\"alertdialog\"><h2>{}</h2><p class=\"errorbox\">{}</p><p>{}</p></div>",
        esc(i18n::s(Lang::En, i18n::S::Title)),
        esc(&i18n::screens::fatal(text)),
        esc(i18n::screens::FATAL_NOTE)
    )
}

/// Instead of the game inside another site's frame: a link to `href`, the game's own address.
pub fn framed_card(lang: Lang, href: &str) -> String {
    let (text, link) = i18n::faults::framed(lang);
    format!(
        "<div class=\"card\" role=\"alertdialog\" id=\"framed\"><h2>{}</h2><p>{}</p>\
         <p><a href=\"{}\" target=\"_blank\" rel=\"noopener\">{}</a></p></div>",
        esc(i18n::s(lang, i18n::S::Title)),
        esc(text),
        esc(href),
        esc(link)
    )
}
