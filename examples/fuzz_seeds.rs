//! Writes the seed corpus of every fuzz target into the folder given (corpus/<target>/):
//! real records, positions, saves, analyze requests, seats' views, the worker's texts and table mode's
//! traffic, a remote table's letters and the messages of a deal by all the devices, so that the fuzzer starts from
//! valid input and mutates it rather than finding the formats from random bytes.
//!
//!   cargo run --release --example fuzz_seeds -- fuzz/corpus
//!
//! An example of the main crate rather than of the fuzz crate, so that `make lint` compiles
//! it (the fuzz crate needs libFuzzer and is built only by `make fuzz`).

use lauzait_engine::notation::Position;
use lauzait_engine::randomness::seeded;
use lauzait_engine::Record;
use lauzait_engine::{Action, Game, GameOptions, SeatView, Status};
use lauzait_ui::model::Session;
use lauzait_ui::play::pace::Speed;
use lauzait_ui::save;
use std::path::Path;

// Table mode's seeds come from the same table its fuzz target starts from.
#[path = "../fuzz/checks.rs"]
#[allow(dead_code)]
mod checks;

/// Plays `actions` legal actions picked by a small deterministic generator; the game's
/// chance (deals, throws) comes from a generator seeded with `seed`.
fn game(players: usize, seed: u64, actions: usize) -> Game {
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, seed % 2 == 0).expect("2-4 players"), &mut chance);
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    for _ in 0..actions {
        let action = match game.status() {
            Status::GameOver { .. } => break,
            Status::SeasonOver => Action::NextSeason,
            Status::Playing => {
                let legal = game.day().legal_actions(game.players());
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                legal[(state >> 33) as usize % legal.len()]
            }
        };
        game.apply(action, &mut chance).expect("a legal action");
    }
    game
}

fn write(dir: &Path, target: &str, name: &str, text: &str) -> std::io::Result<()> {
    let dir = dir.join(target);
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(name), text)
}

/// The worker's texts for `seat` of `game`: the requests the page posts (each level, and
/// the review's judging of a Day) and the worker's replies to them.
fn worker_seeds(dir: &Path, game: &Game, seat: usize, name: &str) -> std::io::Result<()> {
    use lauzait_autoplay::{answer, BotRequest, RequestId};
    use lauzait_bots::Level;
    for (i, level) in Level::ALL.into_iter().enumerate() {
        let Ok(request) = BotRequest::new(game, seat, level, 7, 4, RequestId::ComputerDay(i as u32 + 1)) else {
            continue;
        };
        let text = request.to_text();
        write(dir, "worker", &format!("{name}-{level}"), &text)?;
        write(dir, "worker", &format!("{name}-{level}-reply"), &answer(&text, || 1.5))?;
    }
    let Some(view) = game.view(seat) else { return Ok(()) };
    let plan = lauzait_autoplay::plan_whole_day(game, seat, Level::Easy, 3, 4);
    if let Ok((plan, _)) = plan {
        let text = BotRequest::judge(&view, &plan, 5, 4, RequestId::Review(9)).to_text();
        write(dir, "worker", &format!("{name}-judge"), &text)?;
        write(dir, "worker", &format!("{name}-judge-reply"), &answer(&text, || 2.5))?;
    }
    help_seeds(dir, game, seat, name)
}

/// What the bot worker asks its helper for a Strong decision of `seat`, and the helper's
/// reply.
fn help_seeds(dir: &Path, game: &Game, seat: usize, name: &str) -> std::io::Result<()> {
    use lauzait_autoplay::helping::Helper;
    let Some(text) = game.view(seat).as_ref().and_then(checks::help_request) else { return Ok(()) };
    write(dir, "worker", &format!("{name}-help"), &text)?;
    write(dir, "worker", &format!("{name}-help-reply"), &Helper::default().answer(&text))
}

fn main() -> std::io::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "corpus".into());
    let dir = Path::new(&dir);
    let mut n = 0;
    for players in 2..=4 {
        for (seed, actions) in [(1, 0), (2, 12), (3, 60), (4, 300)] {
            let game = game(players, seed * 10 + players as u64, actions);
            let name = format!("seed-{players}p-{actions}");
            write(dir, "record", &name, &Record::of(&game).to_string())?;
            write(dir, "record", &format!("{name}-public"), &Record::public(&game).to_string())?;
            let names = (0..players).map(|p| format!("P{p}")).collect();
            let session = Session::new(game.clone(), names, vec![lauzait_bots::Player::Person; players], 0)
                .map_err(std::io::Error::other)?;
            write(
                dir,
                "save",
                &name,
                &save::encode(None, false, Speed::Normal, None, Default::default(), Some(&session)),
            )?;
            for seat in 0..players {
                if let Some(view) = game.view(seat) {
                    write(dir, "seat_view", &format!("{name}-seat{seat}"), &SeatView::new(&view).to_text())?;
                    worker_seeds(dir, &game, seat, &format!("{name}-seat{seat}"))?;
                }
            }
            if let Some(view) = game.view(game.to_move()) {
                for show in [false, true] {
                    write(dir, "position", &format!("{name}-{show}"), &Position::of_view(&view, show).to_string())?;
                }
            }
            n += 1;
        }
    }
    // The player's mistakes' queue (LZM1), read by the `save` target beside the save: a
    // shipped puzzle's position as a mistake, once new and once solved.
    let puzzle = lauzait_learn::puzzles::text::from_text(include_str!("../crates/learn/data/puzzles.txt"))
        .map_err(std::io::Error::other)?
        .swap_remove(15);
    let mistake = |due, solves| lauzait_ui::puzzles::mine::Mistake {
        schedule: lauzait_ui::puzzles::mine::schedule::Schedule { due, solves },
        cost: lauzait_learn::puzzles::Margin { tenths: 43 },
        played: puzzle.solution.clone(),
        best: puzzle.solution.clone(),
        view: puzzle.view.clone(),
    };
    let queue = lauzait_ui::puzzles::mine::Queue { mistakes: vec![mistake(0, 0), mistake(1_800_086_400_000, 1)] };
    write(dir, "save", "seed-mistakes", &queue.to_text())?;
    let examples = include_str!("../tests/data/analyze-examples.jsonl");
    for (i, line) in examples.lines().enumerate() {
        let example: serde_json::Value = serde_json::from_str(line).expect("an example is JSON");
        let request = match &example["request_line"] {
            serde_json::Value::String(s) => s.clone(),
            _ => example["request"].to_string(),
        };
        write(dir, "analyze", &format!("seed-example-{i}"), &request)?;
    }
    let table = checks::table::seeds();
    for (name, data) in &table {
        let target = dir.join("table");
        std::fs::create_dir_all(&target)?;
        std::fs::write(target.join(name), data)?;
    }
    for (name, data) in &checks::deal_seeds() {
        let target = dir.join("deal");
        std::fs::create_dir_all(&target)?;
        std::fs::write(target.join(name), data)?;
    }
    for (name, data) in &checks::play::seeds() {
        let target = dir.join("play");
        std::fs::create_dir_all(&target)?;
        std::fs::write(target.join(name), data)?;
    }
    for (name, data) in &checks::play::save_seeds() {
        let target = dir.join("play_save");
        std::fs::create_dir_all(&target)?;
        std::fs::write(target.join(name), data)?;
    }
    let letters = checks::letter_seeds();
    for (name, data) in &letters {
        let target = dir.join("letter");
        std::fs::create_dir_all(&target)?;
        std::fs::write(target.join(name), data)?;
    }
    eprintln!(
        "seeds: {n} games, {} analyze examples and {} of table mode in {}",
        examples.lines().count(),
        table.len(),
        dir.display()
    );
    Ok(())
}
