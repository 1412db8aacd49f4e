//! The notices both table pages show above everything else: the last problem (a bad code,
//! no camera, a refused message), and that the device could not save the table's game.

use crate::ui::i18n::table_mode::{t, T};
use crate::ui::i18n::Lang;
use crate::web::view::html::esc;

pub fn notices(l: Lang, problem: Option<&str>, not_saved: Option<&str>) -> String {
    let mut html = String::new();
    if let Some(problem) = problem {
        html.push_str(&format!("<p class=\"errorbox\" id=\"problem\">{}</p>", esc(problem)));
    }
    if let Some(why) = not_saved {
        let text = format!("{} ({why})", t(l, T::NotSaved));
        html.push_str(&format!("<p class=\"errorbox\" id=\"not-saved\">{}</p>", esc(&text)));
    }
    html
}
