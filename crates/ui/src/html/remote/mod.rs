//! Play by turns' page (remote.html), built natively from its pure screens
//! (`lauzait_remote::screen`; snapshots: tests/ui/remote_html.rs): the host's
//! ([`host`]: the setup, each seat's invite and letters, its own seat) or a guest's
//! ([`guest`]: its letter to the host, its hand), and what both show: the problem or the
//! letter just opened, a link to send with its Copy and Share buttons, the board and the
//! seat's hand with the phone's choice buttons, and the field a link is pasted into. The
//! shell (src/web/remote) sets it as `innerHTML` and paints the board and the tiles.

pub mod guest;
pub mod host;
pub mod joint;

use super::markup::{esc, tiles};
use super::table::phone::under_hand;
use super::table::tablet::{tablet, Around};
use crate::i18n::faults::storage_refusal;
use crate::i18n::remote::{link_chars, opened_from, party, problem, r, seat_of, R};
use crate::i18n::table_mode::{t, T};
use crate::i18n::Lang;
use crate::storage_refusal::StorageRefusal;
use lauzait_engine::{Action, Game};
use lauzait_remote::screen::boot::Screen;
use lauzait_remote::screen::controls::{Control, FILE_FIELD, PASTE_FIELD};
use lauzait_remote::screen::{needs_file, Opened, Problem, Shown, LETTER_FILE_EXTENSION};

/// What the page shows: the screen, in the page's language, and what the browser adds.
pub struct RemotePage<'a> {
    pub screen: &'a Screen,
    pub lang: Lang,
    /// The browser's answer to the last save.
    pub not_saved: Option<&'a StorageRefusal>,
    /// The page's address without its fragment: a link is it, `#`, and the fragment.
    pub base: &'a str,
    /// Whether the browser has a share sheet (the Web Share API).
    pub can_share: bool,
}

pub fn page(p: &RemotePage) -> String {
    let l = p.lang;
    let mut html = format!("<h1>{}</h1>", esc(r(l, R::Title)));
    match p.screen {
        Screen::Host(s) => {
            html.push_str(&notices(p, s.problem(), s.opened()));
            html.push_str(&host::host(p, s));
        }
        Screen::Guest(s) => {
            html.push_str(&notices(p, s.problem(), s.opened()));
            html.push_str(&guest::guest(p, s));
        }
        Screen::Joint(s) => {
            html.push_str(&notices(p, s.problem(), s.opened()));
            html.push_str(&joint::joint(p, s));
        }
        Screen::Watch(w) => {
            let w = &w.watched;
            html.push_str(&crate::html::table::spectator::watched(l, &w.view, &w.names));
        }
    }
    html.push_str(&paste(l));
    html
}

/// The problem, the letter just opened, and a save the browser refused.
fn notices(p: &RemotePage, problem_now: Option<&Problem>, opened: Option<Opened>) -> String {
    let l = p.lang;
    let mut html = String::new();
    if let Some(why) = problem_now {
        html.push_str(&format!("<p class=\"errorbox\" id=\"problem\" role=\"alert\">{}</p>", esc(&problem(l, why))));
    }
    match opened {
        Some(Opened::New(from)) => {
            html.push_str(&format!("<p class=\"note\" id=\"opened\">{}</p>", esc(&opened_from(l, &party(l, from)))));
        }
        Some(Opened::Again) => {
            html.push_str(&format!("<p class=\"note\" id=\"opened\">{}</p>", esc(r(l, R::OpenedAgain))));
        }
        None => {}
    }
    if let Some(why) = p.not_saved {
        html.push_str(&format!(
            "<p class=\"errorbox\" id=\"not-saved\">{} ({})</p>",
            esc(t(l, T::NotSaved)),
            esc(&storage_refusal(l, why))
        ));
    }
    html
}

/// A link to send: its heading, the whole link to select, its length, Copy and Share.
fn link_box(p: &RemotePage, shown: Shown, heading: &str, note: &str, fragment: &str, copied: bool) -> String {
    let l = p.lang;
    let url = format!("{}#{fragment}", p.base);
    let id = match shown {
        Shown::Invite(s) => format!("invite-{s}"),
        Shown::Letter(s) => format!("letter-{s}"),
        Shown::Spectator => "spectator".into(),
    };
    let share = if p.can_share {
        format!("<button id=\"{}\">{}</button>", Control::Share(shown).id(), esc(r(l, R::Share)))
    } else {
        String::new()
    };
    let copied = if copied { format!("<span class=\"copied\">{}</span>", esc(r(l, R::Copied))) } else { String::new() };
    // A letter too long for a messenger's link travels as a file as well.
    let (save, too_long) = if needs_file(fragment) {
        (
            format!("<button id=\"{}\">{}</button>", Control::Save(shown).id(), esc(r(l, R::SaveFile))),
            format!("<p class=\"note\" id=\"too-long-{id}\">{}</p>", esc(r(l, R::TooLongForLink))),
        )
    } else {
        (String::new(), String::new())
    };
    format!(
        "<div class=\"card link-box\" id=\"box-{id}\"><p><b>{}</b></p><p class=\"note\">{}</p>\
         <textarea id=\"link-{id}\" class=\"link\" readonly rows=\"3\" aria-label=\"{}\" data-chars=\"{}\">{}</textarea>\
         <p class=\"row\"><button id=\"{}\" class=\"primary\">{}</button>{share}{save}{copied}<span class=\"note\">{}</span></p>{too_long}</div>",
        esc(heading),
        esc(note),
        esc(r(l, R::LinkLabel)),
        url.len(),
        esc(&url),
        Control::Copy(shown).id(),
        esc(r(l, R::Copy)),
        esc(&link_chars(l, url.len()))
    )
}

/// The field a link is pasted into, its button, and the file field a letter's file is
/// opened with.
fn paste(l: Lang) -> String {
    format!(
        "<section class=\"paste\"><h2>{}</h2><p class=\"row\"><input id=\"{PASTE_FIELD}\" type=\"text\" inputmode=\"url\" \
         autocomplete=\"off\" aria-label=\"{}\" placeholder=\"{}\"><button id=\"{}\">{}</button></p>\
         <p class=\"row\"><label for=\"{FILE_FIELD}\">{}</label> <input id=\"{FILE_FIELD}\" type=\"file\" \
         accept=\".{LETTER_FILE_EXTENSION},text/plain\"></p></section>",
        esc(r(l, R::PasteHeading)),
        esc(r(l, R::PasteLabel)),
        esc(r(l, R::PasteLabel)),
        Control::OpenPasted.id(),
        esc(r(l, R::Open)),
        esc(r(l, R::OpenFile))
    )
}

/// The board as the seat sees it (the shared board's canvas and what it says), then the
/// seat's hand and its choices as the phone's buttons.
fn table_and_hand(l: Lang, game: &Game, seat: u8, choices: &[Action]) -> String {
    let view = game.public();
    let names = (0..view.seats().len()).map(|s| seat_of(l, s as u8)).collect();
    let mut html = tablet(l, &view, &Around { names, dealing: None, decisions: false });
    let Some(h) = game.hand_now(usize::from(seat)) else { return html };
    let concealed: Vec<_> = h.concealed.pieces().collect();
    html.push_str(&format!(
        "<section id=\"my-hand\"><h2>{}</h2><div class=\"hand\" id=\"hand\">{}</div>",
        esc(t(l, T::YourHand)),
        tiles(l, &concealed, false)
    ));
    html.push_str(&under_hand(l, game, usize::from(seat), h, choices));
    html.push_str("</section>");
    html
}
