//! Engine speed: `cargo bench` (or `make bench`). Figures are recorded in BENCHMARKS.md.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use lauzait_bots::{self as bots, easy, Level};
use lauzait_engine::hiring::legal_hires;
use lauzait_engine::randomness::seeded;
use lauzait_engine::sets::splits_into_sets;
use lauzait_engine::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::ops::ControlFlow;

/// A position some Days into a four-player game, with a typical spread of pieces.
fn typical_position() -> Game {
    let mut game = Game::new(GameOptions::for_players(4, true).unwrap(), &mut seeded(2024));
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    play_until(&mut game, &mut easy_players(&mut rng), 12);
    game
}

/// Easy players sharing one generator.
fn easy_players(rng: &mut Pcg64Mcg) -> impl Players<Error = &'static str> + '_ {
    |game: &Game, seat: usize| easy::choose(&game.view(seat).unwrap(), rng).ok_or("no action")
}

/// Drives `game` until its first Season is over or Day `day` begins (no Day cap).
fn play_until(game: &mut Game, players: &mut impl Players<Error: std::fmt::Debug>, day: u32) {
    let drive = GameLoop { day_cap: u32::MAX, check_invariants: false };
    drive
        .run(game, players, &mut seeded(0), |game, _, _| {
            if game.status() == Status::Playing && game.day().number < day {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .unwrap();
}

fn hiring(c: &mut Criterion) {
    let game = typical_position();
    let day = game.day();
    let mut group = c.benchmark_group("hiring");
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_hires", |b| {
        b.iter(|| legal_hires(black_box(&day.board), black_box(&day.hand.concealed)))
    });
    group.finish();
}

fn complete_hand(c: &mut Criterion) {
    // Dealt hands (mostly incomplete, as in play) plus complete ones with Jokers.
    let options = GameOptions::for_players(4, false).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut hands: Vec<PieceCounts> =
        (0..1000).map(|_| Game::new(options.clone(), &mut rng).season().hands[0].concealed).collect();
    for codes in
        [["G1", "G2", "J", "W5", "W5", "W5", "J", "G8", "G9"], ["G3", "G3", "G4", "G4", "G5", "G5", "W1", "J", "W3"]]
    {
        let complete: PieceCounts = codes.iter().map(|c| c.parse::<Piece>().unwrap()).collect();
        hands.extend(std::iter::repeat_n(complete, 100));
    }
    let mut group = c.benchmark_group("complete_hand");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("splits_into_sets", |b| {
        b.iter(|| hands.iter().filter(|h| splits_into_sets(black_box(h), PlayerCount::Four)).count())
    });
    group.finish();
}

fn season(c: &mut Criterion) {
    let options = GameOptions::for_players(4, true).unwrap();
    // Days per Season for these seeds, so throughput reads as Days per second.
    let play = |seed: u64| {
        let mut game = Game::new(options.clone(), &mut seeded(seed));
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let drive = GameLoop { day_cap: 1000, check_invariants: false };
        drive
            .run(&mut game, &mut easy_players(&mut rng), &mut seeded(0), |game, _, _| match game.status() {
                Status::Playing => ControlFlow::Continue(()),
                _ => ControlFlow::Break(()),
            })
            .unwrap();
        game.results()[0].days as u64
    };
    let seeds: Vec<u64> = (0..20).collect();
    let days: u64 = seeds.iter().map(|&s| play(s)).sum();
    let mut group = c.benchmark_group("season");
    group.throughput(Throughput::Elements(days));
    group.sample_size(20);
    group.bench_function("easy_players_four_seats", |b| b.iter(|| seeds.iter().map(|&s| play(s)).sum::<u64>()));
    group.finish();
}

fn bots(c: &mut Criterion) {
    // One Day's decision of each level, on a two-player and a four-player position.
    let mut group = c.benchmark_group("bot_decision");
    group.sample_size(10);
    for players in [2, 4] {
        // The first seed whose first Season is still running on Day 8, as Normal plays it.
        let game = (7..)
            .map(|seed| {
                let mut game = Game::new(GameOptions::for_players(players, true).unwrap(), &mut seeded(seed));
                let mut rng = Pcg64Mcg::seed_from_u64(2);
                let mut normal = DayPlanners::new(|game: &Game, seat: usize| {
                    bots::plan_day(Level::Normal, &game.view(seat).unwrap(), &mut rng, 0).ok_or("no plan")
                });
                play_until(&mut game, &mut normal, 8);
                game
            })
            .find(|game| game.status() == Status::Playing)
            .unwrap();
        let view = game.view(game.to_move()).unwrap();
        group.bench_function(format!("normal_{players}p"), |b| {
            b.iter(|| bots::plan_day(Level::Normal, black_box(&view), &mut Pcg64Mcg::seed_from_u64(1), 0))
        });
        group.bench_function(format!("strong_{players}p_default_playouts"), |b| {
            b.iter(|| {
                bots::plan_day(Level::Strong, black_box(&view), &mut Pcg64Mcg::seed_from_u64(1), bots::DEFAULT_PLAYOUTS)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(std::time::Duration::from_secs(4)).warm_up_time(std::time::Duration::from_secs(1));
    targets = hiring, complete_hand, season, bots
}
criterion_main!(benches);
