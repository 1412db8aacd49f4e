//! A table dealt by every device whose phones talk through a tablet
//! (`crates/remote/src/relayed/`, DEAL-PROTOCOL.md "A table relayed by a tablet"): whole games
//! of 2, 3 and 4 phones with every message carried as text through the tablet in a shuffled
//! order, each phone opening nothing beyond its seat after every message, the tablet showing
//! what the plain engine's replay of the record shows; and the tablet or a phone cheating as an
//! attacker would: standing between two phones (the table's code differs, however many keys it
//! tries), changing a nonce or a letter on the way, a phone writing as another or claiming a
//! taken seat, a phone showing the tablet another game.

use crate::joint::{next_for, Next};
use lauzait_autoplay::{answer, BotRequest};
use lauzait_bots::Level;
use lauzait_engine::{Action, SpectatorView};
use lauzait_joint_deal::{Device, DeviceEntropy};
use lauzait_joint_play::PlayPhase;
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::joint::party;
use lauzait_remote::joint_device::JointOpenError;
use lauzait_remote::relayed::code::commit;
use lauzait_remote::relayed::phone::SEAT_ENTROPY;
use lauzait_remote::relayed::{ComputerSeat, Computers};
use lauzait_remote::relayed::{
    FromTablet, PhoneSeating, PhoneTable, PhoneTableError, RelayTextError, TableCode, TableRoster, TableRosterError,
    TabletError, TabletGathering, TabletRelay, ToTablet, COMPUTER_ENTROPY,
};
use lauzait_remote::{Letter, OpenError};
use lauzait_table_mode::bytes::Bytes;
use lauzait_table_mode::computer_seats::{unattended, ComputerEffect, ComputerSeats};
use proptest::prelude::*;

fn seat_entropy(seed: u8, seat: u8) -> Vec<u8> {
    (0..SEAT_ENTROPY as u8).map(|i| i.wrapping_mul(13).wrapping_add(seed.wrapping_mul(7)).wrapping_add(seat)).collect()
}

fn device_entropy(seed: u8, seat: u8) -> DeviceEntropy {
    DeviceEntropy([seed.wrapping_mul(5).wrapping_add(seat); 64])
}

/// A message on its way, as the text its data channel carries.
enum Hop {
    ToTablet(Device, String),
    ToPhone(Device, String),
}

/// A tablet and its phones, every message on its way carried in a seeded, shuffled order.
struct Relayed {
    tablet: TabletRelay<Computers>,
    /// Each seat's phone; `None` at a computer's seat, which the tablet runs.
    phones: Vec<Option<PhoneTable>>,
    wire: Vec<Hop>,
    state: u64,
    /// Messages carried, and the phones' deals checked after each.
    carried: usize,
}

/// The phones' seatings and the tablet's gathering with every phone joined (and a computer
/// player at each seat of `computers`).
fn joined_with(
    players: u8,
    seed: u8,
    computers: &[(u8, Level)],
) -> (TabletGathering, Vec<Option<PhoneSeating>>, Vec<ComputerSeat>) {
    let table = Bytes([seed; 8]);
    let mut gathering = TabletGathering::new(table, usize::from(players), true, 256).unwrap();
    let seated: Vec<ComputerSeat> = computers
        .iter()
        .map(|&(c, level)| {
            let entropy: Vec<u8> =
                (0..COMPUTER_ENTROPY as u8).map(|i| i.wrapping_mul(3).wrapping_add(seed).wrapping_add(c)).collect();
            gathering.seat_computer(Device::from_byte(c), level, &entropy).unwrap()
        })
        .collect();
    let seatings: Vec<Option<PhoneSeating>> = (0..players)
        .map(|s| {
            (!computers.iter().any(|&(c, _)| c == s))
                .then(|| PhoneSeating::new(table, Device::from_byte(s), &seat_entropy(seed, s)).unwrap())
        })
        .collect();
    for (s, seating) in (0..).zip(&seatings) {
        let Some(seating) = seating else { continue };
        assert!(gathering.start().is_none(), "no roster while a phone is awaited");
        let join = ToTablet::from_text(&seating.join().to_text()).unwrap();
        gathering.open(Device::from_byte(s), join).unwrap();
    }
    (gathering, seatings, seated)
}

fn joined(players: u8, seed: u8) -> (TabletGathering, Vec<PhoneSeating>) {
    let (gathering, seatings, _) = joined_with(players, seed, &[]);
    (gathering, seatings.into_iter().flatten().collect())
}

/// The roster the tablet sends every phone.
fn roster_of(gathering: &TabletGathering) -> TableRoster {
    let (relay, _) = gathering.start().unwrap();
    relay.roster().clone()
}

impl Relayed {
    fn new(players: u8, seed: u8) -> Relayed {
        Relayed::with_computers(players, seed, &[])
    }

    fn with_computers(players: u8, seed: u8, computers: &[u8]) -> Relayed {
        let levels: Vec<(u8, Level)> = computers.iter().map(|&c| (c, Level::Normal)).collect();
        Relayed::with_levels(players, seed, &levels)
    }

    fn with_levels(players: u8, seed: u8, computers: &[(u8, Level)]) -> Relayed {
        let (gathering, seatings, seated) = joined_with(players, seed, computers);
        let (relay, first) = gathering.start().unwrap();
        let (tablet, first) = relay.with_computers(seated, first).unwrap();
        let mut table = Relayed { tablet, phones: Vec::new(), wire: Vec::new(), state: u64::from(seed), carried: 0 };
        let roster = first.iter().find(|(_, m)| matches!(m, FromTablet::Roster(_))).unwrap().1.to_text();
        for (s, seating) in (0..).zip(&seatings) {
            let Some(seating) = seating else {
                table.phones.push(None);
                continue;
            };
            let read = FromTablet::from_text(&roster).unwrap();
            let (phone, reveal) = seating.open_roster(read, &device_entropy(seed, s)).unwrap();
            table.phones.push(Some(phone));
            table.wire.push(Hop::ToTablet(Device::from_byte(s), reveal.to_text()));
        }
        // The computer seats' first messages (the roster itself was taken above).
        let rest = first.into_iter().filter(|(_, m)| !matches!(m, FromTablet::Roster(_)));
        table.wire.extend(rest.map(|(to, m)| Hop::ToPhone(to, m.to_text())));
        for s in 0..players {
            table.post(Device::from_byte(s));
        }
        table
    }

    fn phone(&mut self, seat: Device) -> &mut PhoneTable {
        self.phones[seat.index()].as_mut().expect("a person's seat")
    }

    fn any_phone(&self) -> &PhoneTable {
        self.phones.iter().flatten().next().expect("a person at the table")
    }

    fn post(&mut self, from: Device) {
        let Some(phone) = self.phones[from.index()].as_mut() else { return };
        for message in phone.outbox() {
            self.wire.push(Hop::ToTablet(from, message.to_text()));
        }
    }

    fn carry(&mut self, out: Vec<(Device, FromTablet)>) {
        self.wire.extend(out.into_iter().map(|(to, m)| Hop::ToPhone(to, m.to_text())));
    }

    /// Every message carried, in a shuffled order, until none is left; after each one a
    /// phone takes, that phone can open no piece beyond its seat's. The order is shuffled
    /// between channels and kept within each (a data channel is ordered): a phone's views
    /// reach the tablet in the order it sent them.
    fn run(&mut self) {
        while !self.wire.is_empty() {
            self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let picked = (self.state >> 33) as usize % self.wire.len();
            let channel = |hop: &Hop| match hop {
                Hop::ToTablet(d, _) => (0, *d),
                Hop::ToPhone(d, _) => (1, *d),
            };
            let first = self.wire.iter().position(|h| channel(h) == channel(&self.wire[picked])).unwrap_or(picked);
            let hop = self.wire.remove(first);
            self.carried += 1;
            match hop {
                Hop::ToTablet(from, text) => {
                    let message = ToTablet::from_text(&text).unwrap();
                    let out = self.tablet.open(from, message).unwrap_or_else(|e| panic!("the tablet refuses: {e}"));
                    self.carry(out);
                    for seat in (0..self.phones.len() as u8).map(Device::from_byte) {
                        let Some(computer) = self.tablet.computer(seat) else { continue };
                        let beyond = computer.table.device().device().deal().opens_beyond_its_seat();
                        assert!(beyond.is_empty(), "computer seat {seat:?} opens positions {beyond:?} beyond its seat");
                    }
                }
                Hop::ToPhone(to, text) => {
                    let phone = self.phone(to);
                    phone
                        .open(FromTablet::from_text(&text).unwrap())
                        .unwrap_or_else(|e| panic!("phone {to:?} refuses: {e}"));
                    let beyond = phone.device().device().deal().opens_beyond_its_seat();
                    assert!(beyond.is_empty(), "phone {to:?} opens positions {beyond:?} beyond its seat");
                    self.post(to);
                }
            }
        }
    }

    fn phase(&self) -> PlayPhase {
        self.any_phone().device().device().phase()
    }

    fn play(&mut self) {
        for day in 0u64.. {
            self.run();
            match self.phase() {
                PlayPhase::Over => return,
                PlayPhase::Playing { to_move } => {
                    let mover = Device::from_byte(to_move as u8);
                    let view = match &self.phones[to_move] {
                        Some(phone) => phone.device().device().game().unwrap().view().clone(),
                        None => {
                            let (seat, view) = self.tablet.computer_to_move().expect("the computer's Day");
                            assert_eq!(seat, mover);
                            view
                        }
                    };
                    let actions = match next_for(&view, day) {
                        // The persons agree; a computer seat goes along once one has.
                        Next::Agree => {
                            for seat in (0..self.phones.len() as u8).map(Device::from_byte) {
                                if self.phones[seat.index()].is_some() {
                                    self.act(seat, Action::EndSeasonByAgreement);
                                }
                            }
                            continue;
                        }
                        Next::Day(actions) => actions,
                    };
                    // Live, each step goes as soon as it is taken.
                    actions.into_iter().for_each(|a| self.act(mover, a));
                }
                other => panic!("the game stalls: {other:?}"),
            }
        }
    }

    fn act(&mut self, seat: Device, action: Action) {
        match self.phones[seat.index()].as_mut() {
            Some(phone) => {
                phone.device_mut().act(action).unwrap();
                self.post(seat);
            }
            None => {
                let out = self.tablet.computer_act(seat, action).unwrap();
                self.carry(out);
            }
        }
    }

    /// The game is over, every phone agrees on its code and record, and the tablet shows the
    /// plain engine's replay of the record; the code.
    fn assert_over_and_shown(&self) -> TableCode {
        assert_eq!(self.phase(), PlayPhase::Over);
        let code = self.any_phone().code().expect("every nonce in");
        let record = self.any_phone().device().device().record().expect("a finished game's record");
        for phone in self.phones.iter().flatten() {
            assert_eq!(phone.code(), Some(code), "every phone shows the same code");
            assert_eq!(phone.device().device().record().as_ref(), Some(&record));
        }
        let replayed = SpectatorView::new(&record.replay().unwrap().public());
        assert_eq!(self.tablet.shown(), Some(&replayed), "the tablet shows the record's game");
        assert!(self.tablet.differing().is_empty());
        code
    }
}

#[test]
fn whole_games_of_2_3_and_4_phones_through_a_tablet_open_nothing_beyond_each_seat() {
    for (players, seed) in [(2, 41), (3, 42), (4, 43)] {
        let mut table = Relayed::new(players, seed);
        table.play();
        let code = table.assert_over_and_shown();
        println!("{players} phones: {} messages carried, code {code}", table.carried);
    }
}

/// Computer seats are devices of their own that the tablet's page runs: a person against two
/// computer players, and two persons against two; every phone opens nothing beyond its seat,
/// and each computer seat's device opens only its own seat's pieces, as a phone does.
#[test]
fn computer_seats_played_by_devices_of_their_own_on_the_tablet() {
    for (players, seed, computers) in [(3u8, 44u8, &[1u8, 2][..]), (4, 45, &[0, 3][..])] {
        let mut table = Relayed::with_computers(players, seed, computers);
        table.play();
        table.assert_over_and_shown();
        println!("{players} seats, computers at {computers:?}: {} messages carried", table.carried);
    }
    // A person's seat is no computer's to play; a computer's channel is no phone's.
    let mut table = Relayed::with_computers(3, 46, &[2]);
    table.run();
    let person = Device::from_byte(0);
    assert_eq!(
        table.tablet.computer_act(person, Action::EndSeasonByAgreement),
        Err(TabletError::NotAComputer { seat: person })
    );
    let computer = Device::from_byte(2);
    assert_eq!(table.tablet.open(computer, ToTablet::Reveal([1; 32])), Err(TabletError::NotASeat { from: computer }));
}

/// The tablet's page paces its computer seats as table mode's tablet does
/// (`table_mode::computer_seats::ComputerSeats`): each Day asked of the computer players'
/// worker (here its planner, answering in place) from the computer seat's own view, and
/// applied whole through its device. A person plays against a Normal and a Strong player to
/// the game's end; a Season the person proposes to end, the computers agree to.
#[test]
fn computer_seats_paced_as_table_modes_from_their_own_view() {
    let mut table = Relayed::with_levels(3, 47, &[(1, Level::Normal), (2, Level::Strong)]);
    let mut seats = ComputerSeats::new(unattended(700, 3000), 20);
    let mut now = 0.0;
    let mut asked = 0;
    let mut agreed = false;
    for day in 0u64.. {
        table.run();
        let mut fx = Vec::new();
        seats.pace(&mut table.tablet, now, &mut fx);
        while let Some(effect) = fx.pop() {
            match effect {
                ComputerEffect::WakeAfter(ms) => {
                    now += f64::from(ms);
                    seats.due(&mut table.tablet, now, &mut fx);
                }
                ComputerEffect::AskWorker(text) => {
                    asked += 1;
                    let request = BotRequest::from_text(&text).unwrap();
                    assert_eq!(request.view.seat, request.view.to_move, "a computer seat's own Day, from its own view");
                    seats.worker_reply(&mut table.tablet, &answer(&text, || 0.0), now, &mut fx);
                }
                ComputerEffect::Deliver(out) => table.carry(out),
                other => panic!("{other:?}"),
            }
        }
        table.run();
        match table.phase() {
            PlayPhase::Over => break,
            PlayPhase::Playing { to_move: 0 } => {
                let view = table.phone(Device::from_byte(0)).device().device().game().unwrap().view().clone();
                match next_for(&view, day) {
                    // Once, between Days, the person proposes to end the Season.
                    _ if !agreed && view.steps.is_empty() && view.day > 3 => {
                        agreed = true;
                        table.act(Device::from_byte(0), Action::EndSeasonByAgreement);
                    }
                    Next::Agree => table.act(Device::from_byte(0), Action::EndSeasonByAgreement),
                    Next::Day(actions) => actions.into_iter().for_each(|a| table.act(Device::from_byte(0), a)),
                }
            }
            PlayPhase::Playing { .. } => assert!(table.tablet.computer_to_move().is_some(), "a computer's Day waits"),
            other => panic!("the game stalls: {other:?}"),
        }
        assert!(day < 5000, "the game never ends");
    }
    table.assert_over_and_shown();
    let record = table.any_phone().device().device().record().unwrap();
    assert!(record.log.contains(&Action::EndSeasonByAgreement), "the Season ended by agreement");
    assert!(asked > 10, "{asked} Days asked of the worker");
}

/// The tablet gives phone 1 a roster where seat 2's key and commitment are its own, trying
/// one key after another as an attacker grinding for a match would: phone 1's code never
/// equals phone 2's, and phone 2's real letter is refused on phone 1 as signed by another key.
#[test]
fn a_tablet_standing_between_two_phones_cannot_make_their_codes_agree() {
    let seed = 51;
    let (gathering, seatings) = joined(3, seed);
    let real = roster_of(&gathering);
    let (one, two) = (Device::from_byte(1), Device::from_byte(2));
    let (mut phone2, reveal2) =
        seatings[2].open_roster(FromTablet::Roster(real.clone()), &device_entropy(seed, 2)).unwrap();
    let (_, ToTablet::Reveal(nonce0)) =
        seatings[0].open_roster(FromTablet::Roster(real.clone()), &device_entropy(seed, 0)).unwrap()
    else {
        panic!("a nonce")
    };
    let ToTablet::Reveal(nonce2) = reveal2 else { panic!("a nonce") };
    phone2.open(FromTablet::Reveal { from: Device::from_byte(0), nonce: nonce0 }).unwrap();
    for attempt in 0..200u32 {
        let fake_key = DeviceKey::from_entropy(
            &[attempt.to_le_bytes(), [7; 4], [8; 4], [9; 4], [1; 4], [2; 4], [3; 4], [4; 4]].concat(),
        )
        .unwrap();
        let fake_nonce = [attempt as u8; 32];
        let mut false_roster = real.clone();
        false_roster.roster.keys[2] = fake_key.public();
        false_roster.commitments[2] = commit(real.table, 2, &fake_key.public(), &fake_nonce);
        let (mut phone1, ToTablet::Reveal(nonce1)) =
            seatings[1].open_roster(FromTablet::Roster(false_roster), &device_entropy(seed, 1)).unwrap()
        else {
            panic!("a nonce")
        };
        phone1.open(FromTablet::Reveal { from: Device::from_byte(0), nonce: nonce0 }).unwrap();
        phone1.open(FromTablet::Reveal { from: two, nonce: fake_nonce }).unwrap();
        // The real nonce of seat 2 is refused on phone 1: it is not the false roster's.
        assert_eq!(
            phone1.open(FromTablet::Reveal { from: two, nonce: nonce2 }),
            Err(PhoneTableError::NonceMismatch { seat: two })
        );
        let mut phone2 = phone2.clone();
        phone2.open(FromTablet::Reveal { from: one, nonce: nonce1 }).unwrap();
        assert_ne!(phone1.code(), phone2.code(), "attempt {attempt}: the codes agree");
        assert!(phone1.code().is_some() && phone2.code().is_some());
        if attempt == 0 {
            let letter = phone2.device_mut().write(one).unwrap();
            let refused = phone1.open(FromTablet::Letter(letter));
            assert!(
                matches!(
                    refused,
                    Err(PhoneTableError::Open(JointOpenError::Letter(
                        OpenError::BadSignature | OpenError::UnknownKey { .. }
                    )))
                ),
                "{refused:?}"
            );
        }
    }
}

#[test]
fn a_nonce_or_a_letter_changed_on_the_way_is_refused_naming_the_seat() {
    let mut table = Relayed::new(3, 61);
    let (zero, one) = (Device::from_byte(0), Device::from_byte(1));
    // A changed nonce: refused by the phone, and by the tablet if a phone sends it.
    let changed = FromTablet::Reveal { from: zero, nonce: [0xee; 32] };
    assert_eq!(table.phone(one).open(changed), Err(PhoneTableError::NonceMismatch { seat: zero }));
    assert_eq!(table.tablet.open(zero, ToTablet::Reveal([0xee; 32])), Err(TabletError::NonceMismatch { seat: zero }));
    // A nonce in the phone's own name, or of a seat not at the table.
    assert_eq!(
        table.phone(one).open(FromTablet::Reveal { from: one, nonce: [1; 32] }),
        Err(PhoneTableError::NotAPeer { from: one })
    );
    let three = Device::from_byte(3);
    assert_eq!(
        table.phone(one).open(FromTablet::Reveal { from: three, nonce: [1; 32] }),
        Err(PhoneTableError::NotAPeer { from: three })
    );
    // A letter whose message the tablet changed: the signature no longer holds.
    let mut letter = table.phone(zero).device_mut().write(one).unwrap();
    letter.messages.push("j1.AAAA".to_string());
    let refused = table.phone(one).open(FromTablet::Letter(letter));
    assert_eq!(refused, Err(PhoneTableError::Open(JointOpenError::Letter(OpenError::BadSignature))));
    // Another roster after the first.
    let mut other = table.tablet.roster().clone();
    other.roster.throws += 1;
    assert_eq!(table.phone(one).open(FromTablet::Roster(other)), Err(PhoneTableError::RosterChanged));
    // The table still plays to its end.
    table.play();
    assert_eq!(table.phase(), PlayPhase::Over);
}

#[test]
fn a_phone_cannot_write_as_another_nor_take_a_taken_seat_nor_show_another_game() {
    let mut table = Relayed::new(3, 71);
    let (zero, one, two) = (Device::from_byte(0), Device::from_byte(1), Device::from_byte(2));
    table.run();
    // Phone 0's letter to seat 1, sent on phone 2's channel; one to itself; one to a fourth seat.
    let letter = table.phone(zero).device_mut().write(one).unwrap();
    let posed = ToTablet::Letter { to: one, letter: letter.clone() };
    assert_eq!(table.tablet.open(two, posed), Err(TabletError::NotItsLetter { from: two }));
    let to_self = ToTablet::Letter { to: zero, letter: letter.clone() };
    assert_eq!(table.tablet.open(zero, to_self), Err(TabletError::NotItsLetter { from: zero }));
    let astray = ToTablet::Letter { to: Device::from_byte(3), letter };
    assert_eq!(table.tablet.open(zero, astray), Err(TabletError::NotItsLetter { from: zero }));
    // Another phone joining at seat 1.
    let (_, seatings) = joined(3, 72);
    let join = seatings[1].join();
    assert_eq!(table.tablet.open(one, join.clone()), Err(TabletError::SeatTaken { seat: one }));
    let (mut gathering, _) = joined(3, 72);
    let taken = PhoneSeating::new(gathering.table(), one, &seat_entropy(99, 1)).unwrap().join();
    assert_eq!(gathering.open(one, taken), Err(TabletError::SeatTaken { seat: one }));
    assert_eq!(gathering.open(Device::from_byte(3), join), Err(TabletError::NotASeat { from: Device::from_byte(3) }));
    // Phone 2 shows the tablet another game's view: it is never shown, and the tablet names it.
    table.play();
    let shown = table.tablet.shown().cloned().unwrap();
    let mut false_view = shown.clone();
    false_view.scores[0] += 10;
    table.tablet.open(two, ToTablet::View(false_view)).unwrap();
    assert_eq!(table.tablet.shown(), Some(&shown));
    assert_eq!(table.tablet.differing(), vec![two]);
}

#[test]
fn the_relayed_tables_texts_read_back_as_themselves_and_damage_is_refused() {
    let (gathering, seatings) = joined(4, 81);
    let r = &roster_of(&gathering);
    let roster = FromTablet::Roster(r.clone());
    assert_eq!(TableRoster::from_text(&r.to_text()).as_ref(), Ok(r));
    let text = r.to_text();
    assert_eq!(TableRoster::from_text(&text[..text.len() - 4]), Err(TableRosterError::Damaged));
    assert_eq!(TableRoster::from_text("jr1.AAAA"), Err(TableRosterError::NotARoster));
    let join = seatings[0].join();
    assert_eq!(ToTablet::from_text(&join.to_text()), Ok(join.clone()));
    let join_text = join.to_text();
    assert_eq!(ToTablet::from_text(&join_text[..join_text.len() - 1]), Err(RelayTextError::Damaged));
    let key = DeviceKey::from_entropy(&[5; 32]).unwrap();
    let letter = Letter::sign(
        &key,
        r.table,
        (party(Device::from_byte(0)), party(Device::from_byte(1))),
        (1, 0, 1),
        false,
        vec![],
    );
    let sent = ToTablet::Letter { to: Device::from_byte(1), letter: letter.clone() };
    assert_eq!(ToTablet::from_text(&sent.to_text()), Ok(sent));
    assert_eq!(ToTablet::from_text(&format!("tl1.7.{}", letter.encode())), Err(RelayTextError::Damaged));
    for message in
        [roster.clone(), FromTablet::Reveal { from: Device::from_byte(3), nonce: [4; 32] }, FromTablet::Letter(letter)]
    {
        assert_eq!(FromTablet::from_text(&message.to_text()), Ok(message));
    }
    assert_eq!(FromTablet::from_text("fn1.BA"), Err(RelayTextError::Damaged));
    assert_eq!(ToTablet::from_text("{\"t\":\"hello\"}"), Err(RelayTextError::Unknown));
    assert!(matches!(ToTablet::from_text("pv1 x"), Err(RelayTextError::View(_))));
    for e in [RelayTextError::Unknown, RelayTextError::Damaged, RelayTextError::TooLong { chars: 9 }] {
        assert!(!e.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn any_text_reads_as_a_relayed_tables_message_or_a_typed_error(text in "(tj1\\.|tn1\\.|tl1\\.[0-9]\\.|pv1 |fn1\\.|fl1\\.|jt1\\.)?[A-Za-z0-9_ .-]{0,120}") {
        let _ = ToTablet::from_text(&text);
        let _ = FromTablet::from_text(&text);
    }
}
