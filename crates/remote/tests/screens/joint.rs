//! Pages of joint play by turns (`screen::joint`): three browsers that never meet, each
//! booted again from its own storage for every link it is given. Device 0 sets the table
//! from the host's setup, each seat joins from its invite, and the table plays on by the
//! links each page puts on show, each opened in the browser it is for, until a Season has
//! been played, dealt by every device and checked at its end; every page agrees on the
//! scores, and each page's device opens no piece of another seat's hand.

use crate::{entropy, plan, Browser};
use lauzait_joint_deal::Device;
use lauzait_joint_play::PlayPhase;
use lauzait_remote::screen::boot::Screen;
use lauzait_remote::screen::joint::{JointEvent, JointScreen, Stage, TableChoice, JOINT_ENTROPY};
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
    let all: Vec<usize> = (0..browsers.len()).collect();
    deliver_among(browsers, opened, &all)
}

/// [`deliver`] between the browsers of `seats` only: the others have left the table.
fn deliver_among(browsers: &mut [Browser], opened: &mut BTreeSet<String>, seats: &[usize]) -> usize {
    let mut count = 0;
    loop {
        let mut due = Vec::new();
        for (from, b) in browsers.iter().enumerate().filter(|(from, _)| seats.contains(from)) {
            for (to, link) in joint(b).links() {
                if seats.contains(&usize::from(*to)) && opened.insert(format!("{from}{link}")) {
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
    // A page draws the entropy a joint seat needs for a joint invite only.
    use lauzait_remote::screen::boot::entropy_needed;
    assert_eq!(entropy_needed(&format!("{BASE}{invite}")), JOINT_ENTROPY);
    assert_eq!(entropy_needed("https://example.org/remote.html#r=AAAA"), lauzait_remote::screen::guest::GUEST_ENTROPY);
    assert_eq!(entropy_needed(""), lauzait_remote::screen::guest::GUEST_ENTROPY);
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

/// The index of `choice` among the page's table choices.
fn table_choice(b: &Browser, choice: &TableChoice) -> usize {
    let choices = joint(b).table_choices();
    choices.iter().position(|c| c == choice).unwrap_or_else(|| panic!("{choice:?} not among {choices:?}"))
}

#[test]
fn a_season_ends_when_every_seat_agrees_and_the_next_is_dealt() {
    let mut browsers = gathered(3);
    let mut opened = BTreeSet::new();
    deliver(&mut browsers, &mut opened);
    // Between Days, any seat may propose it; the others are asked to agree.
    let propose = table_choice(&browsers[1], &TableChoice::EndSeason { proposed: false });
    joint_event(&mut browsers[1], JointEvent::Table(propose));
    deliver(&mut browsers, &mut opened);
    assert!(joint(&browsers[1]).table_choices().iter().all(|c| !matches!(c, TableChoice::EndSeason { .. })));
    for seat in [0, 2] {
        assert_eq!(joint(&browsers[seat]).game().unwrap().season().number, 1, "not before everyone agrees");
        let agree = table_choice(&browsers[seat], &TableChoice::EndSeason { proposed: true });
        joint_event(&mut browsers[seat], JointEvent::Table(agree));
        deliver(&mut browsers, &mut opened);
    }
    for b in &browsers {
        assert_eq!(joint(b).game().unwrap().season().number, 2, "seat {}: the next Season dealt", joint(b).seat());
    }
}

#[test]
fn a_season_is_given_up_without_a_device_that_left_once_every_other_votes_so() {
    let mut browsers = gathered(3);
    let mut opened = BTreeSet::new();
    // Played until it is seat 2's Day; then seat 2's device is gone.
    for _ in 0..60 {
        deliver(&mut browsers, &mut opened);
        let PlayPhase::Playing { to_move } = joint(&browsers[0]).phase().unwrap().0 else { panic!("playing") };
        if to_move == 2 {
            break;
        }
        let game = joint(&browsers[to_move]).game().unwrap();
        for step in plan(&game, to_move as u8) {
            let i = joint(&browsers[to_move]).choices().iter().position(|&a| a == step).unwrap();
            joint_event(&mut browsers[to_move], JointEvent::Choice(i));
        }
    }
    let left = vec![Device::from_byte(2)];
    let vote = table_choice(&browsers[0], &TableChoice::GiveUp { left: left.clone(), proposed: false });
    joint_event(&mut browsers[0], JointEvent::Table(vote));
    deliver_among(&mut browsers, &mut opened, &[0, 1]);
    let agree = table_choice(&browsers[1], &TableChoice::GiveUp { left, proposed: true });
    joint_event(&mut browsers[1], JointEvent::Table(agree));
    deliver_among(&mut browsers, &mut opened, &[0, 1]);
    for b in &browsers[..2] {
        let (phase, _) = joint(b).phase().unwrap();
        assert!(matches!(phase, PlayPhase::Stopped(lauzait_joint_play::Stop::Void { .. })), "{phase:?}");
    }
}
