//! Whole games played through the protocol by 2, 3 and 4 simulated devices (DEAL-PROTOCOL.md,
//! "Playing the Season"), every message through the wire form, each device's seat played by a
//! computer player planning on the game as its seat knows it; cheats, each as the cheating
//! device would do it; and the wire form's refusals. One test binary, its modules below.

mod play {
    pub mod cheats;
    pub mod table;
    pub mod wire;
}

use lauzait_bots::Level;
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

/// The time and the bytes of a whole Season natively (DEAL-PROTOCOL.md, "Measured"):
/// `cargo test --profile test-release -p lauzait-joint-play --test play measured -- --ignored --nocapture`.
#[test]
#[ignore]
fn measured_seasons_of_two_and_four_devices() {
    for players in [2, 4] {
        let (mut seasons, mut bytes, mut actions) = (0, 0, 0);
        let started = Instant::now();
        for game in 0..5u8 {
            let table = whole_game(players, true, &[game, players as u8, 7, 7]);
            seasons += table.seasons;
            actions += table.actions;
            bytes += table.sent.iter().sum::<usize>();
        }
        let elapsed = started.elapsed();
        println!(
            "{players} devices: {seasons} Seasons, {:.0} ms a Season (all devices, checks included), \
             {:.0} actions and {:.1} KB sent by all devices a Season",
            elapsed.as_secs_f64() * 1000.0 / seasons as f64,
            actions as f64 / seasons as f64,
            bytes as f64 / seasons as f64 / 1000.0
        );
    }
}
