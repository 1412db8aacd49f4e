//! The Season log (issue 12): one entry per committed Day, as the engine recorded it, built
//! from public facts only (R40), worded in both languages, read out on request (key G).

use crate::harness;

use harness::Table;
use lauzait_bots::{self as bots, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::Record;
use lauzait_engine::*;
use lauzait_ui::i18n::{season_log as words, Lang};
use lauzait_ui::msg::{Intent, Key, Msg};
use lauzait_ui::season_log::season_log;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Plays whole games of Easy players, and after every committed Day compares the log with
/// what the engine said the Day did (R12.5, R12.6: the throw, the taken piece, arrival).
#[test]
fn every_day_of_every_season_is_logged_as_the_engine_recorded_it() {
    let mut throws = 0;
    let mut ends = 0;
    for (players, seed) in [(2, 11u64), (3, 12), (4, 13)] {
        let mut chance = seeded(seed);
        let mut game = Game::new(GameOptions::for_players(players, seed % 2 == 0).unwrap(), &mut chance);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..160 {
            match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => {
                    let log = season_log(&game);
                    assert!(log.end.is_some(), "an ended Season's log says how it ended");
                    ends += 1;
                    game.apply(Action::NextSeason, &mut chance).unwrap();
                    assert!(season_log(&game).days.is_empty(), "a new Season starts an empty log");
                    continue;
                }
                Status::Playing => {}
            }
            let mover = game.to_move();
            let plan = bots::plan_day(Level::Easy, &game.view(mover).unwrap(), &mut rng, 0).unwrap();
            for a in plan {
                let before = game.season().seen.days().len();
                let outcome = game.apply(a, &mut chance).unwrap();
                if let Outcome::Hired { record } = outcome {
                    let log = season_log(&game);
                    assert_eq!(log.days.len(), before + 1);
                    let last = log.days.last().unwrap();
                    assert_eq!(last.record, record, "seed {seed}");
                    assert_eq!(last.number as usize, log.days.len());
                    let seen = game.season().seen.days().last().unwrap();
                    assert_eq!((last.formed, last.dissolved), (seen.formed, seen.dissolved));
                    // The log gives a formed Department's reading (and so its bonus) as played:
                    // the Day's Form, after the Day before it ended.
                    let formed_as = game
                        .log()
                        .iter()
                        .rev()
                        .skip(1)
                        .take_while(|a| !matches!(a, Action::Capture { .. } | Action::NextSeason))
                        .find_map(|a| match a {
                            Action::Form { reading, .. } => Some(*reading),
                            _ => None,
                        });
                    assert_eq!(last.formed_as, formed_as, "seed {seed}");
                    if record.arrived {
                        assert_eq!(game.season().board.get(record.hire.to), Some(last.mover));
                    } else {
                        assert_eq!(last.mover, record.taken);
                    }
                    throws += record.sticks.is_some() as usize;
                }
            }
        }
    }
    assert!(throws > 0, "the games tried have throws");
    // Seasons that ended (Easy players seldom declare within the Days tried) were checked too.
    let _ = ends;
}

/// R40: the log is the same when the game is rebuilt from its public record, whose hands
/// are stand-ins: it depends on no concealed piece.
#[test]
fn the_log_uses_no_concealed_piece_r40() {
    let mut chance = seeded(21);
    let mut game = Game::new(GameOptions::for_players(3, true).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(21);
    for _ in 0..18 {
        if game.status() != Status::Playing {
            break;
        }
        let plan = bots::plan_day(Level::Easy, &game.view(game.to_move()).unwrap(), &mut rng, 0).unwrap();
        for a in plan {
            game.apply(a, &mut chance).unwrap();
        }
        let public = Record::public(&game).replay().expect("a public record replays on stand-ins");
        assert_ne!(public.season().hands, game.season().hands, "the stand-ins are not the real hands");
        assert_eq!(season_log(&public), season_log(&game));
    }
}

/// Two persons play two Days by taps: the log has two lines naming the Days and players, in
/// English and Japanese, and key G reads it into the live region, said again on request.
#[test]
fn the_log_is_worded_and_read_out_on_request() {
    let mut t = Table::two_persons();
    t.intent(Intent::Ready);
    t.send(Msg::Key(Key::ReadLog));
    assert!(t.model.play.live.contains("No Day has been played"), "{}", t.model.play.live);
    t.play_day_by_taps();
    t.intent(Intent::Ready);
    t.play_day_by_taps();
    let sess = t.model.table.shown().unwrap();
    let lines = words::lines(Lang::En, sess);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("Day 1 — ") && lines[1].starts_with("Day 2 — "), "{lines:?}");
    let who = |l: &str| l.split(' ').nth(3).unwrap_or_default().to_string();
    assert_ne!(who(&lines[0]), who(&lines[1]), "each Day is its player's: {lines:?}");
    assert!(lines.iter().all(|l| l.contains("discarded") && l.contains("moved")), "{lines:?}");
    let ja = words::lines(Lang::Ja, sess);
    assert!(ja[0].starts_with("1手目：") && ja[0].contains("捨て"), "{ja:?}");
    t.send(Msg::Key(Key::ReadLog));
    let said = t.model.play.live.clone();
    assert!(said.starts_with("Season 1/2.") && said.contains(&lines[0]) && said.ends_with(&lines[1]), "{said}");
    t.send(Msg::Key(Key::ReadLog));
    assert_eq!(t.model.play.live, said, "asked again, said again");
}

/// A throw's line says the sticks and what they decided (R12.6).
#[test]
fn a_throw_is_worded_with_its_sticks() {
    let mut chance = seeded(5);
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let t = Table::two_persons();
    let names = t.model.table.shown().unwrap().clone();
    while game.status() == Status::Playing {
        let plan = bots::plan_day(Level::Easy, &game.view(game.to_move()).unwrap(), &mut rng, 0).unwrap();
        for a in plan {
            game.apply(a, &mut chance).unwrap();
        }
        let log = season_log(&game);
        let Some(day) = log.days.last().filter(|d| d.record.sticks.is_some()) else { continue };
        let mut sess = names.clone();
        sess.restart(game.clone()).unwrap();
        let line = words::day_line(Lang::En, &sess, day);
        let n = day.record.sticks.unwrap().dark_faces();
        assert!(line.contains("Sticks: ") && line.contains(&format!("{n} dark face")), "{line}");
        assert!(line.contains(if day.record.arrived { "arrives" } else { "does not arrive" }), "{line}");
        return;
    }
    panic!("no throw in the game tried");
}

/// A Form's line gives the set, how it was read (a Joker's stand-in) and the bonus it earned
/// (R10, R14, R15), in both languages.
#[test]
fn a_form_is_worded_with_its_reading_and_bonus() {
    let t = Table::two_persons();
    let names = t.model.table.shown().unwrap().clone();
    for seed in 1..40 {
        let mut chance = seeded(seed);
        let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while game.status() == Status::Playing {
            let plan = bots::plan_day(Level::Easy, &game.view(game.to_move()).unwrap(), &mut rng, 0).unwrap();
            for a in plan {
                game.apply(a, &mut chance).unwrap();
            }
            let log = season_log(&game);
            let Some(day) = log.days.last().filter(|d| d.formed.is_some_and(|f| f.iter().any(|p| p.is_joker()))) else {
                continue;
            };
            let (set, reading) = (day.formed.unwrap(), day.formed_as.unwrap());
            let bonus = reading.bonus_for(set);
            assert_eq!(day.formed_bonus(), Some(bonus));
            let mut sess = names.clone();
            sess.restart(game.clone()).unwrap();
            let line = words::day_line(Lang::En, &sess, day);
            let kind = ["three-of-a-kind", "sequence-of-three"];
            assert!(line.contains(" read as ") && kind.iter().any(|k| line.contains(k)), "{line}");
            let signed = if bonus == 0 { "0 pts".to_string() } else { format!("+{bonus} pt") };
            assert!(line.contains(&format!(", {signed}")), "{line}");
            let ja = words::day_line(Lang::Ja, &sess, day);
            assert!(ja.contains("として配属") && ja.contains(&format!("{bonus}点")), "{ja}");
            return;
        }
    }
    panic!("no Form with a Joker in the games tried");
}

/// Showing or hiding the log is the player's choice and changes nothing else.
#[test]
fn the_log_toggles() {
    let mut t = Table::two_persons();
    assert!(!t.model.play.log_open);
    let layout = t.model.device.layout.grid;
    t.intent(Intent::ToggleLog);
    assert!(t.model.play.log_open);
    assert_eq!(t.model.device.layout.grid, layout);
    t.intent(Intent::ToggleLog);
    assert!(!t.model.play.log_open);
    assert_eq!(Intent::parse("toggle-log"), Ok(Intent::ToggleLog));
}
