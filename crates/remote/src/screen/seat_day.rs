//! A seat's Day on a page of joint play, whichever way the table's messages travel (letters by
//! turns, [`super::joint`]; a tablet's data channels, [`super::relayed_phone`]): the Day's
//! steps are kept on the page until its last (Undo takes one back: nothing was sent), then the
//! whole Day goes to the seat's device; and beside the Day, what any seat may do at the
//! table: end the Season by agreement, or give it up without the devices that left.

use crate::joint_device::JointDevice;
use lauzait_engine::{Action, Game};
use lauzait_joint_deal::Device;
use lauzait_joint_play::{Awaited, PlayError, PlayPhase};
use lauzait_table_mode::choices::offered;

/// What any seat may do at the table, its Day or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableChoice {
    /// Propose, or agree to, ending the Season by agreement (between Days): it ends once every
    /// device agrees. `proposed`: another device has proposed it.
    EndSeason { proposed: bool },
    /// Vote to give the Season up as void without these devices, which left; it is given up
    /// once every other device votes the same (DEAL-PROTOCOL.md, "A device that leaves
    /// mid-Season"). `proposed`: another device has voted so.
    GiveUp { left: Vec<Device>, proposed: bool },
}

/// A seat's Day as its page keeps it (module docs): the steps taken so far, not yet the
/// device's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatDay {
    draft: Vec<Action>,
}

impl SeatDay {
    /// The Day's steps kept in a save.
    pub fn from_steps(draft: Vec<Action>) -> SeatDay {
        SeatDay { draft }
    }

    pub fn steps(&self) -> &[Action] {
        &self.draft
    }

    /// The game as this seat's Day stands: its device's view, with the steps taken so far.
    pub fn game(&self, device: &JointDevice) -> Option<Game> {
        crate::turn::with_steps(device.device().game()?.view().rebuild().ok()?, &self.draft)
    }

    /// Where the game stands, and whom the device waits for.
    pub fn phase(device: &JointDevice) -> (PlayPhase, Awaited) {
        (device.device().phase(), device.waiting().awaited)
    }

    /// What this seat may do now: nothing outside its Day.
    pub fn choices(&self, device: &JointDevice) -> Vec<Action> {
        let me = device.me().index();
        if device.device().phase() != (PlayPhase::Playing { to_move: me }) {
            return Vec::new();
        }
        self.game(device).as_ref().map(offered).unwrap_or_default()
    }

    /// What this seat may do at the table beside its Day: end the Season by agreement between
    /// Days, or give the Season up without the devices it waits for.
    pub fn table_choices(&self, device: &JointDevice) -> Vec<TableChoice> {
        let (phase, awaited) = SeatDay::phase(device);
        let me = device.me();
        let mut out = Vec::new();
        match &awaited {
            Awaited::Agreement { action: Action::EndSeasonByAgreement, from } if from.contains(&me) => {
                out.push(TableChoice::EndSeason { proposed: true });
            }
            Awaited::Void { left, from } if from.contains(&me) => {
                out.push(TableChoice::GiveUp { left: left.clone(), proposed: true });
                return out;
            }
            _ => {}
        }
        let between_days = self.draft.is_empty()
            && matches!(phase, PlayPhase::Playing { .. })
            && self.game(device).is_some_and(|g| g.may_end_season_by_agreement());
        if between_days && !matches!(awaited, Awaited::Agreement { .. }) {
            out.push(TableChoice::EndSeason { proposed: false });
        }
        let others: Vec<Device> = match awaited {
            Awaited::Deal { from, .. } | Awaited::Throw { from } | Awaited::Publication { from } => from,
            Awaited::Agreement { from, .. } => from,
            Awaited::Day { from } => vec![from],
            Awaited::Void { .. } | Awaited::Nothing => Vec::new(),
        };
        if !others.is_empty() && !others.contains(&me) {
            out.push(TableChoice::GiveUp { left: others, proposed: false });
        }
        out
    }

    /// The `i`-th choice of the Day: kept, or with the Day's last the whole Day given to the
    /// device (all of it or, refused, none: the last step is taken back). `None`: no such
    /// choice now.
    pub fn choose(&mut self, device: &mut JointDevice, i: usize) -> Option<Result<(), PlayError>> {
        let action = self.choices(device).get(i).copied()?;
        if action == Action::Undo {
            self.draft.pop();
            return Some(Ok(()));
        }
        self.draft.push(action);
        if !action.ends_day() {
            return Some(Ok(()));
        }
        let mut played = device.clone();
        let taken = self.draft.iter().try_for_each(|&step| played.act(step));
        match taken {
            Ok(()) => {
                *device = played;
                self.draft.clear();
            }
            Err(_) => {
                self.draft.pop();
            }
        }
        Some(taken)
    }

    /// The `i`-th of the table's choices, taken by the device at once. `None`: no such choice.
    pub fn table_choice(&self, device: &mut JointDevice, i: usize) -> Option<Result<(), PlayError>> {
        let choice = self.table_choices(device).get(i).cloned()?;
        Some(match choice {
            TableChoice::EndSeason { .. } => device.act(Action::EndSeasonByAgreement),
            TableChoice::GiveUp { left, .. } => device.give_up(left),
        })
    }

    /// Whether no step of the Day is kept: the device's letters may go.
    pub fn is_empty(&self) -> bool {
        self.draft.is_empty()
    }
}
