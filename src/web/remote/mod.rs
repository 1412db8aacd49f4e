//! Play by turns' browser shell (remote.html, the `lauzait-remote` binary, loaded only when
//! remote play is used): the browser's side of the pure pages in `lauzait_remote::screen`,
//! which decide everything. This holds the page's objects only: it boots the page the
//! address's link opens ([`boot`]: an invite, a letter, or none), turns taps, a pasted link
//! and a new link in the address into events, and runs the effects — storage, the
//! clipboard, the share sheet, drawing the page with the board and the tiles.

mod hooks;

use crate::web::bots::BotWorker;
use crate::web::table::{dom, share};
use lauzait_remote::letter::MAX_LINK_CHARS;
use lauzait_remote::screen::boot::{boot, entropy_needed, Screen};
use lauzait_remote::screen::controls::{Control, FILE_FIELD, PASTE_FIELD};
use lauzait_remote::screen::guest::GuestEvent;
use lauzait_remote::screen::host::{HostEvent, TABLE_ENTROPY};
use lauzait_remote::screen::joint::{JointEvent, JOINT_ENTROPY};
use lauzait_remote::screen::{Effect, Shown};
use lauzait_ui::html::remote::{page, RemotePage};
use lauzait_ui::i18n::remote::{r, seat_of, R};
use lauzait_ui::i18n::table_mode::{t, T};
use lauzait_ui::i18n::{self, Lang};
use lauzait_ui::storage_refusal::StorageRefusal;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The page's screen and what the browser adds to it.
pub(crate) struct Shell {
    lang: Lang,
    screen: Screen,
    not_saved: Option<StorageRefusal>,
    /// The page's markup as last set: a step that changes nothing on it leaves it alone.
    drawn: String,
    base: String,
    can_share: bool,
    /// The link last asked to be copied, for the note beside it once the clipboard took it.
    copying: Option<Shown>,
    /// The computer players' worker ([`BotWorker`]), started at a computer seat's first Day.
    worker: Option<BotWorker>,
}

type Handle = Rc<RefCell<Shell>>;

/// Entry point of the page, called by the `lauzait-remote` binary's `main`.
pub fn start() {
    crate::web::on_trap(|text| crate::web::table::error_box(&i18n::screens::fatal(text), ""));
    let lang = crate::web::table::lang();
    let Some(window) = web_sys::window() else { return };
    if let Some(doc) = window.document() {
        doc.set_title(r(lang, R::Title));
        if let Some(root) = doc.document_element() {
            let _ = root.set_attribute("lang", lang.code());
        }
    }
    // Never in a frame: a page around it could lay its own buttons over a hand.
    if crate::web::framed(&window) {
        crate::web::table::error_box(t(lang, T::Framed), "framed");
        return;
    }
    // Keys and secrets from a guessable generator would let anyone sign as this device.
    let Some(entropy) = dom::entropy(entropy_needed(&dom::fragment())) else {
        crate::web::table::error_box(t(lang, T::NoEntropy), "no-entropy");
        return;
    };
    let (screen, effects) = boot(&dom::fragment(), &|key| dom::load(key), &entropy, dom::now());
    let shell = Shell {
        lang,
        screen,
        not_saved: None,
        drawn: String::new(),
        base: dom::page_url(),
        can_share: share::can_share(),
        copying: None,
        worker: None,
    };
    let h: Handle = Rc::new(RefCell::new(shell));
    if let Err(e) = wire(&h) {
        web_sys::console::error_2(&"lauzait remote: could not start".into(), &e);
    }
    let state = h.clone();
    hooks::state_from(move || hooks::state_json(&state.borrow()));
    hooks::install_deal_timing();
    run_all(&h, effects);
    // A table saved with a computer seat's Day due goes on with it.
    host_event(&h, HostEvent::Wake);
}

fn wire(h: &Handle) -> Result<(), JsValue> {
    let on_click = h.clone();
    dom::on_click("page", move |id| click(&on_click, &id))?;
    let on_change = h.clone();
    dom::on_change("page", move |id, value| {
        if id == FILE_FIELD {
            open_file(&on_change);
        } else if Control::parse(&id) == Some(Control::Luminous) {
            host_event(&on_change, HostEvent::Luminous(value == "true"));
        }
    })?;
    // A link opened while the page is open changes only the address's fragment: the page
    // opens it as a new visit would.
    let on_hash = h.clone();
    let cb = Closure::<dyn FnMut()>::new(move || {
        let fragment = dom::fragment();
        if !fragment.is_empty() {
            reboot(&on_hash, &fragment);
        }
    });
    web_sys::window()
        .ok_or("no window")?
        .add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref())?;
    cb.forget();
    Ok(())
}

/// Opens `link` as a visit to the page with it would: on the device it is for.
fn reboot(h: &Handle, link: &str) {
    let entropy = dom::entropy(entropy_needed(link)).unwrap_or_default();
    let (screen, effects) = boot(link, &|key| dom::load(key), &entropy, dom::now());
    h.borrow_mut().screen = screen;
    hooks::trace(&format!("opened the page with a link of {} characters", link.len()));
    run_all(h, effects);
}

/// Opens the letter's file chosen in the page's file field as if its text were pasted. Only
/// its first bytes are read, one more than a letter may have, so a file far too large is
/// refused as a letter too long, never read whole into the tab's memory.
fn open_file(h: &Handle) {
    let Some(file) = dom::file(FILE_FIELD) else { return };
    let most = i32::try_from(MAX_LINK_CHARS + 1).unwrap_or(i32::MAX);
    let Ok(head) = file.slice_with_i32_and_i32(0, most) else { return };
    let h = h.clone();
    let done = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
        let text = text.as_string().unwrap_or_default();
        if !text.trim().is_empty() {
            reboot(&h, &text);
        }
    });
    let _ = head.text().then(&done);
    done.forget();
}

fn run_all(h: &Handle, effects: Vec<Effect>) {
    for effect in effects {
        run(h, effect);
    }
}

fn host_event(h: &Handle, event: HostEvent) {
    let effects = match &mut h.borrow_mut().screen {
        Screen::Host(s) => s.update(event, dom::now()),
        Screen::Guest(_) | Screen::Watch(_) | Screen::Joint(_) => return,
    };
    run_all(h, effects);
}

fn guest_event(h: &Handle, event: GuestEvent) {
    let effects = match &mut h.borrow_mut().screen {
        Screen::Guest(s) => s.update(event),
        Screen::Host(_) | Screen::Watch(_) | Screen::Joint(_) => return,
    };
    run_all(h, effects);
}

fn joint_event(h: &Handle, event: JointEvent) {
    let effects = match &mut h.borrow_mut().screen {
        Screen::Joint(s) => s.update(event),
        Screen::Host(_) | Screen::Guest(_) | Screen::Watch(_) => return,
    };
    run_all(h, effects);
}

fn is_host(h: &Handle) -> bool {
    matches!(h.borrow().screen, Screen::Host(_))
}

/// Runs one effect, holding no borrow of the shell while the browser is called.
fn run(h: &Handle, effect: Effect) {
    match effect {
        Effect::Store { key, text } => {
            let refused = dom::store(&key, &text).err();
            h.borrow_mut().not_saved = refused;
        }
        Effect::Redraw => render(h),
        Effect::Copy(fragment) => {
            let url = format!("{}#{fragment}", h.borrow().base);
            let h = h.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if share::copy(&url).await {
                    copied(&h);
                }
            });
        }
        Effect::Share(fragment) => {
            let url = format!("{}#{fragment}", h.borrow().base);
            share::share(r(h.borrow().lang, R::Title), &url);
        }
        Effect::Download { name, text } => {
            if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
                crate::web::records::download(&doc, &name, &text);
            }
        }
        Effect::Trace(line) => hooks::trace(&line),
        Effect::AskWorker(text) => {
            hooks::trace("asked the computer players' worker for a Day");
            ask_worker(h, text);
        }
        Effect::StopWorker => {
            let worker = h.borrow_mut().worker.take();
            if let Some(w) = worker {
                w.close();
            }
        }
        Effect::WakeAfter(ms) => {
            let h = h.clone();
            wasm_bindgen_futures::spawn_local(async move {
                crate::web::table::sleep(ms).await;
                host_event(&h, HostEvent::Wake);
            });
        }
    }
}

/// Posts a request to the computer players' worker, starting it if it is not running. Its
/// replies and failures come back as events a moment later (never inside this call).
fn ask_worker(h: &Handle, text: String) {
    let page = h.clone();
    let deliver = move |event| later(&page, event);
    BotWorker::ask(&mut h.borrow_mut().worker, text, HostEvent::WorkerReply, HostEvent::WorkerFailed, deliver);
}

/// Handles `event` once the current call is done.
fn later(h: &Handle, event: HostEvent) {
    let h = h.clone();
    wasm_bindgen_futures::spawn_local(async move { host_event(&h, event) });
}

/// The clipboard took the link on show: the page says so beside it.
fn copied(h: &Handle) {
    let shown = h.borrow().copying;
    let joint = matches!(h.borrow().screen, Screen::Joint(_));
    match shown {
        Some(shown) if joint => {
            if let Some(seat) = shown_seat(shown) {
                joint_event(h, JointEvent::Copied(seat));
            }
        }
        Some(shown) if is_host(h) => host_event(h, HostEvent::Copied(shown)),
        _ => guest_event(h, GuestEvent::Copied),
    }
}

/// The seat a link on show goes to.
fn shown_seat(shown: Shown) -> Option<u8> {
    match shown {
        Shown::Invite(seat) | Shown::Letter(seat) => Some(seat),
        Shown::Spectator => None,
    }
}

/// A tap on a page of joint play.
fn joint_click(h: &Handle, control: Control) {
    let event = match control {
        Control::Copy(shown) => {
            h.borrow_mut().copying = Some(shown);
            shown_seat(shown).map(JointEvent::Copy)
        }
        Control::Share(shown) => shown_seat(shown).map(JointEvent::Share),
        Control::Save(shown) => shown_seat(shown).map(JointEvent::Save),
        Control::Choice(i) => Some(JointEvent::Choice(i)),
        Control::TableChoice(i) => Some(JointEvent::Table(i)),
        _ => None,
    };
    if let Some(event) = event {
        joint_event(h, event);
    }
}

fn click(h: &Handle, id: &str) {
    let Some(control) = Control::parse(id) else { return };
    if control == Control::OpenPasted {
        let text = dom::value(PASTE_FIELD);
        if !text.trim().is_empty() {
            reboot(h, &text);
        }
        return;
    }
    if matches!(h.borrow().screen, Screen::Joint(_)) {
        return joint_click(h, control);
    }
    let host = is_host(h);
    match control {
        Control::Setup(button) => host_event(h, HostEvent::Setup(button)),
        Control::Luminous => {}
        Control::Create => {
            let lang = h.borrow().lang;
            let names = (0..4).map(|s| seat_of(lang, s)).collect();
            let entropy = dom::entropy(TABLE_ENTROPY).unwrap_or_default();
            host_event(h, HostEvent::Create { names, entropy });
        }
        Control::Copy(shown) => {
            h.borrow_mut().copying = Some(shown);
            if host {
                host_event(h, HostEvent::Copy(shown))
            } else {
                guest_event(h, GuestEvent::Copy)
            }
        }
        Control::Share(shown) if host => host_event(h, HostEvent::Share(shown)),
        Control::Share(_) => guest_event(h, GuestEvent::Share),
        Control::Save(shown) if host => host_event(h, HostEvent::Save(shown)),
        Control::Save(_) => guest_event(h, GuestEvent::Save),
        Control::Write(seat) if host => host_event(h, HostEvent::Write(seat)),
        Control::Write(_) => guest_event(h, GuestEvent::Write),
        Control::CreateJoint => {
            let entropy = dom::entropy(JOINT_ENTROPY).unwrap_or_default();
            let effects = h.borrow_mut().screen.create_joint(&entropy);
            run_all(h, effects);
        }
        Control::OpenPasted | Control::TableChoice(_) => {}
        Control::NextSeason => host_event(h, HostEvent::NextSeason),
        Control::Choice(i) if host => host_event(h, HostEvent::Choice(i)),
        Control::Choice(i) => guest_event(h, GuestEvent::Choice(i)),
    }
}

fn render(h: &Handle) {
    let mut s = h.borrow_mut();
    let html = page(&RemotePage {
        screen: &s.screen,
        lang: s.lang,
        not_saved: s.not_saved.as_ref(),
        base: &s.base,
        can_share: s.can_share,
    });
    let Shell { drawn, .. } = &mut *s;
    if dom::set_html_if_changed("app", drawn, html) {
        dom::paint_tiles("app");
        paint_board(&s);
    }
}

/// Paints the board's canvas with the game's board renderer, from the seat's view's public
/// part.
fn paint_board(s: &Shell) {
    let game = match &s.screen {
        Screen::Host(h) => h.device().and_then(|d| d.local()).and_then(|g| g.game()).cloned(),
        Screen::Guest(g) => g.device().game(),
        Screen::Joint(j) => j.game(),
        // A spectator's link draws its board as tiles: no game to paint.
        Screen::Watch(_) => None,
    };
    let Some(game) = game else { return };
    let view = game.public();
    let names: Vec<String> = (0..view.seats().len()).map(|p| seat_of(s.lang, p as u8)).collect();
    dom::paint_board(&lauzait_ui::tablet::scene(s.lang, &view, &names));
}

/// What the test build's state reads.
#[cfg(feature = "test-hooks")]
impl Shell {
    pub(crate) fn screen(&self) -> &Screen {
        &self.screen
    }
    pub(crate) fn lang(&self) -> Lang {
        self.lang
    }
}
