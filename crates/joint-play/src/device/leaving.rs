//! A device that leaves mid-Season (DEAL-PROTOCOL.md, "A device that leaves mid-Season"): who
//! every other device waits for, and the vote that gives the Season up as void once every
//! device still at the table agrees on who left. Nothing is published on a void Season, so
//! nothing concealed of anyone, the leaver included, is learned.

use super::{PlayDevice, Stage};
use crate::error::{PlayError, Stop};
use crate::journal::Input;
use crate::message::{Outgoing, PlayMessage, Void};
use lauzait_engine::Action;
use lauzait_joint_deal::{Device, Recipient};

/// What a device waits for, and from whom: what a "waiting for Blue" screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// Season `season`'s deal, or the draw of its start (R7): these devices' steps.
    Deal { season: u8, from: Vec<Device> },
    /// An action of the Day under way, from the device of the seat whose Day it is (this
    /// device's own player, when it is this seat's).
    Day { from: Device },
    /// These devices' agreement to `action` (ending the Season or the game), which others
    /// have sent.
    Agreement { action: Action, from: Vec<Device> },
    /// These devices' chain values for the throw under way (R12.6).
    Throw { from: Vec<Device> },
    /// These devices' publication of the Season's deal.
    Publication { from: Vec<Device> },
    /// These devices' votes to give the Season up as void without `left`, which another
    /// device has voted for.
    Void { left: Vec<Device>, from: Vec<Device> },
    /// Nothing: the game is over, or stopped.
    Nothing,
}

impl PlayDevice {
    /// What this device waits for, and from whom.
    pub fn awaited(&self) -> Awaited {
        let devices: Vec<Device> = self.setup.devices().collect();
        if !matches!(self.stage, Stage::Over | Stage::Stopped(_)) {
            if let Some((_, left)) = self.void_votes.first() {
                let from = devices
                    .iter()
                    .copied()
                    .filter(|d| !left.contains(d) && !self.void_votes.contains(&(*d, left.clone())))
                    .collect();
                return Awaited::Void { left: left.clone(), from };
            }
        }
        match &self.stage {
            Stage::Dealing { revealed, awaited } => {
                let from = if *revealed { awaited.clone() } else { self.deal.awaited() };
                Awaited::Deal { season: self.season, from }
            }
            Stage::Playing { agreed } => match agreed.iter().flatten().next() {
                Some(&action) => {
                    let from = devices.iter().copied().filter(|d| agreed[d.index()] != Some(action)).collect();
                    Awaited::Agreement { action, from }
                }
                None => {
                    let to_move = self.game.as_ref().map_or(0, |g| g.view().to_move);
                    Awaited::Day { from: devices.get(to_move).copied().unwrap_or(self.me) }
                }
            },
            Stage::Throwing { awaited, .. } => Awaited::Throw { from: awaited.clone() },
            Stage::Publishing { .. } => Awaited::Publication { from: self.deal.awaited() },
            Stage::Over | Stage::Stopped(_) => Awaited::Nothing,
        }
    }

    /// This device's vote to give the Season under way up as void because the devices in
    /// `left` have left the table (the player sees whom it waits for: [`Self::awaited`]).
    /// Once every other device votes for the same `left`, the Season is void everywhere
    /// ([`Stop::Void`]). Returns the vote to send to every device.
    pub fn give_up(&mut self, left: Vec<Device>) -> Result<Vec<Outgoing>, PlayError> {
        if let Stage::Stopped(stop) = &self.stage {
            return Err(stop.clone().into());
        }
        if self.stage == Stage::Over {
            return Err(PlayError::NotNow);
        }
        let left = self.check_vote(self.me, left)?;
        let void = Void { from: self.me, season: self.season, left: left.clone() };
        self.vote(self.me, left.clone());
        self.journal.push(Input::GaveUp(left));
        Ok(vec![Outgoing { to: Recipient::Everyone, message: PlayMessage::Void(void) }])
    }

    /// Another device's vote to give the Season up.
    pub(super) fn take_void(&mut self, void: Void) -> Result<(), PlayError> {
        // A vote on an earlier Season, or after the game's end, changes nothing.
        if void.season < self.season || self.stage == Stage::Over {
            return Ok(());
        }
        if void.season > self.season {
            return Err(PlayError::LaterSeason { from: void.from, season: void.season });
        }
        let left = self.check_vote(void.from, void.left)?;
        self.vote(void.from, left);
        Ok(())
    }

    /// `left` as a vote of `voter`: some devices at the table, in seat order, never the voter.
    fn check_vote(&self, voter: Device, mut left: Vec<Device>) -> Result<Vec<Device>, PlayError> {
        left.sort();
        left.dedup();
        let at_table = left.iter().all(|d| self.setup.device(d.to_byte()).is_some());
        if left.is_empty() || left.contains(&voter) || !at_table {
            return Err(PlayError::NotAVote { from: voter });
        }
        Ok(left)
    }

    /// Counts `voter`'s vote; once every device not in `left` has voted for it, the Season is
    /// void.
    fn vote(&mut self, voter: Device, left: Vec<Device>) {
        if !self.void_votes.contains(&(voter, left.clone())) {
            self.void_votes.push((voter, left));
        }
        let devices: Vec<Device> = self.setup.devices().collect();
        let agreed = self.void_votes.iter().find(|(_, left)| {
            devices.iter().filter(|d| !left.contains(d)).all(|d| self.void_votes.contains(&(*d, left.clone())))
        });
        if let Some((_, left)) = agreed {
            let stop = Stop::Void { season: self.season, left: left.clone() };
            let _void = self.stop(stop);
        }
    }
}
