//! The host's page (the tablet): sets the table, pairs each person's phone by QR code,
//! then shows the board — never a concealed hand — and relays every phone's message to
//! the pure host ([`crate::table::host::Host`]), sending back what it answers. Its state is
//! saved after every change, so a reload resumes the game; the phones then scan their
//! seat's new code and come back with their key.

use super::{camera, computer, dom, host_view, qr, rtc, stats};
use crate::bots::Level;
use crate::engine::{Action, GameOptions, Seat};
use crate::table::controls::{HostControl, HostField};
use crate::table::host::{Conn, Host, Out, Player, HOST_ENTROPY};
use crate::table::link::{invite_fragment, read_answer, Invite};
use crate::table::sdp::Session;
use crate::table::validate::write;
use crate::ui::bot_state::BOT_PLAYOUTS;
use crate::ui::i18n::table_mode::{t, T};
use crate::ui::i18n::{self, Lang};
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use web_sys::{MediaStream, MessageEvent, RtcDataChannel, RtcPeerConnection};

const SAVE_KEY: &str = "lauzait-table/host";
/// How long an open channel may stay silent before its device's first message (a join) is
/// given up on, in milliseconds. A channel that opens but never carries the join leaves
/// its seat neither free nor held; after this the seat gets a new code, as after a drop.
const JOIN_WAIT_MS: u32 = 8000;

/// Where one person's seat is in pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    Preparing,
    Waiting,
    Connecting,
    Connected,
    Lost,
}

/// One seat's connection attempt.
pub struct Link {
    pub conn: Conn,
    pub pc: Option<RtcPeerConnection>,
    pub dc: Option<RtcDataChannel>,
    pub url: String,
    pub state: LinkState,
    /// When its code was shown (ms), for the pairing time.
    pub shown_at: f64,
}

/// The table being set up (before the host exists).
pub struct Setup {
    pub count: usize,
    /// Who plays each seat: a person (`None`) or the computer at a level.
    pub computer: [Option<Level>; 4],
    pub luminous: bool,
}

pub struct Page {
    pub lang: Lang,
    pub setup: Setup,
    pub host: Option<Host>,
    pub links: Vec<Option<Link>>,
    pub next_conn: Conn,
    /// The seat whose code the camera is reading.
    pub scanning: Option<u8>,
    stream: Option<MediaStream>,
    /// A problem to show (no network path, a bad code, …).
    pub problem: Option<String>,
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
        setup: Setup { count: 4, computer: [None, None, None, Some(Level::Normal)], luminous: true },
        host: None,
        links: Vec::new(),
        next_conn: 1,
        scanning: None,
        stream: None,
        problem: None,
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
        HostControl::Players(n) => {
            with(|p| p.setup.count = n as usize);
            render();
        }
        HostControl::ToggleComputer(s) => {
            with(|p| {
                let c = &mut p.setup.computer[s as usize];
                *c = if c.is_some() { None } else { Some(Level::Normal) };
            });
            render();
        }
        HostControl::Level(s, level) => {
            with(|p| p.setup.computer[s as usize] = Some(level));
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
        let seats: Vec<Seat> = Seat::ALL.iter().take(p.setup.count).copied().collect();
        let options = GameOptions::new(seats.clone(), p.setup.luminous)?;
        let players = seats
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let player = p.setup.computer[i].map_or(Player::Person, Player::Computer);
                (i18n::seat_name(p.lang, s).to_string(), player)
            })
            .collect();
        let host = Host::new(options, players, &dom::entropy(HOST_ENTROPY))?;
        p.links = (0..p.setup.count).map(|_| None).collect();
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
            p.links = host.seats().iter().map(|_| None).collect();
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
        (0..host.seats().len() as u8)
            .filter(|&s| host.seats()[s as usize].player == Player::Person)
            .filter(|&s| !p.links[s as usize].as_ref().is_some_and(|l| l.state == LinkState::Connected))
            .collect()
    })
    .unwrap_or_default();
    for s in seats {
        spawn_local(offer(s));
    }
}

fn relink(seat: u8) {
    with(|p| {
        if let Some(l) = p.links.get_mut(seat as usize).and_then(Option::take) {
            l.pc.iter().for_each(|pc| pc.close());
        }
    });
    spawn_local(offer(seat));
}

async fn offer(seat: u8) {
    let conn = with(|p| {
        let conn = p.next_conn;
        p.next_conn += 1;
        let link = Link { conn, pc: None, dc: None, url: String::new(), state: LinkState::Preparing, shown_at: 0.0 };
        p.links[seat as usize] = Some(link);
        conn
    });
    render();
    let Some(conn) = conn else { return };
    match rtc::offer().await {
        Ok((pc, dc, sdp)) => {
            wire(conn, &pc, &dc);
            stats::event(&format!("seat {seat}: code shown for connection {conn}"));
            with(|p| {
                let Some(host) = &p.host else { return };
                let offer = match Session::parse(&sdp) {
                    Ok(offer) => offer,
                    Err(e) => {
                        p.problem = Some(e);
                        return;
                    }
                };
                let invite = Invite { table: host.table, seat, token: host.seats()[seat as usize].token, offer };
                let url = format!("{}#{}", dom::page_url(), invite_fragment(&invite));
                if let Some(l) = p.links[seat as usize].as_mut().filter(|l| l.conn == conn) {
                    (l.pc, l.dc, l.url, l.state, l.shown_at) =
                        (Some(pc), Some(dc), url, LinkState::Waiting, dom::now());
                }
            });
        }
        Err(e) => {
            with(|p| p.problem = Some(format!("{e:?}")));
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
            if let Some(l) = p.links.iter_mut().flatten().find(|l| l.conn == conn) {
                l.state = LinkState::Connected;
                stats::paired(dom::now() - l.shown_at);
            }
            p.no_path = false;
        });
        render();
        spawn_local(async move {
            rtc::sleep(JOIN_WAIT_MS).await;
            let silent = with(|p| {
                let open = p.links.iter().flatten().any(|l| l.conn == conn && l.state == LinkState::Connected);
                open && !p.host.as_ref().is_some_and(|h| h.is_seated(conn))
            });
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

/// Closes connection `conn` (its device sees the channel close).
fn close_in(p: &Page, conn: Conn) {
    if let Some(l) = p.links.iter().flatten().find(|l| l.conn == conn) {
        l.pc.iter().for_each(|pc| pc.close());
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
        let seat =
            p.links.iter().position(|l| l.as_ref().is_some_and(|l| l.conn == conn && l.state != LinkState::Lost))?;
        close_in(p, conn);
        Some(seat as u8)
    })
    .flatten();
    if let Some(seat) = seat {
        stats::event(&format!("seat {seat}: connection {conn} lost, a new code follows"));
        with(|p| p.links[seat as usize].as_mut().map(|l| l.state = LinkState::Lost));
        render();
        spawn_local(async move {
            rtc::sleep(300).await;
            offer(seat).await;
        });
    }
}

fn receive(conn: Conn, text: &str) {
    // Every message but a step: enough to see a pairing and a deal in order.
    if !text.contains("\"t\":\"act\"") {
        stats::event(&format!("connection {conn}: received {}", text.chars().take(40).collect::<String>()));
    }
    let out = with(|p| p.host.as_mut().map(|h| h.receive(conn, text)).unwrap_or_default()).unwrap_or_default();
    deliver(out);
    after_change();
}

fn deliver(out: Vec<Out>) {
    with(|p| {
        for o in out {
            match o {
                Out::Send(conn, msg) => {
                    let text = write(&msg);
                    if let Some(dc) = p.links.iter().flatten().find(|l| l.conn == conn).and_then(|l| l.dc.as_ref()) {
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
            dom::store(SAVE_KEY, &h.save());
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
            with(|p| {
                if p.problem.as_deref().is_some_and(|m| m.starts_with(t(p.lang, T::ComputerFailed))) {
                    p.problem = None;
                }
            });
            deliver(out);
            after_change();
        }
        Err(why) => {
            web_sys::console::warn_1(&format!("lauzait table: computer player: {why}").into());
            with(|p| p.problem = Some(format!("{} ({why})", t(p.lang, T::ComputerFailed))));
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
    let lang = with(|p| p.lang).unwrap_or(Lang::En);
    let checked = match read_answer(&code) {
        Ok(answer) if answer.seat == seat => Ok(answer),
        Ok(_) => Err(t(lang, T::BadCode).to_string()),
        // What is wrong with the code, so the person knows whether to rescan or recopy.
        Err(e) => Err(format!("{} ({e})", t(lang, T::BadCode))),
    };
    let answer = match checked {
        Ok(answer) => answer,
        Err(problem) => {
            with(|p| p.problem = Some(problem));
            render();
            return;
        }
    };
    let pc = with(|p| {
        p.problem = None;
        let l = p.links[seat as usize].as_mut()?;
        l.state = LinkState::Connecting;
        l.pc.clone()
    })
    .flatten();
    render();
    let Some(pc) = pc else { return };
    if let Err(e) = rtc::accept(&pc, &answer.answer.to_sdp()).await {
        with(|p| p.problem = Some(format!("{e:?}")));
        render();
        return;
    }
    // No path after a while: say so, with the hotspot advice, and show a fresh code to
    // scan once the devices share a network (this connection's offer is spent).
    rtc::sleep(15_000).await;
    let stuck = with(|p| p.links[seat as usize].as_ref().filter(|l| l.state == LinkState::Connecting).map(|l| l.conn));
    if let Some(Some(conn)) = stuck {
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
