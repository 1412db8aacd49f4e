//! The save's format (`ui::save`), natively: format 3 carries the game as its `LZR2` record
//! and nothing else of the engine, round-trips mid-Day, refuses a record that does not
//! parse or replay with where and why. Format-1 saves: `ui_save_format1.rs`.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::Record;
use lauzait_engine::Seat;
use lauzait_ui::i18n::Lang;
use lauzait_ui::save::{self, Broken, Loaded, SaveFile};
use lauzait_ui::{Intent, Msg};
use serde_json::{json, Value};

/// Two persons, one Day each played and the next Day's discard made (mid-Day).
fn mid_day() -> Table {
    Table::two_persons_mid_day()
}

fn saved_json(t: &Table) -> Value {
    serde_json::from_str(t.saved.as_deref().expect("saved")).expect("the save is JSON")
}

fn loaded(text: &str) -> SaveFile {
    match save::parse(text) {
        Loaded::Save(s) => *s,
        other => panic!("the save is refused: {other:?}"),
    }
}

fn refused(text: &str) -> Broken {
    match save::parse(text) {
        Loaded::Broken(why, _) => why,
        Loaded::Save(_) => panic!("the save is accepted"),
        Loaded::Nothing => panic!("nothing read"),
        Loaded::Convert(..) => panic!("to be converted"),
    }
}

/// The save with its record replaced.
fn with_record(save: &Value, record: &str) -> String {
    let mut v = save.clone();
    v["record"] = json!(record);
    v.to_string()
}

#[test]
fn a_save_round_trips_mid_day() {
    let t = mid_day();
    let game = t.model.game().expect("a game").clone();
    assert_eq!(game.log().len(), 7);
    let back = t.reload();
    assert_eq!(back.model.game(), Some(&game), "the same game, mid-Day");
    assert_eq!(back.model.table.shown().unwrap().names(), t.model.table.shown().unwrap().names());
    assert_eq!(back.model.overlay, lauzait_ui::model::Overlay::HandOver, "a person's Day: hand-over first");
}

#[test]
fn computer_players_and_preferences_round_trip() {
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Blue, Some(Level::Easy))], 3);
    t.intent(Intent::Lang(Lang::Ja));
    t.let_bots_play();
    t.play_day_by_taps();
    t.let_bots_play();
    let v = saved_json(&t);
    assert_eq!(v["bots"], json!([null, "easy"]));
    let back = t.reload();
    let (a, b) = (t.model.table.shown().unwrap(), back.model.table.shown().unwrap());
    assert_eq!((a.game(), a.players(), a.bot_seed), (b.game(), b.players(), b.bot_seed));
    assert_eq!(back.model.lang, Lang::Ja);
}

#[test]
fn the_record_is_the_only_game_data_and_no_concealed_piece_is_written() {
    let t = mid_day();
    let game = t.model.game().unwrap();
    let text = t.saved.as_deref().unwrap();
    let v = saved_json(&t);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["format", "lang", "names", "open_hands", "record", "scoring", "version"]);
    assert_eq!(v["version"], json!(save::VERSION));
    assert_eq!(v["record"], json!(Record::of(game).to_string()));
    // A piece as a JSON string of its own (as format 1 wrote hands) appears nowhere; inside
    // the record only actions name pieces, and those are public (discards, formations).
    for hand in &game.season().hands {
        for piece in hand.concealed.pieces() {
            assert!(!text.contains(&format!("\"{piece}\"")), "{piece} is written out: {text}");
        }
    }
}

#[test]
fn a_record_that_does_not_parse_or_replay_is_refused_with_where_and_why() {
    let v = saved_json(&mid_day());
    let record = v["record"].as_str().unwrap().to_string();
    let why = |text: String| match refused(&text) {
        Broken::Tampered(why) => why,
        other => panic!("refused as {other:?}"),
    };
    // The first action (token 10, after the header and the first Season's deal) made
    // unreadable.
    let mut tokens: Vec<&str> = record.split(' ').collect();
    assert_eq!(tokens[4], "deal");
    tokens[9] = "X9";
    let bad = why(with_record(&v, &tokens.join(" ")));
    assert!(bad.contains("token 10 'X9'"), "{bad}");
    // Another deal, which chance cannot give: one hand of ten pieces.
    let mut tokens: Vec<String> = record.split(' ').map(str::to_owned).collect();
    tokens[8] = tokens[8].replacen(',', "G1,", 1);
    let dealt = why(with_record(&v, &tokens.join(" ")));
    assert!(dealt.contains("a hand holds 9"), "{dealt}");
    let cut = why(with_record(&v, "LZR1 red"));
    assert!(cut.contains("token 3"), "{cut}");
    let message = lauzait_ui::i18n::faults::broken_save(Lang::En, &refused(&with_record(&v, "LZR1 red")));
    assert!(message.starts_with("The saved game was changed outside the game"), "{message}");
}

#[test]
fn other_damage_is_refused() {
    let v = saved_json(&mid_day());
    let edit = |f: &dyn Fn(&mut Value)| {
        let mut w = v.clone();
        f(&mut w);
        refused(&w.to_string())
    };
    assert_eq!(edit(&|w| w["version"] = json!(0)), Broken::Older(0));
    assert_eq!(edit(&|w| w["version"] = json!(4)), Broken::Newer(4));
    assert_eq!(edit(&|w| w["format"] = json!("other")), Broken::NotOurs);
    assert!(matches!(edit(&|w| w["game"] = json!({})), Broken::Damaged(_)), "format 2 has no game field");
    assert!(matches!(edit(&|w| w["names"] = json!(["Ann"])), Broken::Damaged(_)));
    assert!(matches!(edit(&|w| w["record"] = json!(7)), Broken::Damaged(_)));
}

#[test]
fn a_save_of_preferences_only_has_no_record() {
    let mut t = Table::open(Loaded::Nothing);
    t.send(Msg::OpenHands(true));
    let v = saved_json(&t);
    assert_eq!(v.get("record"), None);
    let save = loaded(&v.to_string());
    assert!(save.game.is_none() && save.open_hands);
}
