//! Snapshots of a phone's page in table mode (crates/ui/src/html/table/phone.rs), each screen as
//! the phone shows it in both languages: preparing its answer, pairing (the answer's QR
//! code and text), seated and waiting for the deal, its hand on its Day, and the finished
//! game's check, verified and not. The phone is a real `GuestScreen` talking to a real
//! host through the protocol's texts; the browser tests find elements by these ids and
//! classes, so any change to them shows here first, to be reviewed
//! (`INSTA_UPDATE=always cargo test` or `cargo insta review`).

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, GameOptions, Status};
use lauzait_table_mode::guest::Stage;
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::guest_screen::{GuestScreen, GUEST_ENTROPY};
use lauzait_table_mode::host::{Host, Out, Paired, Player, HOST_ENTROPY};
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::validate::write;
use lauzait_ui::html::table::phone::{page, GuestPage};
use lauzait_ui::i18n::Lang;

const OFFER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-offer-mdns.sdp");
const ANSWER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-answer-mdns.sdp");
/// The phone's connection, opened with seat 0's code.
const PHONE: Paired = Paired { conn: 0, seat: 0 };

fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(37).wrapping_add(tag).rotate_left(1) ^ tag).collect()
}

/// One tag a line, as tests/ui/html.rs writes every screen.
fn lines(html: &str) -> String {
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

/// The phone's page in both languages.
fn snapshot(name: &str, screen: &GuestScreen) {
    for lang in [Lang::En, Lang::Ja] {
        let html = page(&GuestPage { screen, lang, not_saved: None, can_share: true });
        insta::assert_snapshot!(format!("phone_{name}_{}", lang.code()), lines(&html));
    }
}

/// A two-seat table: the phone's person at seat 0, an Easy computer player at seat 1.
struct Table {
    host: Host,
    phone: GuestScreen,
    /// The host's messages not yet read by the phone, in order.
    to_phone: Vec<String>,
    /// The phone's clock (ms): a message every 100 ms, well within its budget.
    now: f64,
}

impl Table {
    fn new() -> Table {
        let seats = vec![("Ann".to_string(), Player::Person), ("Computer".to_string(), Player::Computer(Level::Easy))];
        let host = Host::new(GameOptions::for_players(2, true).unwrap(), seats, &entropy(7, HOST_ENTROPY)).unwrap();
        let invite = Invite {
            table: host.table,
            seat: 0,
            token: host.seats()[0].token,
            offer: SessionDescription::parse(OFFER).unwrap(),
            ice: Default::default(),
        };
        let (phone, _) = GuestScreen::start(&invite, None, &entropy(9, GUEST_ENTROPY)).unwrap();
        Table { host, phone, to_phone: Vec::new(), now: 0.0 }
    }

    /// Runs the phone's effects: what it sends reaches the host, whose answers queue up.
    fn run(&mut self, fx: Vec<GuestEffect>) {
        for effect in fx {
            if let GuestEffect::Send(text) = effect {
                let out = self.host.receive(PHONE, &text);
                self.queue(out);
            }
        }
    }

    fn queue(&mut self, out: Vec<Out>) {
        for o in out {
            if let Out::Send(_, msg) = o {
                self.to_phone.push(write(&msg));
            }
        }
    }

    /// The phone reads the host's next message; false when there is none.
    fn step(&mut self) -> bool {
        if self.to_phone.is_empty() {
            return false;
        }
        let text = self.to_phone.remove(0);
        self.now += 100.0;
        let fx = self.phone.update(GuestEvent::Message(text), self.now);
        self.run(fx);
        true
    }

    fn settle(&mut self) {
        while self.step() {}
    }

    /// Plays until the phone's Day (true) or the Season's end (false).
    fn until_phones_day(&mut self) -> bool {
        for _ in 0..400 {
            self.settle();
            let game = self.host.game().unwrap();
            if game.status() != Status::Playing {
                return false;
            }
            if self.host.computer_to_move().is_none() {
                return true;
            }
            let out = self.host.play_computer_day(8).unwrap();
            self.queue(out);
        }
        panic!("no Day of the phone's came");
    }

    /// The phone presses the first step of the Normal player's plan for its Day.
    fn press_planned(&mut self) {
        let guest = self.phone.guest();
        let game = guest.game().unwrap();
        let (plan, _) = plan_whole_day(game, 0, Level::Normal, 5 + game.day().number as u64, 8).unwrap();
        let i = guest.choices().iter().position(|&a| a == plan[0]).expect("the plan's step is offered");
        let fx = self.phone.update(GuestEvent::Choice(i), 0.0);
        self.run(fx);
    }

    /// Pairs, plays the first Season to its end and ends the game there; `tamper` may
    /// change the record's text before the phone reads it.
    fn play_to_the_record(&mut self, tamper: impl Fn(&mut serde_json::Value)) {
        self.phone.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
        let fx = self.phone.update(GuestEvent::ChannelOpen, 0.0);
        self.run(fx);
        while self.until_phones_day() {
            self.press_planned();
        }
        let out = self.host.table_action(Action::EndGameByAgreement).unwrap();
        self.queue(out);
        for text in &mut self.to_phone {
            let mut msg: serde_json::Value = serde_json::from_str(text).unwrap();
            if msg["t"] == "record" {
                tamper(&mut msg);
                *text = msg.to_string();
            }
        }
        self.settle();
    }
}

#[test]
fn a_phones_pairing_waiting_and_its_day() {
    let mut t = Table::new();
    snapshot("preparing", &t.phone);
    t.phone.update(GuestEvent::AnswerMade(ANSWER.into()), 0.0);
    snapshot("pairing", &t.phone);
    let fx = t.phone.update(GuestEvent::ChannelOpen, 0.0);
    snapshot("joining", &t.phone);
    t.run(fx);
    // The welcome alone: seated, the deal not yet made.
    assert!(t.step());
    assert_eq!(t.phone.guest().stage(), Stage::Waiting);
    snapshot("waiting", &t.phone);
    assert!(t.until_phones_day(), "the phone's Day comes");
    assert!(t.phone.guest().my_day());
    snapshot("its_day", &t.phone);
    // A discard made: the Hiring's movers are offered.
    t.press_planned();
    t.settle();
    snapshot("its_day_after_a_discard", &t.phone);
}

#[test]
fn a_phones_check_of_the_record_verified_and_not() {
    let mut t = Table::new();
    t.play_to_the_record(|_| {});
    assert!(page(&GuestPage { screen: &t.phone, lang: Lang::En, not_saved: None, can_share: true })
        .contains("id=\"verdict\">✓"));
    snapshot("verified", &t.phone);

    // The same game, its record's last action left out: another game than the one shown.
    let mut t = Table::new();
    t.play_to_the_record(|msg| {
        let log = msg["record"]["log"].as_array_mut().unwrap();
        log.pop();
    });
    assert!(page(&GuestPage { screen: &t.phone, lang: Lang::En, not_saved: None, can_share: true })
        .contains("class=\"errorbox\" id=\"verdict\""));
    snapshot("not_verified", &t.phone);
}
