//! Table mode's pages, built natively like every screen of the game
//! (snapshots: tests/ui/table_html.rs): the table's setup ([`setup`]), each seat's pairing
//! card ([`pairing`]), the game on the shared screen ([`tablet`]: the board's canvas, the
//! narration, the seats, the Season log, the table's buttons and the final scores), and
//! the notices above everything ([`notices`], the phones' page shows them too); a phone's
//! page ([`phone`]: pairing, waiting, its hand and buttons, the record's check), a
//! spectator's ([`spectator`]), what both show of their connection to the host
//! ([`answering`]: the answer's code and link, no path, a lost channel) and a QR code's SVG
//! ([`qr`]). The shell
//! (src/web/table) sets this as `innerHTML`, draws the QR codes and paints the canvases.

pub mod answering;
pub mod ice;
pub mod notices;
pub mod pairing;
pub mod phone;
pub mod qr;
pub mod relayed;
pub mod setup;
pub mod spectator;
pub mod tablet;

use super::markup::esc;
use crate::i18n::no_path::no_path_why;
use crate::i18n::table_mode::{t, T};
use crate::i18n::Lang;
use crate::storage_refusal::StorageRefusal;
use lauzait_table_mode::host::Host;
use lauzait_table_mode::host_screen::HostScreen;
use lauzait_table_mode::no_path::NoPath;
use notices::{host_problem_text, notices, Notices};

/// What the host's page shows: the screen, in the page's language, and what the browser
/// adds to it.
pub struct HostPage<'a> {
    pub screen: &'a HostScreen,
    pub lang: Lang,
    /// The browser's answer to the last save.
    pub not_saved: Option<&'a StorageRefusal>,
    /// Whether the browser has a share sheet (the Web Share API) to offer a link to.
    pub can_share: bool,
    /// A QR code's markup for a text with its accessible name: [`qr::svg`] in the page; a
    /// short stand-in in the snapshots, which the code's hundreds of squares would bury.
    pub qr: &'a dyn Fn(&str, &str) -> String,
}

pub fn page(p: &HostPage) -> String {
    let l = p.lang;
    let mut html = format!("<h1>{}</h1>", esc(t(l, T::Title)));
    let problem = p.screen.problem().map(|problem| host_problem_text(l, problem));
    html.push_str(&notices(
        l,
        Notices { problem: problem.as_deref(), not_saved: p.not_saved, computer_failed: p.screen.computer_failed() },
    ));
    if let Some(why) = p.screen.no_path_reason() {
        html.push_str(&no_path(l, why));
        // The way on is often a server: the settings are at hand, and the seats' next codes
        // use what is kept there.
        if p.screen.host().is_some() {
            html.push_str(&ice::settings(l, p.screen.ice()));
        }
    }
    match p.screen.host() {
        None => html.push_str(&setup::setup(p)),
        Some(host) => {
            html.push_str(&pairing::pairing(p));
            match host.game() {
                Some(game) => html.push_str(&tablet::tablet(l, &game.public(), &around(p.screen, host))),
                // The first deal held back by a phone that does not reveal: which seat, and
                // the way on (its seat to a new phone, the deal again).
                None => {
                    if let Some(d) = around(p.screen, host).dealing.filter(|d| d.withheld) {
                        html.push_str(&tablet::dealing(l, &d));
                    }
                }
            }
            // Below the board: inviting a spectator never moves it.
            html.push_str(&pairing::spectators(p));
        }
    }
    html
}

/// What the shared screen shows of the host besides the public view: the seats' names and
/// the deal round it waits on.
pub fn around(screen: &HostScreen, host: &Host) -> tablet::Around {
    let names: Vec<String> = host.seats().iter().map(|s| s.name.clone()).collect();
    let connected = host.connected();
    let dealing = host.dealing().map(|round| {
        let waits = host
            .waiting_for()
            .into_iter()
            .map(|s| (s, names.get(usize::from(s)).cloned().unwrap_or_default(), connected.contains(&s)))
            .collect();
        tablet::Dealing { round: round.number, waits, withheld: !screen.withholding().is_empty() }
    });
    tablet::Around { names, dealing, decisions: true }
}

/// The devices found no path: why, and what to try (without ICE servers, the network
/// that keeps devices apart and the hotspot first, as on one network it is the likelier).
pub fn no_path(l: Lang, why: NoPath) -> String {
    let one_network = match why {
        NoPath::NoServers => format!("<p>{}</p><p>{}</p>", esc(t(l, T::NoPath)), esc(t(l, T::Hotspot))),
        _ => String::new(),
    };
    format!(
        "<div class=\"errorbox\" id=\"no-path\" data-why=\"{}\">{one_network}<p id=\"no-path-why\">{}</p>\
         <p><a class=\"button\" href=\"./\">{}</a></p></div>",
        why.name(),
        esc(no_path_why(l, why)),
        esc(t(l, T::PassAndPlay))
    )
}
