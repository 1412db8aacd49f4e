//! What one message brings and takes away, kept out of the model: the time it arrived, its
//! fresh entropy, and the effects asked for while it is handled. Every `update` gets one;
//! nothing of it outlives the message.

use super::chance::MessageChance;
use super::effect::Effect;

pub struct Ctx {
    /// The shell's clock when the message arrived (ms).
    pub now: f64,
    /// The message's fresh entropy.
    pub chance: MessageChance,
    effects: Vec<Effect>,
}

impl Ctx {
    pub fn new(now: f64, entropy: u64) -> Ctx {
        Ctx { now, chance: MessageChance::new(entropy), effects: Vec::new() }
    }

    /// Asks the shell to do something once the message is handled.
    pub fn emit(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// The effects asked for, in order.
    pub fn into_effects(self) -> Vec<Effect> {
        self.effects
    }
}
