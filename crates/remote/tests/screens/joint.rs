//! Pages of joint play by turns (`screen::joint`): three browsers that never meet, each
//! booted again from its own storage for every link it is given. Device 0 sets the table
//! from the host's setup, each seat joins from its invite, and the table plays on by the
//! links each page puts on show, each opened in the browser it is for, until a Season has
//! been played, dealt by every device and checked at its end; every page agrees on the
//! scores, and each page's device opens no piece of another seat's hand.

use crate::{entropy, plan, Browser};
use lauzait_joint_play::PlayPhase;
use lauzait_remote::screen::boot::Screen;
use lauzait_remote::screen::joint::{JointEvent, JointScreen, Stage, JOINT_ENTROPY};
use lauzait_remote::screen::{Effect, Problem};
use lauzait_table_mode::controls::SetupButton;
use std::collections::BTreeSet;

const BASE: &str = "https://example.org/remote.html#";

fn joint(b: &Browser) -> &JointScreen {
    match &b.screen {
        Screen::Joint(s) => s,
        _ => panic!("not a page of joint play: {:?}", b.problem()),
    }
}

fn joint_event(b: &mut Browser, event: JointEvent) {
    let Screen::Joint(s) = &mut b.screen else { panic!("not a page of joint play") };
    let fx = s.update(event);
    b.run(fx);
}

/// Opens every link on show that was not opened yet in the browser it is for, until none is
/// left; the number opened.
fn deliver(browsers: &mut [Browser], opened: &mut BTreeSet<String>) -> usize {
    let mut count = 0;
    loop {
        let mut due = Vec::new();
        for b in browsers.iter() {
            for (to, link) in joint(b).links() {
                if opened.insert(link.clone()) {
                    due.push((usize::from(*to), link.clone()));
                }
            }
        }
        if due.is_empty() {
            return count;
        }
        for (to, link) in due {
            browsers[to].visit(&format!("{BASE}{link}"), to as u8);
            assert_eq!(browsers[to].problem(), None, "seat {to} opens its letter");
            count += 1;
        }
    }
}

/// Device 0's table of `players` and every seat joined from its invite.
fn gathered(players: u8) -> Vec<Browser> {
    let mut zero = Browser::blank();
    zero.host_event(lauzait_remote::screen::host::HostEvent::Setup(SetupButton::Players(players)));
    let fx = zero.screen.create_joint(&entropy(1, JOINT_ENTROPY));
    zero.run(fx);
    assert!(matches!(joint(&zero).stage(), Stage::Gathering(_)));
    let invites: Vec<(u8, String)> = joint(&zero).links().to_vec();
    assert_eq!(invites.len(), usize::from(players) - 1, "an invite for each other seat");
    let mut browsers = vec![zero];
    for (seat, invite) in invites {
        let mut b = Browser::blank();
        b.visit(&format!("{BASE}{invite}"), 40 + seat);
        assert!(matches!(joint(&b).stage(), Stage::Joining(_)), "seat {seat} joins: {:?}", b.problem());
        browsers.push(b);
    }
    browsers
}

#[test]
fn a_table_dealt_by_every_device_plays_a_season_by_links_each_opened_in_a_closed_browser() {
    let mut browsers = gathered(3);
    let mut opened = BTreeSet::new();
    deliver(&mut browsers, &mut opened);
    assert!(browsers.iter().all(|b| matches!(joint(b).stage(), Stage::Playing(_))), "every seat plays");
    let mut days = 0;
    loop {
        deliver(&mut browsers, &mut opened);
        let (phase, _) = joint(&browsers[0]).phase().unwrap();
        let season = joint(&browsers[0]).game().map(|g| g.season().number);
        if season.is_some_and(|s| s >= 2) || days > 400 {
            break;
        }
        let PlayPhase::Playing { to_move } = phase else { panic!("the table stalls: {phase:?}") };
        let game = joint(&browsers[to_move]).game().unwrap();
        for step in plan(&game, to_move as u8) {
            let i = joint(&browsers[to_move]).choices().iter().position(|&a| a == step).expect("the step is offered");
            joint_event(&mut browsers[to_move], JointEvent::Choice(i));
            assert_eq!(browsers[to_move].problem(), None);
        }
        days += 1;
    }
    let season = joint(&browsers[0]).game().map(|g| g.season().number);
    let scores: Vec<_> = browsers.iter().map(|b| joint(b).game().map(|g| g.scores().to_vec())).collect();
    assert!(scores.iter().all(|s| *s == scores[0]), "every page shows the same scores: {scores:?}");
    // Each page's device opens, of Season 2's deal just dealt, exactly its own nine, the
    // board's 24 and the luminous piece (R6, R30, R40): no other seat's piece, nor the pool.
    assert_eq!(season, Some(2), "stopped at Season 2's first Day");
    for b in &browsers {
        let Stage::Playing(device) = joint(b).stage() else { panic!("playing") };
        let deal = device.device().deal();
        let opens = (0..128).filter(|&position| deal.try_open(position).is_ok()).count();
        assert_eq!(opens, 9 + 24 + 1, "seat {} opens its own hand and the public pieces only", joint(b).seat());
        assert_eq!(deal.opens_beyond_its_seat(), Vec::<usize>::new());
    }
}

#[test]
fn a_page_of_joint_play_refuses_what_it_must_and_says_why() {
    let mut browsers = gathered(2);
    // Device 0's own invite on device 0: it goes back to its table and says so.
    let invite = joint(&browsers[0]).links()[0].1.clone();
    browsers[0].visit(&format!("{BASE}{invite}"), 9);
    assert_eq!(browsers[0].problem(), Some(Problem::OwnInvite));
    // The seat's join letter opened twice on device 0: nothing new.
    let join = joint(&browsers[1]).links()[0].1.clone();
    browsers[0].visit(&format!("{BASE}{join}"), 9);
    browsers[0].visit(&format!("{BASE}{join}"), 9);
    assert_eq!(browsers[0].problem(), None);
    // No entropy: no table.
    let mut blank = Browser::blank();
    let fx = blank.screen.create_joint(&[]);
    blank.run(fx);
    assert_eq!(blank.problem(), Some(Problem::NoEntropy));
    // A saved page that does not read back.
    assert!(JointScreen::resume("{}").is_err());
    // Every page stores its device under its own table and seat.
    for b in &browsers {
        let key = joint(b).save_key();
        assert!(b.store.contains_key(&key), "{key} stored");
        assert!(b.last.iter().any(|e| matches!(e, Effect::Redraw)));
    }
}
