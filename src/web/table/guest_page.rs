//! A guest's page (a phone that opened its seat's link): the browser's side of
//! [`GuestScreen`], which decides everything — the answer's code, when to say hello, what
//! the pure guest answers and when it is saved. This page holds only the peer connection
//! and its data channel, turns their callbacks into [`GuestEvent`]s and runs the
//! [`GuestEffect`]s the screen answers.

use super::{answering, dom, guest_view, rtc, share, stats};
use crate::web::js_error::JsError;
use lauzait_table_mode::controls::GuestControl;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{save_key, GuestScreen, GUEST_ENTROPY};
use lauzait_table_mode::link::Invite;
use lauzait_ui::i18n::table_mode::T;
use lauzait_ui::i18n::Lang;
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::{RtcDataChannel, RtcPeerConnection};

/// The screen and the browser's objects it needs run.
pub struct Shell {
    lang: Lang,
    screen: GuestScreen,
    /// Kept so the connection lives as long as the page.
    pc: Option<RtcPeerConnection>,
    dc: Option<RtcDataChannel>,
    /// Whether the browser has a share sheet for the answer's link.
    can_share: bool,
    /// Why the seat could not be saved at its last message (a reload would not come back):
    /// the browser's answer to the last store.
    not_saved: Option<StorageRefusal>,
    /// The page's markup as last set: a message that changes nothing on it (a hello
    /// answered again, a view sent again) leaves the page alone, so a set of readings the
    /// person opened stays open and nothing is painted twice.
    drawn: String,
}

type Handle = Rc<RefCell<Shell>>;

/// Starts the page for `invite`; false when the browser gives no secure randomness for a
/// new guest's secrets (the page then says so and starts nothing).
pub fn start(lang: Lang, invite: Invite) -> Result<bool, JsValue> {
    let saved = dom::load(&save_key(invite.table, invite.seat));
    let entropy = dom::entropy(GUEST_ENTROPY).unwrap_or_default();
    let Some((screen, effects)) = GuestScreen::start(&invite, saved.as_deref(), &entropy) else { return Ok(false) };
    let screen = screen.with_page_url(dom::page_url());
    let can_share = share::can_share();
    let h: Handle = Rc::new(RefCell::new(Shell {
        lang,
        screen,
        can_share,
        pc: None,
        dc: None,
        not_saved: None,
        drawn: String::new(),
    }));
    let on_click = h.clone();
    dom::on_click("page", move |id| click(&on_click, &id))?;
    let state = h.clone();
    stats::state_from(move || {
        let s = state.borrow();
        guest_view::state_json(&guest_view::GuestPage {
            screen: &s.screen,
            lang: s.lang,
            not_saved: s.not_saved.as_ref(),
            can_share: s.can_share,
        })
    });
    effects.into_iter().for_each(|e| run(&h, e));
    spawn_local(answer(h, invite));
    Ok(true)
}

fn dispatch(h: &Handle, event: GuestEvent) {
    let effects = h.borrow_mut().screen.update(event, dom::now());
    for effect in effects {
        run(h, effect);
    }
}

/// Runs one effect, holding no borrow of the shell while the browser is called.
fn run(h: &Handle, effect: GuestEffect) {
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
        GuestEffect::HelloAfter { ms, opening } => {
            let h = h.clone();
            spawn_local(async move {
                rtc::sleep(ms).await;
                dispatch(&h, GuestEvent::HelloDue(opening));
            });
        }
        GuestEffect::PathCheckAfter { ms, spell } => {
            let h = h.clone();
            spawn_local(async move {
                rtc::sleep(ms).await;
                dispatch(&h, GuestEvent::PathCheckDue(spell));
            });
        }
        GuestEffect::FlushAfter(ms) => {
            let h = h.clone();
            spawn_local(async move {
                rtc::sleep(ms).await;
                dispatch(&h, GuestEvent::Flush);
            });
        }
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

fn render(h: &Handle) {
    let mut s = h.borrow_mut();
    let page = guest_view::GuestPage {
        screen: &s.screen,
        lang: s.lang,
        not_saved: s.not_saved.as_ref(),
        can_share: s.can_share,
    };
    let html = guest_view::page(&page);
    if dom::set_html_if_changed("app", &mut s.drawn, html) {
        dom::paint_tiles("app");
    }
}

async fn answer(h: Handle, invite: Invite) {
    match rtc::answer(&invite.ice, &invite.offer.to_sdp()).await {
        Ok((pc, sdp)) => {
            wire(&h, &pc);
            h.borrow_mut().pc = Some(pc);
            dispatch(&h, GuestEvent::AnswerMade(sdp));
        }
        Err(e) => dispatch(&h, GuestEvent::AnswerFailed(JsError::read(&e).text().to_string())),
    }
}

fn wire(h: &Handle, pc: &RtcPeerConnection) {
    let (h0, h1) = (h.clone(), h.clone());
    answering::wire(pc, Rc::new(move |event| dispatch(&h0, event)), Rc::new(move |dc| h1.borrow_mut().dc = Some(dc)));
}

fn click(h: &Handle, id: &str) {
    match GuestControl::parse(id) {
        Some(GuestControl::Choice(i)) => dispatch(h, GuestEvent::Choice(i)),
        Some(GuestControl::CopyCode) => dispatch(h, GuestEvent::CopyCode),
        Some(GuestControl::CopyAnswerLink) => dispatch(h, GuestEvent::CopyAnswerLink),
        Some(GuestControl::ShareAnswerLink) => dispatch(h, GuestEvent::ShareAnswerLink),
        None => {}
    }
}
