//! Whole games played through the protocol by 2, 3 and 4 simulated devices (DEAL-PROTOCOL.md,
//! "Playing the Season"), every message through the wire form, each device's seat played by a
//! computer player planning on the game as its seat knows it; cheats, each as the cheating
//! device would do it; and the wire form's refusals. One test binary, its modules below.

mod play {
    pub mod cheats;
    pub mod inbox;
    pub mod leaving;
    pub mod saving;
    pub mod scrambled;
    pub mod table;
    pub mod wire;
}

use lauzait_bots::Level;
use play::scrambled::{Carrier, ScrambledTable};
use play::table::Table;
use proptest::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

fn levels(seed: &[u8]) -> Vec<Level> {
    (0..4).map(|seat| if seed[seat] % 4 == 0 { Level::Normal } else { Level::Easy }).collect()
}

/// A whole game of `players` from `seed`, checked at every step (`Table::play_day`), then its
/// record replayed by the plain engine.
fn whole_game(players: usize, luminous: bool, seed: &[u8]) -> Table {
    let mut table = Table::new(players, luminous, seed);
    table.play_to_the_end(&levels(seed), u64::from(seed[0]));
    table.check_record();
    table
}

#[test]
fn r6_r40_whole_games_of_two_three_and_four_devices() {
    for (players, luminous) in [(2, true), (3, false), (4, true)] {
        let table = whole_game(players, luminous, format!("whole game {players}").as_bytes());
        assert!(table.seasons >= players, "{} Seasons of {players}", table.seasons);
    }
}

/// The property test's cases by default: enough to meet 2, 3 and 4 devices in a few seconds.
const DEFAULT_CASES: u32 = 8;

/// Cases of the property test below: `JOINT_PLAY_CASES=1000 cargo test --profile test-release
/// -p lauzait-joint-play --test play r6_r40_fresh_entropy -- --nocapture` plays a thousand
/// games, some 3 000 Seasons, and says how many Seasons it played; the default keeps the test
/// binary quick.
fn cases() -> u32 {
    std::env::var("JOINT_PLAY_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(DEFAULT_CASES)
}

/// Seasons the property test has played, for its report on a long run.
static SEASONS: AtomicUsize = AtomicUsize::new(0);

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// R6, R40 over fresh entropy: at every step every device opens exactly its seat's nine,
    /// the board, the luminous piece and the pieces shown so far; every device's public game
    /// is the same; and the finished record replays with the plain engine to the game every
    /// device shows.
    #[test]
    fn r6_r40_fresh_entropy_whole_games(seed in any::<[u8; 32]>(), players in 2usize..=4, luminous in any::<bool>()) {
        let table = whole_game(players, luminous, &seed);
        let seasons = SEASONS.fetch_add(table.seasons, Ordering::Relaxed) + table.seasons;
        if cases() > DEFAULT_CASES {
            eprintln!("{seasons} Seasons played through the protocol");
        }
    }
}

/// The record of `whole_game(players, luminous, seed)` played again through `carrier`.
fn through(carrier: Carrier, players: usize, luminous: bool, seed: &[u8]) -> ScrambledTable {
    let mut table = ScrambledTable::new(players, luminous, seed, carrier);
    let record = table.play_to_the_end(&levels(seed), u64::from(seed[0]));
    let in_order = whole_game(players, luminous, seed);
    assert_eq!(Some(record), in_order.devices[0].record(), "another game than the one delivered in order");
    table
}

/// A device closed and reopened from its save at any point of a Season (mid-deal, mid-throw,
/// mid-publication) goes on as if it had never been closed: the same game, the same record.
#[test]
fn r6_r40_a_device_restored_from_its_save_at_any_point_plays_the_same_game() {
    for (players, luminous) in [(2, true), (3, false), (4, true)] {
        let carrier = Carrier { scrambled: false, repeat_one_in: None, reload_one_in: Some(25) };
        let table = through(carrier, players, luminous, format!("whole game {players}").as_bytes());
        assert!(table.reloads >= 3, "{} reloads", table.reloads);
    }
}

/// Every copy of every message delivered in a random order, one in six twice: each device's
/// inbox holds what comes early and ignores repeats, and the game is the one delivered in
/// order.
#[test]
fn r6_r40_messages_in_any_order_and_some_twice_give_the_same_game() {
    let (mut repeats, mut held_most) = (0, 0);
    for (players, luminous) in [(2, false), (3, true), (4, true)] {
        let carrier = Carrier { scrambled: true, repeat_one_in: Some(6), reload_one_in: None };
        let table = through(carrier, players, luminous, format!("whole game {players}").as_bytes());
        repeats += table.repeats;
        held_most = held_most.max(table.held_most);
    }
    // Some messages came early and were held, and some twice.
    assert!(repeats > 100 && held_most >= 2, "{repeats} repeats, at most {held_most} held at once");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases() / 2, failure_persistence: None, ..ProptestConfig::default() })]

    /// Over fresh entropy and a fresh carrier: messages in a random order, some twice, and
    /// devices closed and reopened from their saves at random points, give the game delivered
    /// in order to devices never closed.
    #[test]
    fn r6_r40_any_order_repeats_and_reloads_give_the_same_game(seed in any::<[u8; 32]>(), players in 2usize..=4, luminous in any::<bool>()) {
        let carrier = Carrier { scrambled: true, repeat_one_in: Some(5), reload_one_in: Some(150) };
        through(carrier, players, luminous, &seed);
    }
}

/// The time and the bytes of a whole Season natively (DEAL-PROTOCOL.md, "Measured"):
/// `cargo test --profile test-release -p lauzait-joint-play --test play measured -- --ignored --nocapture`.
#[test]
#[ignore]
fn measured_seasons_of_two_and_four_devices() {
    for players in [2, 4] {
        let (mut seasons, mut bytes, mut actions) = (0, 0, 0);
        let mut tables = Vec::new();
        let started = Instant::now();
        for game in 0..5u8 {
            let table = whole_game(players, true, &[game, players as u8, 7, 7]);
            seasons += table.seasons;
            actions += table.actions;
            bytes += table.sent.iter().sum::<usize>();
            tables.push(table);
        }
        let elapsed = started.elapsed();
        println!(
            "{players} devices: {seasons} Seasons, {:.0} ms a Season (all devices, checks included), \
             {:.0} actions and {:.1} KB sent by all devices a Season",
            elapsed.as_secs_f64() * 1000.0 / seasons as f64,
            actions as f64 / seasons as f64,
            bytes as f64 / seasons as f64 / 1000.0
        );
        // A finished game's saves, the largest a device writes, and the time to restore one
        // (its whole game replayed).
        let (mut saved, mut restoring) = (0, std::time::Duration::ZERO);
        for table in &tables {
            for device in &table.devices {
                let save = device.save();
                saved += save.len();
                let started = Instant::now();
                let restored = lauzait_joint_play::PlayDevice::restore(&save).unwrap();
                restoring += started.elapsed();
                assert_eq!(restored.record(), device.record());
            }
        }
        let saves = (tables.len() * players) as f64;
        println!(
            "{players} devices: a finished game's save {:.1} KB a device ({:.1} KB a Season), restored in {:.0} ms",
            saved as f64 / saves / 1000.0,
            saved as f64 / saves / (seasons as f64 / tables.len() as f64) / 1000.0,
            restoring.as_secs_f64() * 1000.0 / saves
        );
    }
}
