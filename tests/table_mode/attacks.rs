//! Table mode against a modified device, written as the attacker would try it
//! (TABLE-PROTOCOL.md, "What a modified device can do"): a seated phone that claims a second
//! seat over its own connection; a host that shows the phones one game and publishes another
//! legal one; a host that throws from values of its own choosing; a host that leaves out a
//! round a phone revealed in, or ends the game after every phone revealed for the next
//! Season. Each test would pass against a phone or host that did not check.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, Status};
use lauzait_table_mode::deal::{chance_for, round_for, start_game, verify_record, TableRecord};
use lauzait_table_mode::guest::{Guest, Verification};
use lauzait_table_mode::host::{Conn, Host, Out, Paired, Player, HOST_ENTROPY};
use lauzait_table_mode::protocol::{GuestMsg, HostMsg, Refusal, VERSION};
use lauzait_table_mode::validate::write;
use lauzait_table_mode::verify::{Difference, Verdict};

pub(super) fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(29).wrapping_add(tag).rotate_left(5) ^ tag).collect()
}

/// A host and two phones, seat i's on connection i opened with seat i's code.
pub(super) struct Table {
    pub(super) host: Host,
    pub(super) phones: Vec<Guest>,
    /// The reveals the host never got.
    pub(super) held: Vec<(Conn, GuestMsg)>,
    /// These phones' reveals are held back instead of sent (their commitments go through).
    pub(super) hold_from: Vec<Conn>,
}

impl Table {
    pub(super) fn new(seed: u8, players: usize) -> Table {
        let options = GameOptions::for_players(players, false).unwrap();
        let names = ["Ann", "Bo", "Cy", "Di"];
        let seats = (0..players).map(|i| (names[i].to_string(), Player::Person)).collect();
        let host = Host::new(options, seats, &entropy(seed, HOST_ENTROPY)).unwrap();
        let phones = (0..players as u8)
            .map(|s| Guest::new(host.table, s, host.seats()[s as usize].token, &entropy(seed ^ (40 + s), 32)))
            .collect();
        Table { host, phones, held: Vec::new(), hold_from: Vec::new() }
    }

    pub(super) fn from(conn: Conn) -> Paired {
        Paired { conn, seat: conn as u8 }
    }

    pub(super) fn deliver(&mut self, mut out: Vec<Out>) {
        while !out.is_empty() {
            let mut next = Vec::new();
            for o in out {
                let Out::Send(conn, msg) = o else { continue };
                for answer in self.phones[conn as usize].receive(&write(&msg)).unwrap() {
                    if self.hold_from.contains(&conn) && matches!(answer, GuestMsg::Reveal { .. }) {
                        self.held.push((conn, answer));
                    } else {
                        next.extend(self.host.receive(Table::from(conn), &write(&answer)));
                    }
                }
            }
            out = next;
        }
    }

    pub(super) fn seat_everyone(&mut self) {
        for conn in 0..self.phones.len() as Conn {
            let hello = write(&self.phones[conn as usize].hello());
            let out = self.host.receive(Table::from(conn), &hello);
            self.deliver(out);
        }
        assert!(self.host.game().is_some(), "dealt once every phone revealed");
    }

    /// Plays the Season on the phones until it is over.
    pub(super) fn play_season(&mut self) {
        for _ in 0..3000 {
            let game = self.host.game().unwrap();
            if game.status() != Status::Playing {
                return;
            }
            let seat = game.to_move();
            let phone = &mut self.phones[seat];
            let mine = phone.game().unwrap();
            let (plan, _) = plan_whole_day(mine, seat, Level::Normal, 5 + mine.day().number as u64, 8).unwrap();
            let msg = phone.press(plan[0]).expect("the phone offers the planned step");
            let out = self.host.receive(Table::from(seat as Conn), &write(&msg));
            self.deliver(out);
        }
        panic!("the Season did not end");
    }

    /// Plays every Season to the game's end (the record goes out with the last view).
    pub(super) fn play_game(&mut self) {
        loop {
            self.play_season();
            match self.host.game().unwrap().status() {
                Status::GameOver { .. } => return,
                _ => {
                    let out = self.host.table_action(Action::NextSeason).unwrap();
                    self.deliver(out);
                }
            }
        }
    }

    pub(super) fn record(&self) -> TableRecord {
        let Some(HostMsg::Record { record, .. }) = self.host.record() else { panic!("no record") };
        *record
    }

    /// Every phone reads `record` as the host's last message.
    pub(super) fn publish(&mut self, record: &TableRecord) {
        for phone in &mut self.phones {
            phone.receive(&write(&HostMsg::Record { v: VERSION, record: Box::new(record.clone()) })).unwrap();
        }
    }

    pub(super) fn verdicts(&self) -> Vec<Option<Verdict>> {
        self.phones.iter().map(|p| p.verdict.clone()).collect()
    }
}

/// Another legal game from the same rounds: each Season dealt from its own round as the
/// record says, the Days played by Easy players instead of the ones the phones saw.
fn another_legal_log(record: &TableRecord) -> Vec<Action> {
    let combined: Vec<[u8; 32]> = record.rounds.iter().map(|r| r.combined().unwrap()).collect();
    let mut game = start_game(record.options.clone(), &combined[0]);
    for _ in 0..5000 {
        let action = match game.status() {
            // Short Seasons: ended by agreement (the engine's decision where the rules are silent) after twenty Days.
            Status::Playing if game.between_days() && game.day().number > 20 => Action::EndSeasonByAgreement,
            Status::Playing => {
                let seat = game.to_move();
                plan_whole_day(&game, seat, Level::Easy, 99 + game.log().len() as u64, 4).unwrap().0[0]
            }
            // A Season the record has no round for is not dealt: the game ends there.
            Status::SeasonOver if combined.len() > usize::from(game.season().number) => Action::NextSeason,
            Status::SeasonOver => Action::EndGameByAgreement,
            Status::GameOver { .. } => return game.log().to_vec(),
        };
        let mut chance = chance_for(&combined[round_for(&game, action) as usize - 1], &game);
        game.apply(action, &mut chance).unwrap();
    }
    panic!("the other game did not end");
}

#[test]
fn a_seated_phone_cannot_claim_another_seat_over_its_own_connection() {
    let mut t = Table::new(1, 3);
    // Phone A takes seat 0 with its own code.
    let hello = write(&t.phones[0].hello());
    let out = t.host.receive(Table::from(0), &hello);
    t.deliver(out);
    // Seat 1's code is on the shared screen: A sends a join for seat 1 with its token, on
    // the connection seat 0's code opened.
    let token = t.host.seats()[1].token;
    let claim = GuestMsg::Join { v: VERSION, table: t.host.table, seat: 1, token };
    let out = t.host.receive(Table::from(0), &write(&claim));
    assert!(matches!(&out[..], [Out::Send(0, HostMsg::Refused { reason: Refusal::OtherSeat, .. })]), "{out:?}");
    let rejoin = GuestMsg::Rejoin { v: VERSION, table: t.host.table, seat: 1, key: Default::default() };
    let out = t.host.receive(Table::from(0), &write(&rejoin));
    assert!(matches!(&out[..], [Out::Send(0, HostMsg::Refused { reason: Refusal::OtherSeat, .. })]), "{out:?}");
    assert!(!t.host.seats()[1].claimed, "seat 1 is still free");
    assert_eq!(t.host.connected(), vec![0], "connection 0 holds seat 0 only");
    let logged = t.host.refusals().iter().filter(|r| r.starts_with("connection 0 (seat 0): other-seat")).count();
    assert_eq!(logged, 2, "both claims are in the host's log: {:?}", t.host.refusals());
    // The real phone of seat 1 still takes its seat.
    let hello = write(&t.phones[1].hello());
    let out = t.host.receive(Table::from(1), &hello);
    assert!(matches!(&out[..], [Out::Send(1, HostMsg::Welcome { seat: 1, .. }), ..]), "{out:?}");
}

#[test]
fn an_honest_game_verifies_on_every_phone() {
    let mut t = Table::new(2, 2);
    t.seat_everyone();
    t.play_game();
    for phone in &t.phones {
        assert_eq!(phone.verdict, Some(Verdict::Verified));
        assert_eq!(phone.verification(), Verification::Checked(&Verdict::Verified));
    }
}

#[test]
fn a_host_that_publishes_another_legal_game_is_not_verified_by_any_phone() {
    let mut t = Table::new(3, 2);
    t.seat_everyone();
    t.play_game();
    let honest = t.record();
    let forged = TableRecord { log: another_legal_log(&honest), ..honest.clone() };
    assert_ne!(forged.log, honest.log);
    assert!(verify_record(&forged, None).is_ok(), "the forged record holds together by itself");
    t.publish(&forged);
    for (seat, verdict) in t.verdicts().into_iter().enumerate() {
        match verdict {
            Some(Verdict::NotVerified(Difference::ViewNotReplayed { index, season, .. })) => {
                assert!(index > 1, "seat {seat}: the deal itself is the same");
                assert_eq!(season, 1, "seat {seat}: the first difference is in the first Season");
            }
            other => panic!("seat {seat}: {other:?}"),
        }
    }
}

#[test]
fn a_host_that_throws_from_values_of_its_own_is_not_verified() {
    // The modified host deals Season 1 from the real round but draws every later outcome
    // (the Water's sticks, R12.6) from a generator it chose, and shows the phones that game.
    let mut t = Table::new(4, 2);
    t.seat_everyone();
    let honest_rounds = t.host.rounds().to_vec();
    let combined = honest_rounds[0].combined().unwrap();
    let mut shown = start_game(t.host.options().clone(), &combined);
    let mut own = seeded(666);
    let mut views = 0;
    let mut seq = 100;
    while shown.status() == Status::Playing && views < 400 {
        let seat = shown.to_move();
        let (plan, _) = plan_whole_day(&shown, seat, Level::Normal, 7 + views as u64, 8).unwrap();
        shown.apply(plan[0], &mut own).unwrap();
        seq += 1;
        views += 1;
        for (s, phone) in t.phones.iter_mut().enumerate() {
            let view = Box::new(lauzait_engine::SeatView::new(&shown.view(s).unwrap()));
            phone.receive(&write(&HostMsg::View { v: VERSION, seq, view })).unwrap();
        }
    }
    // At the Season's end it ends the game, and publishes the real round with a legal log
    // of its own making: the one shown where it replays from the real round, else another
    // legal game from the real deal.
    assert_eq!(shown.status(), Status::SeasonOver, "the shown Season ended");
    shown.apply(Action::EndGameByAgreement, &mut own).unwrap();
    let options = t.host.options().clone();
    let record = |log: Vec<Action>| TableRecord {
        rounds: honest_rounds.clone(),
        options: options.clone(),
        log,
        abandoned: None,
        withheld: Vec::new(),
    };
    let forged = match verify_record(&record(shown.log().to_vec()), None) {
        Ok(_) => record(shown.log().to_vec()),
        Err(_) => record(another_legal_log(&record(Vec::new()))),
    };
    assert!(verify_record(&forged, None).is_ok(), "the forged record holds together by itself");
    t.publish(&forged);
    for (seat, verdict) in t.verdicts().into_iter().enumerate() {
        assert!(matches!(verdict, Some(Verdict::NotVerified(_))), "seat {seat}: {verdict:?}");
    }
}

/// Season 1 played, the next Season's round opened; phone 0 reveals, phone 1's reveal is
/// held back (it never reaches the host).
pub(super) fn next_round_half_revealed(seed: u8) -> Table {
    let mut t = Table::new(seed, 2);
    t.seat_everyone();
    t.play_season();
    t.hold_from = vec![1];
    let out = t.host.table_action(Action::NextSeason).unwrap();
    t.deliver(out);
    assert!(t.host.dealing().is_some(), "round 2 waits for phone 1's secret");
    assert!(t.phones[0].rounds()[&2].revealed && t.phones[1].rounds()[&2].revealed);
    t
}

#[test]
fn a_record_that_leaves_out_a_round_a_phone_revealed_in_is_refused() {
    let mut t = next_round_half_revealed(5);
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    // The honest host publishes the abandoned round as it stood: void, and seen to be.
    let honest = t.record();
    assert_eq!(honest.abandoned.as_ref().map(|r| r.number), Some(2));
    assert_eq!(t.verdicts(), vec![Some(Verdict::Verified), Some(Verdict::Verified)]);
    // A host that leaves the round out: the phone that revealed in it refuses the record.
    let forged = TableRecord { abandoned: None, ..honest };
    t.publish(&forged);
    assert_eq!(t.phones[0].verdict, Some(Verdict::NotVerified(Difference::RoundMissing(2))));
}

#[test]
fn a_host_that_ends_the_game_after_every_phone_revealed_is_seen() {
    let mut t = next_round_half_revealed(6);
    // The modified host takes phone 1's secret too, so it knows Season 2's deal, and ends the
    // game instead of dealing it.
    let (_, GuestMsg::Reveal { secret, .. }) = t.held[0] else { panic!("{:?}", t.held) };
    let out = t.host.table_action(Action::EndGameByAgreement).unwrap();
    t.deliver(out);
    let mut record = t.record();
    let abandoned = record.abandoned.as_mut().unwrap();
    abandoned.reveal(lauzait_table_mode::deal::Contributor::Seat(1), secret).unwrap();
    t.publish(&record);
    for verdict in t.verdicts() {
        assert_eq!(verdict, Some(Verdict::NotVerified(Difference::AbandonedAfterReveal(2))));
    }
}

#[test]
fn a_game_over_with_no_record_says_not_verified() {
    let mut t = Table::new(7, 2);
    t.seat_everyone();
    // The game's end reaches the phones as views; the host's record never comes.
    let game: &Game = t.host.game().unwrap();
    assert_eq!(game.status(), Status::Playing);
    assert_eq!(t.phones[0].verification(), Verification::InPlay);
    t.play_game();
    let last_view = t.phones[0].view().cloned().unwrap();
    let mut fresh = Guest::resume(&t.phones[0].save()).unwrap();
    fresh.receive(&write(&HostMsg::View { v: VERSION, seq: 9999, view: Box::new(last_view) })).unwrap();
    assert_eq!(fresh.verification(), Verification::NoRecord);
}
