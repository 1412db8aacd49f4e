//! A phone's page at a relayed table (DEAL-PROTOCOL.md, "A table relayed by a tablet"), as a
//! pure model: it answers the tablet's invite as table mode's phone does (the connection's
//! part is table mode's [`Answering`], so both pair, fail and say why alike); once the channel
//! opens it joins with its letter key and its commitment, takes the roster, shows its nonce,
//! then plays its seat on its own device of joint play ([`PhoneTable`]): the table's code once
//! every nonce is in, its Day kept on the page until its last step ([`SeatDay`]), and every
//! letter and its public view sent to the tablet as soon as there is news. The page's shell
//! turns the browser's callbacks into [`RelayedEvent`]s and runs the [`GuestEffect`]s; time and
//! entropy come in, nothing here reads a clock or a generator.
//!
//! Its page's shell is `web::table::relayed_phone_page`, in play by turns' module (which holds
//! joint play), started by table.html's loader for a seat's link `#k=…`.

use super::seat_day::{SeatDay, TableChoice};
use crate::relayed::phone::SEAT_ENTROPY;
use crate::relayed::{FromTablet, PhoneSeating, PhoneTable, PhoneTableError, RelayTextError, TableCode};
use lauzait_engine::{Action, Game};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{Awaited, PlayError, PlayPhase};
use lauzait_table_mode::answering::{Answering, PageEvent};
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::channel::{ChannelOpening, HELLO_RETRY_MS};
use lauzait_table_mode::guest::offer_id;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::screen::Problem;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The entropy a new phone needs: its letter key and nonce, then its deal's 64 bytes.
pub const RELAYED_ENTROPY: usize = SEAT_ENTROPY + 64;
/// How long the tablet's messages gather before the phone saves and draws them (ms).
pub const FLUSH_MS: u32 = 16;
/// How long a phone waits for the same devices before it offers to give the Season up without
/// them (ms). At a live table a device is seconds away (a computer seat's Day on the tablet
/// takes one or two): offered at once, the vote would sit under every other device's Day.
pub const GIVE_UP_PATIENCE_MS: u32 = 30_000;

/// Where a relayed table's phone is saved: one save per table and seat.
pub fn relayed_key(table: TableId, seat: u8) -> String {
    format!("lauzait-table/relayed/{table}/{seat}")
}

/// Something that happened on the page.
#[derive(Clone, Debug, PartialEq)]
pub enum RelayedEvent {
    /// The connection, the tablet's messages, the timers and the Day's choices, as on table
    /// mode's phone.
    Page(GuestEvent),
    /// The `i`-th of the table's choices ([`RelayedPhoneScreen::table_choices`]).
    Table(usize),
}

impl From<GuestEvent> for RelayedEvent {
    fn from(event: GuestEvent) -> RelayedEvent {
        RelayedEvent::Page(event)
    }
}

/// What went wrong, shown until the next thing that goes right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayedProblem {
    /// A message from the tablet that does not read.
    Text(RelayTextError),
    /// A message the phone refused (or a cheat that stopped the game).
    Table(PhoneTableError),
    /// The device refused this seat's own Day or vote.
    Play(PlayError),
}

impl fmt::Display for RelayedProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayedProblem::Text(e) => e.fmt(f),
            RelayedProblem::Table(e) => e.fmt(f),
            RelayedProblem::Play(e) => e.fmt(f),
        }
    }
}

/// Where the phone stands.
#[derive(Clone)]
enum Stage {
    /// Paired or pairing, its join ready, waiting for the roster.
    Seating { seating: PhoneSeating, deal: DeviceEntropy },
    /// Playing its seat.
    Playing(Box<PhoneTable>),
}

/// A phone's page at a relayed table (module docs).
#[derive(Clone)]
pub struct RelayedPhoneScreen {
    table: TableId,
    seat: u8,
    answering: Answering,
    stage: Stage,
    day: SeatDay,
    problem: Option<RelayedProblem>,
    /// A flush is on its way.
    flush_due: bool,
    /// Something changed since the last flush.
    touched: bool,
    /// The save as last stored.
    stored: String,
    /// What the table waits for, and since when ([`GIVE_UP_PATIENCE_MS`]).
    waiting: Option<(Awaited, f64)>,
    /// The time of the event under way (ms, the page's clock).
    now: f64,
    /// The invite's offer, and the one this phone last connected through ([`offer_id`]):
    /// a code once connected through cannot connect again (the tablet shows the seat a new
    /// one after a reload or a lost connection), so it is refused as table mode's phone
    /// refuses it, rather than answered in vain.
    offer: String,
    spent_offer: Option<String>,
}

/// Its table and seat only: the device's keys and secrets stay out of any printout.
impl fmt::Debug for RelayedPhoneScreen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RelayedPhoneScreen")
            .field("table", &self.table)
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum SavedStage {
    Seating { seating: String, deal: Vec<u8> },
    Playing(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    stage: SavedStage,
    draft: Vec<Action>,
    /// (Absent from a save made before phones kept it.)
    #[serde(default)]
    spent_offer: Option<String>,
}

impl RelayedPhoneScreen {
    /// The page for `invite`: the phone saved for its table and seat (`saved`), or a new one
    /// made with [`RELAYED_ENTROPY`] bytes of `entropy` from the browser's cryptographic
    /// generator. The effects store it at once, so that a reload comes back to it.
    pub fn start(
        invite: &Invite,
        saved: Option<&str>,
        entropy: &[u8],
    ) -> Result<(RelayedPhoneScreen, Vec<GuestEffect>), PhoneTableError> {
        let me = Device::from_byte(invite.seat);
        let (stage, day, spent_offer) = match saved.map(RelayedPhoneScreen::read) {
            Some(Ok((stage, day, spent))) if stage.seat() == me && stage.table() == invite.table => (stage, day, spent),
            _ => {
                let deal: [u8; 64] = entropy
                    .get(SEAT_ENTROPY..RELAYED_ENTROPY)
                    .and_then(|d| d.try_into().ok())
                    .ok_or(PhoneTableError::Seating)?;
                let seating = PhoneSeating::new(invite.table, me, entropy)?;
                (Stage::Seating { seating, deal: DeviceEntropy(deal) }, SeatDay::default(), None)
            }
        };
        let offer = offer_id(&invite.offer);
        let spent = (spent_offer.as_deref() == Some(offer.as_str())).then_some(Problem::SpentCode);
        let answering = Answering::new(invite.seat, &invite.offer, &invite.ice, String::new(), spent);
        let mut screen = RelayedPhoneScreen {
            table: invite.table,
            seat: invite.seat,
            answering,
            stage,
            day,
            problem: None,
            flush_due: false,
            touched: false,
            stored: String::new(),
            waiting: None,
            now: 0.0,
            offer,
            spent_offer,
        };
        screen.stored = screen.save();
        let fx = vec![GuestEffect::Store(screen.stored.clone()), GuestEffect::Redraw];
        Ok((screen, fx))
    }

    /// The page at `page_url` (the table's page, without its fragment): its answer's link
    /// opens there.
    pub fn with_page_url(mut self, page_url: String) -> RelayedPhoneScreen {
        self.answering.set_page_url(page_url);
        self
    }

    pub fn answering(&self) -> &Answering {
        &self.answering
    }
    pub fn problem(&self) -> Option<&RelayedProblem> {
        self.problem.as_ref()
    }
    pub fn seat(&self) -> u8 {
        self.seat
    }
    pub fn save_key(&self) -> String {
        relayed_key(self.table, self.seat)
    }
    /// Whether the page shows everything it knows: no flush is on its way.
    pub fn settled(&self) -> bool {
        !self.flush_due
    }

    fn table(&self) -> Option<&PhoneTable> {
        match &self.stage {
            Stage::Playing(t) => Some(t),
            Stage::Seating { .. } => None,
        }
    }

    /// This phone's device of joint play, once it holds the roster.
    pub fn phone(&self) -> Option<&PhoneTable> {
        self.table()
    }

    /// The table's code, once every phone's nonce is in: the people compare it on their phones.
    pub fn code(&self) -> Option<TableCode> {
        self.table()?.code()
    }

    /// The game as this seat's Day stands.
    pub fn game(&self) -> Option<Game> {
        self.day.game(self.table()?.device())
    }

    /// Where the game stands, and whom this phone waits for.
    pub fn phase(&self) -> Option<(PlayPhase, Awaited)> {
        Some(SeatDay::phase(self.table()?.device()))
    }

    /// What this seat may do now: nothing outside its Day.
    pub fn choices(&self) -> Vec<Action> {
        self.table().map(|t| self.day.choices(t.device())).unwrap_or_default()
    }

    /// What this seat may do at the table beside its Day: the vote to give the Season up
    /// without the devices it waits for only once it has waited [`GIVE_UP_PATIENCE_MS`] for
    /// them (a vote another device began is offered at once).
    pub fn table_choices(&self) -> Vec<TableChoice> {
        let patient = self.patience_over();
        let all = self.table().map(|t| self.day.table_choices(t.device())).unwrap_or_default();
        all.into_iter().filter(|c| patient || !matches!(c, TableChoice::GiveUp { proposed: false, .. })).collect()
    }

    /// Whether the table has waited [`GIVE_UP_PATIENCE_MS`] for the same devices.
    fn patience_over(&self) -> bool {
        self.waiting.as_ref().is_some_and(|(_, since)| self.now - since >= f64::from(GIVE_UP_PATIENCE_MS))
    }

    /// Handles `event`, which happened at `now` (ms, the page's clock).
    pub fn update(&mut self, event: RelayedEvent, now: f64) -> Vec<GuestEffect> {
        let mut fx = Vec::new();
        self.now = now;
        match event {
            RelayedEvent::Page(event) => match self.answering.update(event, now, &mut fx) {
                None => {}
                Some(PageEvent::Opened(opening)) => self.opened(opening, &mut fx),
                Some(PageEvent::HelloDue(opening)) => {
                    let seating = matches!(self.stage, Stage::Seating { .. });
                    if seating && self.answering.channel_mut().hello_again(opening) {
                        self.join(&mut fx);
                        fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
                    }
                }
                Some(PageEvent::Message(text)) => self.message(&text, &mut fx),
                Some(PageEvent::Flush) => {
                    self.flush_due = false;
                    self.flush(&mut fx);
                    // (Also the wake-up at the end of the patience: the vote is offered now.)
                    if self.patience_over() {
                        fx.push(GuestEffect::Redraw);
                    }
                }
                Some(PageEvent::Choice(i)) => self.choose(i, &mut fx),
            },
            RelayedEvent::Table(i) => {
                let Stage::Playing(table) = &mut self.stage else { return fx };
                if let Some(done) = self.day.table_choice(table.device_mut(), i) {
                    self.problem = done.err().map(RelayedProblem::Play);
                    self.send_outbox(&mut fx);
                    self.changed(&mut fx);
                }
            }
        }
        fx
    }

    /// The channel to the tablet opened: the join (the tablet sends the roster, again after
    /// a lost connection), and at the table every letter still unanswered and the view.
    fn opened(&mut self, opening: ChannelOpening, fx: &mut Vec<GuestEffect>) {
        // Paired: this code is spent (saved with the next flush).
        self.spent_offer = Some(self.offer.clone());
        self.join(fx);
        if let Stage::Playing(table) = &mut self.stage {
            fx.extend(table.again().iter().map(|m| GuestEffect::Send(m.to_text())));
        }
        fx.push(GuestEffect::HelloAfter { ms: HELLO_RETRY_MS, opening });
        self.changed(fx);
    }

    fn join(&self, fx: &mut Vec<GuestEffect>) {
        let join = match &self.stage {
            Stage::Seating { seating, .. } => Some(seating.join()),
            Stage::Playing(table) => table.join(),
        };
        let Some(join) = join else { return };
        fx.push(GuestEffect::Trace("join sent".into()));
        fx.push(GuestEffect::Send(join.to_text()));
    }

    /// A message from the tablet: the roster seats this phone, anything else goes to its table.
    fn message(&mut self, text: &str, fx: &mut Vec<GuestEffect>) {
        let message = match FromTablet::from_text(text) {
            Ok(m) => m,
            Err(e) => {
                self.problem = Some(RelayedProblem::Text(e));
                fx.push(GuestEffect::Redraw);
                return;
            }
        };
        let taken = match &mut self.stage {
            Stage::Seating { seating, deal } => seating.open_roster(message, deal).map(|(table, reveal)| {
                fx.push(GuestEffect::Send(reveal.to_text()));
                fx.push(GuestEffect::Trace("the roster taken: playing".into()));
                self.stage = Stage::Playing(Box::new(table));
            }),
            Stage::Playing(table) => table.open(message).map(|_| ()),
        };
        match taken {
            Ok(()) => {
                self.problem = None;
                self.send_outbox(fx);
            }
            Err(e) => self.problem = Some(RelayedProblem::Table(e)),
        }
        self.changed(fx);
    }

    /// A step of this seat's Day; the Day's last gives the whole Day to the device, and its
    /// messages go at once.
    fn choose(&mut self, i: usize, fx: &mut Vec<GuestEffect>) {
        let Stage::Playing(table) = &mut self.stage else { return };
        let Some(done) = self.day.choose(table.device_mut(), i) else { return };
        fx.push(GuestEffect::Tapped);
        self.problem = done.err().map(RelayedProblem::Play);
        self.send_outbox(fx);
        self.changed(fx);
    }

    fn send_outbox(&mut self, fx: &mut Vec<GuestEffect>) {
        if let Stage::Playing(table) = &mut self.stage {
            fx.extend(table.outbox().iter().map(|m| GuestEffect::Send(m.to_text())));
        }
    }

    /// Drawn at once; saved at the next flush, about a frame later. What the table waits for
    /// now, if new, starts the patience before the vote to give the Season up is offered.
    fn changed(&mut self, fx: &mut Vec<GuestEffect>) {
        self.touched = true;
        fx.push(GuestEffect::Redraw);
        let awaited = self.table().map(|t| SeatDay::phase(t.device()).1);
        if awaited != self.waiting.as_ref().map(|(a, _)| a.clone()) {
            self.waiting = awaited.map(|a| (a, self.now));
            fx.push(GuestEffect::FlushAfter(GIVE_UP_PATIENCE_MS));
        }
        if !self.flush_due {
            self.flush_due = true;
            fx.push(GuestEffect::FlushAfter(FLUSH_MS));
        }
    }

    fn flush(&mut self, fx: &mut Vec<GuestEffect>) {
        if !std::mem::take(&mut self.touched) {
            return;
        }
        let save = self.save();
        if save != self.stored {
            fx.push(GuestEffect::Store(save.clone()));
            self.stored = save;
        }
    }

    fn save(&self) -> String {
        let stage = match &self.stage {
            Stage::Seating { seating, deal } => SavedStage::Seating { seating: seating.save(), deal: deal.0.to_vec() },
            Stage::Playing(table) => SavedStage::Playing(table.save()),
        };
        let saved = Saved { stage, draft: self.day.steps().to_vec(), spent_offer: self.spent_offer.clone() };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    fn read(text: &str) -> Result<(Stage, SeatDay, Option<String>), PhoneTableError> {
        let saved: Saved = serde_json::from_str(text).map_err(|_| PhoneTableError::Unreadable)?;
        let stage = match saved.stage {
            SavedStage::Seating { seating, deal } => Stage::Seating {
                seating: PhoneSeating::resume(&seating)?,
                deal: DeviceEntropy(deal.try_into().map_err(|_| PhoneTableError::Unreadable)?),
            },
            SavedStage::Playing(table) => Stage::Playing(Box::new(PhoneTable::resume(&table)?)),
        };
        Ok((stage, SeatDay::from_steps(saved.draft), saved.spent_offer))
    }
}

impl Stage {
    fn seat(&self) -> Device {
        match self {
            Stage::Seating { seating, .. } => seating.me(),
            Stage::Playing(table) => table.device().me(),
        }
    }

    fn table(&self) -> TableId {
        match self {
            Stage::Seating { seating, .. } => seating.table(),
            Stage::Playing(table) => table.roster().table,
        }
    }
}
