//! A phone's page at a relayed table (DEAL-PROTOCOL.md, "A table relayed by a tablet"; a seat's
//! link `#k=…`): the browser's side of [`RelayedPhoneScreen`], which decides everything — the
//! answer, the join, the table's code, its seat's Day, every letter and view sent. It runs in
//! play by turns' module, which holds joint play (table mode's phone module stays small); its
//! shell is every phone page's ([`super::phone_shell`]).

use super::dom;
use super::guest_page::button_event;
use super::phone_shell::{self, PhonePage, PhoneView};
use lauzait_remote::screen::controls::Control;
use lauzait_remote::screen::relayed_phone::{relayed_key, RelayedEvent, RelayedPhoneScreen, RELAYED_ENTROPY};
use lauzait_remote::screen::relayed_tablet::read_relayed_invite;
use lauzait_table_mode::guest_event::GuestEffect;
use lauzait_ui::html::table::notices::problem_text;
use lauzait_ui::html::table::relayed::{phone_page, RelayedPhonePage};
use lauzait_ui::i18n::relayed::phone_problem;
use lauzait_ui::i18n::Lang;
use wasm_bindgen::JsValue;

impl PhonePage for RelayedPhoneScreen {
    type Event = RelayedEvent;

    fn update(&mut self, event: RelayedEvent, now: f64) -> Vec<GuestEffect> {
        RelayedPhoneScreen::update(self, event, now)
    }
    fn save_key(&self) -> String {
        RelayedPhoneScreen::save_key(self)
    }
    fn html(&self, view: &PhoneView) -> String {
        phone_page(&RelayedPhonePage {
            screen: self,
            lang: view.lang,
            not_saved: view.not_saved,
            can_share: view.can_share,
        })
    }
    fn state_json(&self, view: &PhoneView) -> String {
        let a = self.answering();
        let device = self.phone().map(|p| p.device().device());
        let (phase, to_move) = match device.map(|d| d.phase()) {
            Some(lauzait_joint_play::PlayPhase::Playing { to_move }) => ("playing", Some(to_move)),
            Some(lauzait_joint_play::PlayPhase::Over) => ("over", None),
            Some(lauzait_joint_play::PlayPhase::Stopped(_)) => ("stopped", None),
            Some(_) => ("dealing", None),
            None => ("joining", None),
        };
        let problem = match (self.problem(), a.problem()) {
            (Some(mine), _) => Some(phone_problem(view.lang, mine)),
            (None, Some(page)) => Some(problem_text(view.lang, page)),
            (None, None) => None,
        };
        serde_json::json!({
            "relayed": true, "seat": self.seat(), "connected": a.channel().connected(), "code": a.code(),
            "tableCode": self.code().map(|c| c.value()), "phase": phase, "toMove": to_move,
            "choices": self.choices(), "tableChoices": self.table_choices().len(),
            "season": self.game().map(|g| g.season().number), "day": self.game().map(|g| g.day().number),
            // Every position this phone's keys open beyond its seat's (R40): none, ever.
            "beyond": device.map(|d| d.deal().opens_beyond_its_seat()).unwrap_or_default(),
            "problem": problem, "settled": self.settled(), "notSaved": view.not_saved.map(|why| why.kind()),
        })
        .to_string()
    }
    fn click(id: &str) -> Option<RelayedEvent> {
        if let Some(Control::TableChoice(i)) = Control::parse(id) {
            return Some(RelayedEvent::Table(i));
        }
        button_event(id).map(RelayedEvent::Page)
    }
}

/// Starts the page for the seat link in the address; false when the browser gives no secure
/// randomness for a new seat's keys.
pub fn start(lang: Lang) -> Result<bool, JsValue> {
    let invite = match read_relayed_invite(&dom::fragment()) {
        Ok(invite) => invite,
        Err(e) => {
            super::error_box(&e.to_string(), "");
            return Ok(true);
        }
    };
    let saved = dom::load(&relayed_key(invite.table, invite.seat));
    let entropy = dom::entropy(RELAYED_ENTROPY).unwrap_or_default();
    let Ok((screen, effects)) = RelayedPhoneScreen::start(&invite, saved.as_deref(), &entropy) else {
        return Ok(false);
    };
    let screen = screen.with_page_url(dom::page_url());
    phone_shell::start(lang, screen, effects, invite)?;
    Ok(true)
}
