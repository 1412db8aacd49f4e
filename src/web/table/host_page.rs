//! The host's page (the tablet): sets the table, pairs each person's phone by QR code,
//! then shows the board — never a concealed hand — and relays every phone's message to
//! the pure host ([`lauzait_table_mode::host::Host`]), sending back what it answers. Which
//! connection each seat is on and when one is given up on is decided by the pure
//! [`Pairing`]; this page holds the browser's peer objects by connection and runs the
//! timers. Its state is saved after every change, so a reload resumes the game; the phones
//! then scan their seat's new code and come back with their key.

use super::{camera, computer, dom, host_view, qr, rtc, stats};
use crate::web::js_error::JsError;
use lauzait_engine::Action;
use lauzait_table_mode::controls::{HostControl, HostField};
use lauzait_table_mode::host::{Conn, Host, Out, Player, HOST_ENTROPY};
use lauzait_table_mode::link::{invite_fragment, Invite};
use lauzait_table_mode::pairing::{AnswerProblem, Pairing, JOIN_WAIT_MS, NEW_CODE_PAUSE_MS, PATH_WAIT_MS};
use lauzait_table_mode::sdp::Session;
use lauzait_table_mode::setup::Setup;
use lauzait_table_mode::validate::write;
use lauzait_ui::bot_state::BOT_PLAYOUTS;
use lauzait_ui::i18n::table_mode::{connection_failed, t, T};
use lauzait_ui::i18n::{self, Lang};
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{MediaStream, MessageEvent, RtcDataChannel, RtcPeerConnection};

const SAVE_KEY: &str = "lauzait-table/host";

/// The browser's objects of one connection whose code is shown.
struct Peer {
    pc: RtcPeerConnection,
    dc: RtcDataChannel,
}

pub struct Page {
    pub lang: Lang,
    pub setup: Setup,
    pub host: Option<Host>,
    pub pairing: Pairing,
    peers: HashMap<Conn, Peer>,
    /// The seat whose code the camera is reading.
    pub scanning: Option<u8>,
    stream: Option<MediaStream>,
    /// A problem to show (no network path, a bad code, …).
    pub problem: Option<String>,
    /// Why the computer player's last Day could not be played (shown until one is).
    pub computer_failed: Option<String>,
    /// Why the table could not be saved at its last change (a reload would not resume it).
    pub not_saved: Option<StorageRefusal>,
    pub no_path: bool,
    pub saved_game: bool,
}

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
}

fn with<R>(f: impl FnOnce(&mut Page) -> R) -> Option<R> {
    PAGE.with(|p| p.borrow_mut().as_mut().map(f))
}

pub fn start(lang: Lang) -> Result<(), JsValue> {
    let saved_game = dom::load(SAVE_KEY).is_some();
    let page = Page {
        lang,
        setup: Setup::default(),
        host: None,
        pairing: Pairing::new(0),
        peers: HashMap::new(),
        scanning: None,
        stream: None,
        problem: None,
        computer_failed: None,
        not_saved: None,
        no_path: false,
        saved_game,
    };
    PAGE.with(|p| *p.borrow_mut() = Some(page));
    dom::on_click("page", on_click)?;
    dom::on_change("page", on_change)?;
    render();
    Ok(())
}

fn render() {
    let html = with(|p| host_view::page(p)).unwrap_or_default();
    dom::set_html("app", &html);
    dom::set_hidden("camera-box", with(|p| p.scanning.is_none()).unwrap_or(true));
    dom::paint_tiles("app");
    stats::set_state(&with(|p| host_view::state_json(p)).unwrap_or_default());
}

fn on_change(id: String, value: String) {
    match HostField::parse(&id) {
        Some(HostField::Luminous) => {
            with(|p| p.setup.luminous = value == "true");
        }
        Some(HostField::AnswerImage(s)) => {
            spawn_local(read_file(s));
            return;
        }
        Some(HostField::AnswerText(_)) | None => {}
    }
    render();
}

fn on_click(id: String) {
    let Some(control) = HostControl::parse(&id) else { return };
    match control {
        HostControl::Create => create(),
        HostControl::Resume => resume(),
        HostControl::NewTable => {
            dom::remove(SAVE_KEY);
            with(|p| p.saved_game = false);
            render();
        }
        HostControl::NextSeason => table_action(Action::NextSeason),
        HostControl::EndGame => table_action(Action::EndGameByAgreement),
        HostControl::StopCamera => stop_camera(),
        HostControl::Setup(button) => {
            with(|p| p.setup.press(button));
            render();
        }
        HostControl::Scan(s) => spawn_local(scan(s)),
        HostControl::Connect(s) => {
            let code = dom::value(&HostField::AnswerText(s).id());
            spawn_local(connect(s, code));
        }
        HostControl::Relink(s) => relink(s),
    }
}

fn create() {
    let made = with(|p| {
        let lang = p.lang;
        let (options, players) = p.setup.table(|seat| i18n::seat_name(lang, seat).to_string())?;
        let host = Host::new(options, players, &dom::entropy(HOST_ENTROPY))?;
        p.pairing = Pairing::new(host.seats().len());
        p.host = Some(host);
        Ok::<(), String>(())
    });
    if let Some(Err(e)) = made {
        with(|p| p.problem = Some(e));
    }
    after_change();
    offer_all();
}

fn resume() {
    let Some(text) = dom::load(SAVE_KEY) else { return };
    let resumed = with(|p| match Host::resume(&text) {
        Ok(host) => {
            p.pairing = Pairing::new(host.seats().len());
            p.host = Some(host);
        }
        Err(e) => p.problem = Some(e),
    });
    if resumed.is_some() {
        after_change();
        offer_all();
    }
}

/// A fresh code for every person's seat without a live connection.
fn offer_all() {
    let seats: Vec<u8> = with(|p| {
        let Some(host) = &p.host else { return Vec::new() };
        let persons = host.seats().iter().enumerate().filter(|(_, s)| s.player == Player::Person);
        p.pairing.seats_to_offer(persons.filter_map(|(i, _)| u8::try_from(i).ok()))
    })
    .unwrap_or_default();
    for s in seats {
        spawn_local(offer(s));
    }
}

/// A new code for the seat; its earlier connection, if any, is closed.
fn relink(seat: u8) {
    spawn_local(offer(seat));
}

/// Makes a connection's offer and shows it as the seat's code.
async fn offer(seat: u8) {
    let began = with(|p| {
        let (conn, earlier) = p.pairing.begin(seat)?;
        earlier.into_iter().for_each(|e| close_in(p, e));
        Some(conn)
    });
    render();
    let Some(Some(conn)) = began else { return };
    match rtc::offer().await {
        Ok((pc, dc, sdp)) => {
            let shown = with(|p| {
                let token = p.host.as_ref()?.seats().get(usize::from(seat))?.token;
                let table = p.host.as_ref()?.table;
                let offer = Session::parse(&sdp).map_err(|e| p.problem = Some(connection_failed(p.lang, &e))).ok()?;
                let url = format!("{}#{}", dom::page_url(), invite_fragment(&Invite { table, seat, token, offer }));
                p.pairing.shown(conn, url, dom::now()).then_some(())
            });
            if shown.flatten().is_some() {
                wire(conn, &pc, &dc);
                with(|p| p.peers.insert(conn, Peer { pc, dc }));
                stats::event(&format!("seat {seat}: code shown for connection {conn}"));
            } else {
                // The seat moved on to a newer code meanwhile, or the offer did not read.
                pc.close();
            }
        }
        Err(e) => {
            with(|p| p.problem = Some(connection_failed(p.lang, JsError::read(&e).text())));
        }
    }
    render();
}

/// Routes the data channel's events of connection `conn` to the page.
fn wire(conn: Conn, pc: &RtcPeerConnection, dc: &RtcDataChannel) {
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        stats::received(&text);
        receive(conn, &text);
    });
    dc.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    let onopen = Closure::<dyn FnMut()>::new(move || {
        stats::event(&format!("connection {conn}: channel open"));
        with(|p| {
            if let Some(ms) = p.pairing.opened(conn, dom::now()) {
                stats::paired(ms);
            }
            p.no_path = false;
        });
        render();
        spawn_local(async move {
            rtc::sleep(JOIN_WAIT_MS).await;
            let silent = with(|p| p.pairing.join_overdue(conn, p.host.as_ref().is_some_and(|h| h.is_seated(conn))));
            if silent == Some(true) {
                stats::event(&format!("connection {conn}: open but no join in {JOIN_WAIT_MS} ms"));
                lost(conn);
            }
        });
    });
    dc.set_onopen(Some(onopen.as_ref().unchecked_ref()));
    onopen.forget();
    let onclose = Closure::<dyn FnMut()>::new(move || {
        stats::event(&format!("connection {conn}: channel closed"));
        lost(conn)
    });
    dc.set_onclose(Some(onclose.as_ref().unchecked_ref()));
    onclose.forget();
    let pc2 = pc.clone();
    let onstate = Closure::<dyn FnMut()>::new(move || {
        stats::event(&format!("connection {conn}: {}", rtc::state(&pc2)));
        if rtc::failed(&pc2) {
            with(|p| p.no_path = true);
            lost(conn);
        }
    });
    pc.set_onconnectionstatechange(Some(onstate.as_ref().unchecked_ref()));
    onstate.forget();
}

/// Closes connection `conn` (its device sees the channel close) and lets go of it.
fn close_in(p: &mut Page, conn: Conn) {
    if let Some(peer) = p.peers.remove(&conn) {
        peer.pc.close();
    }
}

/// The connection is gone, or given up on (no join, no path): it is closed, so its device
/// sees it end and nothing of it lingers, and its seat gets a new code at once.
fn lost(conn: Conn) {
    let seat = with(|p| {
        if let Some(h) = p.host.as_mut() {
            h.disconnected(conn);
        }
        // Once only: a channel closing and its connection failing both report the loss.
        let seat = p.pairing.lost(conn);
        close_in(p, conn);
        seat
    })
    .flatten();
    if let Some(seat) = seat {
        stats::event(&format!("seat {seat}: connection {conn} lost, a new code follows"));
        render();
        spawn_local(async move {
            rtc::sleep(NEW_CODE_PAUSE_MS).await;
            offer(seat).await;
        });
    }
}

fn receive(conn: Conn, text: &str) {
    let read = lauzait_table_mode::validate::read_guest(text);
    // Every message but a step: enough to see a pairing and a deal in order.
    if !matches!(read, Ok(lauzait_table_mode::protocol::GuestMsg::Act { .. })) {
        stats::event(&format!("connection {conn}: received {}", text.chars().take(40).collect::<String>()));
    }
    // Every message is handed to the host with the seat whose code opened its connection: a
    // join or rejoin for any other seat is refused there. A connection no seat's pairing
    // holds any more (given up on, replaced) is not listened to.
    let out = with(|p| {
        let from = p.pairing.paired(conn)?;
        p.host.as_mut().map(|h| h.receive_read(from, read))
    })
    .flatten()
    .unwrap_or_default();
    deliver(out);
    after_change();
}

fn deliver(out: Vec<Out>) {
    with(|p| {
        for o in out {
            match o {
                Out::Send(conn, msg) => {
                    let text = write(&msg);
                    if let Some(Peer { dc, .. }) = p.peers.get(&conn) {
                        stats::sent(&msg, &text);
                        rtc::send(dc, &text);
                    }
                }
                Out::Close(conn) => close_in(p, conn),
            }
        }
    });
}

/// Saves, redraws, and lets a computer seat play its Day after a pause.
fn after_change() {
    with(|p| {
        if let Some(h) = &p.host {
            p.not_saved = dom::store(SAVE_KEY, &h.save()).err();
        }
    });
    render();
    stats::board_updated();
    let computer_day_due = with(|p| p.host.as_ref().and_then(|h| h.computer_to_move())).flatten().is_some();
    if computer_day_due && !computer::thinking() {
        // A pause first, so that the people at the table see the last Day before the next.
        spawn_local(async {
            rtc::sleep(700).await;
            if computer::thinking() {
                return;
            }
            let request =
                with(|p| p.host.as_ref().map(|h| h.computer_request(computer::next_id(), BOT_PLAYOUTS))).flatten();
            // An error here means the computer's Day is no longer due (a reload, the game
            // ended): nothing to ask.
            if let Some(Ok(request)) = request {
                computer::ask(&request, computer_day);
            }
        });
    }
}

/// The worker's plan for a computer seat's Day, applied by the host; when it cannot be,
/// the table is told and the Day asked for again a little later.
fn computer_day(seat: u8, steps: Result<Vec<Action>, String>) {
    let applied = steps.and_then(|steps| {
        with(|p| p.host.as_mut().map(|h| h.apply_computer_day(seat, &steps)))
            .flatten()
            .unwrap_or_else(|| Err("the table is not set".into()))
    });
    match applied {
        Ok(out) => {
            with(|p| p.computer_failed = None);
            deliver(out);
            after_change();
        }
        Err(why) => {
            web_sys::console::warn_1(&format!("lauzait table: computer player: {why}").into());
            with(|p| p.computer_failed = Some(why));
            render();
            spawn_local(async {
                rtc::sleep(3000).await;
                after_change();
            });
        }
    }
}

fn table_action(action: Action) {
    let out = with(|p| p.host.as_mut().map(|h| h.table_action(action))).flatten();
    match out {
        Some(Ok(out)) => deliver(out),
        Some(Err(e)) => {
            with(|p| p.problem = Some(e));
        }
        None => {}
    }
    after_change();
}

/// Reads the phone's answer for `seat` and connects.
async fn connect(seat: u8, code: String) {
    let answer = match Pairing::check_answer(seat, &code) {
        Ok(answer) => answer,
        Err(problem) => {
            with(|p| {
                let bad = t(p.lang, T::BadCode);
                p.problem = Some(match problem {
                    AnswerProblem::OtherSeat => bad.to_string(),
                    // What is wrong with the code, so the person knows whether to rescan or recopy.
                    AnswerProblem::Unreadable(why) => format!("{bad} ({why})"),
                });
            });
            render();
            return;
        }
    };
    let answered = with(|p| {
        p.problem = None;
        let conn = p.pairing.answered(seat)?;
        p.peers.get(&conn).map(|peer| (conn, peer.pc.clone()))
    })
    .flatten();
    render();
    let Some((conn, pc)) = answered else { return };
    if let Err(e) = rtc::accept(&pc, &answer.answer.to_sdp()).await {
        with(|p| p.problem = Some(connection_failed(p.lang, JsError::read(&e).text())));
        render();
        return;
    }
    // No path after a while: say so, with the hotspot advice, and show a fresh code to
    // scan once the devices share a network (this connection's offer is spent).
    rtc::sleep(PATH_WAIT_MS).await;
    if with(|p| p.pairing.stuck(conn)) == Some(true) {
        stats::event(&format!("connection {conn}: no path in 15 s"));
        with(|p| p.no_path = true);
        lost(conn);
    }
}

/// Reads the answer of the seat being scanned by camera.
async fn scan(seat: u8) {
    stop_camera();
    with(|p| p.scanning = Some(seat));
    render();
    let (Some(video), Some(canvas)) = (dom::video("camera"), dom::canvas("frame")) else { return };
    match camera::start(&video).await {
        Ok(stream) => {
            with(|p| p.stream = Some(stream));
            let code = camera::scan(&video, &canvas, || with(|p| p.scanning == Some(seat)) == Some(true)).await;
            stop_camera();
            if let Some(code) = code {
                connect(seat, code).await;
            }
        }
        Err(_) => {
            let lang = with(|p| p.lang).unwrap_or(Lang::En);
            with(|p| {
                p.problem = Some(t(lang, T::CameraFailed).to_string());
                p.scanning = None;
            });
            render();
        }
    }
}

fn stop_camera() {
    with(|p| {
        p.scanning = None;
        if let Some(s) = p.stream.take() {
            camera::stop(&s);
        }
    });
    render();
}

/// Reads `seat`'s answer from a picture file (its `<input id="file-N">`).
async fn read_file(seat: u8) {
    let Some(file) = dom::file(&HostField::AnswerImage(seat).id()) else { return };
    let Some(canvas) = dom::canvas("frame") else { return };
    let code = camera::read_file(&file, &canvas).await.ok().flatten();
    match code {
        Some(code) => connect(seat, code).await,
        None => {
            let lang = with(|p| p.lang).unwrap_or(Lang::En);
            with(|p| p.problem = Some(t(lang, T::BadCode).to_string()));
            render();
        }
    }
}

/// The QR code of a link, for the view.
pub fn link_qr(url: &str, label: &str) -> String {
    qr::svg(url, label)
}
