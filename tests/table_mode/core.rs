//! Table mode's pure core (crates/table-mode/src/): a host and three guests, one computer seat, play a
//! whole Season through the protocol's texts; every message a guest receives is read and
//! checked against what R40 lets its seat see. Then the faults: a wrong reveal, a
//! stranger with an old link, malformed and out-of-turn messages, reloads on both sides.

use crate::saves::resumes_as_itself;
use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::{Action, GameOptions, SeatView, Status};
use lauzait_table_mode::bytes::{JoinToken, Secret};
use lauzait_table_mode::deal::{combine, commit, start_game, verify_record, Contributor, Round};
use lauzait_table_mode::guest::{Guest, Stage};
use lauzait_table_mode::host::{Conn, Host, Out, Paired, Player, HOST_ENTROPY, MAX_REFUSALS};
use lauzait_table_mode::protocol::{GuestMsg, HostMsg, Refusal, VERSION};
use lauzait_table_mode::validate::{read_host, write};
use lauzait_table_mode::verify::Verdict;

fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(31).wrapping_add(tag).rotate_left(3) ^ tag).collect()
}

/// Connection `conn`, opened with seat `seat`'s pairing code.
fn at(conn: Conn, seat: u8) -> Paired {
    Paired { conn, seat }
}

/// Connection `conn`, opened with the code of the seat of the same number (the tests' rule).
fn on(conn: Conn) -> Paired {
    at(conn, conn as u8)
}

/// A host, its guests (seat i's on connection i) and every text each guest received.
struct Table {
    host: Host,
    guests: Vec<Option<Guest>>,
    inbox: Vec<Vec<String>>,
    /// Each message that arrived as the host's view of the game when it was sent.
    checked: usize,
}

impl Table {
    fn new(seed: u8) -> Table {
        let options = GameOptions::for_players(4, true).unwrap();
        let mut seats: Vec<(String, Player)> =
            ["Ann", "Bo", "Cy"].iter().map(|n| (n.to_string(), Player::Person)).collect();
        seats.push(("Computer".into(), Player::Computer(Level::Normal)));
        let host = Host::new(options, seats, &entropy(seed, HOST_ENTROPY)).unwrap();
        Table { host, guests: vec![None, None, None], inbox: vec![Vec::new(); 3], checked: 0 }
    }

    fn link(&self, seat: u8) -> Guest {
        let token = self.host.seats()[seat as usize].token;
        Guest::new(self.host.table, seat, token, &entropy(100 + seat, 32))
    }

    /// Delivers `out` and everything it leads to, checking each message on arrival.
    fn deliver(&mut self, mut out: Vec<Out>) {
        while !out.is_empty() {
            let mut next = Vec::new();
            for o in out {
                let Out::Send(conn, msg) = o else { continue };
                let text = write(&msg);
                self.check_privacy(conn as usize, &msg, &text);
                self.inbox[conn as usize].push(text.clone());
                let Some(guest) = self.guests[conn as usize].as_mut() else { continue };
                for answer in guest.receive(&text).unwrap() {
                    next.extend(self.host.receive(on(conn), &write(&answer)));
                }
            }
            out = next;
        }
    }

    /// R40 at the boundary: a view is exactly its seat's view of the host's game, and no
    /// message before the record carries a secret, the seed or the pool.
    fn check_privacy(&mut self, seat: usize, msg: &HostMsg, text: &str) {
        self.checked += 1;
        if let HostMsg::View { view, .. } = msg {
            let game = self.host.game().unwrap();
            assert_eq!(view.seat, seat, "a guest got another seat's view");
            assert_eq!(**view, SeatView::new(&game.view(seat).unwrap()));
        }
        if !matches!(msg, HostMsg::Record { .. }) {
            assert!(!text.contains("secret") && !text.contains("seed") && !text.contains("pool"), "{text}");
        }
    }

    fn connect(&mut self, seat: u8, guest: Guest) {
        let hello = write(&guest.hello());
        self.guests[seat as usize] = Some(guest);
        let out = self.host.receive(on(seat as Conn), &hello);
        self.deliver(out);
    }

    /// Plays until the Season is over: guests with the Normal planner on their own view's
    /// game, the computer seat on the host.
    fn play_season(&mut self) {
        for _ in 0..2000 {
            let game = self.host.game().unwrap();
            if game.status() != Status::Playing {
                return;
            }
            if self.host.computer_to_move().is_some() {
                let out = self.host.play_computer_day(8).unwrap();
                self.deliver(out);
                continue;
            }
            let seat = game.to_move();
            let guest = self.guests[seat].as_mut().unwrap();
            let mine = guest.game().unwrap();
            let (plan, _) = plan_whole_day(mine, seat, Level::Normal, 17 + mine.day().number as u64, 8).unwrap();
            let msg = guest.press(plan[0]).expect("the guest offers the planned action");
            let out = self.host.receive(on(seat as Conn), &write(&msg));
            self.deliver(out);
        }
        panic!("the Season did not end");
    }
}

fn seated(seed: u8) -> Table {
    let mut t = Table::new(seed);
    for seat in 0..3 {
        let g = t.link(seat);
        t.connect(seat, g);
    }
    t
}

#[test]
fn a_whole_season_reaches_each_guest_as_its_own_view_only_r40() {
    let mut t = seated(1);
    assert!(t.host.game().is_some(), "the deal is made once every guest revealed");
    t.play_season();
    assert_eq!(t.host.game().unwrap().status(), Status::SeasonOver);
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    for seat in 0..3 {
        let g = t.guests[seat].as_ref().unwrap();
        assert_eq!(g.verdict, Some(Verdict::Verified), "seat {seat} checks the finished game's record");
        assert!(t.inbox[seat].iter().any(|m| m.contains("\"t\":\"record\"")));
    }
    assert!(t.checked > 50);
    assert!(t.host.refusals().is_empty(), "{:?}", t.host.refusals());
}

#[test]
fn the_record_verifies_and_an_edited_one_does_not() {
    let mut t = seated(2);
    t.play_season();
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    let Some(HostMsg::Record { record, .. }) = t.host.record() else { panic!("no record") };
    let game = verify_record(&record, None).unwrap();
    assert_eq!(game.log(), t.host.game().unwrap().log());
    let mut edited = (*record).clone();
    edited.rounds[0].secrets[1] = Some(Secret::from_entropy(&[9; 32]));
    assert!(verify_record(&edited, None).is_err(), "a swapped secret fails its commitment");
    let mut edited = (*record).clone();
    edited.log.swap(0, 1);
    assert!(verify_record(&edited, None).is_err());
    // A guest whose own contribution was replaced in the record says so.
    assert!(verify_record(&record, Some((Contributor::Seat(0), Secret::from_entropy(&[1; 32])))).is_err());
}

#[test]
fn changing_any_one_contribution_changes_the_deal() {
    let table = Secret::from_entropy(&[5; 8]);
    let table = lauzait_table_mode::bytes::TableId::from_entropy(&table.0);
    let who = [Contributor::Host, Contributor::Seat(0), Contributor::Seat(1), Contributor::Seat(2)];
    let secrets: Vec<Secret> = (0..4).map(|i| Secret::from_entropy(&entropy(40 + i, 32))).collect();
    let options = GameOptions::for_players(4, true).unwrap();
    let base = start_game(options.clone(), &combine(table, 1, &who, &secrets));
    for i in 0..4 {
        let mut changed = secrets.clone();
        changed[i].0[31] ^= 1;
        let other = start_game(options.clone(), &combine(table, 1, &who, &changed));
        assert_ne!(other.season().hands, base.season().hands, "contribution {i} changes the hands");
    }
    assert_ne!(combine(table, 2, &who, &secrets), combine(table, 1, &who, &secrets));
}

#[test]
fn a_wrong_reveal_is_refused() {
    let table = lauzait_table_mode::bytes::TableId::from_entropy(&[3; 8]);
    let mut round = Round::new(table, 1, vec![Contributor::Host, Contributor::Seat(1)]);
    let s = Secret::from_entropy(&[7; 32]);
    assert!(round.reveal(Contributor::Seat(1), s).is_err(), "no reveal before a commitment");
    round.commit(Contributor::Seat(1), commit(table, 1, Contributor::Seat(1), &s)).unwrap();
    let wrong = Secret::from_entropy(&[8; 32]);
    assert!(round.reveal(Contributor::Seat(1), wrong).is_err());
    assert!(round.commit(Contributor::Seat(1), commit(table, 1, Contributor::Seat(1), &wrong)).is_err());
    // A commitment for another seat or round does not open with the same secret.
    assert!(round.reveal(Contributor::Host, s).is_err());
    round.reveal(Contributor::Seat(1), s).unwrap();
    assert!(round.combined().is_none(), "the host has not revealed");

    // Through the protocol: a guest revealing another secret than it committed to.
    let mut t = Table::new(3);
    for seat in 0..2 {
        let g = t.link(seat);
        t.connect(seat, g);
    }
    let hello = write(&t.link(2).hello());
    let out = t.host.receive(on(2), &hello);
    let commit_now = out.iter().find_map(|o| match o {
        Out::Send(2, HostMsg::CommitNow { round, .. }) => Some(*round),
        _ => None,
    });
    let round = commit_now.expect("the last join starts the deal");
    let c = commit(t.host.table, round, Contributor::Seat(2), &s);
    t.host.receive(on(2), &write(&GuestMsg::Commit { v: VERSION, round, attempt: 0, commitment: c }));
    let out = t.host.receive(on(2), &write(&GuestMsg::Reveal { v: VERSION, round, attempt: 0, secret: wrong }));
    assert!(matches!(&out[..], [Out::Send(2, HostMsg::Refused { reason: Refusal::Deal, .. })]), "{out:?}");
}

#[test]
fn a_join_sent_again_on_its_own_connection_is_welcomed_again_not_refused() {
    let mut t = Table::new(5);
    let guest = t.link(0);
    let first = t.host.receive(on(0), &write(&guest.hello()));
    assert!(matches!(&first[..], [Out::Send(0, HostMsg::Welcome { .. }), ..]), "{first:?}");
    // No answer reached the device yet: it sends its join again on the same connection.
    let again = t.host.receive(on(0), &write(&guest.hello()));
    assert!(matches!(&again[..], [Out::Send(0, HostMsg::Welcome { .. }), ..]), "{again:?}");
    assert_eq!(t.host.connected(), vec![0]);
    assert!(t.host.refusals().is_empty(), "{:?}", t.host.refusals());
    // The same link on another connection is still a stranger's.
    let other = t.host.receive(at(7, 0), &write(&guest.hello()));
    assert!(matches!(&other[..], [Out::Send(7, HostMsg::Refused { reason: Refusal::SeatHeld, .. })]), "{other:?}");
}

#[test]
fn a_stranger_with_an_old_link_cannot_take_a_held_seat() {
    let mut t = seated(4);
    let stranger = t.link(1); // the same link, scanned again on another device
    let out = t.host.receive(at(9, 1), &write(&stranger.hello()));
    assert!(matches!(&out[..], [Out::Send(9, HostMsg::Refused { reason: Refusal::SeatHeld, .. })]));
    let forged = GuestMsg::Rejoin { v: VERSION, table: t.host.table, seat: 1, key: Default::default() };
    let out = t.host.receive(at(9, 1), &write(&forged));
    assert!(matches!(&out[..], [Out::Send(9, HostMsg::Refused { reason: Refusal::BadKey, .. })]));
    let act = GuestMsg::Act { v: VERSION, n: 1, seq: 0, action: Action::Undo };
    let out = t.host.receive(at(9, 1), &write(&act));
    assert!(matches!(&out[..], [Out::Send(9, HostMsg::Refused { reason: Refusal::NotJoined, .. })]));
    assert_eq!(t.host.refusals().len(), 3);
}

#[test]
fn a_flood_of_nonsense_keeps_only_the_latest_refusals_and_changes_nothing() {
    let mut t = seated(6);
    let before = t.host.save();
    for i in 0..(3 * MAX_REFUSALS) {
        let out = t.host.receive(at(9, 1), &format!("x{i}"));
        assert!(matches!(&out[..], [Out::Send(9, HostMsg::Refused { reason: Refusal::Malformed, .. })]), "{out:?}");
    }
    assert_eq!(t.host.refusals().len(), MAX_REFUSALS, "the log is bounded");
    assert!(t.host.refusals().last().is_some_and(|r| r.starts_with("connection 9")), "{:?}", t.host.refusals().last());
    assert_eq!(t.host.save(), before);
}

#[test]
fn malformed_and_out_of_turn_messages_are_refused_and_change_nothing() {
    let mut t = seated(5);
    let before = t.host.save();
    let game = t.host.game().unwrap();
    let idle = (0..3u32).find(|&s| s as usize != game.to_move()).unwrap();
    let seq = match t.inbox[idle as usize].iter().rev().find_map(|m| read_host(m).ok()) {
        Some(HostMsg::View { seq, .. }) => seq,
        other => panic!("{other:?}"),
    };
    let cases: Vec<(String, Refusal)> = vec![
        ("not json".into(), Refusal::Malformed),
        ("{\"t\":\"act\"}".into(), Refusal::Malformed),
        ("{\"t\":\"resync\",\"v\":1}".into(), Refusal::Version),
        (format!("{{\"t\":\"resync\",\"v\":{VERSION},\"extra\":0}}"), Refusal::Malformed),
        (format!("{{\"t\":\"launch\",\"v\":{VERSION}}}"), Refusal::Malformed),
        ("x".repeat(5000), Refusal::TooLong),
        (
            format!(
                "{{\"t\":\"act\",\"v\":{VERSION},\"n\":1,\"seq\":{seq},\"action\":{{\"type\":\"discard\",\"piece\":\"Q9\"}}}}"
            ),
            Refusal::Malformed,
        ),
        (write(&GuestMsg::Act { v: VERSION, n: 2, seq, action: Action::Undo }), Refusal::NotYourTurn),
        (write(&GuestMsg::Act { v: VERSION, n: 3, seq, action: Action::Declare }), Refusal::NotYourTurn),
    ];
    for (text, reason) in cases {
        let out = t.host.receive(on(idle), &text);
        match &out[..] {
            [Out::Send(c, HostMsg::Refused { reason: r, .. })] => assert_eq!((*c, *r), (idle, reason), "{text:.80}"),
            other => panic!("{text:.80}: {other:?}"),
        }
    }
    // The seat to move: a stale view, an action the engine refuses, a table decision.
    let mover = t.host.game().unwrap().to_move() as u32;
    let stale = GuestMsg::Act { v: VERSION, n: 4, seq: seq + 5, action: Action::Undo };
    let undo = GuestMsg::Act { v: VERSION, n: 5, seq, action: Action::Undo };
    let next = GuestMsg::Act { v: VERSION, n: 6, seq, action: Action::NextSeason };
    for (msg, reason) in [(stale, Refusal::Stale), (undo, Refusal::Rule), (next, Refusal::NotAllowed)] {
        let out = t.host.receive(on(mover), &write(&msg));
        assert!(matches!(&out[..], [Out::Send(_, HostMsg::Refused { reason: r, .. })] if *r == reason), "{out:?}");
    }
    assert_eq!(t.host.save(), before, "no refused message changed the table");
}

#[test]
fn a_guest_reloads_mid_day_and_the_host_reloads_and_the_game_goes_on() {
    let mut t = seated(6);
    // Play a few Days, then stop inside a guest's Day, one step taken.
    for _ in 0..200 {
        let game = t.host.game().unwrap();
        if t.host.computer_to_move().is_none() && game.day().number > 3 {
            break;
        }
        if t.host.computer_to_move().is_some() {
            let out = t.host.play_computer_day(8).unwrap();
            t.deliver(out);
            continue;
        }
        let seat = game.to_move();
        let g = t.guests[seat].as_mut().unwrap();
        let plan = plan_whole_day(g.game().unwrap(), seat, Level::Normal, 1, 8).unwrap().0;
        let msg = g.press(plan[0]).unwrap();
        let out = t.host.receive(on(seat as Conn), &write(&msg));
        t.deliver(out);
    }
    let seat = t.host.game().unwrap().to_move();
    let choice = t.guests[seat].as_ref().unwrap().choices()[0];
    let msg = t.guests[seat].as_mut().unwrap().press(choice).unwrap();
    let out = t.host.receive(on(seat as Conn), &write(&msg));
    t.deliver(out);
    let steps = t.host.game().unwrap().day().steps.len();
    assert_eq!(steps, 1);

    // The guest's page reloads: its save brings it back to its seat on a new connection.
    let saved = t.guests[seat].take().unwrap().save();
    let back = Guest::resume(&saved).unwrap();
    assert!(matches!(back.hello(), GuestMsg::Rejoin { .. }));
    t.guests[seat] = Some(back);
    t.host.disconnected(seat as Conn);
    let hello = write(&t.guests[seat].as_ref().unwrap().hello());
    let out = t.host.receive(on(seat as Conn), &hello);
    t.deliver(out);
    let g = t.guests[seat].as_ref().unwrap();
    assert_eq!(g.stage(), Stage::Playing);
    assert_eq!(g.view().unwrap().steps.len(), 1, "the hand comes back as it was, step included");
    assert!(g.choices().contains(&Action::Undo));

    // The host reloads: the game resumes from its save and each guest rejoins.
    t.host = resumes_as_itself(&t.host);
    assert!(t.host.connected().is_empty());
    for s in 0..3u8 {
        let hello = write(&t.guests[s as usize].as_ref().unwrap().hello());
        let out = t.host.receive(on(s as Conn), &hello);
        t.deliver(out);
    }
    assert_eq!(t.host.connected().len(), 3);
    assert_eq!(t.host.game().unwrap().day().steps.len(), 1);
    t.play_season();
    assert_eq!(t.host.game().unwrap().status(), Status::SeasonOver);
}

#[test]
fn a_host_that_changes_its_commitment_is_caught() {
    let mut g = Guest::new(Default::default(), 0, JoinToken::default(), &[1; 32]);
    let a = write(&HostMsg::CommitNow { v: VERSION, round: 1, attempt: 0, host: Secret::from_entropy(&[1; 32]) });
    let b = write(&HostMsg::CommitNow { v: VERSION, round: 1, attempt: 0, host: Secret::from_entropy(&[2; 32]) });
    assert!(g.receive(&a).is_ok());
    assert_eq!(g.receive(&b), Err(lauzait_table_mode::guest_error::GuestError::CommitmentChanged));
    let c = write(&HostMsg::CommitNow { v: VERSION, round: 0, attempt: 0, host: Secret::from_entropy(&[1; 32]) });
    assert_eq!(g.receive(&c), Err(lauzait_table_mode::guest_error::GuestError::RoundOfNoGame { round: 0, attempt: 0 }));
    assert!(matches!(Guest::resume("{"), Err(lauzait_table_mode::guest_error::GuestSaveError::Unreadable { .. })));
}

/// Plays Season 1, then the host decides the next Season with seat 1's phone away: its
/// round waits for that phone (the host's save resumes mid-round), and Season 2 is dealt
/// only once it took part.
fn into_season_two(seed: u8) -> Table {
    let mut t = seated(seed);
    t.play_season();
    assert_eq!(t.host.rounds().len(), 1);
    t.host.disconnected(1);
    let away = t.guests[1].take();
    let out = t.host.table_action(Action::NextSeason).unwrap();
    t.deliver(out);
    assert_eq!(t.host.game().unwrap().status(), Status::SeasonOver, "the next Season waits for its round");
    assert_eq!(t.host.dealing().map(|r| r.number), Some(2));
    assert_eq!(t.host.waiting_for(), vec![1], "the round waits for the phone that is away");
    assert!(t.host.table_action(Action::NextSeason).is_err(), "one round at a time");
    // The host reloads mid-round; every phone comes back.
    t.host = resumes_as_itself(&t.host);
    t.guests[1] = away;
    for s in 0..3u8 {
        let hello = write(&t.guests[s as usize].as_ref().unwrap().hello());
        let out = t.host.receive(on(s as Conn), &hello);
        t.deliver(out);
    }
    let game = t.host.game().unwrap();
    assert_eq!((game.season().number, game.status()), (2, Status::Playing), "Season 2 is dealt");
    assert!(t.host.dealing().is_none());
    for g in t.guests.iter().flatten() {
        assert_eq!(g.rounds().keys().copied().collect::<Vec<_>>(), vec![1, 2], "each phone keeps every round");
    }
    t
}

#[test]
fn a_deal_round_runs_before_each_season_and_the_record_of_two_seasons_verifies_on_each_phone() {
    let mut t = into_season_two(11);
    t.play_season();
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    assert_eq!(t.host.rounds().len(), 2);
    for seat in 0..3 {
        assert_eq!(
            t.guests[seat].as_ref().unwrap().verdict,
            Some(Verdict::Verified),
            "seat {seat} checks both Seasons' deals"
        );
    }
    assert!(t.host.refusals().is_empty(), "{:?}", t.host.refusals());
    // One altered reveal of Season 2's round: the record fails on the phone.
    let Some(HostMsg::Record { record, .. }) = t.host.record() else { panic!("no record") };
    let mut edited = (*record).clone();
    edited.rounds[1].secrets[2] = Some(Secret::from_entropy(&[9; 32]));
    let mut g = t.guests[0].clone().unwrap();
    g.receive(&write(&HostMsg::Record { v: VERSION, record: Box::new(edited.clone()) })).unwrap();
    assert!(matches!(g.verdict, Some(Verdict::NotVerified(_))), "{:?}", g.verdict);
    assert!(verify_record(&edited, None).is_err());
    // A record without Season 2's round does not replay Season 2.
    let mut short = (*record).clone();
    short.rounds.pop();
    assert!(verify_record(&short, None).is_err());
}

#[test]
fn changing_one_contribution_of_season_twos_round_changes_season_two_but_not_season_one() {
    let mut t = into_season_two(12);
    t.play_season();
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    let Some(HostMsg::Record { record, .. }) = t.host.record() else { panic!("no record") };
    // The record up to Season 2's opening, with round 2's contribution `i` changed (and
    // committed to anew, so that the round itself checks).
    let next = record.log.iter().position(|&a| a == Action::NextSeason).unwrap();
    let mut base = (*record).clone();
    base.log.truncate(next + 1);
    let dealt = verify_record(&base, None).unwrap();
    let round = &base.rounds[1];
    for (i, &who) in round.contributors.iter().enumerate() {
        let mut changed = base.clone();
        let mut secret = round.secrets[i].unwrap();
        secret.0[0] ^= 1;
        changed.rounds[1].secrets[i] = Some(secret);
        changed.rounds[1].commitments[i] = Some(commit(round.table, 2, who, &secret));
        let other = verify_record(&changed, None).unwrap();
        assert_eq!(other.chances()[0], dealt.chances()[0], "{who:?}: Season 1's deal is round 1's alone");
        assert_eq!(other.log(), dealt.log());
        assert_ne!(other.season().hands, dealt.season().hands, "{who:?} changes Season 2's deal");
    }
}

#[test]
fn a_wrong_reveal_in_season_twos_round_is_refused() {
    let mut t = seated(13);
    t.play_season();
    t.guests[1] = None; // seat 1 speaks by hand from here
    let out = t.host.table_action(Action::NextSeason).unwrap();
    t.deliver(out);
    let (s, w) = (Secret::from_entropy(&[7; 32]), Secret::from_entropy(&[8; 32]));
    let c = commit(t.host.table, 2, Contributor::Seat(1), &s);
    let early = t.host.receive(on(1), &write(&GuestMsg::Reveal { v: VERSION, round: 2, attempt: 0, secret: s }));
    assert!(matches!(&early[..], [Out::Send(1, HostMsg::Refused { reason: Refusal::Deal, .. })]), "{early:?}");
    let out = t.host.receive(on(1), &write(&GuestMsg::Commit { v: VERSION, round: 2, attempt: 0, commitment: c }));
    t.deliver(out);
    for (round, secret) in [(2, w), (1, s), (3, s)] {
        let out = t.host.receive(on(1), &write(&GuestMsg::Reveal { v: VERSION, round, attempt: 0, secret }));
        assert!(matches!(&out[..], [Out::Send(1, HostMsg::Refused { reason: Refusal::Deal, .. })]), "{out:?}");
    }
    assert_eq!(t.host.game().unwrap().season().number, 1, "no refused reveal deals");
    let out = t.host.receive(on(1), &write(&GuestMsg::Reveal { v: VERSION, round: 2, attempt: 0, secret: s }));
    assert!(out.iter().any(|o| matches!(o, Out::Send(_, HostMsg::View { .. }))));
    assert_eq!(t.host.game().unwrap().season().number, 2);
}

#[test]
fn ending_the_game_while_a_round_is_under_way_drops_that_round() {
    let mut t = seated(14);
    t.play_season();
    t.host.disconnected(2);
    t.guests[2] = None;
    let out = t.host.table_action(Action::NextSeason).unwrap();
    t.deliver(out);
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    assert_eq!(t.host.rounds().len(), 1);
    // Over, with its abandoned round: the save resumes as it is, record included.
    assert!(t.host.record().is_some());
    resumes_as_itself(&t.host);
    for seat in 0..2 {
        assert_eq!(t.guests[seat].as_ref().unwrap().verdict, Some(Verdict::Verified), "seat {seat}");
    }
}

/// Plays people's Days until the computer seat's Day comes (or the Season ends).
fn until_computer_day(t: &mut Table) -> bool {
    for _ in 0..400 {
        let game = t.host.game().unwrap();
        if game.status() != Status::Playing {
            return false;
        }
        if t.host.computer_to_move().is_some() {
            return true;
        }
        let seat = game.to_move();
        let mine = t.guests[seat].as_mut().unwrap().game().unwrap();
        let (plan, _) = plan_whole_day(mine, seat, Level::Normal, 5 + mine.day().number as u64, 8).unwrap();
        let msg = t.guests[seat].as_mut().unwrap().press(plan[0]).unwrap();
        let out = t.host.receive(on(seat as Conn), &write(&msg));
        t.deliver(out);
    }
    false
}

#[test]
fn the_computer_seats_request_carries_its_own_view_only_r40() {
    let mut t = seated(7);
    assert!(until_computer_day(&mut t), "the computer seat gets a Day");
    let request = t.host.computer_request(41, 8).unwrap();
    let game = t.host.game().unwrap();
    assert_eq!(request.id, lauzait_autoplay::RequestId::ComputerDay(41));
    assert_eq!(request.view.seat, 3);
    assert_eq!(request.view, SeatView::new(&game.view(3).unwrap()), "exactly the seat's view");
    // What goes to the worker, read as text: none of the people's concealed pieces, the
    // round's secrets or the game's seed.
    let text = request.to_text();
    assert!(!text.contains("secret") && !text.contains("pool"), "{text}");
    let again = t.host.clone().computer_request(41, 8).unwrap();
    assert_eq!((again.seed, again.view), (request.seed, request.view), "the same Day asks the same");
}

#[test]
fn a_computer_day_planned_elsewhere_is_applied_whole_or_not_at_all() {
    let mut t = seated(7);
    assert!(until_computer_day(&mut t));
    let request = t.host.computer_request(1, 8).unwrap();
    let before = serde_json::to_string(t.host.game().unwrap()).unwrap();
    let game = t.host.game().unwrap().clone();
    let (plan, _) = plan_whole_day(&game, 3, request.level, request.seed, 8).unwrap();
    // For another seat, or only the Day's first steps: refused, and nothing changed.
    assert!(t.host.apply_computer_day(2, &plan).is_err());
    assert!(t.host.apply_computer_day(3, &plan[..plan.len() - 1]).is_err());
    // Nor a plan that goes on past the Day's end, into the next seat's Day.
    let mut longer = plan.clone();
    longer.extend_from_slice(&plan);
    assert!(t.host.apply_computer_day(3, &longer).is_err());
    assert_eq!(serde_json::to_string(t.host.game().unwrap()).unwrap(), before);
    // The whole Day: applied, and each person hears of it with their own view.
    let out = t.host.apply_computer_day(3, &plan).unwrap();
    assert!(!out.is_empty());
    t.deliver(out);
    assert_ne!(serde_json::to_string(t.host.game().unwrap()).unwrap(), before);
    // Sent again (a reply that came twice): no longer that seat's Day.
    if t.host.computer_to_move().is_none() {
        assert!(t.host.apply_computer_day(3, &plan).is_err());
    }
}

/// A phone that committed in the next Season's round and is then lost: while the round's list
/// is not yet shown, its seat given to a new phone commits afresh (the lost phone's
/// commitment is dropped), the round completes, and the record verifies on every phone.
#[test]
fn a_seat_given_away_mid_round_before_the_list_is_shown_commits_afresh() {
    let mut t = seated(21);
    t.play_season();
    // Seat 2's phone is away, so the round waits; seat 1's phone commits, then is lost.
    t.host.disconnected(2);
    let away = t.guests[2].take();
    let out = t.host.table_action(Action::NextSeason).unwrap();
    t.deliver(out);
    assert_eq!(t.host.waiting_for(), vec![2], "seat 1 committed");
    t.host.disconnected(1);
    t.guests[1] = None;
    let out = t.host.release_seat(1, &entropy(77, 24));
    t.deliver(out);
    assert_eq!(t.host.waiting_for(), vec![1, 2], "the lost phone's commitment is dropped");
    let token = t.host.seats()[1].token;
    let fresh = Guest::new(t.host.table, 1, token, &entropy(150, 32));
    t.connect(1, fresh);
    assert_eq!(t.host.waiting_for(), vec![2], "the new phone committed");
    t.connect(2, away.unwrap());
    let game = t.host.game().unwrap();
    assert_eq!((game.season().number, game.status()), (2, Status::Playing), "Season 2 is dealt");
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    for seat in 0..3 {
        assert_eq!(t.guests[seat].as_ref().unwrap().verdict, Some(Verdict::Verified), "seat {seat}");
    }
}
