//! A phone that never reveals its secret (TABLE-PROTOCOL.md, "The deal: commit, then
//! reveal"): the table gives its seat to a new phone and deals the round again from fresh
//! secrets (crates/table-mode/src/restart.rs). The honest path, on the core and through the
//! host screen's simulator; then the round dealt again as an attacker would try it: a host
//! that draws again after every phone revealed, that blames a phone that revealed, that
//! hides an attempt, and messages of an attempt dealt again since. Each test would pass
//! against a host or phone that did not check.

use super::attacks::{entropy, next_round_half_revealed, Table};
use super::table_sim::Sim;
use lauzait_table_mode::bytes::Secret;
use lauzait_table_mode::controls::HostControl;
use lauzait_table_mode::deal::{commit_at, verify_record, Contributor};
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::host::{Host, HostError, Out, SaveError, SEAT_ENTROPY};
use lauzait_table_mode::host_screen::{HostEvent, REVEAL_PATIENCE_MS};
use lauzait_table_mode::pairing::LinkState;
use lauzait_table_mode::protocol::{GuestMsg, HostMsg, Refusal, VERSION};
use lauzait_table_mode::record_error::{RecordError, WithheldError};
use lauzait_table_mode::restart::{withholders, MAX_ATTEMPTS};
use lauzait_table_mode::validate::write;
use lauzait_table_mode::verify::{Difference, Verdict};

fn refusal(out: &[Out]) -> Option<Refusal> {
    match out {
        [Out::Send(_, HostMsg::Refused { reason, .. })] => Some(*reason),
        _ => None,
    }
}

/// Round 2 held back by phone 1 and dealt again: phone 1's seat given to a new phone
/// (seated, the round dealt); the old phone 1 is returned, as it was when it lost its seat.
fn dealt_again(seed: u8) -> (Table, Guest) {
    let mut t = next_round_half_revealed(seed);
    let out = t.host.deal_again(&entropy(seed ^ 90, SEAT_ENTROPY)).unwrap();
    assert!(out.contains(&Out::Close(1)), "the withholding phone's connection is closed");
    let old = t.phones[1].clone();
    t.hold_from.clear();
    t.phones[1] = Guest::new(t.host.table, 1, t.host.seats()[1].token, &entropy(seed ^ 91, 32));
    let hello = write(&t.phones[1].hello());
    let out = t.host.receive(Table::from(1), &hello);
    t.deliver(out);
    (t, old)
}

#[test]
fn a_phone_that_never_reveals_loses_its_seat_and_the_round_is_dealt_again_from_fresh_secrets() {
    let mut t = next_round_half_revealed(7);
    assert_eq!(t.host.withholding(), vec![1], "the round waits for phone 1's secret");
    let stood = t.host.dealing().unwrap().clone();
    let old_token = t.host.seats()[1].token;
    let out = t.host.deal_again(&entropy(77, SEAT_ENTROPY)).unwrap();
    assert!(out.contains(&Out::Close(1)));
    assert_ne!(t.host.seats()[1].token, old_token, "seat 1 has a new link");
    // A new attempt: the host has committed first, to a fresh secret; nobody else yet.
    let r = t.host.dealing().unwrap().clone();
    assert_eq!((r.number, r.attempt), (2, 1));
    assert_ne!(r.commitments[0], stood.commitments[0]);
    assert!(r.commitments[1..].iter().all(Option::is_none));
    // The withholding phone is refused from now on, its held secret too.
    let old = t.phones[1].clone();
    assert_eq!(refusal(&t.host.receive(Table::from(1), &write(&old.hello()))), Some(Refusal::BadKey));
    let (_, held) = t.held.remove(0);
    assert_eq!(refusal(&t.host.receive(Table::from(1), &write(&held))), Some(Refusal::NotJoined));
    // A new phone takes seat 1; every phone commits anew, then reveals; Season 2 is dealt.
    t.hold_from.clear();
    t.phones[1] = Guest::new(t.host.table, 1, t.host.seats()[1].token, &entropy(78, 32));
    let out = t.host.receive(Table::from(1), &write(&t.phones[1].hello()));
    t.deliver(out);
    assert!(t.host.dealing().is_none(), "dealt");
    assert_eq!(t.host.game().unwrap().season().number, 2);
    assert_eq!(t.host.rounds()[1].attempt, 1);
    t.play_game();
    let record = t.record();
    // Every secret of the attempt that dealt is fresh: none is one shown in the first attempt.
    let (first, dealt) = (&record.withheld[0], &record.rounds[1]);
    for (i, shown) in first.secrets.iter().enumerate().filter(|(_, s)| s.is_some()) {
        assert_ne!(dealt.secrets[i], *shown, "contributor {i}: a fresh secret");
    }
    assert_eq!(record.withheld.len(), 1);
    assert_eq!(withholders(&record.withheld[0]), vec![1], "the record names the seat that withheld");
    assert!(verify_record(&record, None).is_ok());
    assert_eq!(t.verdicts(), vec![Some(Verdict::Verified), Some(Verdict::Verified)]);
}

#[test]
fn the_tablet_gives_a_withholding_seat_to_a_new_phone_and_deals_again() {
    let mut sim = Sim::new();
    sim.withholding = vec![1];
    sim.event(HostEvent::Create { names: ["Ann", "Bo", "Cy", "Computer"].map(String::from).to_vec() });
    let conns: Vec<_> = (0..3).map(|s| (s, sim.new_phone(s))).collect();
    let conns: Vec<_> = conns.into_iter().map(|(s, phone)| sim.pair(s, phone)).collect();
    let host = sim.screen.host().unwrap();
    assert!(host.game().is_none(), "the first deal waits");
    assert_eq!(host.withholding(), vec![1], "the tablet knows which seat holds it back");
    sim.withholding.clear();
    // The page hands this button the browser's entropy (new links are made of it); without
    // any, nothing is given away.
    let deal_again = HostEvent::Control(HostControl::DealAgain);
    assert!(deal_again.needs_entropy());
    let save = sim.save();
    // An honest phone reveals within a moment: until the phones had their time, the tablet
    // offers nothing, and a tap on a button drawn before does nothing.
    assert!(sim.screen.withholding().is_empty(), "not offered at once");
    sim.event(deal_again.clone());
    assert_eq!(sim.save(), save, "no seat given away before the phones had their time");
    sim.advance(f64::from(REVEAL_PATIENCE_MS));
    assert_eq!(sim.screen.withholding(), vec![1], "offered once the phone had its time");
    sim.screen.update(deal_again.clone(), sim.now, &[]);
    assert_eq!(sim.save(), save, "no seat given away without entropy");
    assert!(sim.screen.problem().is_some(), "the tablet says why");
    sim.event(deal_again);
    assert!(sim.closed.contains(&conns[1]), "the withholding phone's connection is closed");
    assert!(!sim.phones.contains_key(&conns[1]));
    let link = sim.screen.pairing().link(1).unwrap();
    assert!(link.conn != conns[1] && link.state == LinkState::Preparing, "a new code for seat 1");
    let phone = sim.new_phone(1);
    sim.pair(1, phone);
    let host = sim.screen.host().unwrap();
    assert!(host.game().is_some(), "dealt from the new attempt");
    assert_eq!(host.rounds()[0].attempt, 1);
    sim.event(HostEvent::Control(HostControl::EndGame));
    let host = sim.screen.host().unwrap();
    let Some(HostMsg::Record { record, .. }) = host.record() else { panic!("no record") };
    assert_eq!(record.withheld.iter().map(withholders).collect::<Vec<_>>(), vec![vec![1]]);
    let seated: Vec<&Guest> = sim.phones.iter().filter(|(c, _)| host.is_seated(**c)).map(|(_, p)| p).collect();
    assert_eq!(seated.len(), 3);
    for p in seated {
        assert_eq!(p.verdict, Some(Verdict::Verified), "seat {}", p.seat);
    }
}

#[test]
fn a_host_that_deals_again_after_every_phone_revealed_is_caught() {
    let (mut t, _) = dealt_again(8);
    // The modified host had phone 1's secret all along: it knew Season 2's first deal and
    // drew again. Its record shows that attempt whole.
    let (_, GuestMsg::Reveal { secret, .. }) = t.held[0] else { panic!("{:?}", t.held) };
    t.play_game();
    let mut forged = t.record();
    forged.withheld[0].reveal(Contributor::Seat(1), secret).unwrap();
    let seen = verify_record(&forged, None);
    let refused = RecordError::Withheld(WithheldError::EverySeatRevealed { round: 2, attempt: 0 });
    assert_eq!(seen.err(), Some(refused), "anyone checking the record sees it");
    t.publish(&forged);
    assert_eq!(t.phones[0].verdict, Some(Verdict::NotVerified(Difference::DealtAgainAfterReveal(2))));
}

#[test]
fn a_host_that_blames_a_phone_that_revealed_is_caught_by_that_phone() {
    // The modified host took phone 1's secret and dropped it, then dealt again "because seat 1
    // withheld" (the honest steps, from here on). The phone it blamed checks the record.
    let (mut t, mut blamed) = dealt_again(9);
    t.play_game();
    let record = t.record();
    blamed.receive(&write(&HostMsg::Record { v: VERSION, record: Box::new(record) })).unwrap();
    assert_eq!(blamed.verdict, Some(Verdict::NotVerified(Difference::WithholdingClaimed(2))));
}

#[test]
fn a_record_that_hides_an_attempt_dealt_again_is_refused() {
    let (mut t, _) = dealt_again(10);
    t.play_game();
    let honest = t.record();
    let hidden = lauzait_table_mode::deal::TableRecord { withheld: Vec::new(), ..honest.clone() };
    let refused = WithheldError::Attempts { round: 2, attempt: 1, held: Vec::new() };
    assert_eq!(verify_record(&hidden, None).err(), Some(RecordError::Withheld(refused)));
    t.publish(&hidden);
    assert!(matches!(t.phones[0].verdict, Some(Verdict::NotVerified(Difference::Record(_)))));
    // Nor may the withheld attempt be swapped for another list than the one phone 0 saw.
    let mut changed = honest;
    changed.withheld[0].commitments.swap(0, 1);
    t.publish(&changed);
    assert!(matches!(t.phones[0].verdict, Some(Verdict::NotVerified(_))));
}

#[test]
fn messages_of_an_attempt_dealt_again_since_are_refused() {
    let mut t = next_round_half_revealed(11);
    let (round, commitment) = (2, t.host.dealing().unwrap().commitments[1].unwrap());
    t.host.deal_again(&entropy(12, SEAT_ENTROPY)).unwrap();
    let before = t.host.dealing().unwrap().clone();
    // Phone 0 sends its first attempt's commitment and secret again: that attempt is over.
    let commit = GuestMsg::Commit { v: VERSION, round, attempt: 0, commitment };
    assert_eq!(refusal(&t.host.receive(Table::from(0), &write(&commit))), Some(Refusal::Deal));
    let reveal = GuestMsg::Reveal { v: VERSION, round, attempt: 0, secret: Secret::from_entropy(&[7; 32]) };
    assert_eq!(refusal(&t.host.receive(Table::from(0), &write(&reveal))), Some(Refusal::Deal));
    // Nothing of the new attempt either until seat 1 is taken again.
    let early = GuestMsg::Commit { v: VERSION, round, attempt: 1, commitment };
    assert_eq!(refusal(&t.host.receive(Table::from(0), &write(&early))), Some(Refusal::Deal));
    assert_eq!(t.host.dealing().unwrap(), &before, "nothing taken");
    // A commitment binds its attempt: the same secret commits differently in each.
    let (table, who, secret) = (t.host.table, Contributor::Seat(0), Secret::from_entropy(&[7; 32]));
    assert_ne!(commit_at(table, round, 0, who, &secret), commit_at(table, round, 1, who, &secret));
}

#[test]
fn the_host_deals_again_only_a_round_held_back_after_its_list_was_shown() {
    let mut t = Table::new(13, 2);
    // Before every commitment is in, a lost phone's commitment is simply dropped (release).
    assert_eq!(t.host.deal_again(&entropy(1, 4 * SEAT_ENTROPY)).err(), Some(HostError::NothingWithheld));
    t.seat_everyone();
    assert_eq!(t.host.deal_again(&entropy(1, 4 * SEAT_ENTROPY)).err(), Some(HostError::NothingWithheld));
    let mut t = next_round_half_revealed(14);
    let save = t.host.save();
    assert!(matches!(t.host.deal_again(&[0; 3]), Err(HostError::NoEntropy { .. })));
    assert_eq!(t.host.save(), save, "refused: nothing changed");
    for attempt in 0..MAX_ATTEMPTS {
        assert_eq!(t.host.dealing().unwrap().attempt, attempt);
        let out = t.host.deal_again(&entropy(40 + attempt as u8, SEAT_ENTROPY)).unwrap();
        t.deliver(out);
        // The new phone withholds too (its reveals are held back, as phone 1's were).
        t.phones[1] = Guest::new(t.host.table, 1, t.host.seats()[1].token, &entropy(attempt as u8, 32));
        let hello = write(&t.phones[1].hello());
        let out = t.host.receive(Table::from(1), &hello);
        t.deliver(out);
    }
    assert_eq!(t.host.deal_again(&entropy(2, SEAT_ENTROPY)).err(), Some(HostError::TooManyAttempts(MAX_ATTEMPTS)));
}

#[test]
fn a_phone_refuses_a_host_that_goes_back_to_an_earlier_attempt_or_past_the_last() {
    let t = Table::new(15, 2);
    let mut phone = t.phones[0].clone();
    let ask = |attempt: u32, host: u8| {
        write(&HostMsg::CommitNow { v: VERSION, round: 1, attempt, host: Secret::from_entropy(&[host; 32]) })
    };
    assert!(phone.receive(&ask(1, 1)).is_ok());
    assert!(phone.receive(&ask(2, 2)).is_ok(), "a round dealt again");
    assert!(phone.receive(&ask(1, 1)).is_err(), "an attempt dealt again since");
    assert!(phone.receive(&ask(MAX_ATTEMPTS + 1, 3)).is_err(), "past the last attempt");
    assert_eq!(phone.rounds()[&1].attempt, 2);
}

#[test]
fn a_hosts_save_keeps_the_attempts_dealt_again_and_refuses_a_forged_one() {
    let mut t = next_round_half_revealed(16);
    let (_, GuestMsg::Reveal { secret, .. }) = t.held[0] else { panic!("{:?}", t.held) };
    t.host.deal_again(&entropy(17, SEAT_ENTROPY)).unwrap();
    let save = t.host.save();
    let back = Host::resume(&save).unwrap();
    assert_eq!(back.save(), save);
    assert_eq!(back.dealing().map(|r| (r.number, r.attempt)), Some((2, 1)));
    // The same save with the withheld attempt showing seat 1's secret too (a host that had it
    // and drew again).
    let mut stored: serde_json::Value = serde_json::from_str(&save).unwrap();
    assert!(stored["withheld"][0]["secrets"][2].is_null());
    stored["withheld"][0]["secrets"][2] = serde_json::to_value(secret).unwrap();
    assert!(matches!(Host::resume(&stored.to_string()), Err(SaveError::Round(2))));
}
