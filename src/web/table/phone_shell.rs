//! A phone's page's shell, whichever table the phone sits at: table mode's (a
//! [`GuestScreen`](lauzait_table_mode::guest_screen::GuestScreen), `guest_page`) or a relayed
//! table's (a [`RelayedPhoneScreen`](lauzait_remote::screen::relayed_phone::RelayedPhoneScreen),
//! `relayed_phone_page`). Both answer the board's invite over one peer connection and speak
//! [`GuestEffect`]s, so this holds the connection and its data channel, turns their callbacks
//! into events for the page's pure screen and runs what it answers; each page says only what
//! is its own ([`PhonePage`]): its events, where it is saved, its markup and its test state.

use super::{answering, dom, rtc, share, stats};
use crate::web::js_error::JsError;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::link::Invite;
use lauzait_ui::i18n::table_mode::T;
use lauzait_ui::i18n::Lang;
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::{RtcDataChannel, RtcPeerConnection};

/// What a phone's page is, beyond the connection its shell holds.
pub trait PhonePage: 'static {
    /// Its screen's events; the connection's are [`GuestEvent`]s.
    type Event: From<GuestEvent>;
    fn update(&mut self, event: Self::Event, now: f64) -> Vec<GuestEffect>;
    /// Where it is saved.
    fn save_key(&self) -> String;
    /// Its markup, and its state for the test build (`window.__table.state`).
    fn html(&self, view: &PhoneView) -> String;
    fn state_json(&self, view: &PhoneView) -> String;
    /// The event of the button with this id, if it is one of the page's.
    fn click(id: &str) -> Option<Self::Event>;
}

/// What the browser adds to a phone's page.
pub struct PhoneView<'a> {
    pub lang: Lang,
    pub not_saved: Option<&'a StorageRefusal>,
    pub can_share: bool,
}

/// The screen and the browser's objects it needs run.
struct Shell<S> {
    lang: Lang,
    screen: S,
    /// Kept so the connection lives as long as the page.
    pc: Option<RtcPeerConnection>,
    dc: Option<RtcDataChannel>,
    can_share: bool,
    /// The browser's answer to the last store.
    not_saved: Option<StorageRefusal>,
    /// The page's markup as last set: a message that changes nothing on it leaves the page
    /// alone, so a set of readings the person opened stays open and nothing is painted twice.
    drawn: String,
}

impl<S> Shell<S> {
    fn view(&self) -> PhoneView<'_> {
        PhoneView { lang: self.lang, not_saved: self.not_saved.as_ref(), can_share: self.can_share }
    }
}

type Handle<S> = Rc<RefCell<Shell<S>>>;

/// Runs `screen` (its start's `effects` first) and answers `invite`'s offer.
pub fn start<S: PhonePage>(lang: Lang, screen: S, effects: Vec<GuestEffect>, invite: Invite) -> Result<(), JsValue> {
    let h: Handle<S> = Rc::new(RefCell::new(Shell {
        lang,
        screen,
        can_share: share::can_share(),
        pc: None,
        dc: None,
        not_saved: None,
        drawn: String::new(),
    }));
    let on_click = h.clone();
    dom::on_click("page", move |id| {
        if let Some(event) = S::click(&id) {
            dispatch(&on_click, event);
        }
    })?;
    let state = h.clone();
    stats::state_from(move || {
        let s = state.borrow();
        s.screen.state_json(&s.view())
    });
    effects.into_iter().for_each(|e| run(&h, e));
    spawn_local(answer(h, invite));
    Ok(())
}

fn dispatch<S: PhonePage>(h: &Handle<S>, event: S::Event) {
    let effects = h.borrow_mut().screen.update(event, dom::now());
    for effect in effects {
        run(h, effect);
    }
}

fn later<S: PhonePage>(h: &Handle<S>, ms: u32, event: GuestEvent) {
    let h = h.clone();
    spawn_local(async move {
        rtc::sleep(ms).await;
        dispatch(&h, S::Event::from(event));
    });
}

/// Runs one effect, holding no borrow of the shell while the browser is called.
fn run<S: PhonePage>(h: &Handle<S>, effect: GuestEffect) {
    match effect {
        GuestEffect::Send(text) => {
            let dc = h.borrow().dc.clone();
            let sent = dc.is_some_and(|dc| rtc::send(&dc, &text));
            if sent {
                stats::sent(&text);
            } else {
                stats::event("not sent: the channel is not open");
            }
        }
        GuestEffect::Store(text) => {
            let key = h.borrow().screen.save_key();
            let refused = dom::store(&key, &text).err();
            h.borrow_mut().not_saved = refused;
        }
        GuestEffect::HelloAfter { ms, opening } => later(h, ms, GuestEvent::HelloDue(opening)),
        GuestEffect::PathCheckAfter { ms, spell } => later(h, ms, GuestEvent::PathCheckDue(spell)),
        GuestEffect::FlushAfter(ms) => later(h, ms, GuestEvent::Flush),
        GuestEffect::Copy(code) => {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&code);
            }
        }
        GuestEffect::Share(url) => share::share(lauzait_ui::i18n::table_mode::t(h.borrow().lang, T::Title), &url),
        GuestEffect::Redraw => render(h),
        GuestEffect::Trace(line) => stats::event(&line),
        GuestEffect::Tapped => stats::tapped(),
    }
}

fn render<S: PhonePage>(h: &Handle<S>) {
    let mut s = h.borrow_mut();
    let html = s.screen.html(&s.view());
    if dom::set_html_if_changed("app", &mut s.drawn, html) {
        dom::paint_tiles("app");
    }
}

async fn answer<S: PhonePage>(h: Handle<S>, invite: Invite) {
    match rtc::answer(&invite.ice, &invite.offer.to_sdp()).await {
        Ok((pc, sdp)) => {
            wire(&h, &pc);
            h.borrow_mut().pc = Some(pc);
            dispatch(&h, S::Event::from(GuestEvent::AnswerMade(sdp)));
        }
        Err(e) => dispatch(&h, S::Event::from(GuestEvent::AnswerFailed(JsError::read(&e).text().to_string()))),
    }
}

fn wire<S: PhonePage>(h: &Handle<S>, pc: &RtcPeerConnection) {
    let (h0, h1) = (h.clone(), h.clone());
    answering::wire(
        pc,
        Rc::new(move |event| dispatch(&h0, S::Event::from(event))),
        Rc::new(move |dc| h1.borrow_mut().dc = Some(dc)),
    );
}
