//! The answering side's peer connection, as a phone's page and a spectator's page both have
//! it: the data channel the host opens and the connection's state, turned into
//! [`GuestEvent`]s for the page's pure screen.

use super::rtc;
use super::stats;
use lauzait_table_mode::guest_event::GuestEvent;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, RtcDataChannel, RtcDataChannelEvent, RtcPeerConnection};

/// Hands `dispatch` every event of `pc` and of the data channel it is given, and `keep` that
/// channel (the page sends on it, if it sends at all).
pub fn wire(pc: &RtcPeerConnection, dispatch: Rc<dyn Fn(GuestEvent)>, keep: Rc<dyn Fn(RtcDataChannel)>) {
    let d0 = dispatch.clone();
    let ondc = Closure::<dyn FnMut(RtcDataChannelEvent)>::new(move |e: RtcDataChannelEvent| {
        let dc = e.channel();
        let d1 = d0.clone();
        let onopen = Closure::<dyn FnMut()>::new(move || d1(GuestEvent::ChannelOpen));
        dc.set_onopen(Some(onopen.as_ref().unchecked_ref()));
        onopen.forget();
        let d2 = d0.clone();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            stats::inbox(&text);
            d2(GuestEvent::Message(text));
        });
        dc.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        onmessage.forget();
        let d3 = d0.clone();
        let onclose = Closure::<dyn FnMut()>::new(move || d3(GuestEvent::ChannelClosed));
        dc.set_onclose(Some(onclose.as_ref().unchecked_ref()));
        onclose.forget();
        keep(dc);
    });
    pc.set_ondatachannel(Some(ondc.as_ref().unchecked_ref()));
    ondc.forget();
    let pc2 = pc.clone();
    let onstate = Closure::<dyn FnMut()>::new(move || {
        let state = rtc::state(&pc2);
        stats::event(&format!("connection: {state}"));
        let event = match state.as_str() {
            "failed" => Some(GuestEvent::PathFailed),
            "disconnected" => Some(GuestEvent::PathDisconnected),
            "connecting" | "connected" => Some(GuestEvent::PathResumed),
            _ => None,
        };
        if let Some(event) = event {
            dispatch(event);
        }
    });
    pc.set_onconnectionstatechange(Some(onstate.as_ref().unchecked_ref()));
    onstate.forget();
}
