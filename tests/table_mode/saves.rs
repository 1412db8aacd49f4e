//! Table mode's saves read back from the browser's storage, where they may have been
//! damaged or edited: what the host and a phone take for granted of their own state is
//! checked on resuming, and a save that breaks it is refused with the reason instead of
//! failing later (TABLE-PROTOCOL.md, "Who keeps what").

use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions, SeatView};
use lauzait_table_mode::guest::Guest;
use lauzait_table_mode::host::{Host, Player, SaveError, HOST_ENTROPY, SAVE_VERSION};
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

/// Asserts that `h`'s save resumes as the same host: the same save, game, rounds, seats
/// and every seat's view; returns the host resumed.
pub(crate) fn resumes_as_itself(h: &Host) -> Host {
    let back = Host::resume(&h.save()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.save(), h.save());
    assert_eq!(back.game(), h.game(), "the game replays to itself");
    assert_eq!(back.rounds(), h.rounds());
    assert_eq!(back.seats(), h.seats());
    assert_eq!(back.waiting_for(), h.waiting_for());
    assert_eq!(back.record(), h.record());
    if let Some(game) = h.game() {
        for seat in 0..game.options().seats().len() {
            let view = |g: &Game| SeatView::new(&g.view(seat).unwrap());
            assert_eq!(view(back.game().unwrap()), view(game), "seat {seat}'s view");
        }
    }
    back
}

#[test]
fn a_hosts_save_resumes_as_itself() {
    resumes_as_itself(&host());
}

/// A table of computer players only, dealt at once, some Days into its game.
fn computers_mid_game(days: usize) -> Host {
    let options = GameOptions::for_players(3, false).unwrap();
    let seats = ["A", "B", "C"].iter().map(|n| (n.to_string(), Player::Computer(lauzait_bots::Level::Easy))).collect();
    let mut h = Host::new(options, seats, &entropy(2, HOST_ENTROPY)).unwrap();
    for _ in 0..days {
        if h.computer_to_move().is_none() {
            break;
        }
        h.play_computer_day(4).unwrap();
    }
    h
}

#[test]
fn a_hosts_save_mid_game_replays_to_the_same_game_and_views() {
    let h = computers_mid_game(7);
    assert!(h.game().unwrap().log().len() > 7, "Days were played");
    resumes_as_itself(&h);
}

/// The save holds the actions and the rounds' secrets (from which the host deals again),
/// never a hand: no concealed piece, no pool, no engine game.
#[test]
fn a_hosts_save_holds_no_hand_only_what_deals_it_again() {
    let h = computers_mid_game(3);
    let v: Value = serde_json::from_str(&h.save()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["bot_seed", "format", "log", "options", "rounds", "seats", "secret", "seq", "table", "version"],
        "{keys:?}"
    );
    let text = h.save();
    for word in ["hand", "pool", "concealed", "chances", "board"] {
        assert!(!text.contains(word), "the save holds {word}: {text}");
    }
}

#[test]
fn a_hosts_save_of_the_first_format_is_named_as_such() {
    let old = json!({"table": "0011223344556677", "options": {}, "seats": [], "game": null});
    assert_eq!(Host::resume(&old.to_string()).err(), Some(SaveError::FirstFormat));
    let newer = edited(&host().save(), |v| v["version"] = json!(SAVE_VERSION + 1));
    assert_eq!(Host::resume(&newer).err(), Some(SaveError::Newer(SAVE_VERSION + 1)));
    for text in ["", "{", "[]", "{}", "null", "{\"format\": \"lauzait-cep-save\", \"version\": 2}"] {
        assert!(matches!(Host::resume(text), Err(SaveError::Unreadable(_))), "{text}");
    }
}

#[test]
fn a_hosts_save_with_more_seats_than_players_is_refused() {
    let h = host();
    let text = edited(&h.save(), |v| {
        let extra = v["seats"][0].clone();
        v["seats"].as_array_mut().unwrap().push(extra);
    });
    let e = Host::resume(&text).expect_err("refused");
    assert_eq!(e, SaveError::Seats { seats: 5, players: 4 });
    assert!(e.to_string().contains("5 seats for 4 players"), "{e}");
}

#[test]
fn a_hosts_save_with_a_damaged_deal_round_is_refused() {
    let h = host();
    for (what, edit) in [
        ("no commitments", json!({"commitments": []})),
        ("a secret too many", json!({"secrets": [null, null, null, null, null]})),
        ("contributors out of order", json!({"contributors": [{"seat": 2}, "host", {"seat": 0}, {"seat": 1}]})),
        ("another table's", json!({"table": "00000000000000ff"})),
        ("another number", json!({"number": 2})),
        ("the computer as a contributor", json!({"contributors": ["host", {"seat": 0}, {"seat": 1}, {"seat": 3}]})),
        ("another host commitment", json!({"commitments": ["00".repeat(32), null, null, null]})),
    ] {
        let text = edited(&h.save(), |v| {
            for (k, x) in edit.as_object().unwrap() {
                v["rounds"][0][k] = x.clone();
            }
        });
        let e = Host::resume(&text).err().unwrap_or_else(|| panic!("{what}: resumed"));
        assert!(matches!(e, SaveError::Round(_) | SaveError::Unreadable(_)), "{what}: {e}");
    }
}

/// A change made to a save's JSON.
type Edit = fn(&mut Value);

#[test]
fn a_hosts_save_whose_actions_were_edited_does_not_replay() {
    let h = computers_mid_game(5);
    let text = h.save();
    // An action changed, one dropped from the middle, one added, another secret.
    let edits: [(&str, Edit); 4] = [
        ("an action changed", |v| v["log"][1] = json!({"type": "discard", "piece": "R5"})),
        ("an action dropped", |v| drop(v["log"].as_array_mut().unwrap().remove(1))),
        ("an action added", |v| v["log"].as_array_mut().unwrap().push(json!({"type": "next-season"}))),
        ("another secret", |v| v["secret"] = json!("11".repeat(32))),
    ];
    for (what, edit) in edits {
        let e = Host::resume(&edited(&text, edit)).err().unwrap_or_else(|| panic!("{what}: resumed"));
        assert!(
            matches!(
                e,
                SaveError::Replay(_) | SaveError::ActionsBeforeDeal | SaveError::Round(_) | SaveError::Unreadable(_)
            ),
            "{what}: {e}"
        );
        assert!(e.to_string().contains("new table"), "{what}: says what to do: {e}");
    }
}

#[test]
fn a_hosts_save_near_the_end_of_its_view_count_is_refused() {
    let text = edited(&host().save(), |v| v["seq"] = json!(u32::MAX));
    assert_eq!(Host::resume(&text).err(), Some(SaveError::Views(u32::MAX)));
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
        assert!(e.to_string().contains("another seat's view"), "{e}");
    }
}

#[test]
fn a_phone_keeps_no_deal_round_a_game_cannot_have() {
    let (mut g, _) = guest_with_a_view();
    let host_commitment = serde_json::from_value(json!("00".repeat(32))).unwrap();
    for round in [0, 5, u32::MAX] {
        let msg = HostMsg::CommitNow { v: VERSION, round, attempt: 0, host: host_commitment };
        let e = g.receive(&write(&msg)).err().unwrap_or_else(|| panic!("round {round} taken"));
        assert!(e.to_string().contains("no game has"), "{e}");
    }
    let text = edited(&g.save(), |v| v["witness"]["rounds"] = json!({"9": {"host": "00".repeat(32), "all": null}}));
    assert!(Guest::resume(&text).expect_err("refused").to_string().contains("deal round 9"));
    let text = edited(&g.save(), |v| v["next_n"] = json!(u32::MAX));
    assert!(Guest::resume(&text).expect_err("refused").to_string().contains("actions"));
}
