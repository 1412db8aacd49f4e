//! The shipped puzzle set (data/puzzles.txt, made by `lauzait puzzles`, docs/puzzles.md):
//! every line reads, every position is a real one at the start of its seat's Day, every
//! solution is one legal Day from it, its answer stood out by the margin, and the themes and
//! difficulties are all there.

use lauzait_engine::{Action, Status};
use lauzait_learn::puzzles::text::from_text;
use lauzait_learn::puzzles::{themes_of, Difficulty, Theme, MARGIN};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;

/// Puzzles in the shipped set.
const SHIPPED: usize = 1000;

fn shipped() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles.txt");
    std::fs::read_to_string(path).expect("the shipped puzzle set")
}

#[test]
fn every_shipped_puzzle_is_a_legal_day_that_stood_out_by_the_margin() {
    let puzzles = from_text(&shipped()).unwrap_or_else(|e| panic!("{e}"));
    let mut difficulties: BTreeMap<&str, usize> = BTreeMap::new();
    let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut players: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let game = puzzle.view.rebuild().unwrap_or_else(|e| panic!("puzzle {}: {e}", i + 1));
        assert_eq!(game.status(), Status::Playing, "puzzle {}", i + 1);
        assert_eq!(game.to_move(), puzzle.view.seat, "puzzle {}: the Day is its seat's", i + 1);
        assert!(Action::is_one_day(&puzzle.solution), "puzzle {}", i + 1);
        let mut played = game.clone();
        let mut sticks = Pcg64Mcg::seed_from_u64(i as u64);
        for &action in &puzzle.solution {
            played.apply(action, &mut sticks).unwrap_or_else(|e| panic!("puzzle {}: {e}", i + 1));
        }
        // Unique by the margin: the deeper search kept at least half of it (docs/puzzles.md).
        assert!(puzzle.margin.points() >= MARGIN / 2.0, "puzzle {}: margin {}", i + 1, puzzle.margin);
        assert_eq!(themes_of(&game, &puzzle.solution), Ok(puzzle.themes.clone()), "puzzle {}", i + 1);
        *difficulties.entry(puzzle.difficulty.name()).or_default() += 1;
        for theme in &puzzle.themes {
            *themes.entry(theme.name()).or_default() += 1;
        }
        *players.entry(puzzle.view.scores.len()).or_default() += 1;
    }
    eprintln!("{} puzzles\ndifficulties {difficulties:?}\nthemes {themes:?}\nplayers {players:?}", puzzles.len());
    for difficulty in Difficulty::ALL {
        assert!(difficulties.contains_key(difficulty.name()), "no {difficulty} puzzle");
    }
    // R11, R9, R10, R12.6, R30 and a plain Hiring (R12) each have puzzles of their own.
    for theme in [Theme::Declare, Theme::Dissolve, Theme::Form, Theme::Water, Theme::Luminous, Theme::Hiring] {
        assert!(themes.contains_key(theme.name()), "no puzzle of theme {theme}");
    }
    assert_eq!(players.keys().copied().collect::<Vec<_>>(), [2, 3, 4], "tables of 2, 3 and 4 players");
    assert_eq!(puzzles.len(), SHIPPED);
}
