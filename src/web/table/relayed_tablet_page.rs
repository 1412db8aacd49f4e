//! The tablet's page at a relayed table (DEAL-PROTOCOL.md, "A table relayed by a tablet";
//! table.html?deal=phones): the browser's side of [`RelayedTabletScreen`], which decides
//! everything — the table's setup, pairing each seat's phone, carrying every text between the
//! phones, the board as they agree it stands, the computer seats' Days. Its shell is every
//! tablet page's ([`super::tablet_shell`]); it holds no person's hand and no person's game.
//! It runs in play by turns' module ([`super::start_relayed_tablet`]).

use super::tablet_shell::{self, TabletPage, TabletView};
use super::{dom, host_view, qr};
use lauzait_remote::screen::relayed_tablet::{RelayedTabletScreen, TABLET_ENTROPY};
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, IceSettings, ICE_SAVE_KEY};
use lauzait_ui::html::table::notices::problem_text;
use lauzait_ui::html::table::relayed::{tablet_page, RelayedTabletPage};
use lauzait_ui::i18n::relayed::tablet_problem;
use lauzait_ui::i18n::remote::seat_of;
use lauzait_ui::i18n::Lang;
use wasm_bindgen::JsValue;

impl TabletPage for RelayedTabletScreen {
    const SAVE_KEY: &'static str = "lauzait-table/relayed";
    const ENTROPY: usize = TABLET_ENTROPY;

    fn update(&mut self, event: HostEvent, now: f64, entropy: &[u8]) -> Vec<HostEffect> {
        RelayedTabletScreen::update(self, event, now, entropy)
    }
    fn html(&self, view: &TabletView) -> String {
        tablet_page(&RelayedTabletPage { screen: self, lang: view.lang, can_share: view.can_share, qr: &qr::svg })
    }
    fn state_json(&self, view: &TabletView) -> String {
        let links = host_view::links_json(self.pairing());
        let shown = self.shown().map(|v| {
            serde_json::json!({ "season": v.season, "day": v.day, "toMove": v.to_move, "scores": v.scores, "log": v.seen_days.len() })
        });
        let problem = self.problem().and_then(|p| match p {
            lauzait_remote::screen::relayed_tablet::TabletProblem::Page(page) => Some(problem_text(view.lang, page)),
            other => tablet_problem(view.lang, other),
        });
        let stage = if self.setup().is_some() {
            "setup"
        } else if self.awaited().is_empty() {
            "playing"
        } else {
            "pairing"
        };
        serde_json::json!({
            "relayed": true, "stage": stage, "links": links, "shown": shown,
            "awaited": self.awaited().iter().map(|d| d.to_byte()).collect::<Vec<_>>(),
            "differing": self.differing().iter().map(|d| d.to_byte()).collect::<Vec<_>>(),
            "problem": problem, "noPath": self.no_path().map(|why| why.name()),
            "computers": self.computers().iter().map(|c| c.seat.to_byte()).collect::<Vec<_>>(),
            "computerFailed": self.computer_failed().map(|why| why.to_string()),
        })
        .to_string()
    }
    fn scanning(&self) -> Option<u8> {
        RelayedTabletScreen::scanning(self)
    }
    fn setup_names(&self, _lang: Lang) -> Vec<String> {
        // A relayed table names its seats by their colours, on every device alike.
        Vec::new()
    }
    fn seat_name(&self, lang: Lang, seat: u8) -> String {
        seat_of(lang, seat)
    }

    /// Paints the board's canvas with the game's board renderer, from the view every phone
    /// agreed on (as table mode's tablet paints its own from the public view).
    fn paint(&self, lang: Lang) {
        let Some(view) = self.shown() else { return };
        let names: Vec<String> = (0..view.options.seats().len()).map(|p| seat_of(lang, p as u8)).collect();
        dom::paint_board(&lauzait_ui::tablet::spectator_scene(lang, view, &names));
    }
}

pub fn start(lang: Lang) -> Result<(), JsValue> {
    let ice = IceSettings::loaded(dom::load(ICE_SAVE_KEY).as_deref());
    let saved = dom::load(RelayedTabletScreen::SAVE_KEY);
    tablet_shell::start(lang, RelayedTabletScreen::new(dom::page_url(), ice).with_saved(saved.as_deref()))
}
