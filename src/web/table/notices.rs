//! The notices both table pages show above everything else: the last problem (a bad code,
//! no camera, a refused message), and that the device could not save the table's game; on
//! the host, that its computer player could not think.

use crate::ui::i18n::table_mode::{t, T};
use crate::ui::i18n::Lang;
use crate::web::view::html::esc;

/// Why each notice is up, when it is.
#[derive(Default)]
pub struct Notices<'a> {
    pub problem: Option<&'a str>,
    pub not_saved: Option<&'a str>,
    pub computer_failed: Option<&'a str>,
}

pub fn notices(l: Lang, n: Notices) -> String {
    let mut html = String::new();
    if let Some(problem) = n.problem {
        html.push_str(&format!("<p class=\"errorbox\" id=\"problem\">{}</p>", esc(problem)));
    }
    if let Some(why) = n.computer_failed {
        let text = format!("{} ({why})", t(l, T::ComputerFailed));
        html.push_str(&format!("<p class=\"errorbox\" id=\"computer-failed\">{}</p>", esc(&text)));
    }
    if let Some(why) = n.not_saved {
        let text = format!("{} ({why})", t(l, T::NotSaved));
        html.push_str(&format!("<p class=\"errorbox\" id=\"not-saved\">{}</p>", esc(&text)));
    }
    html
}
