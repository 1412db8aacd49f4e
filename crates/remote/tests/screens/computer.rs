//! Computer seats by turns: the host's device asks the computer players' worker for a
//! computer seat's Day (that seat's view only, R40), applies it whole, and the people see it
//! in their next letters; a failed worker is stopped and the Day asked for again by itself.
//! The worker is answered here natively, as the page's worker would (`autoplay::answer`).

use super::{entropy, Browser};
use lauzait_autoplay::{BotRequest, WorkerFailure};
use lauzait_bots::{Level, Player};
use lauzait_remote::screen::host::{HostEvent, COMPUTER_RETRY_MS, TABLE_ENTROPY};
use lauzait_remote::screen::{Effect, Shown};
use lauzait_remote::turn::Awaited;
use lauzait_table_mode::controls::SetupButton;

/// The request texts the last step asked the worker for.
fn asked(b: &Browser) -> Vec<String> {
    b.last
        .iter()
        .filter_map(|e| match e {
            Effect::AskWorker(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Answers every request the host's page posts, as its worker would, until it asks no more;
/// returns how many computer Days were asked for, checking each is its seat's view only.
fn serve_worker(host: &mut Browser) -> usize {
    let mut served = 0;
    while let Some(text) = asked(host).pop() {
        let request = BotRequest::from_text(&text).expect("the page's request reads back");
        assert_eq!(request.view.seat, 2, "R40: the worker is sent the computer seat's view only");
        let reply = lauzait_autoplay::answer(&text, || 0.0);
        host.host_event(HostEvent::WorkerReply(reply));
        served += 1;
    }
    served
}

/// A host (seat 0), a guest (seat 1) and the Easy computer player (seat 2), set on the
/// host's page.
fn three_with_a_computer() -> Browser {
    let mut host = Browser::blank();
    host.host_event(HostEvent::Setup(SetupButton::Players(3)));
    host.host_event(HostEvent::Setup(SetupButton::ToggleComputer(2)));
    host.host_event(HostEvent::Setup(SetupButton::Level(2, Level::Easy)));
    // The host's own seat is this device's person's: the page offers no switch and an
    // event asking for one changes nothing.
    host.host_event(HostEvent::Setup(SetupButton::ToggleComputer(0)));
    let names = (0..3).map(|s| format!("seat {s}")).collect();
    host.host_event(HostEvent::Create { names, entropy: entropy(9, TABLE_ENTROPY) });
    let device = host.host_screen().device().expect("the table is set");
    let players: Vec<Player> = device.host().seats().iter().map(|s| s.player).collect();
    assert_eq!(players, [Player::Person, Player::Person, Player::Computer(Level::Easy)]);
    assert_eq!(device.remote_seats(), [1], "only a person's seat has an invite and letters");
    host
}

/// The table of [`three_with_a_computer`] with its guest seated, played by the host and the
/// guest until the computer seat's Day is asked of the worker.
fn until_the_computer_is_asked() -> Browser {
    let mut host = three_with_a_computer();
    let mut guest = Browser::blank();
    guest.visit(&format!("https://example.org/remote.html#{}", host.invite(1)), 4);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    for _ in 0..60 {
        if !asked(&host).is_empty() {
            break;
        }
        if host.host_screen().turn() == Some(Awaited::Day { seat: 0 }) {
            host.host_day();
            continue;
        }
        if host.host_screen().device().unwrap().has_news_for(1) {
            let l = host.host_letter(1);
            guest.visit(&l, 0);
        }
        if guest.guest_screen().turn() == (Awaited::Day { seat: 1 }) && !guest.guest_screen().choices().is_empty() {
            guest.guest_day();
        }
        if guest.guest_screen().device().has_news() {
            let l = guest.guest_letter();
            host.visit(&l, 0);
        }
    }
    assert!(!asked(&host).is_empty(), "the computer seat's Day is asked for");
    host
}

#[test]
fn a_computer_seat_plays_its_days_on_the_hosts_device_and_the_guest_sees_them() {
    let mut host = three_with_a_computer();
    let mut guest = Browser::blank();
    guest.visit(&format!("https://example.org/remote.html#{}", host.invite(1)), 4);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    let mut computer_days = 0;
    let mut guest_saw_computer = false;
    for _ in 0..600 {
        computer_days += serve_worker(&mut host);
        match host.host_screen().turn() {
            Some(Awaited::SeasonOver) => host.host_event(HostEvent::NextSeason),
            Some(Awaited::Day { seat: 0 }) => host.host_day(),
            Some(Awaited::Day { seat: 2 }) => assert!(!asked(&host).is_empty() || computer_days > 0),
            _ => {}
        }
        computer_days += serve_worker(&mut host);
        if host.host_screen().device().unwrap().has_news_for(1) {
            let l = host.host_letter(1);
            guest.visit(&l, 0);
            assert_eq!(guest.problem(), None);
            let seen = guest.guest_screen().device().game();
            // Three seats: by the Season's fourth Day, one of the Days the guest was sent
            // was the computer's.
            guest_saw_computer |= seen.is_some_and(|g| g.day().number >= 4);
        }
        if guest.guest_screen().turn() == (Awaited::Day { seat: 1 }) && !guest.guest_screen().choices().is_empty() {
            guest.guest_day();
        }
        if guest.guest_screen().device().has_news() {
            let l = guest.guest_letter();
            host.visit(&l, 0);
            assert_eq!(host.problem(), None);
        }
        if computer_days >= 3 && guest_saw_computer {
            return;
        }
    }
    panic!("three computer Days and the guest seeing one: {computer_days} Days, seen {guest_saw_computer}");
}

#[test]
fn a_failed_worker_is_stopped_and_the_computer_day_asked_for_again_by_itself() {
    let mut host = until_the_computer_is_asked();
    host.host_event(HostEvent::WorkerFailed(WorkerFailure::NotLoaded));
    assert!(host.last.contains(&Effect::StopWorker), "the failed worker is stopped");
    assert!(host.host_screen().computer_failed().is_some(), "the page says why the Day did not come");
    let wake = host.last.iter().find_map(|e| match e {
        Effect::WakeAfter(ms) => Some(*ms),
        _ => None,
    });
    assert_eq!(wake, Some(COMPUTER_RETRY_MS), "the Day is asked for again after the pause");
    host.now += f64::from(COMPUTER_RETRY_MS);
    host.host_event(HostEvent::Wake);
    assert_eq!(asked(&host).len(), 1, "asked again");
    assert_eq!(serve_worker(&mut host), 1);
    assert_eq!(host.host_screen().computer_failed(), None, "planned: the failure is no longer said");
    assert_ne!(host.host_screen().turn(), Some(Awaited::Day { seat: 2 }), "the computer's Day was played");
    assert!(host.host_screen().device().unwrap().has_news_for(1), "the guest has news: the computer's Day");
    let letter = host.host_letter(1);
    assert!(host.host_screen().link(Shown::Letter(1)).is_some_and(|l| l == letter));
}

#[test]
fn a_reopened_host_page_asks_for_the_computer_day_that_was_due() {
    let mut host = until_the_computer_is_asked();
    // The page is closed before the worker answered, and opened again with no link: the
    // shell's start wakes the page, which asks again.
    host.visit("", 0);
    assert!(asked(&host).is_empty());
    host.host_event(HostEvent::Wake);
    assert_eq!(asked(&host).len(), 1, "the Day that was due is asked for again");
}
