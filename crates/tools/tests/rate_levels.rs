//! `lauzait rate-levels`: the same figures for a seed whatever the threads, each level's
//! figures summed up from exactly what `rate_game` gives for each game, and arguments that
//! make no run refused with what to change.

use lauzait_bots::Level;
use lauzait_rating::{rate_game, GameRating};
use lauzait_tools::level_figures::{table, LevelFigures};
use lauzait_tools::rate_levels::{game_record, rate_levels, RateLevelsConfig, RateLevelsError};
use lauzait_tools::stats::MeanDeviation;
use lauzait_tools::tournament::TournamentConfig;
use lauzait_tools::tournament_error::TournamentError;
use std::process::{Command, Output};

/// Short games (three Days a Season) and few playouts, so that a run takes well under a second.
fn tiny(seats: Vec<Level>, games: u64) -> RateLevelsConfig {
    let games = TournamentConfig {
        seats,
        games,
        seed: 7,
        playouts: 4,
        strong: Default::default(),
        max_days: 3,
        luminous: true,
    };
    RateLevelsConfig { games, playouts: 2 }
}

fn lauzait_rate_levels(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lauzait")).arg("rate-levels").args(args).output().unwrap()
}

const TINY_RUN: [&str; 12] = [
    "--seats",
    "easy,strong",
    "--games",
    "2",
    "--seed",
    "7",
    "--playouts",
    "2",
    "--strong-playouts",
    "4",
    "--max-days",
    "3",
];

#[test]
fn the_same_seed_rates_the_same_whatever_the_threads() {
    let config = tiny(vec![Level::Easy, Level::Strong], 2);
    let one = rate_levels(&config, 1, |_| {}).unwrap();
    assert_eq!(rate_levels(&config, 64, |_| {}).unwrap(), one, "more threads than games");
    let outputs: Vec<Output> =
        ["1", "2"].iter().map(|t| lauzait_rate_levels(&[&TINY_RUN[..], &["--threads", t]].concat())).collect();
    for out in &outputs {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(outputs[0].stdout, outputs[1].stdout);
    let stdout = String::from_utf8(outputs[0].stdout.clone()).unwrap();
    let command =
        "lauzait rate-levels --seats easy,strong --games 2 --seed 7 --playouts 2 --strong-playouts 4 --max-days 3";
    assert_eq!(stdout, format!("{command}\n{}", table(&one)));
}

#[test]
fn each_level_sums_up_what_rate_game_gives_for_each_game() {
    let config = tiny(vec![Level::Easy, Level::Strong], 2);
    let summary = rate_levels(&config, 1, |_| {}).unwrap();
    // By hand: both games played again, every seat rated, each rating kept with its level.
    let mut by_hand: Vec<(Level, GameRating)> = Vec::new();
    for g in 0..2 {
        let (levels, record) = game_record(&config.games, g).unwrap();
        // Seats rotate: game 1 seats the levels the other way round on the same deal.
        let rotated = if g == 0 { [Level::Easy, Level::Strong] } else { [Level::Strong, Level::Easy] };
        assert_eq!(levels, rotated);
        for (seat, level) in levels.into_iter().enumerate() {
            by_hand.push((level, rate_game(&record, seat, config.playouts).unwrap()));
        }
    }
    assert_eq!(summary.keys().copied().collect::<Vec<_>>(), [Level::Easy, Level::Strong]);
    for (level, figures) in &summary {
        let mine: Vec<&GameRating> = by_hand.iter().filter(|(l, _)| l == level).map(|(_, r)| r).collect();
        let each = |figure: &dyn Fn(&GameRating) -> f64| {
            MeanDeviation::of(&mine.iter().map(|r| figure(r)).collect::<Vec<_>>())
        };
        let with_a_day = |figure: &dyn Fn(&GameRating) -> Option<f64>| {
            MeanDeviation::of(&mine.iter().filter_map(|r| figure(r)).collect::<Vec<_>>())
        };
        let expected = LevelFigures {
            games: 2,
            days: mine.iter().map(|r| r.days.len() as u64).sum(),
            agreement: with_a_day(&|r| r.agreement()),
            costly: each(&|r| r.costly() as f64),
            accuracy: with_a_day(&|r| r.accuracy()),
            skill: each(&|r| r.skill()),
            luck: each(&|r| r.luck()),
            score_difference: each(&|r| r.score_difference()),
        };
        assert_eq!(figures, &expected, "{level}");
        assert!(figures.days > 0 && figures.agreement.count == 2, "{level}: both games have Days");
        // The margin splits into skill and luck on average as in each game.
        let split = figures.skill.mean + figures.luck.mean - figures.score_difference.mean;
        assert!(split.abs() < 1e-9, "{level}: {split}");
    }
}

#[test]
fn arguments_that_make_no_run_are_refused_with_what_to_change() {
    let refused = |config: &RateLevelsConfig| rate_levels(config, 1, |_| {}).unwrap_err();
    assert_eq!(refused(&tiny(vec![Level::Easy; 2], 0)), RateLevelsError::NoGames);
    let mut no_playouts = tiny(vec![Level::Easy; 2], 1);
    no_playouts.playouts = 0;
    assert_eq!(refused(&no_playouts), RateLevelsError::NoPlayouts);
    assert!(matches!(refused(&tiny(vec![Level::Easy], 1)), RateLevelsError::Games(TournamentError::Seats(_))));
    assert!(game_record(&tiny(vec![Level::Easy; 5], 1).games, 0).is_err());

    let cases: [(&[&str], &str); 8] = [
        (&["--seats", "easy", "--games", "1", "--seed", "1"], "--seats: a game has 2 to 4 players, not 1"),
        (&["--seats", "easy,easy,easy,easy,easy", "--games", "1", "--seed", "1"], "not 5"),
        (&["--seats", "easy,wizard", "--games", "1", "--seed", "1"], "unknown level 'wizard' (easy, normal or strong)"),
        (&["--seats", "easy,normal", "--games", "0", "--seed", "1"], "--games"),
        (&["--seats", "easy,normal", "--games", "1", "--seed", "1", "--playouts", "0"], "--playouts"),
        (&["--seats", "easy,normal", "--games", "1", "--seed", "1", "--threads", "0"], "--threads"),
        (&["--seats", "easy,normal", "--games", "1"], "--seed"),
        (&["--seats", "easy,normal", "--games", "many", "--seed", "1"], "invalid value 'many'"),
    ];
    for (args, why) in cases {
        let out = lauzait_rate_levels(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && out.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    }
}

/// With no Day a Season (`--max-days 0` ends each by agreement at its start, R20), no
/// person has a Day: agreement and accuracy have nothing to stand on and read "-", not 0.
#[test]
fn a_level_without_a_day_has_no_agreement_or_accuracy() {
    let out = lauzait_rate_levels(&["--seats", "easy,normal", "--games", "1", "--seed", "1", "--max-days", "0"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let easy = stdout.lines().find(|l| l.trim_start().starts_with("easy")).unwrap();
    let cells: Vec<&str> = easy.split_whitespace().collect();
    assert_eq!(cells[..8], ["easy", "1", "0", "-", "-", "0.00", "-", "-"], "{stdout}");
    assert!(stdout.contains("easy: 1 of 1 games without a Day, left out of agreement and accuracy"), "{stdout}");
}
