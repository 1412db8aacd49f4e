//! The tablet's page at a relayed table (DEAL-PROTOCOL.md, "A table relayed by a tablet"), as a
//! pure model: the board everyone looks at, which holds no person's hand. It sets the table
//! (how many persons, the luminous rule), pairs each seat's phone as table mode's host does
//! (table mode's [`Pairing`]: a code per seat, its answer, its channel, a new code when the
//! phone is lost), gathers the phones' joins into the roster, then carries every text between
//! the phones ([`TabletRelay`]) and draws the board as every phone agrees it stands. Its events
//! and effects are table mode's host's, so the page's shell runs them alike; time and entropy
//! come in, nothing here reads a clock or a generator.
//!
//! A text for a phone whose channel is down waits here until the phone joins again. The tablet
//! keeps no person's game: its save is the table's id and rules, from which the phones' joins,
//! the same each time, make the same roster again, and its computer seats
//! ([`computers`]: devices of their own, each holding its seat's hand only).
//!
//! Its page's shell is `web::table::relayed_tablet_page` (table.html?deal=phones).

mod computers;

pub use computers::SavedComputer;

use super::joint::THROWS;
use crate::relayed::{
    Computers, RelayTextError, TabletError, TabletGathering, TabletRelay, ToTablet, COMPUTER_ENTROPY,
};
use computers::Gathered;
use lauzait_engine::{PlayerCount, SpectatorView};
use lauzait_joint_deal::Device;
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::code_error::CodeError;
use lauzait_table_mode::computer_seats::ComputerSeats;
use lauzait_table_mode::controls::{HostControl, SetupButton};
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::paths::Paths;
use lauzait_table_mode::host_screen::{link_effect, HostEffect, HostEvent, Timer, FLUSH_MS};
use lauzait_table_mode::host_screen::{read_forwarded, IceSettings};
use lauzait_table_mode::link::{invite_fragment, read_invite, Invite};
use lauzait_table_mode::pairing::{Pairing, JOIN_WAIT_MS, NEW_CODE_PAUSE_MS, PATH_WAIT_MS};
use lauzait_table_mode::screen::{Bucket, Problem};
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::setup::Setup;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What starts a relayed table's seat invite in a link's fragment: table mode's invite
/// (`j=`) under its own name, so that the link opens a relayed table's phone page.
pub const INVITE_PREFIX: &str = "k=";
/// The entropy a new table needs: its id, then a computer seat's device's for each seat.
pub const TABLET_ENTROPY: usize = 8 + 4 * COMPUTER_ENTROPY;

/// A seat's invite as a link's fragment.
pub fn relayed_invite_fragment(invite: &Invite) -> String {
    let plain = invite_fragment(invite);
    format!("{INVITE_PREFIX}{}", plain.strip_prefix("j=").unwrap_or(&plain))
}

/// A relayed table's seat invite read from a link, with or without `#` before it.
pub fn read_relayed_invite(fragment: &str) -> Result<Invite, CodeError> {
    let text = fragment.trim().trim_start_matches('#');
    let rest = text.strip_prefix(INVITE_PREFIX).ok_or(CodeError::NotALink)?;
    read_invite(&format!("j={rest}"))
}

/// What the tablet's page shows going wrong (its words: `lauzait_ui::i18n::relayed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TabletProblem {
    /// One table mode's pages share (a connection, a code, the randomness).
    Page(Problem),
    /// A phone's text that does not read.
    Text { seat: Device, error: RelayTextError },
    /// A phone's message the tablet refused.
    Tablet(TabletError),
}

/// Where the table stands.
#[derive(Clone)]
enum Stage {
    /// Being set up: how many play, who plays each seat (a person on a phone, or the
    /// computer at a level), the luminous rule.
    Setup(Setup),
    /// The phones are joining (the computer seats have joined).
    Gathering(TabletGathering, Gathered),
    /// Every phone joined: the relay runs.
    Relaying(Box<TabletRelay<Computers>>),
}

/// The tablet's save: the table's id and rules, and its computer seats (module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TabletSave {
    pub table: TableId,
    pub players: u8,
    pub luminous: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<SavedComputer>,
}

/// A relayed table's setup as it opens: three persons, each on a phone, the luminous rule on.
fn first_setup() -> Setup {
    Setup { players: PlayerCount::Three, seated: [lauzait_bots::Player::Person; 4], luminous: true }
}

/// The tablet's page (module docs).
#[derive(Clone)]
pub struct RelayedTabletScreen {
    page_url: String,
    table: Option<TabletSave>,
    stage: Stage,
    pairing: Pairing,
    paths: Paths,
    /// The table's ICE servers (table mode's settings, which this page's setup edits too).
    ice: IceSettings,
    /// Texts for a phone whose channel is down, in order.
    waiting: BTreeMap<u8, Vec<String>>,
    budgets: BTreeMap<Conn, Bucket>,
    problem: Option<TabletProblem>,
    /// The table saved on this browser, offered to resume while the page is being set up.
    saved: Option<TabletSave>,
    /// The seat whose answer the camera is reading.
    scanning: Option<u8>,
    /// The seat whose pairing link the browser last copied, until its link changes.
    copied: Option<u8>,
    flush_due: bool,
    redraw: bool,
    /// The computer seats' pacing (table mode's, [`computers`]).
    computer: ComputerSeats,
    /// The time of the event under way (ms).
    now: f64,
}

impl RelayedTabletScreen {
    /// The page as it loads at `page_url` (the invites' links open there), with the ICE
    /// servers of the table's settings.
    pub fn new(page_url: String, ice: IceSettings) -> RelayedTabletScreen {
        RelayedTabletScreen {
            page_url,
            table: None,
            stage: Stage::Setup(first_setup()),
            pairing: Pairing::new(0),
            paths: Paths::default(),
            ice,
            waiting: BTreeMap::new(),
            budgets: BTreeMap::new(),
            problem: None,
            saved: None,
            scanning: None,
            copied: None,
            flush_due: false,
            redraw: false,
            computer: computers::pacing(),
            now: 0.0,
        }
    }

    /// The page with the table saved on this browser (`stored`, read as untrusted: a text that
    /// is not a table of 2 to 4 players offers nothing).
    pub fn with_saved(mut self, stored: Option<&str>) -> RelayedTabletScreen {
        self.saved = stored
            .and_then(|text| serde_json::from_str::<TabletSave>(text).ok())
            .filter(|save| (2..=4).contains(&save.players));
        self
    }

    /// Whether a saved table may be resumed.
    pub fn saved_table(&self) -> bool {
        self.saved.is_some() && self.setup().is_some()
    }

    /// The table's ICE servers and their field's state.
    pub fn ice(&self) -> &IceSettings {
        &self.ice
    }
    pub fn pairing(&self) -> &Pairing {
        &self.pairing
    }
    /// How many play, who plays each seat and the luminous rule, while the table is being set
    /// up (`None` once it is set).
    pub fn setup(&self) -> Option<&Setup> {
        match &self.stage {
            Stage::Setup(setup) => Some(setup),
            _ => None,
        }
    }
    pub fn problem(&self) -> Option<&TabletProblem> {
        self.problem.as_ref()
    }
    pub fn scanning(&self) -> Option<u8> {
        self.scanning
    }
    pub fn copied(&self) -> Option<u8> {
        self.copied
    }
    /// The table's save, once it is set.
    pub fn save(&self) -> Option<&TabletSave> {
        self.table.as_ref()
    }
    /// The seats no phone has joined yet (every person's before the table is set).
    pub fn awaited(&self) -> Vec<Device> {
        match &self.stage {
            Stage::Setup(setup) => (0..setup.players.get() as u8)
                .filter(|&s| setup.seated[usize::from(s)].is_person())
                .map(Device::from_byte)
                .collect(),
            Stage::Gathering(g, _) => g.awaited(),
            Stage::Relaying(_) => Vec::new(),
        }
    }
    /// The board as every phone last agreed it stands.
    pub fn shown(&self) -> Option<&SpectatorView> {
        match &self.stage {
            Stage::Relaying(relay) => relay.shown(),
            _ => None,
        }
    }
    /// The phones the board waits for (their view is not the one shown).
    pub fn differing(&self) -> Vec<Device> {
        match &self.stage {
            Stage::Relaying(relay) => relay.differing(),
            _ => Vec::new(),
        }
    }
    /// How many texts wait on the tablet for `seat`'s phone, whose channel is down.
    pub fn waiting_for(&self, seat: u8) -> usize {
        self.waiting.get(&seat).map_or(0, Vec::len)
    }
    /// Whether a connection found no path, and why.
    pub fn no_path(&self) -> Option<lauzait_table_mode::no_path::NoPath> {
        self.paths.no_path()
    }

    /// Sets how many play (2 to 4) and the luminous rule, before the table is set.
    pub fn configure(&mut self, players: u8, luminous: bool) -> Vec<HostEffect> {
        if let Stage::Setup(setup) = &mut self.stage {
            setup.press(SetupButton::Players(players.clamp(2, 4)));
            setup.luminous = luminous;
        }
        vec![HostEffect::Redraw]
    }

    /// Sets the table: a saved one (`saved`: its phones join again and the same roster is
    /// made), or a new one from [`TABLET_ENTROPY`] bytes of `entropy` (the table's id, and
    /// each computer seat's device); the computer seats join at once, every person's seat
    /// gets a code.
    pub fn set_table(&mut self, saved: Option<TabletSave>, entropy: &[u8]) -> Vec<HostEffect> {
        let mut fx = Vec::new();
        let Stage::Setup(setup) = &self.stage else { return fx };
        let save = match saved {
            Some(save) => save,
            None if entropy.len() >= TABLET_ENTROPY => computers::new_save(setup, entropy),
            None => {
                self.say(TabletProblem::Page(Problem::NoEntropy), &mut fx);
                return fx;
            }
        };
        let gathered = TabletGathering::new(save.table, usize::from(save.players), save.luminous, THROWS)
            .and_then(|mut gathering| Ok((computers::seat(&mut gathering, &save)?, gathering)));
        match gathered {
            Ok((computers, gathering)) => {
                self.stage = Stage::Gathering(gathering, computers);
                self.pairing = Pairing::new(usize::from(save.players));
                fx.push(HostEffect::Store(serde_json::to_string(&save).unwrap_or_default()));
                let persons: Vec<u8> =
                    (0..save.players).filter(|s| !save.computers.iter().any(|c| c.seat == *s)).collect();
                self.table = Some(save);
                for seat in persons {
                    self.offer(seat, &mut fx);
                }
                // A table of computers alone: nobody to wait for.
                self.start_if_gathered(&mut fx);
            }
            Err(e) => self.say(TabletProblem::Tablet(e), &mut fx),
        }
        fx.push(HostEffect::Redraw);
        fx
    }

    /// Handles `event` at `now` (ms); `entropy`: [`TABLET_ENTROPY`] bytes from the browser's
    /// cryptographic generator when the event sets the table ([`HostEvent::needs_entropy`]).
    pub fn update(&mut self, event: HostEvent, now: f64, entropy: &[u8]) -> Vec<HostEffect> {
        let mut fx = Vec::new();
        self.now = now;
        match event {
            HostEvent::Create { .. } => fx.extend(self.set_table(None, entropy)),
            HostEvent::Luminous(on) => {
                if let Stage::Setup(setup) = &mut self.stage {
                    setup.luminous = on;
                    fx.push(HostEffect::Redraw);
                }
            }
            HostEvent::Control(control) => self.control(control, &mut fx),
            // (A scan of a seat the camera no longer reads for ends with nothing to do.)
            HostEvent::ScanEnded { seat, code } if self.scanning == Some(seat) => {
                self.scanning = None;
                fx.push(HostEffect::StopCamera);
                fx.push(HostEffect::Redraw);
                if let Some(code) = code {
                    fx.extend(self.update(HostEvent::AnswerRead { seat, code }, now, &[]));
                }
            }
            HostEvent::CameraFailed { seat } if self.scanning == Some(seat) => {
                self.scanning = None;
                self.say(TabletProblem::Page(Problem::CameraFailed), &mut fx);
            }
            HostEvent::OfferMade { conn, sdp } => self.offer_made(conn, &sdp, now, &mut fx),
            HostEvent::OfferFailed(why) | HostEvent::AcceptFailed(why) => {
                self.say(TabletProblem::Page(Problem::ConnectionFailed(why)), &mut fx)
            }
            HostEvent::AnswerRead { seat, code } => match Pairing::check_answer(seat, &code) {
                Ok(answer) => {
                    self.problem = None;
                    if let Some(conn) = self.pairing.answered(seat) {
                        self.paths.exchanged(conn, &answer.answer);
                        fx.push(HostEffect::Accept { conn, sdp: answer.answer.to_sdp() });
                    }
                    fx.push(HostEffect::Redraw);
                }
                Err(problem) => self.say(TabletProblem::Page(problem.into()), &mut fx),
            },
            // An answer link opened on this device (a phone in another home): its tab posts it.
            HostEvent::AnswerForwarded(text) => {
                let Some((reply, seat)) = read_forwarded(&self.pairing, self.table.is_some(), &text) else { return fx };
                if let Some(seat) = seat {
                    fx.extend(self.update(HostEvent::AnswerRead { seat, code: text }, now, &[]));
                }
                // Traced as table mode's host traces it (host_screen/forwarded.rs).
                fx.push(HostEffect::Trace(format!("answer link forwarded: {}", reply.wire())));
                fx.push(HostEffect::ReplyForwarded(reply));
            }
            HostEvent::IceServersEntered(text) => {
                fx.extend(self.ice.enter(&text).map(HostEffect::StoreIceServers));
                fx.push(HostEffect::Redraw);
            }
            HostEvent::AnswerUnreadable => self.say(TabletProblem::Page(Problem::BadCode(None)), &mut fx),
            HostEvent::Accepted(conn) => {
                fx.push(HostEffect::WakeAfter { ms: PATH_WAIT_MS, timer: Timer::PathDue(conn) })
            }
            HostEvent::ChannelOpen(conn) => {
                fx.push(HostEffect::Trace(format!("connection {conn}: channel open")));
                if let Some(ms) = self.pairing.opened(conn, now) {
                    fx.push(HostEffect::PairedIn(ms));
                }
                self.paths.found();
                fx.push(HostEffect::WakeAfter { ms: JOIN_WAIT_MS, timer: Timer::JoinDue(conn) });
                fx.push(HostEffect::Redraw);
            }
            HostEvent::ChannelClosed(conn) => self.lost(conn, &mut fx),
            HostEvent::PathFailed(conn) => {
                if self.pairing.stuck(conn) {
                    self.paths.failed(conn);
                }
                self.lost(conn, &mut fx);
            }
            HostEvent::Message { conn, text } => self.message(conn, &text, now, &mut fx),
            HostEvent::Wake(timer) => self.wake(timer, &mut fx),
            HostEvent::WorkerReply(text) => self.worker_reply(&text, &mut fx),
            HostEvent::WorkerFailed(why) => self.worker_failed(why, &mut fx),
            HostEvent::LinkCopied(seat) => {
                self.copied = Some(seat);
                fx.push(HostEffect::Redraw);
            }
            // A scan's end or the camera's failure for a seat it no longer reads for.
            _ => {}
        }
        fx
    }

    /// A button of the page: the setup's count of players, the camera, a seat's link copied
    /// or shared, a seat's new code.
    fn control(&mut self, control: HostControl, fx: &mut Vec<HostEffect>) {
        match control {
            HostControl::Setup(button) => {
                if let Stage::Setup(setup) = &mut self.stage {
                    if setup.press(button) {
                        fx.push(HostEffect::Redraw);
                    }
                }
            }
            HostControl::Scan(seat) => {
                if self.scanning.is_some() {
                    fx.push(HostEffect::StopCamera);
                }
                self.scanning = Some(seat);
                // Drawn first: the camera's box must be on the page before it starts.
                fx.push(HostEffect::Redraw);
                fx.push(HostEffect::StartCamera(seat));
            }
            HostControl::StopCamera => {
                self.scanning = None;
                fx.push(HostEffect::StopCamera);
                fx.push(HostEffect::Redraw);
            }
            HostControl::Relink(seat) => self.offer(seat, fx),
            // A saved table set again: its phones, reopened from their storage, join with the
            // same keys and commitments, so the same roster is made and the game goes on.
            HostControl::Resume => {
                let saved = self.saved.take();
                if saved.is_some() {
                    fx.extend(self.set_table(saved, &[]));
                }
            }
            HostControl::NewTable => {
                self.saved = None;
                fx.push(HostEffect::RemoveSave);
                fx.push(HostEffect::Redraw);
            }
            HostControl::CopyLink(_) | HostControl::ShareLink(_) => fx.extend(link_effect(&self.pairing, control)),
            // The engine's table's own, or made by the page into the events that carry what
            // it read (a pasted answer).
            _ => {}
        }
    }

    fn say(&mut self, problem: TabletProblem, fx: &mut Vec<HostEffect>) {
        self.problem = Some(problem);
        fx.push(HostEffect::Redraw);
    }

    /// A new connection for `seat`'s code; its earlier one, if any, is closed.
    fn offer(&mut self, seat: u8, fx: &mut Vec<HostEffect>) {
        let Some((conn, earlier)) = self.pairing.begin(seat) else { return };
        // "Link copied" spoke of the link being replaced.
        self.copied = self.copied.filter(|&s| s != seat);
        if let Some(earlier) = earlier {
            self.close(earlier, fx);
        }
        self.paths.made(conn, self.ice.servers().clone());
        fx.push(HostEffect::MakeOffer { conn, ice: self.ice.servers().clone() });
    }

    /// Connection `conn`'s offer is made: its seat's invite is shown as a code.
    fn offer_made(&mut self, conn: Conn, sdp: &str, now: f64, fx: &mut Vec<HostEffect>) {
        let (Some(seat), Some(table)) = (self.pairing.seat_of(conn), self.table.as_ref().map(|s| s.table)) else {
            return fx.push(HostEffect::Close(conn));
        };
        let offer = match SessionDescription::parse(sdp) {
            Ok(offer) => offer,
            Err(why) => return self.say(TabletProblem::Page(Problem::ConnectionFailed(why.to_string())), fx),
        };
        self.paths.exchanged(conn, &offer);
        // No token: the channel its offer opens is the seat's, and the roster's keys are
        // checked by the table's code, not by who scanned first.
        let invite = Invite { table, seat, token: JoinToken::default(), offer, ice: self.paths.servers(conn) };
        let url = format!("{}#{}", self.page_url, relayed_invite_fragment(&invite));
        if self.pairing.shown(conn, url, now) {
            fx.push(HostEffect::Trace(format!("seat {seat}: code shown for connection {conn}")));
        } else {
            fx.push(HostEffect::Close(conn));
        }
        fx.push(HostEffect::Redraw);
    }

    /// A phone's text: within its connection's budget, read and taken by the gathering or
    /// the relay; what they answer sent on, or kept for a phone whose channel is down.
    fn message(&mut self, conn: Conn, text: &str, now: f64, fx: &mut Vec<HostEffect>) {
        let Some(seat) = self.pairing.seat_of(conn) else {
            return fx.push(HostEffect::Trace(format!("connection {conn}: not a seat's, message dropped")));
        };
        if !self.budgets.entry(conn).or_insert_with(|| Bucket::new(now)).take(now) {
            return;
        }
        let from = Device::from_byte(seat);
        let message = match ToTablet::from_text(text) {
            Ok(m) => m,
            Err(error) => return self.say(TabletProblem::Text { seat: from, error }, fx),
        };
        let joined = matches!(message, ToTablet::Join { .. });
        let taken = match &mut self.stage {
            Stage::Setup(_) => Ok(Vec::new()),
            Stage::Gathering(g, _) => g.open(from, message).map(|()| Vec::new()),
            Stage::Relaying(relay) => relay.open(from, message),
        };
        match taken {
            Ok(out) => self.send_all(out, fx),
            Err(e) => self.say(TabletProblem::Tablet(e), fx),
        }
        self.start_if_gathered(fx);
        // A phone's letter may have brought a computer seat's Day.
        self.pace_computers(fx);
        if joined {
            // A phone that joins again gets what waited for it.
            for text in self.waiting.remove(&seat).unwrap_or_default() {
                self.send(seat, text, fx);
            }
        }
        self.flush_soon(fx);
    }

    /// Sends each message to its phone.
    fn send_all(&mut self, out: crate::relayed::ToPhones, fx: &mut Vec<HostEffect>) {
        for (to, message) in out {
            self.send(to.to_byte(), message.to_text(), fx);
        }
    }

    /// Once every seat has joined: the relay, with the computer seats' devices, and the
    /// roster sent to every phone.
    fn start_if_gathered(&mut self, fx: &mut Vec<HostEffect>) {
        let Stage::Gathering(gathering, computers) = &self.stage else { return };
        let Some((relay, first)) = gathering.start() else { return };
        match computers::start(relay, first, computers.clone()) {
            Ok((relay, out)) => {
                self.stage = Stage::Relaying(Box::new(relay));
                self.send_all(out, fx);
                self.flush_soon(fx);
            }
            Err(e) => self.say(TabletProblem::Tablet(e), fx),
        }
    }

    /// Sends `text` to `seat`'s phone, or keeps it until its channel is open again.
    fn send(&mut self, seat: u8, text: String, fx: &mut Vec<HostEffect>) {
        let open = self.pairing.link(seat).filter(|l| l.state == lauzait_table_mode::pairing::LinkState::Connected);
        match open {
            Some(link) if !self.waiting.contains_key(&seat) => fx.push(HostEffect::Send { conn: link.conn, text }),
            _ => self.waiting.entry(seat).or_default().push(text),
        }
    }

    fn wake(&mut self, timer: Timer, fx: &mut Vec<HostEffect>) {
        match timer {
            Timer::Flush => {
                self.flush_due = false;
                // The computer seats' devices changed with what was carried: kept.
                if let Some(save) = self.refreshed_save() {
                    fx.push(HostEffect::Store(serde_json::to_string(&save).unwrap_or_default()));
                }
                if std::mem::take(&mut self.redraw) {
                    fx.push(HostEffect::Redraw);
                }
            }
            Timer::JoinDue(conn) => {
                let seat = self.pairing.seat_of(conn).map(Device::from_byte);
                let joined = seat.is_some_and(|s| !self.awaited().contains(&s));
                if self.pairing.join_overdue(conn, joined) {
                    self.lost(conn, fx);
                }
            }
            Timer::PathDue(conn) => {
                if self.pairing.stuck(conn) {
                    self.paths.failed(conn);
                    self.lost(conn, fx);
                }
            }
            Timer::NewCode(seat) => self.offer(seat, fx),
            Timer::ComputerDue => self.computer_due(fx),
            Timer::RevealDue { .. } => {}
        }
    }

    fn flush_soon(&mut self, fx: &mut Vec<HostEffect>) {
        self.redraw = true;
        if !self.flush_due {
            self.flush_due = true;
            fx.push(HostEffect::WakeAfter { ms: FLUSH_MS, timer: Timer::Flush });
        }
    }

    fn close(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) {
        self.budgets.remove(&conn);
        fx.push(HostEffect::Close(conn));
    }

    /// The connection is gone or given up on: closed, and its seat gets a new code soon.
    fn lost(&mut self, conn: Conn, fx: &mut Vec<HostEffect>) {
        let seat = self.pairing.lost(conn);
        self.close(conn, fx);
        if let Some(seat) = seat {
            fx.push(HostEffect::Trace(format!("seat {seat}: connection {conn} lost, a new code follows")));
            fx.push(HostEffect::WakeAfter { ms: NEW_CODE_PAUSE_MS, timer: Timer::NewCode(seat) });
            fx.push(HostEffect::Redraw);
        }
    }
}
