//! Every input the fuzzer ever failed on (tests/data/fuzz-regressions/<target>/<file>), run
//! through the same check as its fuzz target (fuzz/checks.rs), so a fixed crash stays fixed.
//! `make fuzz` (scripts/fuzz.sh) adds the crashes it finds here.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::Path;

#[test]
fn every_kept_fuzz_input_passes_its_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz-regressions");
    let mut count = 0;
    for target in checks::TARGETS {
        let dir = root.join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<_> = entries.map(|e| e.expect("a readable folder").path()).collect();
        files.sort();
        for file in files.iter().filter(|f| f.is_file() && f.file_name().is_some_and(|n| n != ".gitkeep")) {
            let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let outcome = std::panic::catch_unwind(|| checks::check(target, &data));
            assert!(outcome.is_ok(), "fuzz regression {target}/{} fails again", file.display());
            count += 1;
        }
    }
    assert!(count > 0, "no fuzz regression inputs under {}", root.display());
}

#[test]
fn unknown_folders_are_not_silently_skipped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz-regressions");
    for entry in std::fs::read_dir(&root).expect("tests/data/fuzz-regressions") {
        let name = entry.expect("a readable folder").file_name();
        let name = name.to_string_lossy();
        assert!(checks::TARGETS.contains(&name.as_ref()), "tests/data/fuzz-regressions/{name} is no fuzz target");
    }
}

/// The `table` target's seeds (what went between a host and three phones, pairing codes,
/// saves) pass its check: the check is sound on real traffic, and the fuzzer starts there.
#[test]
fn table_modes_real_traffic_passes_the_table_check() {
    let seeds = checks::table::seeds();
    assert!(seeds.len() >= 8, "{} seeds", seeds.len());
    let transcript = &checks::table::fixture().sent;
    assert!(transcript.len() > 20, "the fixture's phones sent only {} messages", transcript.len());
    assert!(transcript.iter().any(|(_, t)| t.contains("\"t\":\"act\"")), "the fixture's phones never acted");
    for (name, data) in seeds {
        let outcome = std::panic::catch_unwind(|| checks::check("table", &data));
        assert!(outcome.is_ok(), "table seed {name} fails its check");
    }
}

/// The `table` target's seeds are this protocol's messages (`make fuzz` writes them afresh
/// when the protocol's version changes: scripts/fuzz.sh): every line a phone sent reads as a
/// guest's message, every line seat 0 received as the host's, each of version [`VERSION`];
/// the pairing codes and the saves read as such; a round dealt again is among them.
#[test]
fn table_seeds_are_messages_of_this_protocol() {
    use lauzait_table_mode::guest::Guest;
    use lauzait_table_mode::host::Host;
    use lauzait_table_mode::link::{read_answer, read_invite};
    use lauzait_table_mode::protocol::VERSION;
    use lauzait_table_mode::validate::{read_guest, read_host};
    let version = format!("\"v\":{VERSION}");
    let mut attempts = 0;
    for (name, data) in checks::table::seeds() {
        let text = std::str::from_utf8(&data[1..]).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in text.lines() {
            let read = match name.split('-').next() {
                Some("host") => read_guest(&line[1..]).map(|_| ()).map_err(|e| e.detail),
                Some("phone") => read_host(line).map(|_| ()).map_err(|e| e.detail),
                Some("pairing") => {
                    read_invite(line).map(|_| ()).or(read_answer(line).map(|_| ())).map_err(|e| e.to_string())
                }
                Some("saves") => Host::resume(line)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
                    .or(Guest::resume(line).map(|_| ()).map_err(|e| e.to_string())),
                _ => panic!("a seed of no known kind: {name}"),
            };
            assert_eq!(read, Ok(()), "{name}: {line}");
            if name.starts_with("host") || name.starts_with("phone") {
                assert!(line.contains(&version), "{name}: {line}");
            }
            attempts += usize::from(line.contains("\"attempt\":1"));
        }
    }
    assert!(attempts >= 3, "the seeds hold a round dealt again ({attempts} lines)");
}

/// Real letters of a remote table, and a relayed table's texts, pass the `letter` check, read
/// back as written.
#[test]
fn real_letters_pass_the_letter_check() {
    use lauzait_remote::relayed::{FromTablet, TableRoster, ToTablet};
    let seeds = checks::letter_seeds();
    assert_eq!(seeds.len(), 8);
    for (name, data) in seeds {
        let text = String::from_utf8(data.clone()).expect("a letter's link is text");
        let reads = if name.starts_with("seed-relayed-") {
            ToTablet::from_text(&text).is_ok()
                || FromTablet::from_text(&text).is_ok()
                || TableRoster::from_text(&text).is_ok()
        } else {
            lauzait_remote::Letter::read(&text).is_ok()
        };
        assert!(reads, "letter seed {name} does not read");
        let outcome = std::panic::catch_unwind(|| checks::check("letter", &data));
        assert!(outcome.is_ok(), "letter seed {name} fails its check");
    }
}

/// The worker's real requests to its helper (a Strong decision's first round, with two to
/// four players, at the Day's start and part-way) pass the `worker` check, which answers
/// them as the helper does: the check is sound on real traffic, the helper's branch of it
/// is run by `make test` and not only by the fuzzer.
#[test]
fn the_workers_requests_to_its_helper_pass_the_worker_check() {
    use lauzait_engine::randomness::seeded;
    use lauzait_engine::{Game, GameOptions};
    let mut checked = 0;
    for players in 2..=4 {
        let mut chance = seeded(players as u64);
        let mut game = Game::new(GameOptions::for_players(players, true).expect("2-4 players"), &mut chance);
        for _ in 0..3 {
            let seat = game.to_move();
            if let Some(text) = game.view(seat).as_ref().and_then(checks::help_request) {
                let outcome = std::panic::catch_unwind(|| checks::check("worker", text.as_bytes()));
                assert!(outcome.is_ok(), "{players} players: a help request fails the worker check");
                checked += 1;
            }
            // On to the next seat's Day, by its first legal steps.
            while game.to_move() == seat && game.status() == lauzait_engine::Status::Playing {
                let action = game.day().legal_actions(game.players())[0];
                game.apply(action, &mut chance).expect("a legal action");
            }
        }
    }
    assert!(checked >= 6, "only {checked} help requests were made");
}

/// Every message of a real four-seat deal by all the devices, and a piece shown in play, passes
/// the `deal` check.
#[test]
fn a_real_deal_by_all_the_devices_passes_the_deal_check() {
    let seeds = checks::deal_seeds();
    assert!(seeds.len() > 20, "{} seeds", seeds.len());
    for (name, data) in seeds {
        let reads =
            lauzait_joint_deal::wire::decode(&data).is_ok() || lauzait_joint_deal::wire::decode_shown(&data).is_ok();
        assert!(reads, "deal seed {name} does not read");
        let outcome = std::panic::catch_unwind(|| checks::check("deal", &data));
        assert!(outcome.is_ok(), "deal seed {name} fails its check");
    }
}

/// Every message of a real game of two devices playing together (its deal, its start, its
/// first action and the throw or shown piece it needed) passes the `play` check.
#[test]
fn a_real_game_by_all_the_devices_passes_the_play_check() {
    let seeds = checks::play::seeds();
    assert!(seeds.len() > 10, "{} seeds", seeds.len());
    assert!(
        seeds.iter().any(|(_, data)| matches!(
            lauzait_joint_play::wire::decode(data),
            Ok(lauzait_joint_play::PlayMessage::Act(_))
        )),
        "an action among the seeds"
    );
    for (name, data) in seeds {
        assert!(lauzait_joint_play::wire::decode(&data).is_ok(), "play seed {name} does not read");
        let outcome = std::panic::catch_unwind(|| checks::check("play", &data));
        assert!(outcome.is_ok(), "play seed {name} fails its check");
    }
}

/// The saves of a real game of two devices playing together (a device's, and its inbox's
/// holding an early action, a device of joint play by turns' text, a relayed table's phone's
/// and its tablet's with a computer seat) pass the `play_save` check.
#[test]
fn a_real_game_by_all_the_devices_saves_pass_the_play_save_check() {
    let seeds = checks::play::save_seeds();
    assert_eq!(seeds.len(), 6);
    for (name, data) in seeds {
        use lauzait_remote::relayed::{PhoneSeating, PhoneTable};
        let restores = match std::str::from_utf8(&data) {
            Ok(text) if name == "seed-joint-device" => lauzait_remote::joint_device::JointDevice::resume(text).is_ok(),
            Ok(text) if name == "seed-relayed-seating" => PhoneSeating::resume(text).is_ok(),
            Ok(text) if name == "seed-relayed-phone" => PhoneTable::resume(text).is_ok(),
            Ok(text) if name == "seed-relayed-tablet" => {
                use lauzait_remote::screen::relayed_tablet::RelayedTabletScreen;
                use lauzait_table_mode::{controls::HostControl, host_screen::HostEvent};
                let mut tablet = RelayedTabletScreen::new(String::new(), Default::default()).with_saved(Some(text));
                let offered = tablet.saved_table();
                tablet.update(HostEvent::Control(HostControl::Resume), 0.0, &[]);
                offered && tablet.computers().is_empty() && tablet.problem().is_none() && tablet.awaited().len() == 2
            }
            _ => lauzait_joint_play::Inbox::restore(&data).is_ok(),
        };
        assert!(restores, "play_save seed {name} does not restore");
        let outcome = std::panic::catch_unwind(|| checks::check("play_save", &data));
        assert!(outcome.is_ok(), "play_save seed {name} fails its check");
    }
}
