//! Showing a concealed piece in play (DEAL-PROTOCOL.md, "Playing the Season"): a discard
//! (R12.1), a Form (R10), a hand shown at a declaration or a Stalemate (R11, R19). The seat's
//! device sends the position the piece was dealt to with every device's key for it, which it
//! alone holds; every other device checks the keys against their lock steps' commitments,
//! opens the position and compares the piece with the one played. So a seat can play only a
//! piece it was dealt, and each dealt piece once.
//!
//! A piece everyone saw the seat take (a capture, a dissolved Department: R40's known pieces)
//! needs no showing; which pieces need it is the game's to say, since the deal knows nothing
//! of captures.

use super::{DealDevice, Phase};
use crate::error::{Cheat, DealError, Fault, Step};
use crate::ids::Device;
use crate::message::Shown;
use crate::secrets::commit_key;
use crate::unmask::unmask;
use curve25519_dalek::scalar::Scalar;
use lauzait_engine::Piece;

impl DealDevice {
    /// Shows a piece of kind `piece` dealt to this device's seat and not shown before (the
    /// first such position): the message to send to every device with the action that plays
    /// it. [`DealError::NotInHand`] when none is left.
    pub fn show(&mut self, piece: Piece) -> Result<Shown, DealError> {
        if self.phase() != Phase::Dealt {
            return Err(DealError::NotDealt);
        }
        let position = self
            .setup
            .layout()
            .hand(self.me.index())
            .find(|&j| !self.shown[j] && self.opened[j].and_then(|c| self.copies.piece(c)) == Some(piece))
            .ok_or(DealError::NotInHand { piece })?;
        let keys: Option<Vec<Scalar>> = self.keys.iter().map(|row| row[position]).collect();
        let keys = keys.ok_or(DealError::NotDealt)?;
        self.shown[position] = true;
        Ok(Shown { from: self.me, position: position as u8, keys })
    }

    /// Takes another seat's piece `shown` for an action that plays `claimed`, once every key
    /// checks out and the position opens to that piece; nothing changes on a refusal. This
    /// device's own, relayed back, is ignored.
    pub fn take_shown(&mut self, shown: &Shown, claimed: Piece) -> Result<(), DealError> {
        let from = shown.from;
        if from.index() >= self.setup.devices() {
            return Err(DealError::NotAtTable { from: from.byte() });
        }
        if from == self.me {
            return Ok(());
        }
        if self.phase() != Phase::Dealt {
            return Err(DealError::NotDealt);
        }
        let position = usize::from(shown.position);
        let cheat = |fault| DealError::from(Cheat { device: from, step: Step::Shown { position }, fault });
        if !self.setup.layout().hand(from.index()).contains(&position) {
            return Err(cheat(Fault::NotItsPosition));
        }
        if self.shown[position] {
            return Err(cheat(Fault::ShownTwice));
        }
        let devices = self.setup.devices();
        if shown.keys.len() != devices {
            return Err(cheat(Fault::WrongLength { expected: devices, got: shown.keys.len() }));
        }
        for (d, key) in shown.keys.iter().enumerate() {
            let committed = self.transcript.locks[d].commitments[position];
            if commit_key(&self.context, Device(d as u8), position, key) != committed {
                return Err(cheat(Fault::KeyNotCommitted));
            }
        }
        let list = self.transcript.final_list().ok_or(DealError::NotDealt)?;
        let copy = unmask(&self.copies, &list.points[position], shown.keys.iter().copied())
            .ok_or(DealError::Unopenable { position })?;
        if let Some(earlier) = self.opened.iter().position(|&c| c == Some(copy)) {
            return Err(DealError::CopyTwice { position, earlier });
        }
        let opened = self.copies.piece(copy).ok_or(DealError::Unopenable { position })?;
        if opened != claimed {
            return Err(cheat(Fault::NotThatPiece { claimed, opened }));
        }
        for (row, key) in self.keys.iter_mut().zip(&shown.keys) {
            row[position] = Some(*key);
        }
        self.opened[position] = Some(copy);
        self.shown[position] = true;
        Ok(())
    }

    /// Whether the piece dealt to `position` has been shown in play.
    pub fn is_shown(&self, position: usize) -> bool {
        self.shown.get(position).copied().unwrap_or(false)
    }
}
