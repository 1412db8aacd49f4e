//! A page of joint play by turns (DEAL-PROTOCOL.md, "Play by turns"): a table where no
//! device ever holds another seat's hand. Device 0's page gathers the table (each seat's
//! invite, each seat's join) and a seat's page joins it from its invite; then each plays its
//! own seat on its [`JointDevice`]: its Day's steps kept here until the Day's last (Undo
//! takes one back: nothing was sent), then the whole Day taken by the device; and a letter on
//! show to each other device it has news for, written again whenever the news grows, kept on
//! show until that device answers. Pure: events in, effects out; the entropy a new device
//! needs comes in with the event that makes it and is kept with the device until its deal.

use super::seat_day::SeatDay;
pub use super::seat_day::TableChoice;
use super::{letter_file, Effect, Opened, Problem, CURRENT_KEY};
use crate::host_device::Applied;
use crate::joint_device::{JointDevice, JointOpenError, JointSetupError};
use crate::joint_table::{Gathering, JoinError, Joining, RosterError, TABLE_ENTROPY};
use lauzait_engine::{Action, Game};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::{Awaited, PlayDevice, PlayPhase};
use lauzait_table_mode::bytes::TableId;
use serde::{Deserialize, Serialize};

/// The throws each device's chain allows a Season: more than a Season has Hirings into the
/// Water, few enough that a chain is made at once.
pub const THROWS: u32 = 256;
/// The entropy a new device needs: its deal's (64 bytes), then device 0's table and key
/// ([`TABLE_ENTROPY`]) or a seat's key (32).
pub const JOINT_ENTROPY: usize = 64 + TABLE_ENTROPY;

/// Where a table's device of joint play is saved.
pub fn joint_key(table: TableId, seat: u8) -> String {
    format!("lauzait-remote/joint/{table}/{seat}")
}

/// Something that happened on a page of joint play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JointEvent {
    /// A link opened from the address, or pasted: a seat's join, the roster, a letter.
    Open(String),
    /// The `i`-th choice of this seat's Day.
    Choice(usize),
    /// Copy, share or save as a file the invite or the letter to this seat's device.
    Copy(u8),
    Share(u8),
    Save(u8),
    /// The browser copied the link to this seat's device.
    Copied(u8),
    /// The `i`-th of the table's choices ([`JointScreen::table_choices`]).
    Table(usize),
}

/// Where this device stands.
#[derive(Clone)]
pub enum Stage {
    /// Device 0, its invites out.
    Gathering(Box<Gathering>),
    /// A seat's device, its join written, waiting for the roster.
    Joining(Box<Joining>),
    /// Playing its seat.
    Playing(Box<JointDevice>),
}

/// A page of joint play.
#[derive(Clone)]
pub struct JointScreen {
    stage: Stage,
    /// The entropy of this device's deal, until its device is made from it.
    deal_entropy: Option<[u8; 64]>,
    /// This seat's Day's steps so far, not taken by the device yet.
    day: SeatDay,
    /// The link on show to each other seat: an invite, a join, a letter.
    links: Vec<(u8, String)>,
    problem: Option<Problem>,
    opened: Option<Opened>,
    copied: Option<u8>,
}

/// Its table and seat only: a device's keys and secrets stay out of any printout.
impl std::fmt::Debug for JointScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JointScreen").field("table", &self.table()).field("seat", &self.seat()).finish_non_exhaustive()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
enum SavedStage {
    Gathering(Gathering),
    Joining(Joining),
    Playing(String),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    stage: SavedStage,
    #[serde(default)]
    deal_entropy: Option<Vec<u8>>,
    draft: Vec<Action>,
    links: Vec<(u8, String)>,
}

impl JointScreen {
    /// Device 0's new table of `players` (2 to 4), made with [`JOINT_ENTROPY`] bytes; stored
    /// at once.
    pub fn new_table(players: usize, luminous: bool, entropy: &[u8]) -> Result<(JointScreen, Vec<Effect>), Problem> {
        let (deal, rest) = split_entropy(entropy)?;
        let gathering = Gathering::new(players, luminous, THROWS, rest).map_err(Problem::Roster)?;
        let links = (1..players as u8).filter_map(|s| Some((s, gathering.invite(s)?))).collect();
        let screen = JointScreen::new(Stage::Gathering(Box::new(gathering)), Some(deal), links);
        Ok(screen.started("table made"))
    }

    /// A seat's device from its invite, made with [`JOINT_ENTROPY`] bytes; stored at once.
    pub fn from_invite(invite: &str, entropy: &[u8]) -> Result<(JointScreen, Vec<Effect>), Problem> {
        let (deal, rest) = split_entropy(entropy)?;
        let mut joining = Joining::from_invite(invite, &rest[..32]).map_err(Problem::Unreadable)?;
        let links = vec![(0, joining.write().fragment())];
        let screen = JointScreen::new(Stage::Joining(Box::new(joining)), Some(deal), links);
        Ok(screen.started("seat taken from the invite"))
    }

    fn new(stage: Stage, deal_entropy: Option<[u8; 64]>, links: Vec<(u8, String)>) -> JointScreen {
        JointScreen { stage, deal_entropy, day: SeatDay::default(), links, problem: None, opened: None, copied: None }
    }

    fn started(self, what: &str) -> (JointScreen, Vec<Effect>) {
        let key = self.save_key();
        let fx = vec![
            Effect::Store { key: key.clone(), text: self.save() },
            Effect::Store { key: CURRENT_KEY.into(), text: key },
            Effect::Trace(what.into()),
            Effect::Redraw,
        ];
        (self, fx)
    }

    /// The device saved on this browser.
    pub fn resume(text: &str) -> Result<JointScreen, Problem> {
        let unreadable = || Problem::JointSetup(JointSetupError::Unreadable);
        let saved: Saved = serde_json::from_str(text).map_err(|_| unreadable())?;
        let stage = match saved.stage {
            SavedStage::Gathering(g) => Stage::Gathering(Box::new(g)),
            SavedStage::Joining(j) => Stage::Joining(Box::new(j)),
            SavedStage::Playing(d) => Stage::Playing(Box::new(JointDevice::resume(&d).map_err(Problem::JointSetup)?)),
        };
        let deal_entropy = match saved.deal_entropy {
            Some(bytes) => Some(bytes.try_into().map_err(|_| unreadable())?),
            None => None,
        };
        if deal_entropy.is_none() && !matches!(stage, Stage::Playing(_)) {
            return Err(unreadable());
        }
        let mut screen = JointScreen::new(stage, deal_entropy, saved.links);
        screen.day = SeatDay::from_steps(saved.draft);
        Ok(screen)
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }
    pub fn set_problem(&mut self, problem: Problem) {
        self.problem = Some(problem);
    }
    pub fn opened(&self) -> Option<Opened> {
        self.opened
    }
    pub fn copied(&self) -> Option<u8> {
        self.copied
    }
    /// The links on show, by the seat they go to.
    pub fn links(&self) -> &[(u8, String)] {
        &self.links
    }

    /// The table this page's device plays at.
    pub fn table(&self) -> TableId {
        match &self.stage {
            Stage::Gathering(g) => g.table(),
            Stage::Joining(j) => j.table(),
            Stage::Playing(d) => d.table(),
        }
    }

    /// This page's seat.
    pub fn seat(&self) -> u8 {
        match &self.stage {
            Stage::Gathering(_) => 0,
            Stage::Joining(j) => j.seat(),
            Stage::Playing(d) => d.me().to_byte(),
        }
    }

    /// Where this device is saved.
    pub fn save_key(&self) -> String {
        joint_key(self.table(), self.seat())
    }

    /// This seat's device of joint play, once the table is dealt.
    pub fn device(&self) -> Option<&PlayDevice> {
        match &self.stage {
            Stage::Playing(d) => Some(d.device()),
            Stage::Gathering(_) | Stage::Joining(_) => None,
        }
    }

    /// The game as this seat's Day stands: its device's view, with the steps taken so far.
    pub fn game(&self) -> Option<Game> {
        let Stage::Playing(device) = &self.stage else { return None };
        self.day.game(device)
    }

    /// Where the game stands, and whom this device waits for.
    pub fn phase(&self) -> Option<(PlayPhase, Awaited)> {
        let Stage::Playing(device) = &self.stage else { return None };
        Some(SeatDay::phase(device))
    }

    /// What this seat may do now: nothing outside its Day.
    pub fn choices(&self) -> Vec<Action> {
        let Stage::Playing(device) = &self.stage else { return Vec::new() };
        self.day.choices(device)
    }

    /// What this seat may do at the table beside its Day ([`SeatDay::table_choices`]).
    pub fn table_choices(&self) -> Vec<TableChoice> {
        let Stage::Playing(device) = &self.stage else { return Vec::new() };
        self.day.table_choices(device)
    }

    fn save(&self) -> String {
        let stage = match &self.stage {
            Stage::Gathering(g) => SavedStage::Gathering((**g).clone()),
            Stage::Joining(j) => SavedStage::Joining((**j).clone()),
            Stage::Playing(d) => SavedStage::Playing(d.save()),
        };
        let saved = Saved {
            stage,
            deal_entropy: self.deal_entropy.map(|e| e.to_vec()),
            draft: self.day.steps().to_vec(),
            links: self.links.clone(),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Handles `event`.
    pub fn update(&mut self, event: JointEvent) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.copied = None;
        let link = |s: &JointScreen, seat: u8| s.links.iter().find(|(to, _)| *to == seat).map(|(_, l)| l.clone());
        let changed = match event {
            JointEvent::Open(text) => self.open(&text, &mut fx),
            JointEvent::Choice(i) => self.choose(i),
            JointEvent::Copy(seat) => {
                fx.extend(link(self, seat).map(Effect::Copy));
                false
            }
            JointEvent::Share(seat) => {
                fx.extend(link(self, seat).map(Effect::Share));
                false
            }
            JointEvent::Save(seat) => {
                fx.extend(link(self, seat).as_deref().and_then(letter_file));
                false
            }
            JointEvent::Copied(seat) => {
                self.copied = Some(seat);
                false
            }
            JointEvent::Table(i) => self.table_choice(i),
        };
        if changed {
            self.write_letters(&mut fx);
            fx.push(Effect::Store { key: self.save_key(), text: self.save() });
        }
        fx.push(Effect::Redraw);
        fx
    }

    /// Opens a link; whether the device changed.
    fn open(&mut self, link: &str, fx: &mut Vec<Effect>) -> bool {
        let entropy = self.deal_entropy.map(DeviceEntropy);
        let result = match (&mut self.stage, entropy) {
            (Stage::Gathering(g), Some(entropy)) => g.open(link).map(|applied| {
                let awaited = g.awaited();
                self.links.retain(|(seat, _)| awaited.contains(seat));
                self.opened = Some(opened(applied));
                if awaited.is_empty() {
                    if let Some(made) = (**g).clone().start(&entropy) {
                        return Some(made.map_err(Problem::JointSetup));
                    }
                }
                None
            }),
            (Stage::Joining(j), Some(entropy)) => match j.open(link, &entropy) {
                Ok(device) => {
                    self.opened = Some(Opened::New(crate::joint::party(Device::from_byte(0))));
                    Ok(Some(Ok(device)))
                }
                Err(JoinError::Letter(e)) => Err(JointOpenError::Letter(e)),
                Err(e) => Ok(Some(Err(Problem::Join(e)))),
            },
            (Stage::Playing(d), _) => d.open(link).map(|applied| {
                self.opened = Some(opened(applied));
                None
            }),
            _ => Ok(Some(Err(Problem::JointSetup(JointSetupError::Unreadable)))),
        };
        match result {
            Ok(None) => self.applied(fx),
            Ok(Some(Ok(device))) => {
                self.stage = Stage::Playing(Box::new(device));
                self.deal_entropy = None;
                self.links.clear();
                fx.push(Effect::Trace("the table's roster taken: playing".into()));
                self.applied(fx)
            }
            Ok(Some(Err(problem))) => {
                fx.push(Effect::Trace("refused a letter".into()));
                self.problem = Some(problem);
                false
            }
            Err(e) => {
                fx.push(Effect::Trace(format!("refused a letter: {e}")));
                self.problem = Some(Problem::JointOpen(e));
                false
            }
        }
    }

    fn applied(&mut self, fx: &mut Vec<Effect>) -> bool {
        fx.push(Effect::Trace("opened a letter".into()));
        self.problem = None;
        true
    }

    /// A step of this seat's Day; the Day's last gives the whole Day to the device.
    fn choose(&mut self, i: usize) -> bool {
        let Stage::Playing(device) = &mut self.stage else { return false };
        match self.day.choose(device, i) {
            None => false,
            Some(Ok(())) => {
                self.problem = None;
                true
            }
            Some(Err(e)) => {
                self.problem = Some(Problem::Play(e));
                true
            }
        }
    }

    /// The `i`-th of the table's choices, taken by the device at once.
    fn table_choice(&mut self, i: usize) -> bool {
        let Stage::Playing(device) = &mut self.stage else { return false };
        match self.day.table_choice(device, i) {
            None => false,
            Some(done) => {
                self.problem = done.err().map(Problem::Play);
                true
            }
        }
    }

    /// A new letter to each device with news, in place of the one on show; a letter still
    /// unanswered stays.
    fn write_letters(&mut self, fx: &mut Vec<Effect>) {
        let Stage::Playing(device) = &mut self.stage else { return };
        if !self.day.is_empty() {
            return;
        }
        let unanswered = device.unanswered();
        self.links.retain(|(seat, _)| unanswered.contains(&Device::from_byte(*seat)));
        for to in device.news_for() {
            if let Some(letter) = device.write(to) {
                let link = letter.fragment();
                fx.push(Effect::Trace(format!(
                    "wrote letter {} to seat {}: {} characters",
                    letter.seq,
                    to.to_byte(),
                    link.len()
                )));
                self.links.retain(|(seat, _)| *seat != to.to_byte());
                self.links.push((to.to_byte(), link));
            }
        }
        self.links.sort_by_key(|(seat, _)| *seat);
    }
}

/// What opening a letter did, as the page says it.
fn opened(applied: Applied) -> Opened {
    match applied {
        Applied::Applied { from } => Opened::New(from),
        Applied::AlreadyApplied => Opened::Again,
    }
}

/// The deal's 64 bytes and the rest of [`JOINT_ENTROPY`].
fn split_entropy(entropy: &[u8]) -> Result<([u8; 64], &[u8]), Problem> {
    let entropy = entropy.get(..JOINT_ENTROPY).ok_or(Problem::NoEntropy)?;
    let (deal, rest) = entropy.split_at(64);
    Ok((deal.try_into().map_err(|_| Problem::NoEntropy)?, rest))
}

impl From<RosterError> for Problem {
    fn from(e: RosterError) -> Problem {
        Problem::Roster(e)
    }
}
