//! A seat's view on the wire to a phone travels as its text form, the form the computer
//! players' worker reads (`lauzait_table_mode::view_wire`): every view a game can show reads
//! back as itself, and nothing a peer can send in its place panics the phone's reader.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, SeatView, Status};
use lauzait_table_mode::protocol::{HostMsg, VERSION};
use lauzait_table_mode::validate::{read_host, write};
use proptest::prelude::*;
use serde_json::json;

/// A game of `players` dealt from `seed`, `days` whole Days into it (Easy players).
fn game_after(players: usize, luminous: bool, seed: u64, days: usize) -> Game {
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, luminous).unwrap(), &mut chance);
    for day in 0..days {
        match game.status() {
            Status::GameOver { .. } => break,
            Status::SeasonOver => {
                game.apply(Action::NextSeason, &mut chance).unwrap();
            }
            Status::Playing => {
                let seat = game.to_move();
                let (plan, _) = plan_whole_day(&game, seat, Level::Easy, seed ^ day as u64, 0).unwrap();
                for a in plan {
                    game.apply(a, &mut chance).unwrap();
                }
            }
        }
    }
    game
}

/// The view message's text with `view` (any JSON value) in place of the view.
fn view_message(view: serde_json::Value) -> String {
    json!({"t": "view", "v": VERSION, "seq": 1, "view": view}).to_string()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_seats_view_reads_back_as_itself(players in 2usize..=4, luminous: bool, seed: u64, days in 0usize..40) {
        let game = game_after(players, luminous, seed, days);
        for seat in 0..players {
            let view = SeatView::new(&game.view(seat).unwrap());
            let msg = HostMsg::View { v: VERSION, seq: 7, view: Box::new(view.clone()) };
            let text = write(&msg);
            let sent: serde_json::Value = serde_json::from_str(&text).unwrap();
            let as_text = view.to_text();
            prop_assert_eq!(sent["view"].as_str(), Some(as_text.as_str()), "the view goes as its text form");
            prop_assert_eq!(read_host(&text), Ok(msg));
        }
    }

    #[test]
    fn any_text_in_place_of_a_view_is_read_or_refused_never_a_panic(text in any::<String>()) {
        let _ = read_host(&view_message(json!(text)));
        let _ = read_host(&text);
    }

    #[test]
    fn a_view_text_damaged_token_by_token_is_read_or_refused(seed: u64, at in any::<prop::sample::Index>(), token in "[-0-9A-Za-z]{0,6}", cut: bool) {
        let game = game_after(3, true, seed, 6);
        let good = SeatView::new(&game.view(1).unwrap()).to_text();
        let mut tokens: Vec<&str> = good.split(' ').collect();
        let k = at.index(tokens.len());
        if cut { tokens.truncate(k) } else { tokens[k] = &token }
        let _ = read_host(&view_message(json!(tokens.join(" "))));
    }
}

#[test]
fn a_view_of_another_form_is_refused_as_malformed() {
    for view in [json!({"seat": 0}), json!(3), json!(null), json!(""), json!("sv0 1"), json!("sv1")] {
        let refused = read_host(&view_message(view.clone())).expect_err("refused");
        assert_eq!(refused.reason, lauzait_table_mode::protocol::Refusal::Malformed, "{view}");
    }
}
