//! One device's part in a whole game, as a pure state machine: messages in, messages out,
//! typed errors; no I/O, no clock, no generator (its secrets come from the entropy it is
//! given).
//!
//! It holds the deal of the Season under way ([`DealDevice`]) and the game as its seat knows
//! it ([`SeatGame`]), nothing else of the game. A Season opens with the deal by all the
//! devices, then every device's next chain value draws who starts and which way (R7); each
//! action travels with the pieces it shows from the deal ([`Act`], module `act`); an action
//! that throws the sticks (R12.6) is applied once every device's next chain value is in, each
//! revealed only once the action is fixed; at the Season's end every device publishes its
//! deal and checks every other's, and the next Season is dealt anew.

use super::error::{PlayError, Stop};
use super::journal::Input;
use super::message::{Outgoing, PlayMessage};
use super::record::{GameRecord, Kept};
use super::setup::{season_entropy, PlaySetup};
use lauzait_engine::{Action, Disclosed, SeatGame, SeatOpening, StartRule, Status};
use lauzait_joint_deal::{DealDevice, DealError, Device, DeviceEntropy, Message, Phase};

mod act;
mod leaving;

pub use leaving::Awaited;

/// Where the game stands, as one device sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayPhase {
    /// Season `season` is being dealt, or its start drawn; waiting for these devices.
    Dealing { season: u8, awaited: Vec<Device> },
    /// The Season is played: it is this seat's Day.
    Playing { to_move: usize },
    /// An action is fixed and waits for these devices' chain values to throw the sticks.
    Throwing { awaited: Vec<Device> },
    /// The Season is over (or its deal given up): waiting for these devices to publish theirs.
    Publishing { awaited: Vec<Device> },
    /// The game is over and every deal checked: [`PlayDevice::record`] is the whole game.
    Over,
    /// The game stopped, and why.
    Stopped(Stop),
}

/// What the device is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// The Season's deal, then the draw of its start; `revealed` once this device has sent its
    /// value for the draw, `awaited` the devices whose values are missing.
    Dealing {
        revealed: bool,
        awaited: Vec<Device>,
    },
    /// The Season is played; `agreed` holds each device's agreement to end the Season or the
    /// game, if it sent one at this step.
    Playing {
        agreed: Vec<Option<Action>>,
    },
    /// `action` is fixed: the sticks are thrown from every device's next chain value.
    Throwing {
        action: Action,
        awaited: Vec<Device>,
    },
    /// The Season's deal is published: at its end, or given up by `abandoned_by`.
    Publishing {
        abandoned_by: Option<Device>,
    },
    Over,
    Stopped(Stop),
}

/// One device of a game played by all the devices together.
#[derive(Clone)]
pub struct PlayDevice {
    setup: PlaySetup,
    me: Device,
    entropy: DeviceEntropy,
    /// The Season `deal` deals, from 1.
    season: u8,
    deal: DealDevice,
    /// The game as this seat knows it, from its first Season's start on.
    game: Option<SeatGame>,
    stage: Stage,
    kept: Kept,
    /// Every vote of this Season to give it up as void: the voter and the devices it names.
    void_votes: Vec<(Device, Vec<Device>)>,
    /// Everything this device was given that changed it, in order: its save
    /// ([`crate::save`]), replayed on restoring it.
    journal: Vec<Input>,
}

impl PlayDevice {
    /// `me`'s device for the game `setup`, every secret of every Season hashed from `entropy`
    /// (64 fresh bytes, never sent); with its greeting for the first deal to send.
    pub fn new(
        setup: PlaySetup,
        me: Device,
        entropy: &DeviceEntropy,
    ) -> Result<(PlayDevice, Vec<Outgoing>), PlayError> {
        let (deal, out) = DealDevice::new(setup.deal(1), me, &season_entropy(entropy, 1)).map_err(PlayError::Deal)?;
        let device = PlayDevice {
            setup,
            me,
            entropy: *entropy,
            season: 1,
            deal,
            game: None,
            stage: Stage::Dealing { revealed: false, awaited: Vec::new() },
            kept: Kept::default(),
            void_votes: Vec::new(),
            journal: Vec::new(),
        };
        let out = device.wrap(out);
        Ok((device, out))
    }

    pub fn me(&self) -> Device {
        self.me
    }

    /// The Season under way (from 1).
    pub fn season(&self) -> u8 {
        self.season
    }

    /// How many actions the game has taken: the step an action of this device's carries.
    pub fn step(&self) -> u32 {
        self.kept.steps() as u32
    }

    /// The Season's deal as this device holds it (what it could open: its seat's nine, the
    /// board, the luminous piece and the pieces shown in play).
    pub fn deal(&self) -> &DealDevice {
        &self.deal
    }

    /// The game as this seat knows it, once the first Season is dealt and its start drawn.
    pub fn game(&self) -> Option<&SeatGame> {
        self.game.as_ref()
    }

    /// Where the game stands.
    pub fn phase(&self) -> PlayPhase {
        match &self.stage {
            Stage::Dealing { revealed, awaited } => {
                let awaited = if *revealed { awaited.clone() } else { self.deal.awaited() };
                PlayPhase::Dealing { season: self.season, awaited }
            }
            Stage::Playing { .. } => PlayPhase::Playing { to_move: self.game.as_ref().map_or(0, |g| g.view().to_move) },
            Stage::Throwing { awaited, .. } => PlayPhase::Throwing { awaited: awaited.clone() },
            Stage::Publishing { .. } => PlayPhase::Publishing { awaited: self.deal.awaited() },
            Stage::Over => PlayPhase::Over,
            Stage::Stopped(stop) => PlayPhase::Stopped(stop.clone()),
        }
    }

    /// The finished game's record, once the game is over and every deal checked.
    pub fn record(&self) -> Option<GameRecord> {
        (self.stage == Stage::Over).then(|| self.kept.finished(self.setup.options())).flatten()
    }

    /// Takes a message from another device and returns what this device sends in turn. A
    /// message in this device's own name is its own relayed back, and is ignored.
    pub fn receive(&mut self, message: PlayMessage) -> Result<Vec<Outgoing>, PlayError> {
        if let Stage::Stopped(stop) = &self.stage {
            return Err(stop.clone().into());
        }
        let from = message.from();
        if self.setup.device(from.to_byte()).is_none() {
            return Err(PlayError::NotAtTable { from });
        }
        if from == self.me {
            return Ok(Vec::new());
        }
        let kept = message.clone();
        let mut out = Vec::new();
        let taken = match message {
            PlayMessage::Deal { season, step, message } if season == self.season => {
                self.take_deal(step, message, &mut out)
            }
            // A repeat of an earlier Season's step changes nothing.
            PlayMessage::Deal { season, .. } if season < self.season => return Ok(out),
            PlayMessage::Deal { season, .. } => Err(PlayError::LaterSeason { from, season }),
            PlayMessage::Act(act) => self.take_act(act, &mut out),
            PlayMessage::Void(void) => self.take_void(void),
        };
        // A refusal that changed nothing leaves nothing to replay.
        if !taken.as_ref().is_err_and(PlayError::changes_nothing) {
            self.journal.push(Input::Received(kept));
        }
        taken.map(|()| out)
    }

    /// Stops the game because `message` differs from another message its sender sent for the
    /// same step (the inbox finds it: [`crate::Inbox`]): that device cheated.
    pub(crate) fn refuse_conflicting(&mut self, message: PlayMessage) -> PlayError {
        let stop = Stop::Equivocated { device: message.from(), slot: crate::Slot::of(&message) };
        if !matches!(self.stage, Stage::Stopped(_)) {
            self.journal.push(Input::Conflicting(message));
        }
        self.stop(stop)
    }

    /// The game's parameters and its devices.
    pub fn setup(&self) -> &PlaySetup {
        &self.setup
    }

    /// The setup, the seat and the entropy it was made with, and everything it was given
    /// since: what its save holds.
    pub(crate) fn saved_parts(&self) -> (&PlaySetup, Device, &DeviceEntropy, &[Input]) {
        (&self.setup, self.me, &self.entropy, &self.journal)
    }

    fn take_deal(&mut self, step: u32, message: Message, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        let publishing = matches!(message, Message::Publish(_));
        let from = message.from();
        // A publication from a step this device has not reached ends the Season there: the
        // action that ends it comes first (delivered again, it is a publication to take).
        if publishing && step > self.step() && !matches!(self.stage, Stage::Publishing { .. }) {
            return Err(PlayError::EarlyPublication { from, step });
        }
        match self.deal.receive(message) {
            Ok(sent) => out.extend(self.wrap(sent)),
            Err(DealError::Cheat(cheat)) => return Err(self.stop(Stop::Cheat(cheat))),
            // Every key is in and a position opens to no piece, or to one already opened:
            // only publishing every secret names who cheated.
            Err(DealError::Unopenable { .. } | DealError::CopyTwice { .. }) => {}
            Err(other) => return Err(PlayError::Deal(other)),
        }
        // Another device gave the deal up before the Season's end: this one publishes too, so
        // that every step is checked.
        if publishing && !matches!(self.stage, Stage::Publishing { .. }) {
            self.publish(Some(from), out);
        }
        self.advance(out)
    }

    /// Takes every step that has become this device's: the Season's start once the deal is
    /// dealt, a throw once every value is in, the next Season once the last is checked.
    fn advance(&mut self, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        loop {
            let before = self.stage.clone();
            match &self.stage {
                Stage::Dealing { revealed, .. } => match self.deal.phase() {
                    Phase::Dealt => {
                        if !revealed {
                            let sent = self.deal.reveal_throw().map_err(PlayError::Deal)?;
                            out.extend(self.wrap(sent));
                        }
                        self.draw_start()?;
                    }
                    Phase::Broken { .. } => self.publish(Some(self.me), out),
                    _ => {}
                },
                Stage::Throwing { action, .. } => {
                    let action = *action;
                    match self.deal.decide_throw() {
                        Ok(sticks) => {
                            self.apply(action, Disclosed::Throw(sticks))?;
                            self.kept.throw(sticks);
                            self.after_action(out);
                        }
                        Err(DealError::ThrowPending { awaited, .. }) => {
                            self.stage = Stage::Throwing { action, awaited }
                        }
                        Err(other) => return Err(PlayError::Deal(other)),
                    }
                }
                Stage::Publishing { abandoned_by } => {
                    let abandoned_by = *abandoned_by;
                    match self.deal.phase() {
                        Phase::Verified => self.season_checked(abandoned_by, out)?,
                        Phase::Failed(DealError::Cheat(cheat)) => return Err(self.stop(Stop::Cheat(cheat))),
                        Phase::Failed(other) => return Err(self.stop(Stop::DealFailed(other))),
                        _ => {}
                    }
                }
                Stage::Playing { .. } | Stage::Over | Stage::Stopped(_) => {}
            }
            if self.stage == before {
                return Ok(());
            }
        }
    }

    /// R7: the Season's start from every device's next chain value, once all are in; then the
    /// Season opens as this seat sees it.
    fn draw_start(&mut self) -> Result<(), PlayError> {
        let rule = match &self.game {
            None => StartRule::first_season(self.setup.options().seats().len()),
            Some(game) => StartRule::after(&game.view().scores),
        };
        let (start, direction) = match self.deal.decide_start(&rule) {
            Ok(drawn) => drawn,
            Err(DealError::ThrowPending { awaited, .. }) => {
                self.stage = Stage::Dealing { revealed: true, awaited };
                return Ok(());
            }
            Err(other) => return Err(PlayError::Deal(other)),
        };
        let dealt = self.deal.seat_deal().ok_or(PlayError::Deal(DealError::NotDealt))?;
        let opening = SeatOpening {
            hand: dealt.hand.into_iter().collect(),
            board: dealt.board,
            luminous: dealt.luminous,
            start,
            direction,
        };
        let seat = self.me.index();
        match &mut self.game {
            None => {
                let game = SeatGame::begin(self.setup.options().clone(), seat, opening).map_err(PlayError::Refused)?;
                self.game = Some(game);
            }
            Some(game) => {
                game.apply(Action::NextSeason, Disclosed::Opening(opening)).map_err(PlayError::Refused)?;
                self.kept.action(Action::NextSeason);
            }
        }
        self.kept.season(start, direction);
        self.stage = self.playing();
        Ok(())
    }

    /// Once the action just applied ended the Season or the game, this device publishes its
    /// deal for every device to check.
    fn after_action(&mut self, out: &mut Vec<Outgoing>) {
        match self.game.as_ref().map(|g| g.view().status) {
            Some(Status::SeasonOver | Status::GameOver { .. }) => self.publish(None, out),
            _ => self.stage = self.playing(),
        }
    }

    /// Publishes this device's deal: at the Season's end, or (`abandoned_by` a device) to give
    /// up a deal before it.
    fn publish(&mut self, abandoned_by: Option<Device>, out: &mut Vec<Outgoing>) {
        let sent = self.deal.publish();
        out.extend(self.wrap(sent));
        self.stage = Stage::Publishing { abandoned_by };
    }

    /// Every deal checked out: the Season's deal goes into the record, and the next Season is
    /// dealt, or the game is over.
    fn season_checked(&mut self, abandoned_by: Option<Device>, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        if let Some(by) = abandoned_by {
            return Err(self.stop(Stop::Abandoned { by }));
        }
        if let Some(deal) = self.deal.verified() {
            self.kept.deal(deal.clone());
        }
        match self.game.as_ref().map(|g| g.view().status) {
            Some(Status::SeasonOver) => {
                self.season += 1;
                let entropy = season_entropy(&self.entropy, self.season);
                let (deal, sent) =
                    DealDevice::new(self.setup.deal(self.season), self.me, &entropy).map_err(PlayError::Deal)?;
                self.deal = deal;
                out.extend(self.wrap(sent));
                self.stage = Stage::Dealing { revealed: false, awaited: Vec::new() };
                self.void_votes.clear();
            }
            _ => self.stage = Stage::Over,
        }
        Ok(())
    }

    fn playing(&self) -> Stage {
        Stage::Playing { agreed: vec![None; self.setup.options().seats().len()] }
    }

    /// Stops the game for good, with why.
    fn stop(&mut self, stop: Stop) -> PlayError {
        self.stage = Stage::Stopped(stop.clone());
        stop.into()
    }

    /// The deal's messages, as messages of this Season.
    fn wrap(&self, sent: Vec<lauzait_joint_deal::Outgoing>) -> Vec<Outgoing> {
        let (season, step) = (self.season, self.step());
        sent.into_iter()
            .map(|o| Outgoing { to: o.to, message: PlayMessage::Deal { season, step, message: o.message } })
            .collect()
    }

    /// Applies `action` with what it disclosed to the game as this seat knows it, and records it.
    fn apply(&mut self, action: Action, disclosed: Disclosed) -> Result<(), PlayError> {
        let game = self.game.as_mut().ok_or(PlayError::NotNow)?;
        game.apply(action, disclosed).map_err(PlayError::Refused)?;
        self.kept.action(action);
        Ok(())
    }
}
