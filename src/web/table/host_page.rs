//! The host's page (the tablet): the browser's side of [`HostScreen`], which decides
//! everything — setting the table, pairing each phone by QR code, relaying every phone's
//! message to the pure host, pacing the computer players, saving. This page holds only
//! browser objects (each connection's peer, the camera's stream, the bot worker), turns
//! their callbacks into [`HostEvent`]s and runs the [`HostEffect`]s the screen answers.
//! The table is saved as it changes, so a reload resumes the game; the phones then scan
//! their seat's new code and come back with their key.

use super::{camera, dom, host_view, qr, rtc, share, stats};
use crate::web::bots::BotWorker;
use crate::web::js_error::JsError;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::forward::ANSWERS_CHANNEL;
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, HostScreen, ICE_SAVE_KEY, SCREEN_ENTROPY};
use lauzait_ui::driver::BOT_PLAYOUTS;
use lauzait_ui::html::table::{self as table_html, HostPage};
use lauzait_ui::i18n::tablet::link_of;
use lauzait_ui::i18n::{self, Lang};
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{BroadcastChannel, MediaStream, MessageEvent, RtcDataChannel, RtcPeerConnection};

const SAVE_KEY: &str = "lauzait-table/host";

/// The browser's objects of one connection.
struct Peer {
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
}

/// The screen and the browser's objects it needs run.
pub struct Shell {
    lang: Lang,
    screen: HostScreen,
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

impl Shell {
    /// What the page shows, for its markup and the tests' state.
    fn page(&self) -> HostPage<'_> {
        HostPage {
            screen: &self.screen,
            lang: self.lang,
            not_saved: self.not_saved.as_ref(),
            can_share: self.can_share,
            qr: &qr::svg,
        }
    }
}

type Handle = Rc<RefCell<Shell>>;

pub fn start(lang: Lang) -> Result<(), JsValue> {
    let screen = HostScreen::new(dom::page_url(), BOT_PLAYOUTS, dom::load(SAVE_KEY))
        .with_ice_servers(dom::load(ICE_SAVE_KEY).as_deref());
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
    let h: Handle = Rc::new(RefCell::new(shell));
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
        host_view::state_json(&s.page())
    });
    listen_for_answers(&h);
    render(&h);
    Ok(())
}

/// Hears the answers that answer links' tabs post ([`ANSWERS_CHANNEL`]). A browser without
/// the channel only loses this way in: a pasted or scanned answer still pairs.
fn listen_for_answers(h: &Handle) {
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
fn dispatch(h: &Handle, event: HostEvent) {
    let entropy = if event.needs_entropy() { dom::entropy(SCREEN_ENTROPY).unwrap_or_default() } else { Vec::new() };
    let effects = h.borrow_mut().screen.update(event, dom::now(), &entropy);
    for effect in effects {
        run(h, effect);
    }
}

/// Runs one effect. No borrow of the shell is held while the browser is called, so that a
/// callback it makes at once finds the shell free.
fn run(h: &Handle, effect: HostEffect) {
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
            let refused = dom::store(SAVE_KEY, &text).err();
            h.borrow_mut().not_saved = refused;
        }
        HostEffect::RemoveSave => dom::remove(SAVE_KEY),
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
                let name = s.screen.host().and_then(|host| host.seats().get(seat as usize)).map(|x| x.name.clone());
                link_of(s.lang, &name.unwrap_or_default())
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
fn ask_worker(h: &Handle, text: String) {
    let running = h.borrow_mut().worker.take();
    let (reply, fail) = (h.clone(), h.clone());
    let (worker, sent) = BotWorker::ask(
        running,
        text,
        move |text| later(&reply, HostEvent::WorkerReply(text)),
        move |why| later(&fail, HostEvent::WorkerFailed(why)),
    );
    h.borrow_mut().worker = worker;
    if let Err(why) = sent {
        later(h, HostEvent::WorkerFailed(why));
    }
}

/// Dispatches `event` once the current call is done.
fn later(h: &Handle, event: HostEvent) {
    let h = h.clone();
    spawn_local(async move { dispatch(&h, event) });
}

fn render(h: &Handle) {
    let s = h.borrow();
    dom::set_html("app", &table_html::page(&s.page()));
    dom::set_hidden("camera-box", s.screen.scanning().is_none());
    dom::paint_tiles("app");
    paint_board(&s);
    drop(s);
    say(h);
}

/// Says the narration in the live region when it changed.
fn say(h: &Handle) {
    let mut s = h.borrow_mut();
    let said = match s.screen.host().and_then(|host| host.game().map(|g| (host, g))) {
        Some((host, game)) => {
            let names: Vec<String> = host.seats().iter().map(|seat| seat.name.clone()).collect();
            lauzait_ui::tablet::said(s.lang, &game.public(), &names)
        }
        None => String::new(),
    };
    if said != s.said {
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("said")) {
            el.set_text_content(Some(&said));
        }
        s.said = said;
    }
}

/// Paints the shared board's canvas with the game's board renderer, from the public view.
fn paint_board(s: &Shell) {
    let Some(host) = s.screen.host() else { return };
    let Some(game) = host.game() else { return };
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app")) else {
        return;
    };
    let names: Vec<String> = host.seats().iter().map(|seat| seat.name.clone()).collect();
    let scene = lauzait_ui::tablet::scene(s.lang, &game.public(), &names);
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    crate::web::view::canvas::paint_scene(&root, table_html::tablet::BOARD_CANVAS, dpr, &scene, "#f4efe1", false);
}

fn click(h: &Handle, id: &str) {
    let Some(control) = HostControl::parse(id) else { return };
    let event = match control {
        HostControl::Create => {
            let s = h.borrow();
            let names = s.screen.setup().seats().iter().map(|&seat| i18n::seat_name(s.lang, seat).to_string());
            HostEvent::Create { names: names.collect() }
        }
        HostControl::Connect(seat) => {
            HostEvent::AnswerRead { seat, code: dom::value(&HostField::AnswerText(seat).id()) }
        }
        HostControl::SaveIceServers => HostEvent::IceServersEntered(dom::value(&HostField::IceServers.id())),
        control => HostEvent::Control(control),
    };
    dispatch(h, event);
}

fn change(h: &Handle, id: &str, value: &str) {
    match HostField::parse(id) {
        Some(HostField::Luminous) => dispatch(h, HostEvent::Luminous(value == "true")),
        Some(HostField::AnswerImage(seat)) => spawn_local(read_file(h.clone(), seat)),
        Some(HostField::AnswerText(_) | HostField::IceServers) | None => {}
    }
}

/// Routes the events of connection `conn` to the screen.
fn wire(h: &Handle, conn: Conn, pc: &RtcPeerConnection, dc: &RtcDataChannel) {
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
async fn scan(h: Handle, seat: u8) {
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
async fn read_file(h: Handle, seat: u8) {
    let Some(file) = dom::file(&HostField::AnswerImage(seat).id()) else { return };
    let Some(canvas) = dom::canvas("frame") else { return };
    match camera::read_file(&file, &canvas).await.ok().flatten() {
        Some(code) => dispatch(&h, HostEvent::AnswerRead { seat, code }),
        None => dispatch(&h, HostEvent::AnswerUnreadable),
    }
}
