//! What a device was given, in order: every input that changed it. A device is a pure
//! function of its setup, its seat, its entropy and these, so replaying them restores it
//! exactly ([`crate::save`]).

use super::message::PlayMessage;
use lauzait_engine::Action;
use lauzait_joint_deal::Device;

/// One input a device took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A message from another device, taken or refused for good.
    Received(PlayMessage),
    /// Its own player's action ([`crate::PlayDevice::act`]).
    Acted(Action),
    /// Its own vote to give the Season up without these devices
    /// ([`crate::PlayDevice::give_up`]).
    GaveUp(Vec<Device>),
    /// A message that differed from another its sender sent for the same step: the game
    /// stopped on it ([`crate::Inbox`]).
    Conflicting(PlayMessage),
}
