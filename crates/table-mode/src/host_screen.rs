//! The host's page (the tablet) as a pure model: everything the page decides, from the
//! table's setup to pairing each phone, relaying its messages to the [`Host`], pacing the
//! computer players and saving. The page (`web::table::host_page`) holds only the browser's
//! objects (each connection's peer, the camera, the bot worker, the DOM), turns their
//! callbacks into [`HostEvent`]s and runs the [`HostEffect`]s that [`HostScreen::update`]
//! answers. Time and entropy come in with each event; nothing here reads a clock or a
//! generator, so every decision is tested natively (tests/table_mode/screens.rs).
//!
//! This file holds the page's state, its events' dispatch, its timers and its flush; each
//! concern apart: setting the table and pairing its seats (`seating`), the running table's
//! messages and lost connections (`running`), a seat handed over (`handover`), the
//! spectators (`spectators`), the computer players (`computer`), the ICE servers' settings
//! (`ice_settings`), why no path opened (`paths`), the wait for a round's reveals
//! (`patience`) and a forwarded answer (`forwarded`).
//!
//! Load: a connection's messages go through a [`Bucket`] first, and one over it is dropped
//! unread (counted, not logged one by one). What a message changes is saved and drawn at
//! the next [`Timer::Flush`], one frame later: a burst of messages costs one save and one
//! redraw, and a message that changes nothing (refused, or a resync) costs neither.

use super::controls::HostControl;
use super::host::{Conn, Host};
use super::pairing::{Pairing, JOIN_WAIT_MS, PATH_WAIT_MS};
use super::screen::{Bucket, HostProblem, Problem};
use super::setup::Setup;
use lauzait_engine::Action;
use std::collections::BTreeMap;

mod computer;
mod events;
mod forwarded;
mod handover;
mod ice_settings;
pub mod paths;
mod patience;
mod running;
mod seating;
mod spectators;

use crate::computer_seats::ComputerSeats;
use crate::no_path::NoPath;
pub use computer::{COMPUTER_PAUSE_MS, COMPUTER_RETRY_MS};
pub use events::{HostEffect, HostEvent, Timer};
pub use forwarded::read_forwarded;
pub use ice_settings::{IceSettings, ICE_SAVE_KEY};
use paths::Paths;
use patience::Patience;
pub use patience::REVEAL_PATIENCE_MS;

/// What copying or sharing a seat's pairing link asks of the page (any tablet page's: table
/// mode's and a relayed table's); nothing for another control, or for a link not made yet,
/// which has nothing to copy or share.
pub fn link_effect(pairing: &Pairing, control: HostControl) -> Option<HostEffect> {
    let (HostControl::CopyLink(seat) | HostControl::ShareLink(seat)) = control else { return None };
    let url = pairing.link(seat).map(|l| l.url.clone()).filter(|url| !url.is_empty())?;
    Some(match control {
        HostControl::CopyLink(_) => HostEffect::CopyText { seat, url },
        _ => HostEffect::Share { seat, url },
    })
}

/// How long changes gather before they are saved and drawn: about a frame (ms).
pub const FLUSH_MS: u32 = 16;
/// The bytes of entropy an event that needs any ([`HostEvent::needs_entropy`]) is given.
pub const SCREEN_ENTROPY: usize = super::host::HOST_ENTROPY;

/// The host's page.
#[derive(Clone, Debug)]
pub struct HostScreen {
    /// This page's address, for the seats' links.
    page_url: String,
    setup: Setup,
    host: Option<Host>,
    pairing: Pairing,
    /// The seat whose code the camera is reading.
    scanning: Option<u8>,
    problem: Option<HostProblem>,
    /// Whether a connection found no path, and why.
    paths: Paths,
    /// The save found when the page loaded, offered to resume.
    saved: Option<String>,
    /// What the last [`HostEffect::Store`] held, so an unchanged table is not stored again.
    stored: Option<String>,
    /// The seats connected when the page was last drawn.
    drawn_connected: Vec<u8>,
    computer: ComputerSeats,
    /// How long the round's reveals have been waited for.
    patience: Patience,
    /// The ICE servers the table's connections use, as its settings hold them.
    ice: IceSettings,
    /// The time of the event being handled (ms), for the computer players' pacer.
    now: f64,
    budgets: BTreeMap<Conn, Bucket>,
    /// Messages dropped unread for coming too fast.
    dropped: u64,
    /// The seat whose pairing link was last copied, until its link changes.
    copied: Option<u8>,
    /// A [`Timer::Flush`] is on its way.
    flush_due: bool,
    /// Something the page shows changed since it was last drawn.
    redraw: bool,
    /// The host may have changed since the last flush (it took a message or an action).
    touched: bool,
}

impl HostScreen {
    /// The page as it loads at `page_url`, with the save found in storage, if any.
    pub fn new(page_url: String, playouts: u32, saved: Option<String>) -> HostScreen {
        HostScreen {
            page_url,
            setup: Setup::default(),
            host: None,
            pairing: Pairing::new(0),
            scanning: None,
            problem: None,
            paths: Paths::default(),
            saved,
            stored: None,
            drawn_connected: Vec::new(),
            computer: computer::tablet(playouts),
            patience: Patience::default(),
            ice: IceSettings::default(),
            now: 0.0,
            budgets: BTreeMap::new(),
            dropped: 0,
            copied: None,
            flush_due: false,
            redraw: false,
            touched: false,
        }
    }

    /// The page with the ICE servers its browser's storage kept ([`ICE_SAVE_KEY`]).
    pub fn with_ice_servers(mut self, stored: Option<&str>) -> HostScreen {
        self.ice = IceSettings::loaded(stored);
        self
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn host(&self) -> Option<&Host> {
        self.host.as_ref()
    }
    /// The table's settings of ICE servers.
    pub fn ice(&self) -> &IceSettings {
        &self.ice
    }
    pub fn pairing(&self) -> &Pairing {
        &self.pairing
    }
    pub fn scanning(&self) -> Option<u8> {
        self.scanning
    }
    pub fn problem(&self) -> Option<&HostProblem> {
        self.problem.as_ref()
    }
    pub fn computer_failed(&self) -> Option<&lauzait_autoplay::DayFailure> {
        self.computer.failed()
    }
    /// Whether a connection found no path (the devices are not on one network).
    pub fn no_path(&self) -> bool {
        self.paths.no_path().is_some()
    }
    /// Why a connection found no path, and so what to try.
    pub fn no_path_reason(&self) -> Option<NoPath> {
        self.paths.no_path()
    }
    /// Whether a saved table may be resumed.
    pub fn saved_game(&self) -> bool {
        self.saved.is_some()
    }
    /// The seat whose pairing link the browser last copied, while that link stands.
    pub fn copied(&self) -> Option<u8> {
        self.copied
    }
    /// How many messages were dropped unread for coming too fast.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
    /// The seats holding the round back: the phones it waits for to reveal, once they have
    /// had [`REVEAL_PATIENCE_MS`] to (empty before: the table is offered to deal again only
    /// then).
    pub fn withholding(&self) -> Vec<u8> {
        match &self.host {
            Some(host) if self.patience.over() => host.withholding(),
            _ => Vec::new(),
        }
    }

    /// Handles `event` at `now` (ms); `entropy`: [`SCREEN_ENTROPY`] bytes from the browser's
    /// cryptographic generator when [`HostEvent::needs_entropy`], else anything (empty
    /// when the browser has none: what needs it is then refused).
    pub fn update(&mut self, event: HostEvent, now: f64, entropy: &[u8]) -> Vec<HostEffect> {
        let mut fx = Vec::new();
        self.now = now;
        // What a person did is drawn at once; what the network brings waits for the flush.
        let at_once = matches!(
            event,
            HostEvent::Control(_)
                | HostEvent::Create { .. }
                | HostEvent::Luminous(_)
                | HostEvent::AnswerRead { .. }
                | HostEvent::IceServersEntered(_)
                | HostEvent::AnswerForwarded(_)
        );
        match event {
            HostEvent::Control(control) => self.control(control, entropy, &mut fx),
            HostEvent::Create { names } => self.create(&names, entropy, &mut fx),
            HostEvent::Luminous(on) => {
                self.setup.luminous = on;
                self.redraw = true;
            }
            HostEvent::IceServersEntered(text) => {
                fx.extend(self.ice.enter(&text).map(HostEffect::StoreIceServers));
                self.redraw = true;
            }
            HostEvent::OfferMade { conn, sdp } => self.offer_made(conn, &sdp, now, &mut fx),
            HostEvent::OfferFailed(why) | HostEvent::AcceptFailed(why) => {
                self.say(Problem::ConnectionFailed(why));
            }
            HostEvent::AnswerRead { seat, code } => self.answer(seat, &code, &mut fx),
            HostEvent::AnswerForwarded(text) => self.forwarded(&text, &mut fx),
            HostEvent::AnswerUnreadable => self.say(Problem::BadCode(None)),
            HostEvent::Accepted(conn) => {
                fx.push(HostEffect::WakeAfter { ms: PATH_WAIT_MS, timer: Timer::PathDue(conn) })
            }
            HostEvent::ScanEnded { seat, code } => {
                if self.scanning == Some(seat) {
                    self.stop_camera(&mut fx);
                    if let Some(code) = code {
                        self.answer(seat, &code, &mut fx);
                    }
                }
            }
            HostEvent::CameraFailed { seat } => {
                if self.scanning == Some(seat) {
                    self.scanning = None;
                    self.say(Problem::CameraFailed);
                }
            }
            HostEvent::ChannelOpen(conn) => {
                fx.push(HostEffect::Trace(format!("connection {conn}: channel open")));
                if let Some(ms) = self.pairing.opened(conn, now) {
                    fx.push(HostEffect::PairedIn(ms));
                }
                self.paths.found();
                self.redraw = true;
                // A spectator joins no seat: it watches at once.
                if !self.spectator_opened(conn, &mut fx) {
                    fx.push(HostEffect::WakeAfter { ms: JOIN_WAIT_MS, timer: Timer::JoinDue(conn) });
                }
            }
            HostEvent::ChannelClosed(conn) => {
                fx.push(HostEffect::Trace(format!("connection {conn}: channel closed")));
                self.lost(conn, &mut fx);
            }
            HostEvent::PathFailed(conn) => {
                // Only an answered connection that never opened tells of a network that
                // keeps its devices apart: one that was open is a phone gone (its seat
                // shows it lost), and one its seat moved on from says nothing now.
                if self.pairing.stuck(conn) {
                    self.paths.failed(conn);
                }
                self.redraw = true;
                self.lost(conn, &mut fx);
            }
            HostEvent::Message { conn, text } => self.message(conn, &text, now, &mut fx),
            HostEvent::WorkerReply(text) => self.worker_reply(&text, &mut fx),
            HostEvent::WorkerFailed(why) => self.worker_failed(why, &mut fx),
            HostEvent::Wake(timer) => self.wake(timer, &mut fx),
            HostEvent::LinkCopied(seat) => {
                self.copied = Some(seat);
                self.redraw = true;
            }
        }
        if at_once {
            self.flush(&mut fx);
        } else if self.redraw || self.touched {
            self.flush_soon(&mut fx);
        }
        fx
    }

    fn control(&mut self, control: HostControl, entropy: &[u8], fx: &mut Vec<HostEffect>) {
        match control {
            HostControl::Resume => self.resume(fx),
            HostControl::NewTable => {
                self.saved = None;
                fx.push(HostEffect::RemoveSave);
                self.redraw = true;
            }
            HostControl::NextSeason => self.table_action(Action::NextSeason, fx),
            HostControl::EndSeason => self.table_action(Action::EndSeasonByAgreement, fx),
            HostControl::EndGame => self.table_action(Action::EndGameByAgreement, fx),
            HostControl::StopCamera => self.stop_camera(fx),
            HostControl::Setup(button) => {
                self.redraw |= self.setup.press(button);
            }
            HostControl::Scan(seat) => {
                if self.scanning.is_some() {
                    fx.push(HostEffect::StopCamera);
                }
                self.scanning = Some(seat);
                // Drawn first: the camera's box must be on the page before it starts.
                self.redraw = true;
                self.flush(fx);
                fx.push(HostEffect::StartCamera(seat));
            }
            HostControl::Relink(seat) => self.offer(seat, fx),
            HostControl::GiveSeat(seat) => self.give_seat(seat, entropy, fx),
            HostControl::DealAgain => self.deal_again(entropy, fx),
            HostControl::InviteSpectator => self.invite_spectator(fx),
            HostControl::CopyLink(_) | HostControl::ShareLink(_) => fx.extend(link_effect(&self.pairing, control)),
            // Made by the page into the events that carry what it read.
            HostControl::Create | HostControl::Connect(_) | HostControl::SaveIceServers => {}
        }
    }

    fn wake(&mut self, timer: Timer, fx: &mut Vec<HostEffect>) {
        match timer {
            Timer::Flush => {
                self.flush_due = false;
                self.flush(fx);
            }
            Timer::JoinDue(conn) => {
                let seated = self.host.as_ref().is_some_and(|h| h.is_seated(conn));
                if self.pairing.join_overdue(conn, seated) {
                    fx.push(HostEffect::Trace(format!("connection {conn}: open but no join in {JOIN_WAIT_MS} ms")));
                    self.lost(conn, fx);
                }
            }
            Timer::PathDue(conn) => {
                // No path: say so, with the hotspot advice, and show a fresh code to scan
                // once the devices share a network (this connection's offer is spent).
                if self.pairing.stuck(conn) {
                    fx.push(HostEffect::Trace(format!("connection {conn}: no path in {PATH_WAIT_MS} ms")));
                    self.paths.failed(conn);
                    self.redraw = true;
                    self.lost(conn, fx);
                }
            }
            Timer::NewCode(seat) => self.offer(seat, fx),
            Timer::ComputerDue => self.computer_due(fx),
            Timer::RevealDue { round, attempt } => {
                if self.patience.due(round, attempt) {
                    fx.push(HostEffect::Trace(format!("round {round}: no reveal in {REVEAL_PATIENCE_MS} ms")));
                    self.redraw = true;
                    self.flush(fx);
                }
            }
        }
    }

    fn say(&mut self, problem: impl Into<HostProblem>) {
        self.problem = Some(problem.into());
        self.redraw = true;
    }

    fn flush_soon(&mut self, fx: &mut Vec<HostEffect>) {
        if !self.flush_due {
            self.flush_due = true;
            fx.push(HostEffect::WakeAfter { ms: FLUSH_MS, timer: Timer::Flush });
        }
    }

    /// Saves the table if it changed, draws the page if anything it shows did, and paces a
    /// computer seat whose Day it is.
    fn flush(&mut self, fx: &mut Vec<HostEffect>) {
        let touched = std::mem::take(&mut self.touched);
        if let Some(host) = &self.host {
            // Only a host that took something is written out to compare: a flush for a
            // pairing's change costs no serialising of the game.
            let save = touched.then(|| host.save()).filter(|save| self.stored.as_ref() != Some(save));
            if let Some(save) = save {
                fx.push(HostEffect::Store(save.clone()));
                self.stored = Some(save);
                self.redraw = true;
            }
            let waiting = host.dealing().filter(|_| !host.withholding().is_empty()).map(|r| (r.number, r.attempt));
            if let Some(timer) = self.patience.watch(waiting) {
                fx.push(HostEffect::WakeAfter { ms: REVEAL_PATIENCE_MS, timer });
            }
            let connected = host.connected();
            if connected != self.drawn_connected {
                self.drawn_connected = connected;
                self.redraw = true;
            }
        }
        self.pace_computer(fx);
        if std::mem::take(&mut self.redraw) {
            fx.push(HostEffect::Redraw);
        }
    }
}
