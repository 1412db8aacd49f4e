//! What a phone's page and a spectator's page show of their connection to the host
//! (`lauzait_table_mode::answering`), alike on both: why no path opened, that the channel
//! was lost (in each page's words: a phone scans its seat's new code, a spectator asks for
//! a new link), and while pairing the answer as a code and as a link.

use super::qr;
use crate::html::markup::esc;
use crate::i18n::no_path::no_path_why;
use crate::i18n::table_mode::{t, T};
use crate::i18n::Lang;
use lauzait_table_mode::answering::Answering;
use lauzait_table_mode::controls::GuestControl;

/// Why no path opened, if none did, and `lost` if the channel was open and closed since.
pub fn connection_notices(l: Lang, answering: &Answering, lost: &str) -> String {
    let mut html = String::new();
    if let Some(why) = answering.no_path() {
        html.push_str(&format!("<p class=\"errorbox\" id=\"no-path\">{}</p>", esc(no_path_why(l, why))));
    }
    if answering.channel().lost() {
        html.push_str(&format!("<p class=\"errorbox\" id=\"lost\">{}</p>", esc(lost)));
    }
    html
}

/// The answer to show while pairing: its code and its link (`can_share`: whether the
/// browser has a share sheet for the link); nothing for a spent code, which cannot connect
/// (the notices say to scan the new one).
pub fn answer(l: Lang, answering: &Answering, can_share: bool) -> String {
    if answering.spent() {
        return String::new();
    }
    pairing(l, answering.code()) + &answer_link(l, answering.answer_link(), can_share)
}

/// The answer's code as a QR code and as text to copy, or that it is being made.
fn pairing(l: Lang, code: Option<&str>) -> String {
    let Some(code) = code else { return format!("<p>{}</p>", esc(t(l, T::Preparing))) };
    format!(
        "<p><b>{}</b></p><div id=\"answer-qr\">{}</div><p class=\"note\">{}</p>\
         <textarea id=\"answer-code\" readonly rows=\"3\" aria-label=\"{}\">{}</textarea><p><button id=\"{}\">{}</button></p>",
        esc(t(l, T::ShowHost)),
        qr::svg(code, t(l, T::ShowHost)),
        esc(t(l, T::AnswerNote)),
        esc(t(l, T::AnswerCode)),
        esc(code),
        GuestControl::CopyCode.id(),
        esc(t(l, T::CopyCode))
    )
}

/// The answer as a link, for a host on another network: sent by any messenger and opened on
/// the host's device, it reaches the table's page there (`lauzait_table_mode::forward`).
/// Its ids stay as the browser tests name them: `answer-link`, `copy-answer-link`,
/// `share-answer-link`.
fn answer_link(l: Lang, link: Option<String>, can_share: bool) -> String {
    let Some(link) = link else { return String::new() };
    let share = if can_share {
        format!("<button id=\"{}\">{}</button>", GuestControl::ShareAnswerLink.id(), esc(t(l, T::ShareAnswerLink)))
    } else {
        String::new()
    };
    format!(
        "<div class=\"link-text\"><label for=\"answer-link\">{}</label>\
         <input type=\"text\" readonly id=\"answer-link\" value=\"{}\">\
         <p class=\"row\"><button id=\"{}\">{}</button>{share}</p></div>",
        esc(t(l, T::AnswerLink)),
        esc(&link),
        GuestControl::CopyAnswerLink.id(),
        esc(t(l, T::CopyAnswerLink)),
    )
}
