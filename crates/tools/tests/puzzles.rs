//! `lauzait puzzles`: the same seed gives the same puzzles whatever the threads, and the
//! shipped set is what the tool makes (its first puzzles come again from its command).

use lauzait_learn::puzzles::text::{from_text, to_text};
use lauzait_learn::puzzles::Effort;
use lauzait_tools::puzzles::{puzzles, PuzzlesConfig, Tables};
use std::sync::atomic::{AtomicU64, Ordering};

/// The shipped set's seed and effort (docs/puzzles.md), for only its first puzzles.
fn shipped_config(count: usize) -> PuzzlesConfig {
    PuzzlesConfig { seed: 39, count, tables: Tables::Mixed, effort: Effort::default(), max_days: 200 }
}

#[test]
fn the_same_seed_gives_the_same_puzzles_whatever_the_threads() {
    let config = shipped_config(3);
    let games = AtomicU64::new(0);
    let one = puzzles(&config, 1, |_| {}, |p| games.store(p.games, Ordering::Relaxed)).unwrap();
    assert_eq!(one.len(), 3);
    assert!(games.load(Ordering::Relaxed) >= 1, "progress is reported");
    let two = puzzles(&config, 2, |_| {}, |_| {}).unwrap();
    assert_eq!(to_text("", &one), to_text("", &two));
    let other = puzzles(&PuzzlesConfig { seed: 40, ..config }, 1, |_| {}, |_| {}).unwrap();
    assert_ne!(one, other);
}

#[test]
fn the_shipped_set_begins_with_what_its_command_makes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../learn/data/puzzles.txt");
    let shipped = from_text(&std::fs::read_to_string(path).unwrap()).unwrap();
    let made = puzzles(&shipped_config(3), 1, |_| {}, |_| {}).unwrap();
    assert_eq!(made[..], shipped[..3]);
}

#[test]
fn tables_are_read_from_their_names() {
    assert_eq!("mixed".parse(), Ok(Tables::Mixed));
    assert_eq!("3".parse(), Ok(Tables::Players(3)));
    assert!("5".parse::<Tables>().unwrap_err().to_string().contains("2, 3, 4 or mixed"));
    assert_eq!((0..6).map(|g| Tables::Mixed.players(g)).collect::<Vec<_>>(), [2, 3, 4, 2, 3, 4]);
}
