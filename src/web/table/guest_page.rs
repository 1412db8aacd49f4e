//! A guest's page (a phone that opened its seat's link): answers the host's offer, shows
//! the answer as a QR code and as text, then relays between the data channel and the pure
//! guest ([`lauzait_table_mode::guest::Guest`]). The guest is saved per table and seat after
//! every message, so a reload (and a scan of the seat's new code) comes back to the seat.

use super::{dom, guest_view, rtc, stats};
use crate::web::js_error::JsError;
use lauzait_engine::Action;
use lauzait_table_mode::channel::{GuestChannel, Opening, HELLO_RETRY_MS};
use lauzait_table_mode::controls::GuestControl;
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::link::{answer_code, Answer, Invite};
use lauzait_table_mode::protocol::GuestMsg;
use lauzait_table_mode::sdp::Session;
use lauzait_table_mode::validate::write;
use lauzait_ui::i18n::table_mode::connection_failed;
use lauzait_ui::i18n::Lang;
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{MessageEvent, RtcDataChannel, RtcDataChannelEvent, RtcPeerConnection};

pub struct Page {
    pub lang: Lang,
    pub guest: Guest,
    /// The answer's code, once made.
    pub code: Option<String>,
    /// The data channel to the host: open, lost, when to say hello again.
    pub channel: GuestChannel,
    pub problem: Option<String>,
    /// Why the seat could not be saved at its last message (a reload would not come back).
    pub not_saved: Option<StorageRefusal>,
    pc: Option<RtcPeerConnection>,
    dc: Option<RtcDataChannel>,
}

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

fn with<R>(f: impl FnOnce(&mut Page) -> R) -> Option<R> {
    PAGE.with(|p| p.borrow_mut().as_mut().map(f))
}

/// Where the guest of this table's seat is saved: one save per table and seat.
fn save_key(guest: &Guest) -> String {
    format!("lauzait-table/guest/{}/{}", guest.table, guest.seat)
}

pub fn start(lang: Lang, invite: Invite) -> Result<(), JsValue> {
    let fresh = Guest::new(invite.table, invite.seat, invite.token, &dom::entropy(32));
    let key = save_key(&fresh);
    let guest = dom::load(&key).and_then(|text| Guest::resume(&text).ok()).unwrap_or(fresh);
    let not_saved = dom::store(&key, &guest.save()).err();
    let page = Page {
        lang,
        guest,
        code: None,
        channel: GuestChannel::default(),
        problem: None,
        not_saved,
        pc: None,
        dc: None,
    };
    PAGE.with(|p| *p.borrow_mut() = Some(page));
    dom::on_click("page", on_click)?;
    render();
    spawn_local(answer(invite));
    Ok(())
}

fn render() {
    let html = with(|p| guest_view::page(p)).unwrap_or_default();
    dom::set_html("app", &html);
    dom::paint_tiles("app");
    stats::set_state(&with(|p| guest_view::state_json(p)).unwrap_or_default());
}

async fn answer(invite: Invite) {
    match rtc::answer(&invite.offer.to_sdp()).await {
        Ok((pc, sdp)) => {
            wire(&pc);
            match Session::parse(&sdp) {
                Ok(answer) => {
                    let code = answer_code(&Answer { seat: invite.seat, answer });
                    with(|p| {
                        p.code = Some(code);
                        p.pc = Some(pc);
                    });
                }
                Err(e) => {
                    with(|p| p.problem = Some(connection_failed(p.lang, &e)));
                }
            }
        }
        Err(e) => {
            with(|p| p.problem = Some(connection_failed(p.lang, JsError::read(&e).text())));
        }
    }
    render();
}

fn wire(pc: &RtcPeerConnection) {
    let ondc = Closure::<dyn FnMut(RtcDataChannelEvent)>::new(move |e: RtcDataChannelEvent| {
        let dc = e.channel();
        let onopen = Closure::<dyn FnMut()>::new(move || {
            stats::event("channel open");
            let opened = with(|p| (p.channel.opened(), p.guest.hello()));
            let Some((opening, hello)) = opened else { return };
            stats::event(&format!("hello sent: {}", send(&hello)));
            render();
            spawn_local(send_hello_until_heard(opening));
        });
        dc.set_onopen(Some(onopen.as_ref().unchecked_ref()));
        onopen.forget();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            receive(&e.data().as_string().unwrap_or_default());
        });
        dc.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        onmessage.forget();
        let onclose = Closure::<dyn FnMut()>::new(move || {
            stats::event("channel closed");
            with(|p| p.channel.closed());
            render();
        });
        dc.set_onclose(Some(onclose.as_ref().unchecked_ref()));
        onclose.forget();
        with(|p| p.dc = Some(dc));
    });
    pc.set_ondatachannel(Some(ondc.as_ref().unchecked_ref()));
    ondc.forget();
    let pc2 = pc.clone();
    let onstate = Closure::<dyn FnMut()>::new(move || stats::event(&format!("connection: {}", rtc::state(&pc2))));
    pc.set_onconnectionstatechange(Some(onstate.as_ref().unchecked_ref()));
    onstate.forget();
}

/// Sends `msg` on the data channel; whether it went.
fn send(msg: &GuestMsg) -> bool {
    let text = write(msg);
    with(|p| p.dc.as_ref().is_some_and(|dc| rtc::send(dc, &text))) == Some(true)
}

/// Sends the hello again while the channel says to (why: [`lauzait_table_mode::channel`]).
async fn send_hello_until_heard(opening: Opening) {
    loop {
        rtc::sleep(HELLO_RETRY_MS).await;
        let hello = with(|p| p.channel.hello_again(opening).then(|| p.guest.hello())).flatten();
        let Some(h) = hello else { return };
        stats::event(&format!("hello sent again: {}", send(&h)));
    }
}

fn receive(text: &str) {
    stats::inbox(text);
    with(|p| p.channel.heard());
    let answers = with(|p| {
        let r = p.guest.receive(text);
        p.not_saved = dom::store(&save_key(&p.guest), &p.guest.save()).err();
        match r {
            Ok(a) => a,
            Err(e) => {
                p.problem = Some(e);
                Vec::new()
            }
        }
    })
    .unwrap_or_default();
    answers.iter().for_each(|a| {
        send(a);
    });
    render();
}

fn on_click(id: String) {
    let i = match GuestControl::parse(&id) {
        Some(GuestControl::Choice(i)) => i,
        Some(GuestControl::CopyCode) => {
            if let (Some(code), Some(w)) = (with(|p| p.code.clone()).flatten(), web_sys::window()) {
                let _ = w.navigator().clipboard().write_text(&code);
            }
            return;
        }
        None => return,
    };
    let msg = with(|p| {
        let action: Action = *p.guest.choices().get(i)?;
        p.guest.press(action)
    })
    .flatten();
    if let Some(msg) = msg {
        stats::tapped();
        send(&msg);
    }
}
