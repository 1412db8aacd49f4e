//! The fuzz target `table`: table mode's untrusted inputs (TABLE-PROTOCOL.md). A phone's
//! messages reach the host, the host's reach a phone, pairing codes are scanned or pasted,
//! and both sides read their saves back after a reload. Each must be answered or refused,
//! never a panic, and what a refusal says is short.
//!
//! The input's first byte picks what reads the rest (UTF-8 text, one message per line):
//! - [`Mode::HostPlaying`]: the host of [`fixture`], three phones seated and the first
//!   Season under way, reads each line `<conn><message>` (`conn` a digit 0–4; 3 and 4 are
//!   connections no phone has used);
//! - [`Mode::HostOpening`]: the same host before anyone joined;
//! - [`Mode::Phone`]: seat 0's phone, before it joined, reads each line as the host's;
//! - [`Mode::Pairing`]: the text as a seat's link and as a phone's answer code;
//! - [`Mode::Saves`]: the text as the host's save and as a phone's.
//!
//! What is checked of the host, beside no panic (R40 at the peer boundary): every message
//! it sends reads back as itself on a phone and fits the phone's limit; a view goes only to
//! the connection that holds its seat and is exactly that seat's view of the host's game; a
//! message refused changes nothing of the table; the game holds every invariant; the host
//! saves and reads back the same. Of a phone: a refused message changes nothing, and what
//! it answers reads back as itself on the host and fits the host's limit.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{GameOptions, SeatView, Status};
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::host::{Conn, Host, Out, Paired, Player, HOST_ENTROPY};
use lauzait_table_mode::link::{answer_code, invite_fragment, read_answer, read_invite};
use lauzait_table_mode::protocol::{HostMsg, MAX_GUEST_BYTES, MAX_HOST_BYTES, VERSION};
use lauzait_table_mode::validate::{read_guest, read_host, write};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// What reads the input's text; its first byte (modulo the number of modes) picks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    HostPlaying = 0,
    HostOpening = 1,
    Phone = 2,
    Pairing = 3,
    Saves = 4,
}

const MODES: [Mode; 5] = [Mode::HostPlaying, Mode::HostOpening, Mode::Phone, Mode::Pairing, Mode::Saves];

/// The seats the phones hold in [`fixture`] (seat 3 is a computer player).
const PHONES: u8 = 3;

/// A table built the same way on every run: the host before anyone joined, the host and
/// its phones once the first Season is some Days old, and every text that went each way.
#[allow(dead_code)] // the phones and texts are read by `seeds` only
pub struct Fixture {
    pub opening: Host,
    pub playing: Host,
    pub phones: Vec<Guest>,
    /// What the phones sent, as `(conn, text)`, in order.
    pub sent: Vec<(Conn, String)>,
    /// What seat 0's phone received, in order.
    pub received_by_seat0: Vec<String>,
}

/// The texts of [`fixture`]'s table as they went between the host and the phones.
#[derive(Default)]
struct Wire {
    sent: Vec<(Conn, String)>,
    received_by_seat0: Vec<String>,
}

impl Wire {
    /// The phone on `conn` sends `text`; the host's answers and the phones' answers to
    /// those go back and forth until none is left.
    fn deliver(&mut self, host: &mut Host, phones: &mut [Guest], conn: Conn, text: String) {
        self.sent.push((conn, text.clone()));
        // Phone i is on connection i, opened with seat i's code.
        let outs = host.receive(Paired { conn, seat: conn as u8 }, &text);
        self.pass_on(host, phones, outs);
    }

    fn pass_on(&mut self, host: &mut Host, phones: &mut [Guest], outs: Vec<Out>) {
        for out in outs {
            let Out::Send(to, msg) = out else { continue };
            let text = write(&msg);
            if to == 0 {
                self.received_by_seat0.push(text.clone());
            }
            for answer in phones[to as usize].receive(&text).expect("the phone reads the host") {
                self.deliver(host, phones, to, write(&answer));
            }
        }
    }
}

fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(tag).rotate_left(3) ^ tag).collect()
}

fn new_phone(host: &Host, seat: u8) -> Guest {
    Guest::new(host.table, seat, host.seats()[seat as usize].token, &entropy(100 + seat, 32))
}

/// The table every host input starts from (built once per process).
pub fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(build)
}

fn build() -> Fixture {
    let options = GameOptions::for_players(4, true).expect("four players");
    let mut seats: Vec<(String, Player)> =
        ["Ann", "Bo", "Cy"].iter().map(|n| (n.to_string(), Player::Person)).collect();
    seats.push(("Computer".into(), Player::Computer(Level::Normal)));
    let opening = Host::new(options, seats, &entropy(1, HOST_ENTROPY)).expect("a host");
    let mut host = opening.clone();
    let mut phones: Vec<Guest> = (0..PHONES).map(|s| new_phone(&host, s)).collect();
    let mut wire = Wire::default();
    for seat in 0..PHONES {
        let hello = write(&phones[seat as usize].hello());
        wire.deliver(&mut host, &mut phones, Conn::from(seat), hello);
    }
    // Some Days of the first Season, each player planning as the Normal player does.
    for _ in 0..12 {
        let game = host.game().expect("dealt once every phone revealed");
        if game.status() != Status::Playing {
            break;
        }
        if host.computer_to_move().is_some() {
            let outs = host.play_computer_day(4).expect("the computer plays its Day");
            wire.pass_on(&mut host, &mut phones, outs);
            continue;
        }
        let seat = game.to_move();
        let mine = phones[seat].game().expect("the phone has its view").clone();
        let (plan, _) = plan_whole_day(&mine, seat, Level::Normal, 7, 4).expect("a plan");
        for action in plan {
            let msg = phones[seat].press(action).expect("the phone offers the planned action");
            wire.deliver(&mut host, &mut phones, seat as Conn, write(&msg));
        }
    }
    let Wire { sent, received_by_seat0 } = wire;
    Fixture { opening, playing: host, phones, sent, received_by_seat0 }
}

/// The seed inputs of the target: what went each way while [`fixture`] was built, the
/// pairing codes and the saves, each with a name for its file.
#[allow(dead_code)] // for the seed corpus and its test, not the fuzz target
pub fn seeds() -> Vec<(String, Vec<u8>)> {
    use lauzait_table_mode::link::{Answer, Invite};
    use lauzait_table_mode::sdp::{Address, Candidate, CandidateKind, SessionDescription, Setup};
    let f = fixture();
    let input = |mode: Mode, lines: &[String]| {
        let mut out = vec![mode as u8];
        out.extend_from_slice(lines.join("\n").as_bytes());
        out
    };
    let from_phones: Vec<String> = f.sent.iter().map(|(c, t)| format!("{c}{t}")).collect();
    let mut seeds = vec![
        ("host-opening-transcript".to_string(), input(Mode::HostOpening, &from_phones)),
        ("phone-transcript".to_string(), input(Mode::Phone, &f.received_by_seat0)),
    ];
    // Each phone's next messages on the table under way: a press, a resync, a rejoin, and
    // seat 0's spent join on a new connection.
    for (seat, phone) in f.phones.iter().enumerate() {
        let mut phone = phone.clone();
        let mut lines = vec![format!("{seat}{}", write(&phone.hello()))];
        if let Some(&action) = phone.choices().first() {
            lines.push(format!("{seat}{}", write(&phone.press(action).expect("offered"))));
        }
        lines.push(format!("{seat}{{\"t\":\"resync\",\"v\":{VERSION}}}"));
        seeds.push((format!("host-playing-seat{seat}"), input(Mode::HostPlaying, &lines)));
    }
    let stranger = format!("4{}", write(&new_phone(&f.playing, 0).hello()));
    seeds.push(("host-playing-stranger".into(), input(Mode::HostPlaying, &[stranger])));
    let session = SessionDescription {
        ufrag: "abcd".into(),
        pwd: "0123456789abcdefghijkl".into(),
        fingerprint: [7; 32],
        setup: Setup::ActPass,
        candidates: vec![
            Candidate {
                kind: CandidateKind::Host,
                address: Address::V4([192, 168, 1, 20]),
                port: 50000,
                priority: 2_122_260_223,
            },
            Candidate {
                kind: CandidateKind::Host,
                address: Address::Mdns([9; 16]),
                port: 50001,
                priority: 2_122_194_687,
            },
            Candidate {
                kind: CandidateKind::ServerReflexive,
                address: Address::V4([203, 0, 113, 5]),
                port: 50000,
                priority: 1_677_729_535,
            },
            Candidate {
                kind: CandidateKind::Relayed,
                address: Address::V6([7; 16]),
                port: 61034,
                priority: 33_562_367,
            },
        ],
    };
    let invite = Invite {
        table: f.playing.table,
        seat: 1,
        token: f.playing.seats()[1].token,
        offer: session.clone(),
        ice: lauzait_table_mode::ice::IceServers::parse(
            "stun:stun.example.org:3478\nturn:turn.example.org?transport=tcp alice s3cret",
        )
        .expect("two servers"),
    };
    let answer = Answer { seat: 1, answer: SessionDescription { setup: Setup::Active, ..session } };
    seeds.push(("pairing-invite".into(), input(Mode::Pairing, &[invite_fragment(&invite)])));
    seeds.push(("pairing-answer".into(), input(Mode::Pairing, &[answer_code(&answer)])));
    seeds.push(("saves-host".into(), input(Mode::Saves, &[f.playing.save()])));
    seeds.push(("saves-phone".into(), input(Mode::Saves, &[f.phones[0].save()])));
    // A first deal held back by seat 1's phone and dealt again (TABLE-PROTOCOL.md): the
    // messages of a second attempt, and the saves that hold the first.
    let (host, wire, phone) = dealt_again();
    let from_phones: Vec<String> = wire.sent.iter().map(|(c, t)| format!("{c}{t}")).collect();
    seeds.push(("host-opening-dealt-again".into(), input(Mode::HostOpening, &from_phones)));
    seeds.push(("phone-dealt-again".into(), input(Mode::Phone, &wire.received_by_seat0)));
    seeds.push(("saves-host-dealt-again".into(), input(Mode::Saves, &[host.save()])));
    seeds.push(("saves-phone-dealt-again".into(), input(Mode::Saves, &[phone.save()])));
    seeds
}

/// [`fixture`]'s opening table, its first deal held back by seat 1's phone (its secret never
/// sent) and dealt again once a new phone holds seat 1: the host, the texts that went each
/// way, and seat 0's phone.
fn dealt_again() -> (Host, Wire, Guest) {
    let mut host = fixture().opening.clone();
    let mut phones: Vec<Guest> = (0..PHONES).map(|s| new_phone(&host, s)).collect();
    let mut wire = Wire::default();
    let mut withholding = phones[1].clone();
    for seat in [0, 2] {
        let hello = write(&phones[seat].hello());
        wire.deliver(&mut host, &mut phones, seat as Conn, hello);
    }
    // Seat 1's phone joins and commits, but never reveals.
    let mut outs = host.receive(Paired { conn: 1, seat: 1 }, &write(&withholding.hello()));
    while !outs.is_empty() {
        let (mine, others): (Vec<Out>, Vec<Out>) = outs.into_iter().partition(|o| matches!(o, Out::Send(1, _)));
        wire.pass_on(&mut host, &mut phones, others);
        outs = Vec::new();
        for out in mine {
            let Out::Send(_, msg) = out else { continue };
            for answer in withholding.receive(&write(&msg)).expect("the phone reads the host") {
                if !matches!(answer, lauzait_table_mode::protocol::GuestMsg::Reveal { .. }) {
                    outs.extend(host.receive(Paired { conn: 1, seat: 1 }, &write(&answer)));
                }
            }
        }
    }
    let outs = host.deal_again(&entropy(9, lauzait_table_mode::host::SEAT_ENTROPY)).expect("a round held back");
    wire.pass_on(&mut host, &mut phones, outs);
    phones[1] = new_phone(&host, 1);
    let hello = write(&phones[1].hello());
    wire.deliver(&mut host, &mut phones, 1, hello);
    assert!(host.game().is_some(), "dealt from the second attempt");
    let seat0 = phones[0].clone();
    (host, wire, seat0)
}

/// The check of one input (see the module's documentation).
pub fn check(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match MODES[first as usize % MODES.len()] {
        Mode::HostPlaying => {
            host_reads(fixture().playing.clone(), (0..PHONES).map(|s| (Conn::from(s), s)).collect(), text)
        }
        Mode::HostOpening => host_reads(fixture().opening.clone(), BTreeMap::new(), text),
        Mode::Phone => phone_reads(new_phone(&fixture().opening, 0), text),
        Mode::Pairing => pairing(text),
        Mode::Saves => saves(text),
    }
}

/// The host reads each line as `<conn digit><message>`; `holds` is which connection holds
/// which seat, followed through the host's welcomes and closes.
fn host_reads(mut host: Host, mut holds: BTreeMap<Conn, u8>, text: &str) {
    for line in text.lines() {
        let Some(digit) = line.chars().next().and_then(|c| c.to_digit(10)).filter(|&d| d <= 4) else { continue };
        let message = &line[1..];
        let before = host.save();
        // Connection d was opened with seat d's code: a join for another seat is refused.
        let outs = host.receive(Paired { conn: digit, seat: digit as u8 }, message);
        let mut all_refused = !outs.is_empty();
        for out in &outs {
            match out {
                Out::Close(conn) => {
                    holds.remove(conn);
                    all_refused = false;
                }
                // No spectator watches the fixture's table; one that did reads what it is sent.
                Out::Watch(_, msg) => {
                    let sent = write(msg);
                    assert_eq!(lauzait_table_mode::spectator::read_spectator(&sent).as_ref(), Ok(msg), "{sent}");
                    all_refused = false;
                }
                Out::Send(conn, msg) => {
                    let sent = write(msg);
                    assert!(sent.len() <= MAX_HOST_BYTES, "a {}-byte message to a phone", sent.len());
                    assert_eq!(read_host(&sent).as_ref(), Ok(msg), "{sent}");
                    match msg {
                        HostMsg::Welcome { seat, .. } => {
                            holds.retain(|_, s| s != seat);
                            holds.insert(*conn, *seat);
                        }
                        HostMsg::Refused { detail, .. } => super::short(detail),
                        _ => {}
                    }
                    all_refused &= *conn == digit && matches!(msg, HostMsg::Refused { .. });
                }
            }
        }
        for out in &outs {
            if let Out::Send(conn, HostMsg::View { view, .. }) = out {
                assert_eq!(
                    holds.get(conn).map(|&s| usize::from(s)),
                    Some(view.seat),
                    "a view went to another seat's phone"
                );
                let game = host.game().expect("a view is sent only once there is a game");
                let seat_view = game.view(view.seat).map(|v| SeatView::new(&v));
                assert_eq!(seat_view.as_ref(), Some(&**view), "a phone was sent more or other than its seat's view");
            }
        }
        if all_refused {
            assert_eq!(host.save(), before, "a refused message changed the table: {message}");
        }
        if let Some(game) = host.game() {
            assert_eq!(game.invariant_violation(), None, "{message}");
        }
    }
    let saved = host.save();
    let back = Host::resume(&saved).unwrap_or_else(|e| panic!("the host's own save is refused: {e}"));
    assert_eq!(back.save(), saved);
}

/// Seat 0's phone reads each line as the host's message.
fn phone_reads(mut phone: Guest, text: &str) {
    for line in text.lines() {
        // A spectator's page reads the same line as the host's message to it: a view that
        // reads writes back to the same text, and nothing else reads at all.
        if let Ok(msg) = lauzait_table_mode::spectator::read_spectator(line) {
            let again = write(&msg);
            assert_eq!(lauzait_table_mode::spectator::read_spectator(&again).as_ref(), Ok(&msg), "{again}");
        }
        let before = phone.save();
        match phone.receive(line) {
            Err(e) => {
                super::short(&e);
                assert_eq!(phone.save(), before, "a refused message changed the phone: {line}");
            }
            Ok(answers) => {
                for answer in answers {
                    let sent = write(&answer);
                    assert!(sent.len() <= MAX_GUEST_BYTES, "a {}-byte message to the host", sent.len());
                    assert_eq!(read_guest(&sent).as_ref(), Ok(&answer), "{sent}");
                }
            }
        }
        if let Some(game) = phone.game() {
            assert_eq!(game.invariant_violation(), None, "{line}");
        }
        // What the phone offers is what the engine allows on its view.
        let _ = phone.choices();
    }
    let saved = phone.save();
    let back = Guest::resume(&saved).unwrap_or_else(|e| panic!("the phone's own save is refused: {e}"));
    assert_eq!(back.save(), saved);
}

/// The text as a seat's link and as a phone's answer code: refused shortly, or read as a
/// code that writes back to one read the same.
fn pairing(text: &str) {
    match read_invite(text) {
        Ok(invite) => assert_eq!(read_invite(&invite_fragment(&invite)).as_ref(), Ok(&invite), "{text}"),
        Err(e) => super::short(&e),
    }
    match read_answer(text) {
        Ok(answer) => assert_eq!(read_answer(&answer_code(&answer)).as_ref(), Ok(&answer), "{text}"),
        Err(e) => super::short(&e),
    }
}

/// The text as the host's save and as a phone's (local storage can be damaged or edited):
/// refused shortly, or read as a table that saves back the same and goes on without a
/// panic.
fn saves(text: &str) {
    match Host::resume(text) {
        Ok(mut host) => {
            let saved = host.save();
            assert_eq!(Host::resume(&saved).map(|h| h.save()).as_ref(), Ok(&saved));
            let _ = (host.waiting_for(), host.computer_to_move(), host.connected());
            for conn in 0..PHONES {
                let resync = format!("{{\"t\":\"resync\",\"v\":{VERSION}}}");
                let _ = host.receive(Paired { conn: Conn::from(conn), seat: conn }, &resync);
            }
            if host.computer_to_move().is_some() {
                let _ = host.play_computer_day(1);
            }
        }
        Err(e) => super::short(e),
    }
    match Guest::resume(text) {
        Ok(phone) => {
            let saved = phone.save();
            assert_eq!(Guest::resume(&saved).map(|g| g.save()).as_ref(), Ok(&saved));
            let _ = (phone.hello(), phone.choices(), phone.dealing_next());
        }
        Err(e) => super::short(&e),
    }
}
