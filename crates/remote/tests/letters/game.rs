//! A whole game by letters, and the devices closed and reopened along the way.

use super::Table;
use lauzait_engine::{Action, Status};
use lauzait_remote::host_device::Applied;
use lauzait_remote::turn::Awaited;
use lauzait_remote::{GuestDevice, HostDevice, Party};
use lauzait_table_mode::verify::Verdict;

/// The most characters a letter of one Day may have (the ceiling: 2 KB a Day).
const DAY_LETTER_MAX: usize = 2048;

/// Plays a 2-player game from the first deal to the final scores through letters only.
/// Each letter's length is recorded; `reopen_every` closes and reopens both devices
/// (from their saves) after every that many letters.
fn play_by_letters(seed: u8, reopen_every: usize) -> (Vec<usize>, usize, Table) {
    let mut t = Table::new(seed, 2);
    t.seat_everyone();
    let (mut day_letters, mut record_letter, mut letters) = (Vec::new(), 0, 0);
    for _ in 0..1000 {
        match t.host.turn() {
            Awaited::SeasonOver => t.host.table_action(Action::NextSeason).unwrap(),
            Awaited::Day { seat: 0 } => t.host_day(),
            _ => {}
        }
        if t.host.has_news_for(1) {
            let len = t.host_to_guest(1);
            letters += 1;
            if matches!(t.host.turn(), Awaited::GameOver) {
                // The last letter: the final views and the game's record.
                record_letter = len;
                break;
            }
            day_letters.push(len);
        }
        if t.guests[0].turn() == (Awaited::Day { seat: 1 }) && !t.guests[0].choices().is_empty() {
            t.guest_day(1);
        }
        if t.guests[0].has_news() {
            day_letters.push(t.guest_to_host(1));
            letters += 1;
        }
        if reopen_every > 0 && letters % reopen_every == 0 {
            t.host = HostDevice::resume(&t.host.save()).expect("the host's device reopens");
            t.guests[0] = GuestDevice::resume(&t.guests[0].save()).expect("the guest's device reopens");
        }
    }
    assert_eq!(t.host.turn(), Awaited::GameOver, "the game reached its final scores");
    (day_letters, record_letter, t)
}

#[test]
fn a_two_player_game_by_turns_reaches_the_final_scores_and_the_guest_verifies_it() {
    let mut all = Vec::new();
    for seed in [3, 4, 6] {
        let (sizes, record, t) = play_by_letters(seed, 0);
        let game = t.host.host().game().unwrap();
        assert!(matches!(game.status(), Status::GameOver { by_agreement: false }), "R20: every Season played");
        let guest = &t.guests[0];
        assert_eq!(guest.guest().verdict, Some(Verdict::Verified), "the guest checks the record against what it saw");
        assert_eq!(t.host.local().unwrap().verdict, Some(Verdict::Verified));
        let max = sizes.iter().max().copied().unwrap_or(0);
        let mean = sizes.iter().sum::<usize>() / sizes.len().max(1);
        println!(
            "game {seed}: {} Day letters, mean {mean} characters, longest {max}; the record's letter {record}",
            sizes.len()
        );
        all.extend(sizes);
    }
    let max = all.iter().max().copied().unwrap_or(0);
    assert!(max <= DAY_LETTER_MAX, "a Day's letter is {max} characters, more than {DAY_LETTER_MAX}");
}

#[test]
fn devices_closed_and_reopened_between_letters_play_the_same_game() {
    let (_, _, straight) = play_by_letters(5, 0);
    let (_, _, reopened) = play_by_letters(5, 3);
    let log = |t: &Table| t.host.host().game().unwrap().log().to_vec();
    assert_eq!(log(&straight), log(&reopened), "reopening changes nothing of the game");
    assert_eq!(reopened.guests[0].guest().verdict, Some(Verdict::Verified));
    // Reopened after the game: the record is checked again from the device's own storage.
    let after = GuestDevice::resume(&reopened.guests[0].save()).unwrap();
    assert_eq!(after.guest().verdict, Some(Verdict::Verified));
}

#[test]
fn the_same_link_twice_and_an_older_link_after_a_newer_change_nothing() {
    let mut t = Table::new(7, 2);
    let first = t.guests[0].write().fragment();
    assert_eq!(t.host.open(&first), Ok(Applied::Applied { from: Party::Seat(1) }));
    assert_eq!(t.host.open(&first), Ok(Applied::AlreadyApplied), "a duplicate is dropped silently");
    // Two letters from the host; the second carries the first's messages too.
    let older = t.host.write_to(1).unwrap().fragment();
    let newer = t.host.write_to(1).unwrap().fragment();
    assert_eq!(t.guests[0].open(&newer), Ok(Applied::Applied { from: Party::Host }));
    assert_eq!(t.guests[0].open(&older), Ok(Applied::AlreadyApplied), "everything in it came with the newer");
    assert_eq!(t.guests[0].turn(), lauzait_remote::turn::Awaited::Dealing { waiting_for: vec![1] });
}

#[test]
fn a_lost_link_is_healed_by_the_next_one() {
    let mut t = Table::new(9, 2);
    t.seat_everyone();
    // The host plays its Day and writes; that link is lost. The next one carries it.
    if t.host.turn() == (Awaited::Day { seat: 0 }) {
        t.host_day();
    }
    let _lost = t.host.write_to(1).unwrap();
    t.host_to_guest(1);
    assert_eq!(t.guests[0].turn(), Awaited::Day { seat: 1 });
    t.guest_day(1);
    let _lost = t.guests[0].write();
    t.guest_to_host(1);
    assert_eq!(t.host.turn(), Awaited::Day { seat: 0 }, "the guest's Day came with the second link");
}

#[test]
fn a_damaged_save_is_refused_not_resumed() {
    use lauzait_remote::host_device::ResumeError;
    use lauzait_table_mode::guest_error::GuestSaveError;
    let t = Table::new(25, 2);
    let host = t.host.save();
    assert!(matches!(HostDevice::resume(&host[..host.len() / 2]), Err(ResumeError::Unreadable)));
    assert!(matches!(GuestDevice::resume("{}"), Err(ResumeError::Unreadable)));
    // A save whose seat part table mode cannot read: refused with table mode's reason.
    let guest = t.guests[0].save();
    let mut saved: serde_json::Value = serde_json::from_str(&guest).unwrap();
    saved["guest"] = serde_json::Value::String("{\"seat\":".into());
    let refused = GuestDevice::resume(&saved.to_string());
    assert!(matches!(refused, Err(ResumeError::Seat(GuestSaveError::Unreadable { .. }))), "{:?}", refused.err());
    assert!(HostDevice::resume(&host).is_ok());
}

#[test]
fn a_guest_takes_back_a_step_on_its_own_device_and_sends_its_day_whole() {
    let mut t = Table::new(27, 2);
    t.seat_everyone();
    if t.host.turn() == (Awaited::Day { seat: 0 }) {
        t.host_day();
    }
    t.host_to_guest(1);
    let device = &mut t.guests[0];
    let offered = device.choices();
    let step = *offered.iter().find(|a| !a.ends_day() && **a != Action::Undo).expect("a first step");
    device.press(step).unwrap();
    assert!(!device.has_news(), "nothing is sent before the Day's last step");
    device.press(Action::Undo).unwrap();
    assert_eq!(device.choices(), offered, "Undo took the step back here");
    t.guest_day(1);
    assert!(t.guests[0].choices().is_empty(), "once the Day is sent nothing more is offered");
    t.guest_to_host(1);
    assert_eq!(t.host.turn(), Awaited::Day { seat: 0 }, "the host took the whole Day from one letter");
}
