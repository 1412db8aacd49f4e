//! A tablet's page's shell, whichever table it sets: table mode's (its [`HostScreen`](lauzait_table_mode::host_screen::HostScreen)
//! holds the game: `host_page`) or a relayed table's (its
//! [`RelayedTabletScreen`](lauzait_remote::screen::relayed_tablet::RelayedTabletScreen) holds
//! none: `relayed_tablet_page`). Both pair each phone by QR code over a peer connection of its
//! own and speak [`HostEvent`]s and [`HostEffect`]s, so this holds only browser objects (each
//! connection's peer, the camera's stream, the bot worker), turns their callbacks into events
//! and runs the effects the screen answers; each page says only what is its own
//! ([`TabletPage`]): where it is saved, its markup, its test state, its narration and board.

use super::{camera, dom, rtc, share, stats};
use crate::web::bots::BotWorker;
use crate::web::js_error::JsError;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::forward::ANSWERS_CHANNEL;
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, ICE_SAVE_KEY};
use lauzait_ui::i18n::tablet::link_of;
use lauzait_ui::i18n::Lang;
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{BroadcastChannel, MediaStream, MessageEvent, RtcDataChannel, RtcPeerConnection};

/// What a tablet's page is, beyond the connections, the camera and the worker its shell holds.
pub trait TabletPage: 'static {
    /// Where its table is saved.
    const SAVE_KEY: &'static str;
    /// The bytes of entropy an event that needs any ([`HostEvent::needs_entropy`]) is given.
    const ENTROPY: usize;
    fn update(&mut self, event: HostEvent, now: f64, entropy: &[u8]) -> Vec<HostEffect>;
    /// Its markup, and its state for the test build (`window.__table.state`).
    fn html(&self, view: &TabletView) -> String;
    fn state_json(&self, view: &TabletView) -> String;
    /// The seat whose answer the camera is reading.
    fn scanning(&self) -> Option<u8>;
    /// The seats' names for a new table (its `Create`), in the page's language.
    fn setup_names(&self, lang: Lang) -> Vec<String>;
    /// A seat's name, for its link's title when shared.
    fn seat_name(&self, lang: Lang, seat: u8) -> String;
    /// What the live region says of the game (nothing by default).
    fn said(&self, _lang: Lang) -> String {
        String::new()
    }
    /// Paints the page's canvases after its markup is set (none by default).
    fn paint(&self, _lang: Lang) {}
}

/// What the browser adds to a tablet's page.
pub struct TabletView<'a> {
    pub lang: Lang,
    pub not_saved: Option<&'a StorageRefusal>,
    pub can_share: bool,
}

/// The browser's objects of one connection.
struct Peer {
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
}

/// The screen and the browser's objects it needs run.
struct Shell<S> {
    lang: Lang,
    screen: S,
    peers: HashMap<Conn, Peer>,
    stream: Option<MediaStream>,
    /// The computer players' worker ([`BotWorker`]), started at the first request.
    worker: Option<BotWorker>,
    /// Why the table could not be saved at its last change (a reload would not resume it):
    /// the browser's answer to the last store.
    not_saved: Option<StorageRefusal>,
    /// Whether the browser has a share sheet for a pairing link.
    can_share: bool,
    /// Where answer links opened in this browser's other tabs post their answers.
    answers: Option<BroadcastChannel>,
    /// What the live region last said, so that a redraw changing nothing says nothing.
    said: String,
}

impl<S> Shell<S> {
    fn view(&self) -> TabletView<'_> {
        TabletView { lang: self.lang, not_saved: self.not_saved.as_ref(), can_share: self.can_share }
    }
}

type Handle<S> = Rc<RefCell<Shell<S>>>;

/// Runs `screen`'s page.
pub fn start<S: TabletPage>(lang: Lang, screen: S) -> Result<(), JsValue> {
    let can_share = share::can_share();
    let shell = Shell {
        lang,
        screen,
        peers: HashMap::new(),
        stream: None,
        worker: None,
        not_saved: None,
        can_share,
        answers: None,
        said: String::new(),
    };
    let h: Handle<S> = Rc::new(RefCell::new(shell));
    // The page's own live region says the narration (`#said`): #app, redrawn whole at each
    // step, would read the board, the seats and the log again every time.
    if let Some(app) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app")) {
        let _ = app.set_attribute("aria-live", "off");
    }
    let on_click = h.clone();
    dom::on_click("page", move |id| click(&on_click, &id))?;
    let on_change = h.clone();
    dom::on_change("page", move |id, value| change(&on_change, &id, &value))?;
    let state = h.clone();
    stats::state_from(move || {
        let s = state.borrow();
        s.screen.state_json(&s.view())
    });
    listen_for_answers(&h);
    render(&h);
    Ok(())
}

/// Hears the answers that answer links' tabs post ([`ANSWERS_CHANNEL`]). A browser without
/// the channel only loses this way in: a pasted or scanned answer still pairs.
fn listen_for_answers<S: TabletPage>(h: &Handle<S>) {
    let Ok(channel) = BroadcastChannel::new(ANSWERS_CHANNEL) else { return };
    let h1 = h.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            later(&h1, HostEvent::AnswerForwarded(text));
        }
    });
    channel.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    h.borrow_mut().answers = Some(channel);
}

/// Hands `event` to the screen, with the time and, when it needs any, fresh entropy (none
/// when the browser has no generator: the screen then refuses what needs it), and runs
/// what it answers.
fn dispatch<S: TabletPage>(h: &Handle<S>, event: HostEvent) {
    let entropy = if event.needs_entropy() { dom::entropy(S::ENTROPY).unwrap_or_default() } else { Vec::new() };
    let effects = h.borrow_mut().screen.update(event, dom::now(), &entropy);
    for effect in effects {
        run(h, effect);
    }
}

/// Runs one effect. No borrow of the shell is held while the browser is called, so that a
/// callback it makes at once finds the shell free.
fn run<S: TabletPage>(h: &Handle<S>, effect: HostEffect) {
    match effect {
        HostEffect::Send { conn, text } => {
            let dc = h.borrow().peers.get(&conn).map(|p| p.dc.clone());
            if let Some(dc) = dc {
                stats::sent(&text);
                rtc::send(&dc, &text);
            }
        }
        HostEffect::Close(conn) => {
            let peer = h.borrow_mut().peers.remove(&conn);
            if let Some(peer) = peer {
                peer.pc.close();
            }
        }
        HostEffect::MakeOffer { conn, ice } => {
            let h = h.clone();
            spawn_local(async move {
                match rtc::offer(&ice).await {
                    Ok((pc, dc, sdp)) => {
                        wire(&h, conn, &pc, &dc);
                        h.borrow_mut().peers.insert(conn, Peer { pc, dc });
                        dispatch(&h, HostEvent::OfferMade { conn, sdp });
                    }
                    Err(e) => dispatch(&h, HostEvent::OfferFailed(JsError::read(&e).text().to_string())),
                }
            });
        }
        HostEffect::Accept { conn, sdp } => {
            let Some(pc) = h.borrow().peers.get(&conn).map(|p| p.pc.clone()) else { return };
            let h = h.clone();
            spawn_local(async move {
                match rtc::accept(&pc, &sdp).await {
                    Ok(()) => dispatch(&h, HostEvent::Accepted(conn)),
                    Err(e) => dispatch(&h, HostEvent::AcceptFailed(JsError::read(&e).text().to_string())),
                }
            });
        }
        HostEffect::StartCamera(seat) => spawn_local(scan(h.clone(), seat)),
        HostEffect::StopCamera => {
            let stream = h.borrow_mut().stream.take();
            if let Some(s) = stream {
                camera::stop(&s);
            }
        }
        HostEffect::Store(text) => {
            let refused = dom::store(S::SAVE_KEY, &text).err();
            h.borrow_mut().not_saved = refused;
        }
        HostEffect::RemoveSave => dom::remove(S::SAVE_KEY),
        HostEffect::StoreIceServers(text) => {
            // Kept for the next visit only: this visit's table uses them either way.
            if let Err(why) = dom::store(ICE_SAVE_KEY, &text) {
                stats::event(&format!("ICE servers not stored: {}", why.kind()));
            }
        }
        HostEffect::AskWorker(text) => ask_worker(h, text),
        HostEffect::StopWorker => {
            let worker = h.borrow_mut().worker.take();
            if let Some(w) = worker {
                w.close();
            }
        }
        HostEffect::WakeAfter { ms, timer } => {
            let h = h.clone();
            spawn_local(async move {
                rtc::sleep(ms).await;
                dispatch(&h, HostEvent::Wake(timer));
            });
        }
        HostEffect::Redraw => {
            render(h);
            stats::board_updated();
        }
        HostEffect::Trace(line) => stats::event(&line),
        HostEffect::CopyText { seat, url } => {
            let h = h.clone();
            spawn_local(async move {
                if share::copy(&url).await {
                    dispatch(&h, HostEvent::LinkCopied(seat));
                }
            });
        }
        HostEffect::Share { seat, url } => {
            let title = {
                let s = h.borrow();
                link_of(s.lang, &s.screen.seat_name(s.lang, seat))
            };
            share::share(&title, &url);
        }
        HostEffect::PairedIn(ms) => stats::paired(ms),
        HostEffect::ReplyForwarded(reply) => {
            let channel = h.borrow().answers.clone();
            if let Some(channel) = channel {
                let _ = channel.post_message(&JsValue::from_str(reply.wire()));
            }
        }
    }
}

/// Posts a request to the bot worker, starting it if it is not running. Its replies and
/// failures come back as events a moment later (never inside this call).
fn ask_worker<S: TabletPage>(h: &Handle<S>, text: String) {
    let page = h.clone();
    let deliver = move |event| later(&page, event);
    BotWorker::ask(&mut h.borrow_mut().worker, text, HostEvent::WorkerReply, HostEvent::WorkerFailed, deliver);
}

/// Dispatches `event` once the current call is done.
fn later<S: TabletPage>(h: &Handle<S>, event: HostEvent) {
    let h = h.clone();
    spawn_local(async move { dispatch(&h, event) });
}

fn render<S: TabletPage>(h: &Handle<S>) {
    let s = h.borrow();
    dom::set_html("app", &s.screen.html(&s.view()));
    dom::set_hidden("camera-box", s.screen.scanning().is_none());
    dom::paint_tiles("app");
    s.screen.paint(s.lang);
    drop(s);
    say(h);
}

/// Says the narration in the live region when it changed.
fn say<S: TabletPage>(h: &Handle<S>) {
    let mut s = h.borrow_mut();
    let said = s.screen.said(s.lang);
    if said != s.said {
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("said")) {
            el.set_text_content(Some(&said));
        }
        s.said = said;
    }
}

fn click<S: TabletPage>(h: &Handle<S>, id: &str) {
    let Some(control) = HostControl::parse(id) else { return };
    let event = match control {
        HostControl::Create => {
            let s = h.borrow();
            HostEvent::Create { names: s.screen.setup_names(s.lang) }
        }
        HostControl::Connect(seat) => {
            HostEvent::AnswerRead { seat, code: dom::value(&HostField::AnswerText(seat).id()) }
        }
        HostControl::SaveIceServers => HostEvent::IceServersEntered(dom::value(&HostField::IceServers.id())),
        control => HostEvent::Control(control),
    };
    dispatch(h, event);
}

fn change<S: TabletPage>(h: &Handle<S>, id: &str, value: &str) {
    match HostField::parse(id) {
        Some(HostField::Luminous) => dispatch(h, HostEvent::Luminous(value == "true")),
        Some(HostField::AnswerImage(seat)) => spawn_local(read_file(h.clone(), seat)),
        Some(HostField::AnswerText(_) | HostField::IceServers) | None => {}
    }
}

/// Routes the events of connection `conn` to the screen.
fn wire<S: TabletPage>(h: &Handle<S>, conn: Conn, pc: &RtcPeerConnection, dc: &RtcDataChannel) {
    let h1 = h.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        stats::received(&text);
        dispatch(&h1, HostEvent::Message { conn, text });
    });
    dc.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let h2 = h.clone();
    let onopen = Closure::<dyn FnMut()>::new(move || dispatch(&h2, HostEvent::ChannelOpen(conn)));
    dc.set_onopen(Some(onopen.as_ref().unchecked_ref()));
    onopen.forget();
    let h3 = h.clone();
    let onclose = Closure::<dyn FnMut()>::new(move || dispatch(&h3, HostEvent::ChannelClosed(conn)));
    dc.set_onclose(Some(onclose.as_ref().unchecked_ref()));
    onclose.forget();
    let (h4, pc2) = (h.clone(), pc.clone());
    let onstate = Closure::<dyn FnMut()>::new(move || {
        stats::event(&format!("connection {conn}: {}", rtc::state(&pc2)));
        if rtc::failed(&pc2) {
            dispatch(&h4, HostEvent::PathFailed(conn));
        }
    });
    pc.set_onconnectionstatechange(Some(onstate.as_ref().unchecked_ref()));
    onstate.forget();
}

/// Reads the answer of the seat being scanned by camera, while the screen scans for it.
async fn scan<S: TabletPage>(h: Handle<S>, seat: u8) {
    let (Some(video), Some(canvas)) = (dom::video("camera"), dom::canvas("frame")) else { return };
    match camera::start(&video).await {
        Ok(stream) => {
            let scanning = || h.borrow().screen.scanning() == Some(seat);
            if !scanning() {
                // Stopped while the camera started.
                camera::stop(&stream);
                return;
            }
            h.borrow_mut().stream = Some(stream);
            let code = camera::scan(&video, &canvas, scanning).await;
            dispatch(&h, HostEvent::ScanEnded { seat, code });
        }
        Err(_) => dispatch(&h, HostEvent::CameraFailed { seat }),
    }
}

/// Reads `seat`'s answer from a picture file (its `<input id="file-N">`).
async fn read_file<S: TabletPage>(h: Handle<S>, seat: u8) {
    let Some(file) = dom::file(&HostField::AnswerImage(seat).id()) else { return };
    let Some(canvas) = dom::canvas("frame") else { return };
    match camera::read_file(&file, &canvas).await.ok().flatten() {
        Some(code) => dispatch(&h, HostEvent::AnswerRead { seat, code }),
        None => dispatch(&h, HostEvent::AnswerUnreadable),
    }
}
