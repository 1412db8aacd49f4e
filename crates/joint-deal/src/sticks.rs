//! Sticks nobody can foresee (R5, R12.6): every device commits, in its greeting, to the head
//! of a SHA-256 hash chain of its own, and reveals the chain backwards, one value per throw.
//! A throw is decided by every device's next value together, each revealed only once the
//! move that needs the throw is fixed; since every value is bound by the head, no device can
//! choose its value after seeing the others', only withhold it, which stalls the throw and
//! names it.
//!
//! From the combined hash to the sticks: R5's five sticks are each dark with odds ½, so a
//! throw is five fair bits. The low five bits of the combined hash's first byte are the five
//! sticks, stick `i` dark when bit `i` is set: each of the 32 patterns comes from exactly 8 of
//! the 256 byte values, so the ratio is exact and nothing is rejected
//! (`every_byte_gives_the_odds_of_r5_exactly`).

use super::error::{Cheat, DealError, Fault, Step};
use super::ids::{Device, Digest};
use lauzait_engine::Sticks;
use sha2::{Digest as _, Sha256};

/// The value before `value` in a chain: what `value` must hash to.
pub fn chain_step(value: &Digest) -> Digest {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-deal/chain/v1");
    h.update(value.0);
    Digest(h.finalize().into())
}

/// One device's hash chain: `values[0]` is the head it commits to, `values[t]` its value for
/// throw `t`, each hashing to the one before.
#[derive(Clone, Debug)]
pub struct HashChain {
    values: Vec<Digest>,
}

impl HashChain {
    /// A chain of `throws` values after its head, from `seed`.
    pub fn new(seed: [u8; 32], throws: u32) -> HashChain {
        let mut value = Digest(seed);
        let mut values = vec![value];
        for _ in 0..throws {
            value = chain_step(&value);
            values.push(value);
        }
        values.reverse();
        HashChain { values }
    }

    pub fn head(&self) -> Digest {
        self.values[0]
    }

    /// The value for throw `throw` (from 1), if the chain reaches it.
    pub fn value(&self, throw: u32) -> Option<Digest> {
        (throw > 0).then(|| self.values.get(throw as usize).copied()).flatten()
    }
}

/// The sticks a combined byte shows: stick `i` dark when bit `i` is set (module docs).
pub fn sticks_from_byte(byte: u8) -> Sticks {
    Sticks(std::array::from_fn(|i| byte >> i & 1 == 1))
}

/// Throw `throw`'s sticks from every device's value, in seat order.
pub fn combine(context: &[u8; 32], throw: u32, values: &[Digest]) -> Sticks {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-deal/throw/v1");
    h.update(context);
    h.update(throw.to_le_bytes());
    values.iter().for_each(|v| h.update(v.0));
    sticks_from_byte(h.finalize()[0])
}

/// The throws of one Season as one device follows them: each device's last accepted value
/// (its head at first) and the values revealed so far for the throw under way.
#[derive(Clone, Debug)]
pub struct Throws {
    context: [u8; 32],
    limit: u32,
    last: Vec<Digest>,
    /// The throw under way, counted from 1.
    throw: u32,
    pending: Vec<Option<Digest>>,
}

impl Throws {
    /// Throws after every device's head, in seat order.
    pub fn new(context: [u8; 32], limit: u32, heads: Vec<Digest>) -> Throws {
        let pending = vec![None; heads.len()];
        Throws { context, limit, last: heads, throw: 1, pending }
    }

    /// The throw under way, counted from 1.
    pub fn current(&self) -> u32 {
        self.throw
    }

    /// Takes `device`'s value for `throw`. A value for the throw under way must hash to the
    /// device's previous one; a repeat of an accepted value changes nothing; a value for
    /// another throw is refused without blame (it may be early or late).
    pub fn receive(&mut self, device: Device, throw: u32, value: Digest) -> Result<(), DealError> {
        let i = device.index();
        if throw < self.throw {
            return Ok(());
        }
        if throw > self.throw {
            return Err(DealError::OutOfTurn { from: device, awaited: self.awaited() });
        }
        if throw > self.limit {
            return Err(DealError::ChainSpent { throws: self.limit });
        }
        let step = Step::Throw { throw };
        if chain_step(&value) != self.last[i] {
            return Err(Cheat { device, step, fault: Fault::ChainMismatch }.into());
        }
        self.pending[i] = Some(value);
        Ok(())
    }

    /// The devices whose value for the throw under way is still missing, in seat order.
    pub fn awaited(&self) -> Vec<Device> {
        self.pending.iter().enumerate().filter(|(_, v)| v.is_none()).map(|(i, _)| Device(i as u8)).collect()
    }

    /// The throw under way decided, once every value is in; the next throw begins.
    pub fn decide(&mut self) -> Result<Sticks, DealError> {
        let values: Option<Vec<Digest>> = self.pending.iter().copied().collect();
        let values = values.ok_or_else(|| DealError::ThrowPending { throw: self.throw, awaited: self.awaited() })?;
        let sticks = combine(&self.context, self.throw, &values);
        self.last = values;
        self.pending.iter_mut().for_each(|v| *v = None);
        self.throw += 1;
        Ok(sticks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_gives_the_odds_of_r5_exactly() {
        // R5: each of the 32 patterns of five fair sticks from exactly 8 of the 256 bytes, so
        // the dark faces are Binomial(5, ½) exactly: 8·C(5, k) bytes give k dark faces.
        let mut patterns = [0u32; 32];
        let mut faces = [0u32; 6];
        for byte in 0..=255u8 {
            let sticks = sticks_from_byte(byte);
            let pattern = sticks.0.iter().enumerate().fold(0, |p, (i, &d)| p | usize::from(d) << i);
            patterns[pattern] += 1;
            faces[usize::from(sticks.dark_faces())] += 1;
        }
        assert!(patterns.iter().all(|&n| n == 8));
        assert_eq!(faces, [8, 40, 80, 80, 40, 8]);
    }

    #[test]
    fn a_chain_reveals_backwards_to_its_head() {
        let chain = HashChain::new([7; 32], 5);
        assert_eq!(chain_step(&chain.value(1).unwrap()), chain.head());
        assert_eq!(chain_step(&chain.value(5).unwrap()), chain.value(4).unwrap());
        assert_eq!(chain.value(5).unwrap(), Digest([7; 32]));
        assert_eq!(chain.value(6), None);
        assert_eq!(chain.value(0), None);
    }
}
