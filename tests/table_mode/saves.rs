//! Table mode's saves read back from the browser's storage, where they may have been
//! damaged or edited: what the host and a phone take for granted of their own state is
//! checked on resuming, and a save that breaks it is refused with the reason instead of
//! failing later (TABLE-PROTOCOL.md, "Who keeps what").

use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions, SeatView};
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::host::{Host, Player, HOST_ENTROPY};
use lauzait_table_mode::protocol::{HostMsg, VERSION};
use lauzait_table_mode::validate::write;
use serde_json::{json, Value};

fn entropy(tag: u8, n: usize) -> Vec<u8> {
    (0..n).map(|i| (i as u8).wrapping_mul(37).wrapping_add(tag) ^ 0x5A).collect()
}

/// A host of four seats, three of them persons, waiting for its first deal round.
fn host() -> Host {
    let options = GameOptions::for_players(4, false).unwrap();
    let mut seats: Vec<(String, Player)> =
        ["Ann", "Bo", "Cy"].iter().map(|n| (n.to_string(), Player::Person)).collect();
    seats.push(("Computer".into(), Player::Computer(lauzait_bots::Level::Normal)));
    Host::new(options, seats, &entropy(1, HOST_ENTROPY)).unwrap()
}

/// `save` as JSON, changed by `edit`, as text again.
fn edited(save: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(save).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn a_hosts_save_resumes_as_itself() {
    let h = host();
    let back = Host::resume(&h.save()).unwrap();
    assert_eq!(back.save(), h.save());
}

#[test]
fn a_hosts_save_with_more_seats_than_players_is_refused() {
    let h = host();
    let text = edited(&h.save(), |v| {
        let extra = v["seats"][0].clone();
        v["seats"].as_array_mut().unwrap().push(extra);
    });
    let e = Host::resume(&text).expect_err("refused");
    assert!(e.contains("5 seats for 4 players"), "{e}");
}

#[test]
fn a_hosts_save_with_a_damaged_deal_round_is_refused() {
    let h = host();
    for (what, edit) in [
        ("no commitments", json!({"commitments": []})),
        ("a secret too many", json!({"secrets": [null, null, null, null, null]})),
        ("contributors out of order", json!({"contributors": [{"seat": 2}, "host", {"seat": 0}, {"seat": 1}]})),
        ("another table's", json!({"table": "00000000000000ff"})),
    ] {
        let text = edited(&h.save(), |v| {
            for (k, x) in edit.as_object().unwrap() {
                v["rounds"][0][k] = x.clone();
            }
        });
        let e = Host::resume(&text).err().unwrap_or_else(|| panic!("{what}: resumed"));
        assert!(e.contains("damaged deal round"), "{what}: {e}");
    }
}

#[test]
fn a_hosts_save_near_the_end_of_its_view_count_is_refused() {
    let text = edited(&host().save(), |v| v["seq"] = json!(u32::MAX));
    assert!(Host::resume(&text).expect_err("refused").contains("views"));
}

/// A phone of seat 1 that has received seat 1's view of a game.
fn guest_with_a_view() -> (Guest, Game) {
    let h = host();
    let mut g = Guest::new(h.table, 1, h.seats()[1].token, &entropy(9, 32));
    let game = Game::new(GameOptions::for_players(4, false).unwrap(), &mut seeded(3));
    let view = SeatView::new(&game.view(1).unwrap());
    g.receive(&write(&HostMsg::View { v: VERSION, seq: 1, view: Box::new(view) })).unwrap();
    (g, game)
}

#[test]
fn a_phones_save_resumes_with_its_game() {
    let (g, _) = guest_with_a_view();
    let back = Guest::resume(&g.save()).unwrap();
    assert!(back.game().is_some());
    assert_eq!(back.save(), g.save());
}

#[test]
fn a_phones_save_holding_another_seats_view_is_refused() {
    let (g, game) = guest_with_a_view();
    for seat in [0usize, 7] {
        let text = edited(&g.save(), |v| {
            if seat < 4 {
                v["view"][1] = json!(SeatView::new(&game.view(seat).unwrap()).to_text());
            } else {
                v["seat"] = json!(seat);
            }
        });
        let e = Guest::resume(&text).err().unwrap_or_else(|| panic!("seat {seat}: resumed"));
        assert!(e.contains("another seat's view"), "{e}");
    }
}

#[test]
fn a_phone_keeps_no_deal_round_a_game_cannot_have() {
    let (mut g, _) = guest_with_a_view();
    let host_commitment = serde_json::from_value(json!("00".repeat(32))).unwrap();
    for round in [0, 5, u32::MAX] {
        let msg = HostMsg::CommitNow { v: VERSION, round, host: host_commitment };
        let e = g.receive(&write(&msg)).err().unwrap_or_else(|| panic!("round {round} taken"));
        assert!(e.contains("no game has"), "{e}");
    }
    let text = edited(&g.save(), |v| v["witness"]["rounds"] = json!({"9": {"host": "00".repeat(32), "all": null}}));
    assert!(Guest::resume(&text).expect_err("refused").contains("deal round 9"));
    let text = edited(&g.save(), |v| v["next_n"] = json!(u32::MAX));
    assert!(Guest::resume(&text).expect_err("refused").contains("actions"));
}
