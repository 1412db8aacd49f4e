//! A relayed table's pages as pure models (`screen::relayed_phone`, `screen::relayed_tablet`):
//! three phones pair with a tablet, join, show the same table's code and play a whole game by
//! their choices alone, every message carried as the data channels would carry it — through
//! the tablet's relay alone, and through the tablet's page with its pairing, one phone lost and
//! paired again mid-game; a phone reloaded from its storage mid-game; a damaged message from
//! the tablet is said and changes nothing; the join is said again until the roster comes.

use crate::entropy;
use lauzait_engine::SpectatorView;
use lauzait_joint_deal::Device;
use lauzait_joint_play::PlayPhase;
use lauzait_remote::relayed::{TabletGathering, TabletRelay, ToTablet};
use lauzait_remote::screen::relayed_phone::{RelayedEvent, RelayedPhoneScreen, RelayedProblem, RELAYED_ENTROPY};
use lauzait_remote::screen::relayed_tablet::{read_relayed_invite, RelayedTabletScreen, TABLET_ENTROPY};
use lauzait_remote::screen::seat_day::TableChoice;
use lauzait_table_mode::bytes::{JoinToken, TableId};
use lauzait_table_mode::guest_event::{GuestEffect, GuestEvent};
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::IceSettings;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, Timer};
use lauzait_table_mode::ice::IceServers;
use lauzait_table_mode::link::Invite;
use lauzait_table_mode::sdp::SessionDescription;
use std::collections::VecDeque;

const OFFER: &str = include_str!("../../../table-mode/fixtures/sdp/chromium-offer-ip.sdp");
pub(crate) const ANSWER: &str = include_str!("../../../table-mode/fixtures/sdp/chromium-answer-ip.sdp");

pub(crate) fn invite(table: TableId, seat: u8) -> Invite {
    Invite {
        table,
        seat,
        token: JoinToken::from_entropy(&[seat; 8]),
        offer: SessionDescription::parse(OFFER).unwrap(),
        ice: IceServers::default(),
    }
}

/// The fixture's offer as the browser would make it for a new peer connection: each has an
/// ICE username fragment of its own (a phone refuses a code it already connected through by
/// it), also after the tablet's page reloads and numbers its connections from the start.
pub(crate) fn new_offer() -> String {
    static MADE: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    OFFER.replace("a=ice-ufrag:x788", &format!("a=ice-ufrag:o{n:05}"))
}

/// A phone's page and its storage.
pub(crate) struct Phone {
    pub(crate) screen: RelayedPhoneScreen,
    pub(crate) stored: Option<String>,
    invite: Invite,
}

impl Phone {
    /// A phone page for `invite`: new, or reopened from `stored`.
    pub(crate) fn open(invite: Invite, seed: u8, stored: Option<String>) -> Phone {
        let fresh = entropy(seed.wrapping_add(invite.seat), RELAYED_ENTROPY);
        let (screen, fx) = RelayedPhoneScreen::start(&invite, stored.as_deref(), &fresh).unwrap();
        let mut phone = Phone { screen, stored, invite };
        phone.take(&fx);
        phone
    }

    pub(crate) fn take(&mut self, fx: &[GuestEffect]) {
        for f in fx {
            if let GuestEffect::Store(text) = f {
                self.stored = Some(text.clone());
            }
        }
    }
}

/// The tablet: its relay alone, or its page with a connection per seat.
enum Tablet {
    Relay { gathering: TabletGathering, relay: Option<Box<TabletRelay>> },
    Page { screen: Box<RelayedTabletScreen>, conns: Vec<Conn> },
}

impl Tablet {
    fn shown(&self) -> Option<&SpectatorView> {
        match self {
            Tablet::Relay { relay, .. } => relay.as_ref()?.shown(),
            Tablet::Page { screen, .. } => screen.shown(),
        }
    }
}

/// The tablet, the phones, and the texts on their way to the tablet.
struct Table {
    tablet: Tablet,
    /// What the tablet's page stored last.
    tablet_saved: Option<String>,
    phones: Vec<Phone>,
    to_tablet: VecDeque<(Device, String)>,
    now: f64,
    seed: u8,
}

impl Table {
    /// A table whose tablet is its relay alone.
    fn new(players: u8, seed: u8) -> Table {
        let id = TableId::from_entropy(&[seed; 8]);
        let gathering = TabletGathering::new(id, usize::from(players), true, 256).unwrap();
        let phones = (0..players).map(|s| Phone::open(invite(id, s), seed, None)).collect();
        Table {
            tablet: Tablet::Relay { gathering, relay: None },
            tablet_saved: None,
            phones,
            to_tablet: VecDeque::new(),
            now: 0.0,
            seed,
        }
    }

    /// A table whose tablet is its page: each seat's code shown, answered by a phone, the
    /// channel opened on both ends.
    fn paired(players: u8, seed: u8) -> Table {
        Table::paired_with(players, seed, &[])
    }

    /// The same, the seats of `computers` (the last ones) played by the computer on the tablet.
    fn paired_with(players: u8, seed: u8, computers: &[u8]) -> Table {
        use lauzait_table_mode::controls::{HostControl, SetupButton};
        let mut screen = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
        screen.configure(players, true);
        for &seat in computers {
            screen.update(HostEvent::Control(HostControl::Setup(SetupButton::ToggleComputer(seat))), 0.0, &[]);
        }
        let fx = screen.set_table(None, &entropy(seed, TABLET_ENTROPY));
        let tablet = Tablet::Page { screen: Box::new(screen), conns: vec![0; usize::from(players)] };
        let mut table =
            Table { tablet, tablet_saved: None, phones: Vec::new(), to_tablet: VecDeque::new(), now: 0.0, seed };
        table.tablet_effects(fx);
        for seat in (0..players).filter(|s| !computers.contains(s)) {
            table.pair(seat, None);
        }
        table
    }

    /// Seat `seat`'s phone pairs with the code the tablet's page shows for it: a new phone
    /// page, or the one saved as `stored`.
    fn pair(&mut self, seat: u8, stored: Option<String>) {
        let Tablet::Page { screen, .. } = &self.tablet else { panic!("a tablet's page") };
        let url = screen.pairing().link(seat).expect("a code for the seat").url.clone();
        let invite = read_relayed_invite(url.split_once('#').unwrap().1).unwrap();
        let phone = Phone::open(invite, self.seed, stored);
        match self.phones.get_mut(usize::from(seat)) {
            Some(old) => *old = phone,
            None => self.phones.push(phone),
        }
        self.event(seat, RelayedEvent::Page(GuestEvent::AnswerMade(ANSWER.into())));
        let code = self.phones[usize::from(seat)].screen.answering().code().unwrap().to_string();
        self.tablet_event(HostEvent::AnswerRead { seat, code });
        let conn = self.conn(seat);
        self.tablet_event(HostEvent::ChannelOpen(conn));
        self.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
    }

    fn conn(&self, seat: u8) -> Conn {
        match &self.tablet {
            Tablet::Page { conns, .. } => conns[usize::from(seat)],
            Tablet::Relay { .. } => 0,
        }
    }

    /// The tablet's page is told `event`.
    fn tablet_event(&mut self, event: HostEvent) {
        self.now += 100.0;
        let Tablet::Page { screen, .. } = &mut self.tablet else { return };
        let fx = screen.update(event, self.now, &[]);
        self.tablet_effects(fx);
    }

    /// What the tablet's page asks for: each offer made (the fixture's), each answer taken,
    /// each text sent to its phone, each flush and new code; no other timer fires here.
    fn tablet_effects(&mut self, fx: Vec<HostEffect>) {
        for f in fx {
            match f {
                HostEffect::MakeOffer { conn, .. } => {
                    self.tablet_event(HostEvent::OfferMade { conn, sdp: new_offer() })
                }
                HostEffect::Accept { conn, .. } => {
                    if let Tablet::Page { screen, conns } = &mut self.tablet {
                        let seat = screen.pairing().seat_of(conn).unwrap();
                        conns[usize::from(seat)] = conn;
                    }
                    self.tablet_event(HostEvent::Accepted(conn));
                }
                HostEffect::Send { conn, text } => {
                    let Tablet::Page { conns, .. } = &self.tablet else { continue };
                    let seat = conns.iter().position(|&c| c == conn).expect("a seat's connection") as u8;
                    self.event(seat, RelayedEvent::Page(GuestEvent::Message(text)));
                }
                HostEffect::Store(text) => self.tablet_saved = Some(text),
                HostEffect::WakeAfter {
                    timer: timer @ (Timer::Flush | Timer::NewCode(_) | Timer::ComputerDue),
                    ..
                } => self.tablet_event(HostEvent::Wake(timer)),
                // The computer players' worker, answering in place.
                HostEffect::AskWorker(text) => {
                    self.tablet_event(HostEvent::WorkerReply(lauzait_autoplay::answer(&text, || 0.0)))
                }
                _ => {}
            }
        }
    }

    /// Phone `seat`'s page is told `event`; what it sends goes on its way to the tablet.
    fn event(&mut self, seat: u8, event: RelayedEvent) -> Vec<GuestEffect> {
        self.now += 100.0;
        let phone = &mut self.phones[usize::from(seat)];
        let fx = phone.screen.update(event, self.now);
        phone.take(&fx);
        for f in &fx {
            match f {
                GuestEffect::Send(text) => self.to_tablet.push_back((Device::from_byte(seat), text.clone())),
                GuestEffect::FlushAfter(_) => {
                    let more = phone.screen.update(RelayedEvent::Page(GuestEvent::Flush), self.now);
                    phone.take(&more);
                }
                _ => {}
            }
        }
        fx
    }

    /// Every text on its way carried through the tablet, until none is left.
    fn run(&mut self) {
        while let Some((from, text)) = self.to_tablet.pop_front() {
            let out = match &mut self.tablet {
                Tablet::Page { .. } => {
                    let conn = self.conn(from.to_byte());
                    self.tablet_event(HostEvent::Message { conn, text });
                    continue;
                }
                Tablet::Relay { gathering, relay } => {
                    let message = ToTablet::from_text(&text).unwrap();
                    match relay.as_mut() {
                        Some(relay) => relay.open(from, message).unwrap_or_else(|e| panic!("the tablet refuses: {e}")),
                        None => {
                            gathering.open(from, message).unwrap();
                            match gathering.start() {
                                Some((r, out)) => {
                                    *relay = Some(Box::new(r));
                                    out
                                }
                                None => Vec::new(),
                            }
                        }
                    }
                }
            };
            for (to, message) in out {
                self.event(to.to_byte(), RelayedEvent::Page(GuestEvent::Message(message.to_text())));
            }
        }
    }

    fn phase(&self) -> PlayPhase {
        self.phones[0].screen.phase().unwrap().0
    }

    /// Phone `seat` reloaded from its storage, its channel opened again.
    fn reload(&mut self, seat: u8) {
        let stored = self.phones[usize::from(seat)].stored.clone();
        let invite = self.phones[usize::from(seat)].invite.clone();
        self.phones[usize::from(seat)] = Phone::open(invite, self.seed, stored);
        self.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
    }

    /// Phone `seat`'s connection to the tablet's page is lost: the seat gets a new code.
    fn lose(&mut self, seat: u8) {
        let conn = self.conn(seat);
        self.tablet_event(HostEvent::ChannelClosed(conn));
    }

    /// The tablet's page reloaded: a new page offers its saved table, which is resumed; every
    /// phone, reloaded from its storage, pairs with its seat's new code.
    fn reload_tablet(&mut self) {
        let screen = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default())
            .with_saved(self.tablet_saved.as_deref());
        assert!(screen.saved_table(), "the tablet's page offers its saved table");
        let players = self.phones.len();
        self.tablet = Tablet::Page { screen: Box::new(screen), conns: vec![0; players] };
        self.to_tablet.clear();
        self.tablet_event(HostEvent::Control(lauzait_table_mode::controls::HostControl::Resume));
        for seat in 0..players as u8 {
            self.come_back(seat);
        }
    }

    /// Phone `seat`, reloaded from its storage, pairs with its seat's new code.
    fn come_back(&mut self, seat: u8) {
        let stored = self.phones[usize::from(seat)].stored.clone();
        self.pair(seat, stored);
    }

    /// Plays the game to its end by each phone's choices: each Day the Easy player's plan,
    /// each step pressed as the choice it is; phone 1 reloaded at Day `reload_at`.
    ///
    /// Through the tablet's page, phone 1 is lost instead from the first Day after
    /// `reload_at` that another seat plays, and comes back (reloaded, paired with a new code)
    /// once the table waits for it (its Day, its value for a throw): the other's Day waited
    /// for it on the tablet meanwhile.
    fn play(&mut self, reload_at: u64) {
        let page = matches!(self.tablet, Tablet::Page { .. });
        let mut lost = false;
        let mut tablet_reloaded = false;
        for day in 0u64.. {
            self.run();
            if page && !lost && !tablet_reloaded && day >= reload_at + 10 {
                self.reload_tablet();
                tablet_reloaded = true;
                self.run();
            }
            let mover = match self.phase() {
                PlayPhase::Playing { to_move } => Some(to_move),
                _ => None,
            };
            if !page && day == reload_at {
                self.reload(1);
                self.run();
            }
            if page
                && !lost
                && day >= reload_at
                && mover.is_some_and(|m| m != 1)
                && self.phones[1].screen.code().is_some()
            {
                self.lose(1);
                lost = true;
            } else if page && lost && mover.is_none_or(|m| m == 1) {
                let Tablet::Page { screen, .. } = &self.tablet else { unreachable!() };
                assert!(screen.waiting_for(1) > 0, "texts wait for the phone that was lost");
                self.come_back(1);
                self.run();
                let Tablet::Page { screen, .. } = &self.tablet else { unreachable!() };
                assert_eq!(screen.waiting_for(1), 0, "delivered once it joined again");
                lost = false;
            }
            match self.phase() {
                PlayPhase::Over => {
                    assert!(!page || tablet_reloaded, "the tablet's page reloaded mid-game");
                    return;
                }
                PlayPhase::Playing { to_move } => {
                    let screen = &self.phones[to_move].screen;
                    let view = screen.phone().unwrap().device().device().game().unwrap().view().clone();
                    match crate::relayed_phone_next(&view, day) {
                        None => {
                            for seat in 0..self.phones.len() as u8 {
                                let choices = self.phones[usize::from(seat)].screen.table_choices();
                                let i = choices.iter().position(|c| matches!(c, TableChoice::EndSeason { .. }));
                                self.event(seat, RelayedEvent::Table(i.expect("ending the Season is offered")));
                                self.run();
                            }
                        }
                        Some(actions) => {
                            for action in actions {
                                let choices = self.phones[to_move].screen.choices();
                                let i = choices.iter().position(|&c| c == action);
                                let i = i.unwrap_or_else(|| panic!("{action:?} is not offered"));
                                self.event(to_move as u8, RelayedEvent::Page(GuestEvent::Choice(i)));
                            }
                        }
                    }
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }

    /// The game is over, every phone shows the same code and keeps the same record, opens
    /// nothing beyond its seat and has nothing to choose; the tablet shows the record's game.
    fn assert_over_and_shown(&self) {
        let code = self.phones[0].screen.code().expect("every nonce in");
        assert!(self.phones.iter().all(|p| p.screen.code() == Some(code)), "every phone shows {code}");
        let record = self.phones[0].screen.phone().unwrap().device().device().record().unwrap();
        let replayed = SpectatorView::new(&record.replay().unwrap().public());
        assert_eq!(self.tablet.shown(), Some(&replayed), "the tablet shows the record's game");
        for phone in &self.phones {
            let device = phone.screen.phone().unwrap().device().device();
            assert_eq!(device.record().as_ref(), Some(&record));
            assert!(device.deal().opens_beyond_its_seat().is_empty());
            assert!(phone.screen.choices().is_empty(), "nothing to choose once the game is over");
        }
    }
}

#[test]
fn three_phones_pair_join_show_one_code_and_play_a_whole_game_by_their_choices() {
    let mut table = Table::new(3, 61);
    for seat in 0..3 {
        let fx = table.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
        assert!(fx.iter().any(|f| matches!(f, GuestEffect::Send(t) if t.starts_with("tj1."))), "the join goes first");
        assert_eq!(table.phones[usize::from(seat)].screen.code(), None);
    }
    table.run();
    assert!(table.phones[0].screen.code().is_some(), "every nonce in once the roster is out");
    table.play(20);
    table.assert_over_and_shown();
}

/// The tablet's page pairs each seat as table mode's host does and carries the game; a phone
/// lost mid-game pairs again with its seat's new code, its page reopened from its storage, and
/// what was sent to it meanwhile waits on the tablet for its join; later the tablet's page
/// itself reloads, resumes its saved table, every phone pairs again, and the game goes on.
#[test]
fn a_tablets_page_pairs_every_phone_and_carries_a_whole_game_past_a_lost_phone() {
    let mut table = Table::paired(3, 63);
    table.run();
    let Tablet::Page { screen, .. } = &table.tablet else { panic!("a tablet's page") };
    assert!(screen.awaited().is_empty(), "every seat joined");
    assert!(screen.save().is_some());
    table.play(12);
    table.assert_over_and_shown();
}

/// A computer seat on the tablet's page (a device of its own there, holding its seat's hand
/// alone): two phones play a whole game against it, its Days asked of the worker from its own
/// view; the tablet's page reloads mid-game and resumes its computer seat from its save; a
/// Season the persons agree to end, it agrees to too.
#[test]
fn a_tablets_page_plays_a_computer_seat_and_resumes_it_after_a_reload() {
    let mut table = Table::paired_with(3, 64, &[2]);
    table.run();
    let Tablet::Page { screen, .. } = &table.tablet else { panic!("a tablet's page") };
    assert!(screen.awaited().is_empty(), "every seat joined, the computer's at once");
    assert_eq!(screen.computers().len(), 1);
    assert_eq!(screen.pairing().link(2), None, "no code for the computer's seat");
    let mut reloaded = false;
    let mut computer_days = 0;
    for day in 0u64.. {
        table.run();
        if day == 12 {
            let saved = table.tablet_saved.clone().unwrap();
            assert!(saved.contains("\"table\""), "the computer's device is kept: {}", &saved[..80]);
            table.reload_tablet();
            table.run();
            reloaded = true;
        }
        match table.phase() {
            PlayPhase::Over => break,
            PlayPhase::Playing { to_move: 2 } => panic!("the computer's Day was not played on Day {day}"),
            PlayPhase::Playing { to_move } => {
                let view =
                    table.phones[to_move].screen.phone().unwrap().device().device().game().unwrap().view().clone();
                computer_days += usize::from(view.seen_days.last().is_some_and(|d| d.player == 2));
                match crate::relayed_phone_next(&view, day) {
                    None => {
                        for seat in 0..2u8 {
                            let choices = table.phones[usize::from(seat)].screen.table_choices();
                            let i = choices.iter().position(|c| matches!(c, TableChoice::EndSeason { .. }));
                            table.event(seat, RelayedEvent::Table(i.expect("ending the Season is offered")));
                            table.run();
                        }
                    }
                    Some(actions) => {
                        for action in actions {
                            let i = table.phones[to_move].screen.choices().iter().position(|&c| c == action).unwrap();
                            table.event(to_move as u8, RelayedEvent::Page(GuestEvent::Choice(i)));
                        }
                    }
                }
            }
            other => panic!("the game stalls: {other:?}"),
        }
    }
    assert!(reloaded && computer_days >= 3, "{computer_days} of the computer's Days");
    table.assert_over_and_shown();
    let Tablet::Page { screen, .. } = &table.tablet else { panic!("a tablet's page") };
    let computer = &screen.computers()[0];
    assert!(computer.table.device().device().deal().opens_beyond_its_seat().is_empty());
}

#[test]
fn a_damaged_message_is_said_and_the_join_is_said_again_until_the_roster_comes() {
    let mut table = Table::new(2, 62);
    let fx = table.event(0, RelayedEvent::Page(GuestEvent::ChannelOpen));
    let opening = fx
        .iter()
        .find_map(|f| match f {
            GuestEffect::HelloAfter { opening, .. } => Some(*opening),
            _ => None,
        })
        .expect("a retry of the join");
    let again = table.event(0, RelayedEvent::Page(GuestEvent::HelloDue(opening)));
    assert!(again.iter().any(|f| matches!(f, GuestEffect::Send(t) if t.starts_with("tj1."))), "{again:?}");
    let before = table.phones[0].stored.clone();
    table.event(0, RelayedEvent::Page(GuestEvent::Message("fl1.@@".into())));
    assert!(matches!(table.phones[0].screen.problem(), Some(RelayedProblem::Text(_))));
    assert_eq!(table.phones[0].stored, before, "nothing stored");
    assert!(table.phones[0].screen.choices().is_empty());
    // A saved page that does not read is a new seat, not a panic; without entropy, none.
    let invite = table.phones[0].invite.clone();
    assert!(RelayedPhoneScreen::start(&invite, Some("{\"stage\":7}"), &entropy(1, RELAYED_ENTROPY)).is_ok());
    assert!(RelayedPhoneScreen::start(&invite, Some("{}"), &[]).is_err(), "no entropy, no new seat");
}

/// The tablet's page's own buttons and events: the setup's count and luminous rule, the table
/// set by the page's Create with the browser's entropy (refused without it), a seat's link
/// copied or shared, the camera reading a seat's answer, a scan for a seat it no longer reads.
#[test]
fn the_tablets_page_answers_its_buttons_the_camera_and_the_setup() {
    use lauzait_table_mode::controls::{HostControl, SetupButton};
    let mut screen = RelayedTabletScreen::new("https://example.org/table.html".into(), IceSettings::default());
    screen.update(HostEvent::Control(HostControl::Setup(SetupButton::Players(2))), 1.0, &[]);
    screen.update(HostEvent::Luminous(false), 2.0, &[]);
    assert_eq!(screen.setup().map(|s| (s.players.get(), s.luminous)), Some((2, false)));
    screen.update(HostEvent::Create { names: Vec::new() }, 3.0, &[]);
    assert!(screen.setup().is_some(), "no table without the browser's entropy");
    assert!(screen.problem().is_some());
    let fx = screen.update(HostEvent::Create { names: Vec::new() }, 4.0, &entropy(7, TABLET_ENTROPY));
    let offers: Vec<Conn> = fx
        .iter()
        .filter_map(|f| match f {
            HostEffect::MakeOffer { conn, .. } => Some(*conn),
            _ => None,
        })
        .collect();
    assert_eq!(offers.len(), 2, "a code for each seat");
    assert_eq!(screen.save().map(|s| (s.players, s.luminous)), Some((2, false)));
    for conn in offers {
        screen.update(HostEvent::OfferMade { conn, sdp: OFFER.into() }, 5.0, &[]);
    }
    let url = screen.pairing().link(1).unwrap().url.clone();
    let copied = screen.update(HostEvent::Control(HostControl::CopyLink(1)), 6.0, &[]);
    assert!(copied.contains(&HostEffect::CopyText { seat: 1, url: url.clone() }));
    screen.update(HostEvent::LinkCopied(1), 7.0, &[]);
    assert_eq!(screen.copied(), Some(1));
    let shared = screen.update(HostEvent::Control(HostControl::ShareLink(0)), 8.0, &[]);
    assert!(shared.iter().any(|f| matches!(f, HostEffect::Share { seat: 0, .. })));
    // The camera reads seat 1's answer: taken as a pasted one.
    let fx = screen.update(HostEvent::Control(HostControl::Scan(1)), 9.0, &[]);
    assert!(fx.contains(&HostEffect::StartCamera(1)) && screen.scanning() == Some(1));
    let invite = read_relayed_invite(url.split_once('#').unwrap().1).unwrap();
    let (mut phone, _) = RelayedPhoneScreen::start(&invite, None, &entropy(8, RELAYED_ENTROPY)).unwrap();
    phone.update(RelayedEvent::Page(GuestEvent::AnswerMade(ANSWER.into())), 10.0);
    let code = phone.answering().code().unwrap().to_string();
    let stale = screen.update(HostEvent::ScanEnded { seat: 0, code: Some(code.clone()) }, 11.0, &[]);
    assert!(stale.is_empty(), "a scan for a seat the camera no longer reads does nothing");
    let fx = screen.update(HostEvent::ScanEnded { seat: 1, code: Some(code) }, 12.0, &[]);
    assert!(fx.contains(&HostEffect::StopCamera) && fx.iter().any(|f| matches!(f, HostEffect::Accept { .. })));
    assert_eq!(screen.scanning(), None);
    // A camera that cannot start is said.
    screen.update(HostEvent::Control(HostControl::Scan(0)), 13.0, &[]);
    screen.update(HostEvent::CameraFailed { seat: 0 }, 14.0, &[]);
    assert!(screen.problem().is_some() && screen.scanning().is_none());
}

/// A phone waiting for another seat's Day offers the vote to give the Season up without that
/// device only once it has waited `GIVE_UP_PATIENCE_MS` for it (live, a device is seconds
/// away); the wake-up the phone asked for brings it.
#[test]
fn the_vote_to_give_the_season_up_waits_for_the_patience() {
    use lauzait_remote::screen::relayed_phone::GIVE_UP_PATIENCE_MS;
    let mut table = Table::new(3, 65);
    for seat in 0..3 {
        table.event(seat, RelayedEvent::Page(GuestEvent::ChannelOpen));
    }
    table.run();
    let PlayPhase::Playing { to_move } = table.phase() else { panic!("the Season is dealt") };
    let waiter = ((to_move + 1) % 3) as u8;
    let gives_up = |t: &Table| {
        t.phones[usize::from(waiter)].screen.table_choices().iter().any(|c| matches!(c, TableChoice::GiveUp { .. }))
    };
    assert!(!gives_up(&table), "not at once");
    table.now += f64::from(GIVE_UP_PATIENCE_MS) - 1000.0;
    table.phones[usize::from(waiter)].screen.update(RelayedEvent::Page(GuestEvent::Flush), table.now);
    assert!(!gives_up(&table), "not before the patience is out");
    table.now += 1000.0;
    let fx = table.phones[usize::from(waiter)].screen.update(RelayedEvent::Page(GuestEvent::Flush), table.now);
    assert!(fx.contains(&GuestEffect::Redraw), "the page is drawn again");
    assert!(gives_up(&table), "offered once the device has been waited for long enough");
}
