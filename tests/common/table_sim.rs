//! A small simulator of the browser around table mode's host screen
//! (crates/table-mode/src/host_screen.rs): it runs each effect (a send reaches the phone on
//! that connection, a wake-up fires when the clock gets there, the bot worker answers with
//! the real planner) and counts the saves and redraws. The screens' tests drive it, and the
//! host page's HTML snapshots are taken of the screens it reaches.

use lauzait_table_mode::controls::HostControl;
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::host::Conn;
use lauzait_table_mode::host_screen::{HostEffect, HostEvent, HostScreen, Timer, SCREEN_ENTROPY};
use lauzait_table_mode::link::{answer_code, read_invite, read_watch_invite, Answer, Invite, WatchInvite};
use lauzait_table_mode::pairing::LinkState;
use lauzait_table_mode::protocol::GuestMsg;
use lauzait_table_mode::sdp::SessionDescription;
use lauzait_table_mode::validate::write;
use std::collections::BTreeMap;

pub const OFFER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-offer-mdns.sdp");
pub const ANSWER: &str = include_str!("../../crates/table-mode/fixtures/sdp/chromium-answer-mdns.sdp");

pub fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(29).wrapping_add(tag).rotate_left(2) ^ tag).collect()
}

/// The browser around a host screen.
pub struct Sim {
    pub screen: HostScreen,
    pub now: f64,
    /// Wake-ups asked for: when, and what for.
    pub timers: Vec<(f64, Timer)>,
    /// The phone on each open connection.
    pub phones: BTreeMap<Conn, Guest>,
    /// Messages on their way to the host.
    pub inbox: Vec<(Conn, String)>,
    pub stores: usize,
    pub redraws: usize,
    pub closed: Vec<Conn>,
    /// The bot worker's requests not yet answered.
    pub asked: Vec<String>,
    /// Entropy's tag, changed at each use.
    pub tag: u8,
    /// The seats whose phones never send a secret (their commitments go through).
    pub withholding: Vec<u8>,
    /// Every message each spectator's connection was sent, in order.
    pub watched: BTreeMap<Conn, Vec<String>>,
}

impl Sim {
    pub fn new() -> Sim {
        Sim {
            screen: HostScreen::new("https://example.org/table.html".into(), 64, None),
            now: 0.0,
            timers: Vec::new(),
            phones: BTreeMap::new(),
            inbox: Vec::new(),
            stores: 0,
            redraws: 0,
            closed: Vec::new(),
            asked: Vec::new(),
            tag: 1,
            withholding: Vec::new(),
            watched: BTreeMap::new(),
        }
    }

    pub fn event(&mut self, event: HostEvent) {
        self.tag = self.tag.wrapping_add(1);
        let fx = self.screen.update(event, self.now, &entropy(self.tag, SCREEN_ENTROPY));
        self.run(fx);
        // What the phones answered reaches the host in order, as on a data channel.
        while !self.inbox.is_empty() {
            let (conn, text) = self.inbox.remove(0);
            let fx = self.screen.update(HostEvent::Message { conn, text }, self.now, &[]);
            self.run(fx);
        }
    }

    pub fn run(&mut self, fx: Vec<HostEffect>) {
        for effect in fx {
            match effect {
                HostEffect::Send { conn, text } => {
                    if let Some(seen) = self.watched.get_mut(&conn) {
                        seen.push(text);
                        continue;
                    }
                    if let Some(phone) = self.phones.get_mut(&conn) {
                        let answers = phone.receive(&text).unwrap();
                        let withholds = self.withholding.contains(&phone.seat);
                        let sent = answers.iter().filter(|a| !(withholds && matches!(a, GuestMsg::Reveal { .. })));
                        self.inbox.extend(sent.map(|a| (conn, write(a))));
                    }
                }
                HostEffect::Close(conn) => {
                    self.phones.remove(&conn);
                    self.closed.push(conn);
                }
                HostEffect::WakeAfter { ms, timer } => self.timers.push((self.now + f64::from(ms), timer)),
                HostEffect::Store(_) => self.stores += 1,
                HostEffect::Redraw => self.redraws += 1,
                HostEffect::AskWorker(text) => self.asked.push(text),
                _ => {}
            }
        }
    }

    /// Moves the clock on by `ms`, firing each wake-up as it comes due.
    pub fn advance(&mut self, ms: f64) {
        let end = self.now + ms;
        loop {
            self.timers.sort_by(|a, b| a.0.total_cmp(&b.0));
            match self.timers.first() {
                Some(&(at, timer)) if at <= end => {
                    self.timers.remove(0);
                    self.now = self.now.max(at);
                    self.event(HostEvent::Wake(timer));
                }
                _ => break,
            }
        }
        self.now = end;
    }

    /// The bot worker answers every request with the real planner.
    pub fn think(&mut self) {
        for text in std::mem::take(&mut self.asked) {
            self.event(HostEvent::WorkerReply(lauzait_autoplay::answer(&text, || 0.0)));
        }
    }

    /// The seat's code as the page shows it, once the browser has made its offer.
    pub fn invite(&mut self, seat: u8) -> Invite {
        let link = self.screen.pairing().link(seat).unwrap().clone();
        if link.state == LinkState::Preparing {
            self.event(HostEvent::OfferMade { conn: link.conn, sdp: OFFER.into() });
        }
        let link = self.screen.pairing().link(seat).unwrap();
        assert_eq!(link.state, LinkState::Waiting);
        read_invite(link.url.split_once('#').unwrap().1).unwrap()
    }

    /// `phone` scans the seat's code, the tablet reads its answer, the channel opens and
    /// the phone says hello: the connection it is on.
    pub fn pair(&mut self, seat: u8, phone: Guest) -> Conn {
        self.invite(seat);
        let answer = Answer { seat, answer: SessionDescription::parse(ANSWER).unwrap() };
        self.event(HostEvent::AnswerRead { seat, code: answer_code(&answer) });
        let conn = self.screen.pairing().link(seat).unwrap().conn;
        self.event(HostEvent::Accepted(conn));
        self.event(HostEvent::ChannelOpen(conn));
        let hello = write(&phone.hello());
        self.phones.insert(conn, phone);
        self.event(HostEvent::Message { conn, text: hello });
        self.advance(20.0);
        conn
    }

    /// The host invites a spectator, the spectator's page answers its link and the channel
    /// opens: the spectator's link's invite and its connection.
    pub fn pair_spectator(&mut self) -> (WatchInvite, Conn) {
        self.event(HostEvent::Control(HostControl::InviteSpectator));
        let link = self.screen.pairing().spectators().last().unwrap().clone();
        self.event(HostEvent::OfferMade { conn: link.conn, sdp: OFFER.into() });
        let link = self.screen.pairing().spectators().last().unwrap().clone();
        assert_eq!(link.state, LinkState::Waiting);
        let invite = read_watch_invite(link.url.split_once('#').unwrap().1).unwrap();
        let answer = Answer { seat: invite.slot, answer: SessionDescription::parse(ANSWER).unwrap() };
        self.event(HostEvent::AnswerRead { seat: invite.slot, code: answer_code(&answer) });
        self.event(HostEvent::Accepted(link.conn));
        self.watched.insert(link.conn, Vec::new());
        self.event(HostEvent::ChannelOpen(link.conn));
        (invite, link.conn)
    }

    /// A new phone for the seat's current code.
    pub fn new_phone(&mut self, seat: u8) -> Guest {
        let invite = self.invite(seat);
        Guest::new(invite.table, seat, invite.token, &entropy(100 + seat, 32))
    }

    /// A table of three persons and a Normal computer player (the setup's default), every
    /// phone paired, the first Season dealt.
    pub fn seated() -> (Sim, Vec<Conn>) {
        let mut sim = Sim::new();
        sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
        let conns = (0..3).map(|s| (s, sim.new_phone(s))).collect::<Vec<_>>();
        let conns = conns.into_iter().map(|(s, phone)| sim.pair(s, phone)).collect();
        assert!(sim.screen.host().unwrap().game().is_some(), "the deal is done");
        (sim, conns)
    }

    pub fn save(&self) -> String {
        self.screen.host().unwrap().save()
    }
}
