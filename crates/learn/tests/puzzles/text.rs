//! The puzzles' text format: every puzzle reads back equal from its line, and a damaged line
//! is refused with its number and the fault, never a panic.

use lauzait_bots::whole_day::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, SeatView, Status};
use lauzait_learn::puzzles::text::{from_text, to_text};
use lauzait_learn::puzzles::{Difficulty, Margin, Puzzle, PuzzleTextError, PuzzleTextFault, Theme};
use proptest::prelude::*;

/// A puzzle-shaped value from a real position: `days` Days of Normal players from `seed`,
/// then the Normal player's Day as the solution (the other fields are free).
fn puzzle(players: usize, seed: u64, days: u32, margin: u32, themes: &[bool], difficulty: usize) -> Option<Puzzle> {
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, true).unwrap(), &mut chance);
    for day in 0..=days {
        if game.status() == Status::SeasonOver {
            game.apply(Action::NextSeason, &mut chance).ok()?;
        }
        if game.status() != Status::Playing {
            return None;
        }
        let seat = game.to_move();
        let (plan, _) = plan_whole_day(&game, seat, Level::Normal, seed ^ day as u64, 0).ok()?;
        if day == days {
            let view = SeatView::new(&game.view(seat)?);
            let themes: Vec<Theme> = Theme::all().zip(themes).filter(|(_, &on)| on).map(|(t, _)| t).collect();
            let themes = if themes.is_empty() { vec![Theme::Hiring] } else { themes };
            let difficulty = Difficulty::ALL[difficulty];
            return Some(Puzzle { view, solution: plan, margin: Margin { tenths: margin }, themes, difficulty });
        }
        for action in plan {
            game.apply(action, &mut chance).ok()?;
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_puzzle_reads_back_equal_from_its_line(
        players in 2usize..=4,
        seed in any::<u64>(),
        days in 0u32..12,
        margin in 0u32..1_000_000,
        themes in proptest::collection::vec(any::<bool>(), 14),
        difficulty in 0usize..3,
    ) {
        let Some(p) = puzzle(players, seed, days, margin, &themes, difficulty) else { return Ok(()) };
        let line = p.to_line();
        prop_assert!(!line.contains('\n'));
        prop_assert_eq!(Puzzle::from_line(&line), Ok(p.clone()));
        let text = to_text("made by a test\nsecond line", std::slice::from_ref(&p));
        prop_assert_eq!(from_text(&text), Ok(vec![p]));
    }
}

fn sample_line() -> String {
    puzzle(3, 5, 4, 42, &[false; 14], 1).expect("a Day of a running game").to_line()
}

/// The fault of `line` as the file's third line.
fn fault(line: &str) -> PuzzleTextFault {
    match from_text(&format!("# a header\n\n{line}\n")) {
        Err(PuzzleTextError { line: 3, fault }) => fault,
        other => panic!("line 3 should be refused: {other:?}"),
    }
}

#[test]
fn a_damaged_line_is_refused_with_its_number_and_fault() {
    let good = sample_line();
    let field = |i: usize, new: &str| {
        let mut fields: Vec<&str> = good.splitn(6, ';').collect();
        fields[i] = new;
        fields.join(";")
    };
    assert!(matches!(fault(&field(0, "pz2")), PuzzleTextFault::Mark { found } if found == "pz2"));
    assert!(matches!(fault("pz1;easy;4.2"), PuzzleTextFault::MissingField { field: "themes" }));
    assert!(matches!(fault(&field(1, "tricky")), PuzzleTextFault::Difficulty { .. }));
    for margin in ["4", "4.25", "-1.0", ".5", "4.", "x.1", "99999999.0"] {
        assert!(matches!(fault(&field(2, margin)), PuzzleTextFault::Margin { .. }), "{margin}");
    }
    assert_eq!(fault(&field(3, "")), PuzzleTextFault::NoTheme);
    assert!(matches!(fault(&field(3, "form,chess")), PuzzleTextFault::Theme { found } if found == "chess"));
    // Out of order, or twice: not what the format writes.
    assert!(matches!(fault(&field(3, "water,form")), PuzzleTextFault::Theme { .. }));
    assert!(matches!(fault(&field(3, "form,form")), PuzzleTextFault::Theme { .. }));
    assert!(matches!(fault(&field(4, "G5 b2 >z9")), PuzzleTextFault::Solution(_)));
    assert_eq!(fault(&field(4, "G5 b2")), PuzzleTextFault::NotOneDay);
    assert_eq!(fault(&field(4, "! !")), PuzzleTextFault::NotOneDay);
    assert!(matches!(fault(&field(5, "sv1 0 2 zz")), PuzzleTextFault::View(_)));
    assert!(matches!(fault("just words"), PuzzleTextFault::Mark { .. }));
    // A line of a megabyte comes back as an excerpt, not a megabyte of message.
    let long = "x".repeat(1 << 20);
    assert!(matches!(fault(&long), PuzzleTextFault::Mark { found } if found.len() < 100));
    assert!(fault(&field(1, "tricky")).to_string().contains("easy, normal or hard"));
}

#[test]
fn a_file_keeps_its_puzzles_in_order_and_skips_comments() {
    let a = puzzle(2, 8, 2, 31, &[true; 14], 0).unwrap();
    let b = puzzle(4, 9, 7, 150, &[false; 14], 2).unwrap();
    let text = to_text("header", &[a.clone(), b.clone()]);
    assert!(text.starts_with("# header\n"));
    assert_eq!(from_text(&text), Ok(vec![a, b]));
    assert_eq!(from_text(""), Ok(vec![]));
}
