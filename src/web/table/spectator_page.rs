//! A spectator's page (table.html opened with a spectator's link, `#w=…`): the browser's side
//! of [`SpectatorScreen`]. It answers the host's offer, shows the answer, and draws the
//! public view the host sends; it keeps no save and sends nothing.

use super::{answering, dom, rtc, share, stats};
use crate::web::js_error::JsError;
use lauzait_table_mode::controls::GuestControl;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::link::WatchInvite;
use lauzait_table_mode::spectator_screen::SpectatorScreen;
use lauzait_ui::i18n::Lang;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use web_sys::RtcPeerConnection;

struct Shell {
    lang: Lang,
    screen: SpectatorScreen,
    /// Kept so the connection lives as long as the page.
    pc: Option<RtcPeerConnection>,
    can_share: bool,
    /// The page's markup as last set: an unchanged view leaves the page alone.
    drawn: String,
}

type Handle = Rc<RefCell<Shell>>;

/// Starts the page for `invite`.
pub fn start(lang: Lang, invite: WatchInvite) -> Result<(), JsValue> {
    let screen = SpectatorScreen::start(&invite, dom::page_url());
    let h: Handle =
        Rc::new(RefCell::new(Shell { lang, screen, pc: None, can_share: share::can_share(), drawn: String::new() }));
    let on_click = h.clone();
    dom::on_click("page", move |id| {
        let event = match GuestControl::parse(&id) {
            Some(GuestControl::CopyCode) => GuestEvent::CopyCode,
            Some(GuestControl::CopyAnswerLink) => GuestEvent::CopyAnswerLink,
            Some(GuestControl::ShareAnswerLink) => GuestEvent::ShareAnswerLink,
            _ => return,
        };
        dispatch(&on_click, event);
    })?;
    let state = h.clone();
    stats::state_from(move || {
        let s = state.borrow();
        let view = s.screen.view();
        format!(
            "{{\"stage\":\"watching\",\"connected\":{},\"seq\":{},\"season\":{},\"day\":{},\"dropped\":{}}}",
            s.screen.answering().channel().connected(),
            view.map_or(-1, |(seq, _)| i64::from(*seq)),
            view.map_or(0, |(_, v)| v.season),
            view.map_or(0, |(_, v)| v.day),
            s.screen.answering().dropped()
        )
    });
    render(&h);
    spawn_local(answer(h, invite));
    Ok(())
}

fn dispatch(h: &Handle, event: GuestEvent) {
    let effects = h.borrow_mut().screen.update(event, dom::now());
    for effect in effects {
        match effect {
            GuestEffect::Redraw => render(h),
            GuestEffect::Copy(text) => {
                if let Some(w) = web_sys::window() {
                    let _ = w.navigator().clipboard().write_text(&text);
                }
            }
            GuestEffect::Share(url) => share::share(
                lauzait_ui::i18n::spectator::s(h.borrow().lang, lauzait_ui::i18n::spectator::S::PageTitle),
                &url,
            ),
            GuestEffect::PathCheckAfter { ms, spell } => {
                let h = h.clone();
                spawn_local(async move {
                    rtc::sleep(ms).await;
                    dispatch(&h, GuestEvent::PathCheckDue(spell));
                });
            }
            GuestEffect::Trace(line) => stats::event(&line),
            // A spectator sends nothing and keeps nothing: the screen asks for neither.
            GuestEffect::Send(_)
            | GuestEffect::Store(_)
            | GuestEffect::HelloAfter { .. }
            | GuestEffect::FlushAfter(_)
            | GuestEffect::Tapped => {}
        }
    }
}

fn render(h: &Handle) {
    let mut s = h.borrow_mut();
    let html = lauzait_ui::html::table::spectator::page(s.lang, &s.screen, s.can_share);
    if dom::set_html_if_changed("app", &mut s.drawn, html) {
        dom::paint_tiles("app");
    }
}

async fn answer(h: Handle, invite: WatchInvite) {
    match rtc::answer(&invite.ice, &invite.offer.to_sdp()).await {
        Ok((pc, sdp)) => {
            let h0 = h.clone();
            answering::wire(&pc, Rc::new(move |event| dispatch(&h0, event)), Rc::new(|_| {}));
            h.borrow_mut().pc = Some(pc);
            dispatch(&h, GuestEvent::AnswerMade(sdp));
        }
        Err(e) => dispatch(&h, GuestEvent::AnswerFailed(JsError::read(&e).text().to_string())),
    }
}
