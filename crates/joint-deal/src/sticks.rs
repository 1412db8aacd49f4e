//! Sticks nobody can foresee (R5, R12.6): every device commits, in its greeting, to the head
//! of a SHA-256 hash chain of its own, and reveals the chain backwards, one value per throw.
//! A throw is decided by every device's next value together, each revealed only once the
//! move that needs the throw is fixed; since every value is bound by the head, no device can
//! choose its value after seeing the others', only withhold it, which stalls the throw and
//! names it.
//!
//! A Season's first value may instead draw who starts it and which way (R7, where chance
//! decides: the first Season, and ties), so that no device chooses that either
//! ([`start_from`]).
//!
//! From the combined hash to the sticks: R5's five sticks are each dark with odds ½, so a
//! throw is five fair bits. The low five bits of the combined hash's first byte are the five
//! sticks, stick `i` dark when bit `i` is set: each of the 32 patterns comes from exactly 8 of
//! the 256 byte values, so the ratio is exact and nothing is rejected
//! (`every_byte_gives_the_odds_of_r5_exactly`).

use super::error::{Cheat, DealError, Fault, Step};
use super::ids::{Device, Digest};
use lauzait_engine::{Direction, StartRule, Sticks};
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
    sticks_from_byte(combined(b"lauzait-joint-deal/throw/v1", context, throw, values).0[0])
}

/// Every device's value for `throw`, in seat order, hashed together under `label`.
fn combined(label: &[u8], context: &[u8; 32], throw: u32, values: &[Digest]) -> Digest {
    let mut h = Sha256::new();
    h.update(label);
    h.update(context);
    h.update(throw.to_le_bytes());
    values.iter().for_each(|v| h.update(v.0));
    Digest(h.finalize().into())
}

/// R7's draw: who of `rule`'s players starts and, where R7 leaves it open, which way, from
/// a value every device's chain gave together. The start is the draw's first eight bytes, as
/// a number, modulo the number who may start (off uniform by less than 2⁻⁶⁰); the direction,
/// when open, the ninth byte's lowest bit.
pub fn start_from(rule: &StartRule, draw: &Digest) -> (usize, Direction) {
    let starts = rule.starts();
    let mut number = [0; 8];
    number.copy_from_slice(&draw.0[..8]);
    let start = starts[(u64::from_le_bytes(number) % starts.len() as u64) as usize];
    let direction = rule.direction(start).unwrap_or(if draw.0[8] & 1 == 1 {
        Direction::Clockwise
    } else {
        Direction::Counterclockwise
    });
    (start, direction)
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
        let values = self.take_values()?;
        Ok(combine(&self.context, self.throw - 1, &values))
    }

    /// The value under way decided as R7's draw of the Season's start ([`start_from`]) rather
    /// than as sticks, once every value is in; the next throw begins.
    pub fn decide_start(&mut self, rule: &StartRule) -> Result<(usize, Direction), DealError> {
        let values = self.take_values()?;
        let draw = combined(b"lauzait-joint-deal/start/v1", &self.context, self.throw - 1, &values);
        Ok(start_from(rule, &draw))
    }

    /// Every device's value for the throw under way, once all are in; the next throw begins.
    fn take_values(&mut self) -> Result<Vec<Digest>, DealError> {
        let values: Option<Vec<Digest>> = self.pending.iter().copied().collect();
        let values = values.ok_or_else(|| DealError::ThrowPending { throw: self.throw, awaited: self.awaited() })?;
        self.last = values.clone();
        self.pending.iter_mut().for_each(|v| *v = None);
        self.throw += 1;
        Ok(values)
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
