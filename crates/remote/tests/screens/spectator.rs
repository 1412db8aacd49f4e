//! A spectator's link by turns (REMOTE-PROTOCOL.md, "Spectators"): the host's page offers the
//! table's public view as it stands, after each Day; opened in any browser it shows that view
//! and nothing else (R40), on no device: nothing is stored, and a damaged link is refused
//! with the reason.

use super::{seated, Browser};
use lauzait_engine::SpectatorView;
use lauzait_remote::screen::boot::Screen;
use lauzait_remote::screen::{Effect, Problem, Shown};
use lauzait_remote::spectator::read_spectator_link;
use lauzait_remote::turn::Awaited;

/// The host's table's public view now.
fn public_now(host: &Browser) -> SpectatorView {
    SpectatorView::new(&host.host_screen().device().unwrap().host().game().unwrap().public())
}

#[test]
fn r40_a_spectators_link_after_each_day_shows_the_public_view_and_stores_nothing() {
    let (mut host, mut guest) = seated(7);
    let mut sizes = Vec::new();
    for _ in 0..12 {
        match host.host_screen().turn() {
            Some(Awaited::Day { seat: 0 }) => host.host_day(),
            Some(Awaited::Day { seat: 1 }) => {
                let l = host.host_letter(1);
                guest.visit(&l, 0);
                guest.guest_day();
                let l = guest.guest_letter();
                host.visit(&l, 0);
            }
            _ => break,
        }
        // After the Day: the spectators' link, opened by someone who never saw the game.
        let link = host.host_screen().link(Shown::Spectator).expect("a spectators' link once dealt");
        sizes.push(link.len());
        let mut spectator = Browser::blank();
        spectator.visit(&format!("https://example.org/remote.html#{link}"), 9);
        let Screen::Watch(w) = &spectator.screen else { panic!("not a spectator's page: {:?}", spectator.problem()) };
        assert_eq!(w.watched.view, public_now(&host), "the view is the table's public view");
        assert_eq!(w.watched.names, ["seat 0", "seat 1"]);
        assert!(spectator.store.is_empty(), "a spectator's page stores nothing");
        assert!(!spectator.last.iter().any(|e| matches!(e, Effect::Store { .. })));
        // Opened on the host's own browser, it changes nothing there either.
        let before = host.store.clone();
        let mut again = Browser {
            store: before.clone(),
            screen: Screen::Host(Box::new(lauzait_remote::screen::host::HostScreen::setup(None))),
            last: Vec::new(),
            now: 0.0,
        };
        again.visit(&link, 0);
        assert_eq!(again.store, before);
    }
    assert!(sizes.len() >= 6, "{} Days watched", sizes.len());
    println!("MEASURED spectator link by turns: {:?} characters after each Day", sizes);
}

#[test]
fn a_damaged_spectators_link_is_refused_with_the_reason() {
    let (host, _) = seated(8);
    let link = host.host_screen().link(Shown::Spectator).unwrap();
    for bad in [
        format!("{}x", &link[..link.len() - 3]),
        link.replace('A', "B"),
        "s=".to_string(),
        "s=!!!".to_string(),
        format!("s={}", "A".repeat(300_000)),
    ] {
        assert!(read_spectator_link(&bad).is_err(), "{bad:.60}");
        let mut b = Browser::blank();
        b.visit(&bad, 0);
        assert!(matches!(b.problem(), Some(Problem::Unreadable(_))), "{bad:.60}: {:?}", b.problem());
    }
}
