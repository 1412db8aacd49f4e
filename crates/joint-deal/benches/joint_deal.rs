//! A whole deal by every device, natively: `cargo bench -p lauzait-joint-deal`. Figures are
//! in BENCHMARKS.md ("Joint deal").

use criterion::{criterion_group, criterion_main, Criterion};
use lauzait_engine::{DealLayout, PlayerCount};
use lauzait_joint_deal::{DealDevice, DealId, DealSetup, DeviceEntropy, Message, Outgoing, Recipient};
use std::collections::VecDeque;

/// Deals one Season with one device per seat, every message delivered in the order sent,
/// every device opening its positions; then every device publishes and verifies.
fn deal(players: PlayerCount, seed: u8) {
    let setup = DealSetup::new(DealId([seed; 32]), DealLayout::new(players, true), 64).unwrap();
    let mut devices = Vec::new();
    let mut queue: VecDeque<Outgoing> = VecDeque::new();
    for device in setup.all_devices() {
        let (d, out) = DealDevice::new(setup, device, &DeviceEntropy([seed ^ device.index() as u8; 64])).unwrap();
        devices.push(d);
        queue.extend(out);
    }
    deliver(&mut devices, &mut queue);
    for device in &mut devices {
        queue.extend(device.publish().unwrap());
    }
    deliver(&mut devices, &mut queue);
    assert!(devices.iter().all(|d| d.verified().is_some()));
}

fn deliver(devices: &mut [DealDevice], queue: &mut VecDeque<Outgoing>) {
    while let Some(Outgoing { to, message }) = queue.pop_front() {
        for device in devices.iter_mut() {
            let addressed = match to {
                Recipient::Everyone => true,
                Recipient::Device(d) => d == device.me(),
            };
            if addressed && device.me() != message.from() {
                let out = device.receive(Message::clone(&message)).unwrap();
                queue.extend(out);
            }
        }
    }
}

fn joint_deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("joint_deal");
    group.sample_size(10);
    for (name, players) in [("2_devices", PlayerCount::Two), ("4_devices", PlayerCount::Four)] {
        group.bench_function(name, |b| b.iter(|| deal(players, 7)));
    }
    group.finish();
}

criterion_group!(benches, joint_deal);
criterion_main!(benches);
