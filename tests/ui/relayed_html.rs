//! A relayed table's pages (crates/ui/src/html/table/relayed.rs) kept as snapshots, both
//! languages: the tablet's setup, its pairing cards, its board once the Season is dealt; a
//! phone's answer while pairing, its wait for the others, and its table's code, turn, hand and
//! choices. The pages are driven through their pure screens, every text carried between them
//! as their data channels would.

use lauzait_remote::screen::relayed_phone::{RelayedEvent, RelayedPhoneScreen, RELAYED_ENTROPY};
use lauzait_remote::screen::relayed_tablet::{read_relayed_invite, RelayedTabletScreen, TABLET_ENTROPY};
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::host_screen::IceSettings;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, Timer};
use lauzait_ui::html::table::relayed::{phone_page, tablet_page, RelayedPhonePage, RelayedTabletPage};
use lauzait_ui::i18n::Lang;

const OFFER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-offer-ip.sdp");
const ANSWER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-answer-ip.sdp");

fn qr(text: &str, label: &str) -> String {
    format!("<svg class=\"qr\" role=\"img\" aria-label=\"{label}\" data-chars=\"{}\"></svg>", text.len())
}

/// A tablet's page and three phones' pages, and what each sent on its way.
struct Relayed {
    tablet: RelayedTabletScreen,
    phones: Vec<RelayedPhoneScreen>,
    /// Each seat's connection on the tablet.
    conns: Vec<u32>,
    /// Texts on their way: to the tablet from a seat (`true`), or to a seat.
    wire: Vec<(bool, u8, String)>,
    now: f64,
    /// The requests to the computer players' worker, left unanswered.
    asked: Vec<String>,
}

impl Relayed {
    /// The tablet's page `tablet` with no phone yet.
    fn of(tablet: RelayedTabletScreen) -> Relayed {
        Relayed { tablet, phones: Vec::new(), conns: vec![0; 3], wire: Vec::new(), now: 0.0, asked: Vec::new() }
    }

    fn set() -> Relayed {
        let mut tablet = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
        tablet.configure(3, true);
        let mut table = Relayed::of(tablet);
        let fx = table.tablet.set_table(None, &[5; TABLET_ENTROPY]);
        table.tablet_effects(fx);
        table
    }

    fn tablet_effects(&mut self, fx: Vec<HostEffect>) {
        for f in fx {
            let next = match f {
                HostEffect::MakeOffer { conn, .. } => HostEvent::OfferMade { conn, sdp: OFFER.into() },
                HostEffect::Accept { conn, .. } => HostEvent::Accepted(conn),
                HostEffect::WakeAfter { timer: timer @ (Timer::Flush | Timer::ComputerDue), .. } => {
                    HostEvent::Wake(timer)
                }
                HostEffect::Send { conn, text } => {
                    let seat = self.conns.iter().position(|&c| c == conn).unwrap() as u8;
                    self.wire.push((false, seat, text));
                    continue;
                }
                HostEffect::AskWorker(text) => {
                    self.asked.push(text);
                    continue;
                }
                _ => continue,
            };
            self.now += 50.0;
            let more = self.tablet.update(next, self.now, &[]);
            self.tablet_effects(more);
        }
    }

    /// Each person's seat's phone answers its code (a computer's seat has none); the channels
    /// open.
    fn pair(&mut self) {
        for seat in 0..3u8 {
            let Some(link) = self.tablet.pairing().link(seat) else { continue };
            let url = link.url.clone();
            let invite = read_relayed_invite(url.split_once('#').unwrap().1).unwrap();
            let (phone, _) = RelayedPhoneScreen::start(&invite, None, &[seat + 1; RELAYED_ENTROPY]).unwrap();
            self.phones.push(phone);
            self.phone(seat, GuestEvent::AnswerMade(ANSWER.into()));
            let code = self.phones[usize::from(seat)].answering().code().unwrap().to_string();
            self.tablet_event(HostEvent::AnswerRead { seat, code });
            self.conns[usize::from(seat)] = self.tablet.pairing().link(seat).unwrap().conn;
        }
    }

    fn open(&mut self, seat: u8) {
        self.tablet_event(HostEvent::ChannelOpen(self.conns[usize::from(seat)]));
        self.phone(seat, GuestEvent::ChannelOpen);
    }

    fn tablet_event(&mut self, event: HostEvent) {
        self.now += 50.0;
        let fx = self.tablet.update(event, self.now, &[]);
        self.tablet_effects(fx);
    }

    fn phone(&mut self, seat: u8, event: GuestEvent) {
        self.now += 50.0;
        let fx = self.phones[usize::from(seat)].update(RelayedEvent::Page(event), self.now);
        for f in fx {
            if let GuestEffect::Send(text) = f {
                self.wire.push((true, seat, text));
            }
        }
    }

    /// Every text carried, in order, until none is left.
    fn run(&mut self) {
        while !self.wire.is_empty() {
            let (to_tablet, seat, text) = self.wire.remove(0);
            if to_tablet {
                self.tablet_event(HostEvent::Message { conn: self.conns[usize::from(seat)], text });
            } else {
                self.phone(seat, GuestEvent::Message(text));
            }
        }
    }
}

fn lines(html: String) -> String {
    assert!(!html.contains('\n'), "the HTML has no line breaks of its own: {html}");
    html.replace("><", ">\n<")
}

fn snap_tablet(name: &str, table: &Relayed) {
    for lang in [Lang::En, Lang::Ja] {
        let page = RelayedTabletPage { screen: &table.tablet, lang, can_share: true, qr: &qr };
        insta::assert_snapshot!(format!("relayed_tablet_{name}_{}", lang.code()), lines(tablet_page(&page)));
    }
}

fn snap_phone(name: &str, phone: &RelayedPhoneScreen) {
    for lang in [Lang::En, Lang::Ja] {
        let page = RelayedPhonePage { screen: phone, lang, not_saved: None, can_share: true };
        insta::assert_snapshot!(format!("relayed_phone_{name}_{}", lang.code()), lines(phone_page(&page)));
    }
}

#[test]
fn a_relayed_tables_pages_from_the_setup_to_the_dealt_season() {
    let mut setup = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
    setup.configure(3, true);
    snap_tablet("setup", &Relayed::of(setup));

    let mut table = Relayed::set();
    snap_tablet("pairing", &table);
    // A reload of the tablet's page offers the table it saved.
    let save = serde_json::to_string(&table.tablet.save().unwrap()).unwrap();
    let resumable = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default())
        .with_saved(Some(&save));
    snap_tablet("resume", &Relayed::of(resumable));
    table.pair();
    snap_phone("answer", &table.phones[0]);
    table.open(0);
    table.run();
    snap_phone("joined", &table.phones[0]);
    table.open(1);
    table.open(2);
    table.run();
    snap_tablet("dealt", &table);
    let codes: Vec<_> = table.phones.iter().map(RelayedPhoneScreen::code).collect();
    assert!(codes[0].is_some() && codes.iter().all(|c| *c == codes[0]), "{codes:?}");
    let mover = table.phones.iter().position(|p| !p.choices().is_empty()).expect("a seat's Day");
    snap_phone("day", &table.phones[mover]);
    let waiting = table.phones.iter().position(|p| p.choices().is_empty()).unwrap();
    snap_phone("waiting", &table.phones[waiting]);
    // The tablet's page is drawn from the public view: no phone's concealed piece is on it.
    let board = tablet_page(&RelayedTabletPage { screen: &table.tablet, lang: Lang::En, can_share: false, qr: &qr });
    assert!(!board.contains("id=\"hand\""), "no hand on the tablet");
    assert!(board.contains("watch-board"), "{board}");
}

/// A computer seat: its row in the setup with its level, then beside the pairing cards a line
/// of its own (the tablet plays it: no code to scan).
#[test]
fn a_computer_seat_in_the_setup_and_beside_the_pairing_cards() {
    use lauzait_bots::Level;
    use lauzait_table_mode::controls::{HostControl, SetupButton};
    let mut tablet = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
    tablet.configure(3, true);
    for button in [SetupButton::ToggleComputer(2), SetupButton::Level(2, Level::Strong)] {
        tablet.update(HostEvent::Control(HostControl::Setup(button)), 0.0, &[]);
    }
    let mut table = Relayed::of(tablet);
    snap_tablet("computer_setup", &table);
    let fx = table.tablet.set_table(None, &[5; TABLET_ENTROPY]);
    table.tablet_effects(fx);
    assert_eq!(table.tablet.pairing().link(2), None, "no code for the computer's seat");
    assert!(table.tablet.pairing().link(1).is_some());
    snap_tablet("computer_pairing", &table);
}

/// A computer seat's Day the worker could not plan is said on the tablet, as on table mode's
/// host page: without it the table waits with nothing saying why.
#[test]
fn a_computer_seats_failed_day_is_said_on_the_tablet() {
    use lauzait_autoplay::WorkerFailure;
    use lauzait_table_mode::controls::{HostControl, SetupButton};
    let mut tablet = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
    tablet.configure(3, true);
    tablet.update(HostEvent::Control(HostControl::Setup(SetupButton::ToggleComputer(2))), 0.0, &[]);
    let mut table = Relayed::of(tablet);
    let fx = table.tablet.set_table(None, &[5; TABLET_ENTROPY]);
    table.tablet_effects(fx);
    table.pair();
    table.open(0);
    table.open(1);
    table.run();
    let page =
        |t: &Relayed| tablet_page(&RelayedTabletPage { screen: &t.tablet, lang: Lang::En, can_share: false, qr: &qr });
    // The persons play their first choices until the computer's Day is asked for.
    for _ in 0..200 {
        if !table.asked.is_empty() {
            break;
        }
        let mover = table.phones.iter().position(|p| !p.choices().is_empty());
        let mover = mover.unwrap_or_else(|| panic!("a person's choices or the worker asked: {}", page(&table)));
        table.phone(mover as u8, GuestEvent::Choice(0));
        table.run();
    }
    assert!(!table.asked.is_empty(), "the computer's Day is asked of the worker");
    assert!(!page(&table).contains("computer-failed"), "nothing said while the worker plans");
    table.tablet_event(HostEvent::WorkerFailed(WorkerFailure::NotLoaded));
    let said = page(&table);
    assert!(said.contains("id=\"computer-failed\""), "the failure is said: {said}");
}
