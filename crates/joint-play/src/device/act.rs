//! Actions (DEAL-PROTOCOL.md, "Playing the Season"): this device's player's, sent with every
//! concealed piece it plays shown from the deal, and every other device's, checked before
//! they are applied: the sender's seat is the one whose Day it is, its public game is this
//! one's, each piece it shows is one it was dealt and has not played, and the rules allow
//! the action as this seat knows the game. An action that throws the sticks waits for every
//! device's chain value (R12.6); an agreement to end the Season or the game waits for every
//! device's.

use super::{PlayDevice, Stage};
use crate::error::{PlayError, PlayFault, Stop};
use crate::journal::Input;
use crate::message::{Act, Outgoing, PlayMessage};
use crate::public_state::public_state;
use crate::showing::{played, to_show};
use lauzait_engine::{Action, ChanceError, Disclosed, RuleError, SeatGame, SeatGameError};
use lauzait_joint_deal::{DealError, Device, Recipient};

/// What applying an action to the game as a seat knows it came to.
enum Applied {
    Done(Box<SeatGame>),
    /// The action is legal and throws the sticks, which are not thrown yet (R12.6).
    NeedsThrow,
}

/// `action` with `disclosed` applied to a copy of `game`.
fn try_apply(game: &SeatGame, action: Action, disclosed: Disclosed) -> Result<Applied, SeatGameError> {
    let mut after = game.clone();
    match after.apply(action, disclosed) {
        Ok(_) => Ok(Applied::Done(Box::new(after))),
        Err(SeatGameError::Refused(RuleError::Chance(ChanceError::Missing { .. }))) => Ok(Applied::NeedsThrow),
        Err(e) => Err(e),
    }
}

fn is_agreement(action: Action) -> bool {
    matches!(action, Action::EndSeasonByAgreement | Action::EndGameByAgreement)
}

impl PlayDevice {
    /// This device's player's `action`: a step of its seat's Day, or its agreement to end the
    /// Season or the game (taken once every device agrees). Returns the messages to send: the
    /// action with the pieces it shows, and this device's chain value when it throws the
    /// sticks. Nothing changes on a refusal.
    pub fn act(&mut self, action: Action) -> Result<Vec<Outgoing>, PlayError> {
        let out = self.take_own_action(action)?;
        self.journal.push(Input::Acted(action));
        Ok(out)
    }

    fn take_own_action(&mut self, action: Action) -> Result<Vec<Outgoing>, PlayError> {
        if let Stage::Stopped(stop) = &self.stage {
            return Err(stop.clone().into());
        }
        let (Stage::Playing { .. }, Some(game)) = (&self.stage, &self.game) else { return Err(PlayError::NotNow) };
        let view = game.view();
        let seat = self.me.index();
        if matches!(action, Action::Undo | Action::NextSeason) {
            return Err(PlayError::NotInJointPlay { action });
        }
        if !is_agreement(action) && view.to_move != seat {
            return Err(PlayError::NotYourDay { to_move: view.to_move });
        }
        let hand = match action {
            Action::Declare | Action::DeclareStalemate => {
                let rebuilt = view.rebuild().map_err(|e| PlayError::Refused(SeatGameError::Rebuild(e)))?;
                rebuilt.hand_now(seat).map(|h| h.concealed)
            }
            _ => None,
        };
        let disclosed = hand.map_or(Disclosed::Nothing, Disclosed::Hand);
        let applied = if is_agreement(action) {
            None
        } else {
            Some(try_apply(game, action, disclosed.clone()).map_err(PlayError::Refused)?)
        };
        let pieces = played(action, hand.as_ref()).unwrap_or_default();
        let mut deal = self.deal.clone();
        let shown = to_show(view, seat, &pieces)
            .into_iter()
            .map(|piece| deal.show(piece))
            .collect::<Result<Vec<_>, DealError>>()
            .map_err(PlayError::Deal)?;
        let act = Act { from: self.me, step: self.kept.steps() as u32, state: public_state(view), action, hand, shown };
        self.deal = deal;
        let mut out = vec![Outgoing { to: Recipient::Everyone, message: PlayMessage::Act(act) }];
        match applied {
            None => self.agree(self.me, action, &mut out)?,
            Some(applied) => self.fixed(action, applied, &mut out)?,
        }
        Ok(out)
    }

    /// Another device's action: checked, then applied (or its throw begun); a cheat stops the
    /// game.
    pub(super) fn take_act(&mut self, act: Act, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        let (Stage::Playing { .. }, Some(game)) = (&self.stage, &self.game) else { return Err(PlayError::NotNow) };
        let (from, step) = (act.from, act.step);
        let here = self.kept.steps() as u32;
        if step > here {
            return Err(PlayError::Early { from, step });
        }
        if step < here {
            return Err(PlayError::Stale { from, step });
        }
        let view = game.view();
        if act.state != public_state(view) {
            return Err(self.stop(Stop::Disagreement { device: from, step }));
        }
        let misplayed = |fault| Stop::Misplayed { device: from, step, fault };
        if matches!(act.action, Action::Undo | Action::NextSeason) {
            return Err(self.stop(misplayed(PlayFault::NotInJointPlay { action: act.action })));
        }
        if is_agreement(act.action) {
            if act.hand.is_some() || !act.shown.is_empty() {
                return Err(self.stop(misplayed(PlayFault::HandUnused)));
            }
            return self.agree(from, act.action, out);
        }
        if view.to_move != from.index() {
            return Err(self.stop(misplayed(PlayFault::NotItsDay { to_move: view.to_move })));
        }
        let pieces = match played(act.action, act.hand.as_ref()) {
            Ok(pieces) => pieces,
            Err(fault) => return Err(self.stop(misplayed(fault))),
        };
        let needed = to_show(view, from.index(), &pieces);
        if needed.len() != act.shown.len() {
            let fault = PlayFault::ShownCount { expected: needed.len(), got: act.shown.len() };
            return Err(self.stop(misplayed(fault)));
        }
        let mut deal = self.deal.clone();
        for (shown, &piece) in act.shown.iter().zip(&needed) {
            if shown.from != from {
                return Err(self.stop(misplayed(PlayFault::ShownForAnother { named: shown.from })));
            }
            match deal.take_shown(shown, piece) {
                Ok(()) => {}
                Err(DealError::Cheat(cheat)) => return Err(self.stop(Stop::Cheat(cheat))),
                // The position opens to no piece, or to one already opened: the deal is
                // broken, and only its publication names who broke it.
                Err(DealError::Unopenable { .. } | DealError::CopyTwice { .. }) => {
                    self.publish(Some(self.me), out);
                    return Ok(());
                }
                Err(other) => return Err(PlayError::Deal(other)),
            }
        }
        let disclosed = act.hand.map_or(Disclosed::Nothing, Disclosed::Hand);
        let applied = match try_apply(game, act.action, disclosed) {
            Ok(applied) => applied,
            Err(e) => return Err(self.stop(misplayed(PlayFault::Rules(e)))),
        };
        self.deal = deal;
        self.fixed(act.action, applied, out)
    }

    /// The action is fixed: applied, or its throw begun with this device's chain value.
    fn fixed(&mut self, action: Action, applied: Applied, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        match applied {
            Applied::Done(game) => {
                self.game = Some(*game);
                self.kept.action(action);
                self.after_action(out);
            }
            Applied::NeedsThrow => {
                let sent = self.deal.reveal_throw().map_err(PlayError::Deal)?;
                out.extend(self.wrap(sent));
                self.stage = Stage::Throwing { action, awaited: Vec::new() };
            }
        }
        self.advance(out)
    }

    /// `from` agrees to `action` (ending the Season or the game); once every device agrees to
    /// the same, it is taken.
    fn agree(&mut self, from: Device, action: Action, out: &mut Vec<Outgoing>) -> Result<(), PlayError> {
        let Stage::Playing { agreed } = &mut self.stage else { return Err(PlayError::NotNow) };
        agreed[from.index()] = Some(action);
        if agreed.iter().all(|a| *a == Some(action)) {
            let game = self.game.as_ref().ok_or(PlayError::NotNow)?;
            let applied = try_apply(game, action, Disclosed::Nothing).map_err(PlayError::Refused)?;
            return self.fixed(action, applied, out);
        }
        Ok(())
    }
}
