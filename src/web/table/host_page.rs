//! The host's page (the tablet): the browser's side of [`HostScreen`], which decides
//! everything — setting the table, pairing each phone by QR code, relaying every phone's
//! message to the pure host, pacing the computer players, saving. Its shell (the peer
//! connections, the camera, the bot worker, the effects run) is every tablet page's
//! ([`super::tablet_shell`]). The table is saved as it changes, so a reload resumes the
//! game; the phones then scan their seat's new code and come back with their key.

use super::tablet_shell::{self, TabletPage, TabletView};
use super::{dom, host_view, qr};
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, HostScreen, ICE_SAVE_KEY, SCREEN_ENTROPY};
use lauzait_ui::driver::BOT_PLAYOUTS;
use lauzait_ui::html::table::{self as table_html, HostPage};
use lauzait_ui::i18n::{self, Lang};
use wasm_bindgen::JsValue;

fn page<'a>(screen: &'a HostScreen, view: &TabletView<'a>) -> HostPage<'a> {
    HostPage { screen, lang: view.lang, not_saved: view.not_saved, can_share: view.can_share, qr: &qr::svg }
}

impl TabletPage for HostScreen {
    const SAVE_KEY: &'static str = "lauzait-table/host";
    const ENTROPY: usize = SCREEN_ENTROPY;

    fn update(&mut self, event: HostEvent, now: f64, entropy: &[u8]) -> Vec<HostEffect> {
        HostScreen::update(self, event, now, entropy)
    }
    fn html(&self, view: &TabletView) -> String {
        table_html::page(&page(self, view))
    }
    fn state_json(&self, view: &TabletView) -> String {
        host_view::state_json(&page(self, view))
    }
    fn scanning(&self) -> Option<u8> {
        HostScreen::scanning(self)
    }
    fn setup_names(&self, lang: Lang) -> Vec<String> {
        self.setup().seats().iter().map(|&seat| i18n::seat_name(lang, seat).to_string()).collect()
    }
    fn seat_name(&self, _lang: Lang, seat: u8) -> String {
        let name = self.host().and_then(|host| host.seats().get(usize::from(seat))).map(|x| x.name.clone());
        name.unwrap_or_default()
    }

    fn said(&self, lang: Lang) -> String {
        let Some(host) = self.host() else { return String::new() };
        let Some(game) = host.game() else { return String::new() };
        let names: Vec<String> = host.seats().iter().map(|seat| seat.name.clone()).collect();
        lauzait_ui::tablet::said(lang, &game.public(), &names)
    }

    /// Paints the shared board's canvas with the game's board renderer, from the public view.
    fn paint(&self, lang: Lang) {
        let Some(host) = self.host() else { return };
        let Some(game) = host.game() else { return };
        let names: Vec<String> = host.seats().iter().map(|seat| seat.name.clone()).collect();
        dom::paint_board(&lauzait_ui::tablet::scene(lang, &game.public(), &names));
    }
}

pub fn start(lang: Lang) -> Result<(), JsValue> {
    let screen = HostScreen::new(dom::page_url(), BOT_PLAYOUTS, dom::load(HostScreen::SAVE_KEY))
        .with_ice_servers(dom::load(ICE_SAVE_KEY).as_deref());
    tablet_shell::start(lang, screen)
}
