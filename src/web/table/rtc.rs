//! WebRTC for table mode: a peer connection with the table's ICE servers (none by default,
//! `iceServers: []`: only the local network's addresses, so nothing leaves the room; the
//! STUN and TURN servers the host chose in the table's settings otherwise, which its
//! invite links carry to the phones), one ordered, reliable data channel, and the
//! offer/answer as complete SDP texts (every candidate gathered first, so one code each
//! way is enough).

use js_sys::{Array, Object, Reflect};
use lauzait_table_mode::ice::IceServers;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcIceGatheringState, RtcPeerConnection, RtcSdpType,
    RtcSessionDescriptionInit,
};

/// The data channel's label.
pub const CHANNEL: &str = "lauzait-table";
/// How long candidates are gathered before the SDP is taken as it is, in milliseconds.
const GATHER_MS: u32 = 4000;

fn peer(ice: &IceServers) -> Result<RtcPeerConnection, JsValue> {
    let config = RtcConfiguration::new();
    let servers = Array::new();
    for server in ice.servers() {
        // Plain objects, as `RTCIceServer` dictionaries are: `urls`, and a TURN server's
        // `username` and `credential`.
        let entry = Object::new();
        Reflect::set(&entry, &"urls".into(), &server.url().into())?;
        if let Some(login) = server.login() {
            Reflect::set(&entry, &"username".into(), &login.username.as_str().into())?;
            Reflect::set(&entry, &"credential".into(), &login.credential.as_str().into())?;
        }
        servers.push(&entry);
    }
    config.set_ice_servers(&servers);
    RtcPeerConnection::new_with_configuration(&config)
}

/// The host's side: a connection through `ice`, its data channel and the offer's SDP.
pub async fn offer(ice: &IceServers) -> Result<(RtcPeerConnection, RtcDataChannel, String), JsValue> {
    let pc = peer(ice)?;
    let init = RtcDataChannelInit::new();
    init.set_ordered(true);
    let dc = pc.create_data_channel_with_data_channel_dict(CHANNEL, &init);
    let offer = JsFuture::from(pc.create_offer()).await?;
    let sdp = Reflect::get(&offer, &"sdp".into())?.as_string().unwrap_or_default();
    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
    desc.set_sdp(&sdp);
    JsFuture::from(pc.set_local_description(&desc)).await?;
    let sdp = gathered(&pc).await?;
    Ok((pc, dc, sdp))
}

/// The guest's side: a connection through `ice` (the host's servers, from its invite) that
/// answers `offer_sdp`, and the answer's SDP. Its data channel arrives through `ondatachannel`.
pub async fn answer(ice: &IceServers, offer_sdp: &str) -> Result<(RtcPeerConnection, String), JsValue> {
    let pc = peer(ice)?;
    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
    desc.set_sdp(offer_sdp);
    JsFuture::from(pc.set_remote_description(&desc)).await?;
    let answer = JsFuture::from(pc.create_answer()).await?;
    let sdp = Reflect::get(&answer, &"sdp".into())?.as_string().unwrap_or_default();
    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
    desc.set_sdp(&sdp);
    JsFuture::from(pc.set_local_description(&desc)).await?;
    let sdp = gathered(&pc).await?;
    Ok((pc, sdp))
}

/// The host takes the guest's answer.
pub async fn accept(pc: &RtcPeerConnection, answer_sdp: &str) -> Result<(), JsValue> {
    let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
    desc.set_sdp(answer_sdp);
    JsFuture::from(pc.set_remote_description(&desc)).await?;
    Ok(())
}

/// The local SDP once ICE gathering is complete (or after [`GATHER_MS`]).
async fn gathered(pc: &RtcPeerConnection) -> Result<String, JsValue> {
    let mut waited = 0;
    while pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_MS {
        sleep(50).await;
        waited += 50;
    }
    Ok(pc.local_description().map(|d| d.sdp()).unwrap_or_default())
}

/// A promise of `ms` milliseconds.
pub async fn sleep(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// The connection's state (`new`, `connecting`, `connected`, `disconnected`, `failed`,
/// `closed`).
pub fn state(pc: &RtcPeerConnection) -> String {
    Reflect::get(pc, &"connectionState".into()).ok().and_then(|s| s.as_string()).unwrap_or_default()
}

/// Whether `pc` has failed to find any path to its peer.
pub fn failed(pc: &RtcPeerConnection) -> bool {
    state(pc) == "failed"
}

/// Sends `text` if the channel is open; false otherwise.
pub fn send(dc: &RtcDataChannel, text: &str) -> bool {
    dc.ready_state() == web_sys::RtcDataChannelState::Open && dc.send_with_str(text).is_ok()
}
