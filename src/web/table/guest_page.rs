//! A guest's page (a phone that opened its seat's link): the browser's side of
//! [`GuestScreen`], which decides everything — the answer's code, when to say hello, what
//! the pure guest answers and when it is saved. Its shell, the peer connection and the
//! effects run, is every phone page's ([`super::phone_shell`]).

use super::phone_shell::{self, PhonePage, PhoneView};
use super::{dom, guest_view};
use lauzait_table_mode::controls::GuestControl;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{save_key, GuestScreen, GUEST_ENTROPY};
use lauzait_table_mode::link::Invite;
use lauzait_ui::i18n::Lang;
use wasm_bindgen::JsValue;

impl PhonePage for GuestScreen {
    type Event = GuestEvent;

    fn update(&mut self, event: GuestEvent, now: f64) -> Vec<GuestEffect> {
        GuestScreen::update(self, event, now)
    }
    fn save_key(&self) -> String {
        GuestScreen::save_key(self)
    }
    fn html(&self, view: &PhoneView) -> String {
        guest_view::page(&page(self, view))
    }
    fn state_json(&self, view: &PhoneView) -> String {
        guest_view::state_json(&page(self, view))
    }
    fn click(id: &str) -> Option<GuestEvent> {
        button_event(id)
    }
}

/// The event of a phone's button (a choice, the answer's code or link copied or shared), on
/// table mode's phone and a relayed table's alike.
pub(super) fn button_event(id: &str) -> Option<GuestEvent> {
    Some(match GuestControl::parse(id)? {
        GuestControl::Choice(i) => GuestEvent::Choice(i),
        GuestControl::CopyCode => GuestEvent::CopyCode,
        GuestControl::CopyAnswerLink => GuestEvent::CopyAnswerLink,
        GuestControl::ShareAnswerLink => GuestEvent::ShareAnswerLink,
    })
}

fn page<'a>(screen: &'a GuestScreen, view: &PhoneView<'a>) -> guest_view::GuestPage<'a> {
    guest_view::GuestPage { screen, lang: view.lang, not_saved: view.not_saved, can_share: view.can_share }
}

/// Starts the page for `invite`; false when the browser gives no secure randomness for a
/// new guest's secrets (the page then says so and starts nothing).
pub fn start(lang: Lang, invite: Invite) -> Result<bool, JsValue> {
    let saved = dom::load(&save_key(invite.table, invite.seat));
    let entropy = dom::entropy(GUEST_ENTROPY).unwrap_or_default();
    let Some((screen, effects)) = GuestScreen::start(&invite, saved.as_deref(), &entropy) else { return Ok(false) };
    let screen = screen.with_page_url(dom::page_url());
    phone_shell::start(lang, screen, effects, invite)?;
    Ok(true)
}
