//! `lauzait rate` on the command line: a finished game's record rated per person as a
//! table (docs/rating.md), one seat by colour or number, and a record it cannot rate
//! refused with the reason.

use lauzait_bots::{plan_day, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, Record, Status};
use lauzait_tools::rate::{rate, table};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::path::PathBuf;
use std::process::{Command, Output};

const PLAYOUTS: &str = "4";

/// Six Days of a two-player game of Normal players, then the game ended by agreement (R20).
fn finished_game() -> Game {
    let mut chance = seeded(11);
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    for _ in 0..6 {
        if game.status() != Status::Playing {
            break;
        }
        let view = game.view(game.to_move()).unwrap();
        for a in plan_day(Level::Normal, &view, &mut rng, 0).unwrap() {
            game.apply(a, &mut chance).unwrap();
        }
    }
    if !matches!(game.status(), Status::GameOver { .. }) {
        game.apply(Action::EndGameByAgreement, &mut chance).unwrap();
    }
    game
}

/// `text` in a file of this test's own.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("lauzait-rate-{}-{name}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

fn lauzait_rate(path: &PathBuf, more: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lauzait"));
    command.arg("rate").arg(path).args(["--playouts", PLAYOUTS]).args(more);
    command.output().unwrap()
}

#[test]
fn rate_prints_a_row_per_person_and_one_seat_by_colour_or_number() {
    let text = Record::of(&finished_game()).to_string();
    let path = file("full", &text);
    let all = lauzait_rate(&path, &[]);
    assert!(all.status.success(), "{}", String::from_utf8_lossy(&all.stderr));
    let stdout = String::from_utf8(all.stdout).unwrap();
    let expected = table(&rate(&text, None, PLAYOUTS.parse().unwrap()).unwrap());
    assert_eq!(stdout, expected);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("  seat  score  margin  days  agreement  costly  accuracy"), "{stdout}");
    assert!(lines[1].trim_start().starts_with("red") && lines[2].trim_start().starts_with("blue"), "{stdout}");
    // One seat: its own row, the same by colour and by number.
    let blue = lauzait_rate(&path, &["--seat", "blue"]);
    let second = lauzait_rate(&path, &["--seat", "2"]);
    assert!(blue.status.success());
    assert_eq!(blue.stdout, second.stdout);
    let blue = String::from_utf8(blue.stdout).unwrap();
    assert_eq!(blue.lines().nth(1), Some(lines[2]));
    assert_eq!(blue.lines().count(), 3, "the header, the row and the note");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn rate_refuses_what_it_cannot_rate_and_says_why() {
    let game = finished_game();
    let cases = [
        ("unknown-seat", Record::of(&game).to_string(), vec!["--seat", "yellow"], "no seat \"yellow\" at this table"),
        ("public", Record::public(&game).to_string(), vec![], "keeps the hands hidden"),
        ("not-a-record", "LZR9 hello".to_string(), vec![], "not a game record"),
    ];
    for (name, text, more, why) in cases {
        let path = file(name, &text);
        let out = lauzait_rate(&path, &more);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && out.stdout.is_empty(), "{name}");
        assert!(stderr.contains(why), "{name}: {stderr}");
        std::fs::remove_file(path).unwrap();
    }
    let missing = lauzait_rate(&PathBuf::from("/nonexistent/record.txt"), &[]);
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("cannot read"));
}
