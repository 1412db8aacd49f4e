//! Snapshots of play by turns' page (crates/ui/src/html/remote), each screen in both
//! languages: the host's setup and its invite, a guest's letter to send, a guest waiting,
//! a guest's move, the host's letter to send, a refused link, and the game over with its
//! scores. The two sides are real screens exchanging real letters; the browser test
//! (tests/browser/remote-turns.test.mjs) finds elements by these ids, so any change to
//! them shows here first (`INSTA_UPDATE=always cargo test` or `cargo insta review`).

use lauzait_bots::Level;
use lauzait_engine::{Action, Game};
use lauzait_remote::screen::boot::{boot, Screen, BOOT_ENTROPY};
use lauzait_remote::screen::guest::GuestEvent;
use lauzait_remote::screen::host::{HostEvent, HostScreen, TABLE_ENTROPY};
use lauzait_remote::screen::joint::{JointEvent, Stage, JOINT_ENTROPY};
use lauzait_remote::screen::{Effect, Shown};
use lauzait_remote::turn::Awaited;
use lauzait_ui::html::remote::{page, RemotePage};
use lauzait_ui::i18n::Lang;
use std::collections::BTreeMap;

const BASE: &str = "https://example.org/remote.html";

fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(41).wrapping_add(tag).rotate_left(3) ^ tag).collect()
}

fn lines(html: &str) -> String {
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

fn snapshot(name: &str, screen: &Screen) {
    for lang in [Lang::En, Lang::Ja] {
        let html = page(&RemotePage { screen, lang, not_saved: None, base: BASE, can_share: true });
        insta::assert_snapshot!(format!("remote_{name}_{}", lang.code()), lines(&html));
    }
}

/// One browser: its storage and its page, booted again for every link it is given.
struct Browser {
    store: BTreeMap<String, String>,
    screen: Screen,
}

impl Browser {
    fn visit(&mut self, link: &str) {
        let store = self.store.clone();
        let (screen, fx) = boot(link, &|k| store.get(k).cloned(), &entropy(5, BOOT_ENTROPY), 0.0);
        self.screen = screen;
        self.run(fx);
    }
    fn run(&mut self, fx: Vec<Effect>) {
        for e in fx {
            if let Effect::Store { key, text } = e {
                self.store.insert(key, text);
            }
        }
    }
    fn host(&mut self, e: HostEvent) {
        let Screen::Host(s) = &mut self.screen else { panic!("not the host") };
        let fx = s.update(e, 0.0);
        self.run(fx);
    }
    fn guest(&mut self, e: GuestEvent) {
        let Screen::Guest(s) = &mut self.screen else { panic!("not a guest") };
        let fx = s.update(e);
        self.run(fx);
    }
    fn host_screen(&self) -> &HostScreen {
        let Screen::Host(s) = &self.screen else { panic!("not the host") };
        s
    }
    fn host_letter(&mut self) -> String {
        self.host(HostEvent::Write(1));
        self.host_screen().link(Shown::Letter(1)).unwrap()
    }
    fn guest_letter(&mut self) -> String {
        self.guest(GuestEvent::Write);
        let Screen::Guest(s) = &self.screen else { panic!("not a guest") };
        s.letter().unwrap().to_string()
    }
    fn turn(&self) -> Awaited {
        match &self.screen {
            Screen::Host(s) => s.turn().unwrap_or(Awaited::Seating),
            Screen::Guest(s) => s.turn(),
            Screen::Watch(_) | Screen::Joint(_) => panic!("not a page of a table by turns"),
        }
    }
    fn choices(&self) -> Vec<Action> {
        match &self.screen {
            Screen::Host(s) => s.choices(),
            Screen::Guest(s) => s.choices(),
            Screen::Watch(_) | Screen::Joint(_) => panic!("not a page of a table by turns"),
        }
    }
    fn game(&self) -> Game {
        match &self.screen {
            Screen::Host(s) => s.device().unwrap().local().unwrap().game().unwrap().clone(),
            Screen::Guest(s) => s.device().game().unwrap(),
            Screen::Watch(_) | Screen::Joint(_) => panic!("not a page of a table by turns"),
        }
    }
    /// Plays the seat's whole Day through the page's choices.
    fn day(&mut self, seat: u8) {
        let game = self.game();
        let plan = lauzait_autoplay::plan_whole_day(
            &game,
            usize::from(seat),
            Level::Normal,
            17 + u64::from(game.day().number),
            8,
        )
        .unwrap()
        .0;
        for step in plan {
            let i = self.choices().iter().position(|&a| a == step).unwrap();
            match &self.screen {
                Screen::Host(_) => self.host(HostEvent::Choice(i)),
                Screen::Guest(_) => self.guest(GuestEvent::Choice(i)),
                Screen::Watch(_) | Screen::Joint(_) => panic!("not a page of a table by turns"),
            }
        }
    }
}

#[test]
fn play_by_turns_pages_in_both_languages() {
    let mut host = Browser { store: BTreeMap::new(), screen: Screen::Host(Box::new(HostScreen::setup(None))) };
    snapshot("setup", &host.screen);
    host.host(HostEvent::Create { names: vec!["Red".into(), "Blue".into()], entropy: entropy(9, TABLE_ENTROPY) });
    snapshot("invite", &host.screen);
    let mut guest = Browser { store: BTreeMap::new(), screen: Screen::Host(Box::new(HostScreen::setup(None))) };
    guest.visit(&format!("{BASE}#{}", host.host_screen().link(Shown::Invite(1)).unwrap()));
    let join = guest.guest_letter();
    snapshot("guest_letter_to_send", &guest.screen);
    host.visit(&join);
    let l = host.host_letter();
    snapshot("host_letter_to_send", &host.screen);
    let short =
        page(&RemotePage { screen: &host.screen, lang: Lang::En, not_saved: None, base: BASE, can_share: true });
    assert!(!short.contains("id=\"save-letter-1\""), "a letter short enough for a link is not offered as a file");
    assert!(short.contains("id=\"open-file\" type=\"file\""), "every page opens a letter's file");
    guest.visit(&l);
    let l = guest.guest_letter();
    host.visit(&l);
    let l = host.host_letter();
    guest.visit(&l);
    let l = guest.guest_letter();
    host.visit(&l);
    // Dealt: play until the guest's first Day, snapshotting it waiting and on its move.
    let mut waiting_seen = false;
    let mut move_seen = false;
    for _ in 0..400 {
        match host.turn() {
            Awaited::SeasonOver => host.host(HostEvent::NextSeason),
            Awaited::Day { seat: 0 } if !host.choices().is_empty() => host.day(0),
            Awaited::GameOver if !host.host_screen().device().unwrap().has_news_for(1) => break,
            _ => {}
        }
        if host.host_screen().device().unwrap().has_news_for(1) {
            let l = host.host_letter();
            guest.visit(&l);
        }
        if guest.turn() == (Awaited::Day { seat: 1 }) && !guest.choices().is_empty() {
            if !move_seen {
                snapshot("guest_your_move", &guest.screen);
                move_seen = true;
            }
            // The guest's game is rebuilt from its seat's view, which holds no record of the
            // Season's moves: its log still shows every Day of the Season as everyone saw it.
            let played = guest.game().public().seen_days().len();
            let html = page(&RemotePage {
                screen: &guest.screen,
                lang: Lang::En,
                not_saved: None,
                base: BASE,
                can_share: true,
            });
            assert_eq!(html.matches("<li data-day=").count(), played, "the guest's log shows each Day played");
            guest.day(1);
        }
        if let Screen::Guest(s) = &guest.screen {
            if s.device().has_news() {
                let l = guest.guest_letter();
                if !waiting_seen {
                    snapshot("guest_day_sent", &guest.screen);
                }
                host.visit(&l);
                // The guest, its letter answered later, waits for the host's move.
                if !waiting_seen && host.turn() == (Awaited::Day { seat: 0 }) {
                    let mut altered = l.clone().into_bytes();
                    let at = altered.len() / 2;
                    altered[at] = if altered[at] == b'Q' { b'R' } else { b'Q' };
                    let mut refused = Browser { store: host.store.clone(), screen: host.screen.clone() };
                    refused.visit(&String::from_utf8(altered).unwrap());
                    snapshot("host_refused_altered", &refused.screen);
                    waiting_seen = true;
                }
            }
        }
    }
    assert!(move_seen && waiting_seen);
    assert_eq!(guest.turn(), Awaited::GameOver);
    snapshot("guest_game_over", &guest.screen);
    snapshot("host_game_over", &host.screen);
    let last = host.host_screen().link(Shown::Letter(1)).expect("the last letter on show");
    let over = page(&RemotePage { screen: &host.screen, lang: Lang::En, not_saved: None, base: BASE, can_share: true });
    assert_eq!(
        over.contains("id=\"save-letter-1\""),
        last.len() > lauzait_remote::letter::LINK_CEILING,
        "the last letter ({} characters) is offered as a file exactly when it is over the ceiling",
        last.len()
    );
}

/// A table of joint play (a deal by every device): device 0 gathering with its invite on
/// show, a seat joining with its letter to device 0, and, dealt, the seat whose Day it is
/// and the one waiting for it, each with its letters to send.
#[test]
fn joint_play_pages_in_both_languages() {
    let mut zero = Browser { store: BTreeMap::new(), screen: Screen::Host(Box::new(HostScreen::setup(None))) };
    let fx = zero.screen.create_joint(&entropy(9, JOINT_ENTROPY));
    zero.run(fx);
    snapshot("joint_gathering", &zero.screen);
    let links = |b: &Browser| match &b.screen {
        Screen::Joint(s) => s.links().to_vec(),
        _ => panic!("not a page of joint play"),
    };
    let mut seat = Browser { store: BTreeMap::new(), screen: Screen::Host(Box::new(HostScreen::setup(None))) };
    seat.visit(&format!("{BASE}#{}", links(&zero)[0].1));
    snapshot("joint_joining", &seat.screen);
    // Every letter on show opened where it goes, until none is new.
    let mut opened = std::collections::BTreeSet::new();
    loop {
        let due: Vec<(u8, String)> =
            [&zero, &seat].iter().flat_map(|b| links(b)).filter(|(_, l)| opened.insert(l.clone())).collect();
        if due.is_empty() {
            break;
        }
        for (to, link) in due {
            let b = if to == 0 { &mut zero } else { &mut seat };
            b.visit(&format!("{BASE}#{link}"));
        }
    }
    let Screen::Joint(z) = &zero.screen else { panic!("device 0 plays") };
    assert!(matches!(z.stage(), Stage::Playing(_)));
    let (mover, waiting) = if z.choices().is_empty() { (&mut seat, &zero) } else { (&mut zero, &seat) };
    snapshot("joint_your_day", &mover.screen);
    snapshot("joint_waiting", &waiting.screen);
    // The mover's first step: its Day is kept on the page until its last step.
    let Screen::Joint(m) = &mut mover.screen else { panic!("joint") };
    let fx = m.update(JointEvent::Choice(0));
    mover.run(fx);
}
