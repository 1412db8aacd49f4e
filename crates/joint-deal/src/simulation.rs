//! A table of simulated devices dealing together (cargo feature `simulation`): every message
//! goes through the wire form, and a test may stand between a device and the others to change
//! what it sends, as a cheating device would. The crate's tests and bench use it, and the
//! browser's timing of a deal (`make deal-timing`, BENCHMARKS.md "Joint deal"), which is why
//! it lives in the library rather than beside the tests: one simulation, measured natively
//! and in the browser alike. Never in a shipped page: a simulated table holds every device's
//! secrets. It panics where a test should fail: a message a device wrote that does not read
//! back, a setup the protocol refuses.

use crate::wire::{decode, encode};
use crate::{DealDevice, DealError, DealId, DealSetup, Device, DeviceEntropy, Message, Outgoing, Recipient};
use lauzait_engine::{DealLayout, PlayerCount};
use sha2::{Digest as _, Sha512};
use std::collections::VecDeque;

/// Throws each simulated device's chain allows.
pub const THROWS: u32 = 64;

pub struct Table {
    pub setup: DealSetup,
    pub devices: Vec<DealDevice>,
    queue: VecDeque<Outgoing>,
    /// Deliver sealed boxes to every device, as a device relaying everything would.
    pub relay_everything: bool,
    /// The clock that [`Table::work`] is read with, when the table is timed.
    clock: Option<Clock>,
    /// Each device's own work so far in the clock's unit: making it, taking each message
    /// delivered to it and publishing. What one phone of the table would spend, the network
    /// aside.
    pub work: Vec<f64>,
}

/// A clock handed in by whoever times the table (the crate itself reads none).
pub type Clock = Box<dyn FnMut() -> f64>;

/// What a cheating device does to its own messages before they leave.
pub type Tamper<'a> = &'a mut dyn FnMut(&[DealDevice], &mut Message);

/// Fresh entropy for device `device` from a test's seed.
pub fn entropy(seed: &[u8], device: usize) -> DeviceEntropy {
    let mut h = Sha512::new();
    h.update(seed);
    h.update([device as u8]);
    DeviceEntropy(h.finalize().into())
}

pub fn players(n: usize) -> PlayerCount {
    PlayerCount::try_from(n as u8).unwrap()
}

impl Table {
    pub fn new(players_at_table: usize, luminous: bool, seed: &[u8]) -> Table {
        Table::timed(players_at_table, luminous, seed, None)
    }

    /// [`Table::new`], each device's work timed by `clock` into [`Table::work`].
    pub fn timed(players_at_table: usize, luminous: bool, seed: &[u8], mut clock: Option<Clock>) -> Table {
        let setup =
            DealSetup::new(DealId([3; 32]), DealLayout::new(players(players_at_table), luminous), THROWS).unwrap();
        let mut devices = Vec::new();
        let mut queue = VecDeque::new();
        let mut work = Vec::new();
        for device in setup.all_devices() {
            let start = read(&mut clock);
            let (d, out) = DealDevice::new(setup, device, &entropy(seed, device.index())).unwrap();
            work.push(read(&mut clock) - start);
            devices.push(d);
            queue.extend(out);
        }
        Table { setup, devices, queue, relay_everything: false, clock, work }
    }

    pub fn device(&self, index: u8) -> Device {
        self.setup.device(index).unwrap()
    }

    /// Delivers every queued message (and every message sent in reply) until none is left;
    /// a refused message goes no further, and every refusal is returned with the device that
    /// refused it.
    pub fn run(&mut self) -> Result<(), Vec<(Device, DealError)>> {
        self.run_tampered(&mut |_, _| {})
    }

    /// [`Table::run`], each message passed through `tamper` before it leaves its sender.
    pub fn run_tampered(&mut self, tamper: Tamper) -> Result<(), Vec<(Device, DealError)>> {
        let mut refused = Vec::new();
        while let Some(outgoing) = self.queue.pop_front() {
            refused.extend(self.deliver(outgoing, tamper));
        }
        if refused.is_empty() {
            Ok(())
        } else {
            Err(refused)
        }
    }

    /// Delivers the first `count` queued messages only; their replies wait in the queue.
    pub fn deliver_first(&mut self, count: usize) {
        for _ in 0..count {
            let Some(outgoing) = self.queue.pop_front() else { return };
            assert_eq!(self.deliver(outgoing, &mut |_, _| {}), vec![]);
        }
    }

    /// One message to every device it is for; their replies queued, their refusals returned.
    fn deliver(&mut self, outgoing: Outgoing, tamper: Tamper) -> Vec<(Device, DealError)> {
        let Outgoing { to, mut message } = outgoing;
        tamper(&self.devices, &mut message);
        let bytes = encode(&message);
        let mut refused = Vec::new();
        for i in 0..self.devices.len() {
            let me = self.devices[i].me();
            let addressed = self.relay_everything || to == Recipient::Everyone || to == Recipient::Device(me);
            if !addressed || me == message.from() {
                continue;
            }
            let start = read(&mut self.clock);
            let received = decode(&bytes).expect("every message a device sends reads back");
            let taken = self.devices[i].receive(received);
            self.work[i] += read(&mut self.clock) - start;
            match taken {
                Ok(out) => self.queue.extend(out),
                Err(e) => refused.push((me, e)),
            }
        }
        refused
    }

    /// Every device publishes its secrets, and every message is delivered.
    pub fn publish_all(&mut self) -> Result<(), Vec<(Device, DealError)>> {
        self.publish_all_tampered(&mut |_, _| {})
    }

    pub fn publish_all_tampered(&mut self, tamper: Tamper) -> Result<(), Vec<(Device, DealError)>> {
        for (device, work) in self.devices.iter_mut().zip(&mut self.work) {
            let start = read(&mut self.clock);
            self.queue.extend(device.publish());
            *work += read(&mut self.clock) - start;
        }
        self.run_tampered(tamper)
    }

    /// Queues messages as if a device had sent them.
    pub fn send(&mut self, out: Vec<Outgoing>) {
        self.queue.extend(out);
    }
}

/// One whole deal with the luminous rule: every device greets, shuffles, locks and opens its
/// positions, then publishes and verifies every step (what the bench and the timing measure).
pub fn whole_deal(players: usize, seed: &[u8]) -> Table {
    whole_deal_timed(players, seed, None)
}

/// [`whole_deal`], each device's work timed by `clock` ([`Table::work`]).
pub fn whole_deal_timed(players: usize, seed: &[u8], clock: Option<Clock>) -> Table {
    let mut table = Table::timed(players, true, seed, clock);
    table.run().unwrap();
    table.publish_all().unwrap();
    assert!(table.devices.iter().all(|d| d.verified().is_some()));
    table
}

/// The clock's reading, or 0 when the table is not timed.
fn read(clock: &mut Option<Clock>) -> f64 {
    clock.as_mut().map_or(0.0, |c| c())
}
