//! The by-turns pages as pure models (`lauzait_remote::screen`): two browsers that never
//! meet, each booted again from its own storage for every link it is given, as a person
//! opening a link in a closed browser would.
mod computer;
mod joint;
mod refusals;
mod relayed_pairing;
mod relayed_phone;
mod relayed_tablet;
mod spectator;

use lauzait_bots::Level;
use lauzait_engine::Action;
use lauzait_remote::letter::LINK_CEILING;
use lauzait_remote::screen::boot::{boot, Screen, BOOT_ENTROPY};
use lauzait_remote::screen::guest::{GuestEvent, GuestScreen};
use lauzait_remote::screen::host::{HostEvent, HostScreen, TABLE_ENTROPY};
use lauzait_remote::screen::{needs_file, Effect, Opened, Problem, Shown};
use lauzait_remote::turn::Awaited;
use lauzait_table_mode::controls::SetupButton;
use std::collections::BTreeMap;

pub fn entropy(seed: u8, len: usize) -> Vec<u8> {
    (0..len).map(|i| (i as u8).wrapping_mul(29).wrapping_add(seed.wrapping_mul(89))).collect()
}

/// One browser: its storage, and the page it shows.
pub struct Browser {
    pub store: BTreeMap<String, String>,
    pub screen: Screen,
    /// The last effects, to check what a step stored.
    pub last: Vec<Effect>,
    /// The page's clock (ms): each event a tick later than the last.
    pub now: f64,
}

impl Browser {
    /// A browser that sets a new table of `players` persons.
    pub fn host(seed: u8, players: u8) -> Browser {
        let mut b = Browser::blank();
        b.host_event(HostEvent::Setup(SetupButton::Players(players)));
        let names = (0..players).map(|s| format!("seat {s}")).collect();
        b.host_event(HostEvent::Create { names, entropy: entropy(seed, TABLE_ENTROPY) });
        assert!(b.host_screen().device().is_some(), "the table is set: {:?}", b.host_screen().problem());
        b
    }

    /// A browser that never saw the game.
    pub fn blank() -> Browser {
        Browser {
            store: BTreeMap::new(),
            screen: Screen::Host(Box::new(HostScreen::setup(None))),
            last: Vec::new(),
            now: 0.0,
        }
    }

    /// Opens the page at `fragment` (a link given to this browser, or none), from storage.
    pub fn visit(&mut self, fragment: &str, seed: u8) {
        let store = self.store.clone();
        self.now += 10.0;
        let (screen, fx) = boot(fragment, &|key| store.get(key).cloned(), &entropy(seed, BOOT_ENTROPY), self.now);
        self.screen = screen;
        self.run(fx);
    }

    pub fn run(&mut self, fx: Vec<Effect>) {
        for e in &fx {
            if let Effect::Store { key, text } = e {
                self.store.insert(key.clone(), text.clone());
            }
        }
        self.last = fx;
    }

    pub fn host_event(&mut self, event: HostEvent) {
        let Screen::Host(s) = &mut self.screen else { panic!("not the host's page") };
        self.now += 10.0;
        let fx = s.update(event, self.now);
        self.run(fx);
    }

    pub fn guest_event(&mut self, event: GuestEvent) {
        let Screen::Guest(s) = &mut self.screen else { panic!("not a guest's page") };
        let fx = s.update(event);
        self.run(fx);
    }

    pub fn host_screen(&self) -> &HostScreen {
        match &self.screen {
            Screen::Host(s) => s,
            Screen::Guest(_) | Screen::Watch(_) | Screen::Joint(_) => panic!("not the host's page"),
        }
    }

    pub fn guest_screen(&self) -> &GuestScreen {
        match &self.screen {
            Screen::Guest(s) => s,
            Screen::Host(_) | Screen::Watch(_) | Screen::Joint(_) => panic!("not a guest's page: {:?}", self.problem()),
        }
    }

    pub fn problem(&self) -> Option<Problem> {
        match &self.screen {
            Screen::Host(s) => s.problem().cloned(),
            Screen::Guest(s) => s.problem().cloned(),
            Screen::Joint(s) => s.problem().cloned(),
            Screen::Watch(_) => None,
        }
    }

    /// The host writes to `seat` and gives the link.
    pub fn host_letter(&mut self, seat: u8) -> String {
        self.host_event(HostEvent::Write(seat));
        self.host_screen().link(Shown::Letter(seat)).expect("a letter on show")
    }

    /// The guest writes to the host and gives the link.
    pub fn guest_letter(&mut self) -> String {
        self.guest_event(GuestEvent::Write);
        self.guest_screen().letter().expect("a letter on show").to_string()
    }

    /// What carries the link of `shown` (a letter this page just wrote) to the other
    /// device: the link itself, or the text of the file "Save as a file" offers when it is
    /// over the ceiling (REMOTE-PROTOCOL.md, LINK_CEILING), which the page only offers then.
    pub fn carry(&mut self, shown: Shown, link: &str) -> Carried {
        match &self.screen {
            Screen::Host(_) => self.host_event(HostEvent::Save(shown)),
            Screen::Guest(_) => self.guest_event(GuestEvent::Save),
            Screen::Watch(_) | Screen::Joint(_) => panic!("not a page of a table by turns"),
        }
        let file = self.last.iter().find_map(|e| match e {
            Effect::Download { name, text } => Some((name.clone(), text.clone())),
            _ => None,
        });
        if !needs_file(link) {
            assert!(link.len() <= LINK_CEILING);
            assert_eq!(file, None, "a link short enough is never offered as a file");
            return Carried::Link(link.to_string());
        }
        let (name, text) = file.expect("a letter over the ceiling is offered as a file");
        let letter = lauzait_remote::Letter::read(link).unwrap();
        assert_eq!(name, format!("lauzait-{}-{}.lzl", letter.table, letter.seq));
        assert_eq!(text, link, "the file holds the letter's text itself");
        Carried::File(text)
    }

    pub fn invite(&self, seat: u8) -> String {
        self.host_screen().link(Shown::Invite(seat)).expect("an invite on show")
    }

    /// The host's player plays its seat's whole Day through the page's choices.
    pub fn host_day(&mut self) {
        let device = self.host_screen().device().unwrap();
        let game = device.local().unwrap().game().unwrap().clone();
        let plan = plan(&game, 0);
        for step in plan {
            let i = self.host_screen().choices().iter().position(|&a| a == step).expect("the step is offered");
            self.host_event(HostEvent::Choice(i));
            assert_eq!(self.problem(), None);
        }
    }

    /// A guest's player plays its whole Day through the page's choices.
    pub fn guest_day(&mut self) {
        let device = self.guest_screen().device();
        let (seat, game) = (device.seat(), device.game().unwrap());
        for step in plan(&game, seat) {
            let i = self.guest_screen().choices().iter().position(|&a| a == step).expect("the step is offered");
            self.guest_event(GuestEvent::Choice(i));
            assert_eq!(self.problem(), None);
        }
    }
}

/// How a letter went from one device to the other.
pub enum Carried {
    Link(String),
    File(String),
}

impl Carried {
    /// What the other page opens: the link, or the file's text as "Open a file" reads it.
    pub fn text(&self) -> &str {
        match self {
            Carried::Link(t) | Carried::File(t) => t,
        }
    }
}

pub fn plan(game: &lauzait_engine::Game, seat: u8) -> Vec<Action> {
    let seed = 17 + game.day().number as u64;
    lauzait_autoplay::plan_whole_day(game, seat as usize, Level::Easy, seed, 4).unwrap().0
}

/// A host and a guest at a 2-seat table, the guest seated from its invite and both
/// carried to the first Day (the join, then the deal's two round trips).
pub fn seated(seed: u8) -> (Browser, Browser) {
    let mut host = Browser::host(seed, 2);
    let mut guest = Browser::blank();
    guest.visit(&format!("https://example.org/remote.html#{}", host.invite(1)), seed.wrapping_add(1));
    assert_eq!(guest.guest_screen().turn(), Awaited::Seating);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    for _ in 0..2 {
        let l = host.host_letter(1);
        guest.visit(&l, 0);
        let l = guest.guest_letter();
        host.visit(&l, 0);
    }
    assert!(matches!(host.host_screen().turn(), Some(Awaited::Day { .. })), "dealt");
    (host, guest)
}

#[test]
fn a_whole_game_by_turns_through_both_pages_each_reopened_for_every_link() {
    let (mut host, mut guest) = seated(3);
    let mut finished = false;
    let mut files = 0;
    for _ in 0..400 {
        match host.host_screen().turn() {
            Some(Awaited::SeasonOver) => host.host_event(HostEvent::NextSeason),
            Some(Awaited::Day { seat: 0 }) => host.host_day(),
            Some(Awaited::GameOver) if host.host_screen().device().unwrap().has_news_for(1) => {}
            Some(Awaited::GameOver) => {
                finished = true;
                break;
            }
            _ => {}
        }
        if host.host_screen().device().unwrap().has_news_for(1) {
            let l = host.host_letter(1);
            let carried = host.carry(Shown::Letter(1), &l);
            files += usize::from(matches!(carried, Carried::File(_)));
            guest.visit(carried.text(), 0);
            assert_eq!(guest.problem(), None);
        }
        if guest.guest_screen().turn() == (Awaited::Day { seat: 1 }) && !guest.guest_screen().choices().is_empty() {
            guest.guest_day();
        }
        if guest.guest_screen().device().has_news() {
            let l = guest.guest_letter();
            let carried = guest.carry(Shown::Letter(1), &l);
            files += usize::from(matches!(carried, Carried::File(_)));
            host.visit(carried.text(), 0);
            assert_eq!(host.problem(), None);
        }
    }
    assert!(finished, "R20: the game reached its final scores");
    assert!(files >= 1, "the last letter, carrying the record, is over the ceiling and travelled as a file");
    assert_eq!(guest.guest_screen().turn(), Awaited::GameOver, "the guest saw the final scores");
    assert_eq!(
        guest.guest_screen().device().guest().verdict,
        Some(lauzait_table_mode::verify::Verdict::Verified),
        "the guest checked the record against what it was shown"
    );
}

#[test]
fn a_page_opened_with_no_link_goes_back_to_its_device() {
    let (mut host, mut guest) = seated(5);
    let before = host.host_screen().turn();
    host.visit("", 0);
    assert_eq!(host.host_screen().turn(), before, "the host's table came back");
    let seat = guest.guest_screen().device().save();
    guest.visit("", 0);
    assert_eq!(guest.guest_screen().device().save(), seat, "the guest's seat came back");
}

#[test]
fn the_same_link_twice_changes_nothing_and_says_so() {
    let mut host = Browser::host(7, 2);
    let mut guest = Browser::blank();
    guest.visit(&host.invite(1), 8);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    assert_eq!(host.host_screen().opened(), Some(Opened::New(lauzait_remote::Party::Seat(1))));
    let saved = host.store.clone();
    host.visit(&join, 0);
    assert_eq!(host.host_screen().opened(), Some(Opened::Again));
    assert_eq!(host.problem(), None, "a duplicate is no fault");
    assert_eq!(host.store, saved, "nothing changed");
}

#[test]
fn an_older_letter_after_a_newer_one_is_taken_as_read() {
    let mut host = Browser::host(9, 2);
    let mut guest = Browser::blank();
    guest.visit(&host.invite(1), 10);
    let join = guest.guest_letter();
    host.visit(&join, 0);
    let older = host.host_letter(1);
    // The host writes again before any answer (the first link was lost, say).
    let Screen::Host(s) = &mut host.screen else { unreachable!() };
    assert!(!s.device().unwrap().has_news_for(1), "nothing new: the page offers no second letter");
    let newer = s.device().unwrap().clone().write_to(1).unwrap().fragment();
    guest.visit(&newer, 0);
    assert_eq!(guest.problem(), None);
    guest.visit(&older, 0);
    assert_eq!(guest.guest_screen().opened(), Some(Opened::Again), "all of it came in the newer");
}

#[test]
fn a_guest_letter_stays_on_show_until_the_host_answers_it() {
    let mut host = Browser::host(11, 2);
    let mut guest = Browser::blank();
    guest.visit(&host.invite(1), 12);
    let join = guest.guest_letter();
    guest.visit("", 0);
    assert_eq!(guest.guest_screen().letter(), Some(join.as_str()), "kept across a reload, in case it was lost");
    host.visit(&join, 0);
    let answer = host.host_letter(1);
    guest.visit(&answer, 0);
    assert_eq!(guest.guest_screen().letter(), None, "answered: no longer on show");
}

#[test]
fn an_invite_opened_again_goes_back_to_the_seat_taken() {
    let mut host = Browser::host(13, 2);
    let mut guest = Browser::blank();
    let invite = host.invite(1);
    guest.visit(&invite, 14);
    let join = guest.guest_letter();
    guest.visit(&invite, 99);
    assert_eq!(guest.guest_screen().letter(), Some(join.as_str()), "the same device, not a new one");
    // On the host's own device the invite is for someone else.
    host.visit(&invite, 0);
    assert_eq!(host.problem(), Some(Problem::OwnInvite));
}

/// The Easy player's next Day for the seat whose view is `view` (its steps), or `None` when
/// the Season is long (past Day 60) and may be ended by agreement, so that Easy players' games
/// end.
pub fn relayed_phone_next(view: &lauzait_engine::SeatView, day: u64) -> Option<Vec<Action>> {
    let game = view.rebuild().unwrap();
    if view.day > 60 && game.may_end_season_by_agreement() {
        return None;
    }
    Some(lauzait_autoplay::plan_whole_day(&game, view.to_move, Level::Easy, day, 0).unwrap().0)
}
