//! A whole deal by every device, natively: `cargo bench -p lauzait-joint-deal`. Figures are
//! in BENCHMARKS.md ("Joint deal") and DEAL-PROTOCOL.md ("Measured").

use lauzait_joint_deal::simulation;

use criterion::{criterion_group, criterion_main, Criterion};

fn joint_deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("joint_deal");
    group.sample_size(10);
    for players in [2, 4] {
        group.bench_function(format!("{players}_devices"), |b| b.iter(|| simulation::whole_deal(players, b"bench")));
    }
    group.finish();
}

criterion_group!(benches, joint_deal);
criterion_main!(benches);
