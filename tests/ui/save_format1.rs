//! Format-1 saves (the serde form of the whole engine `Game`), natively: the page does not
//! read them (`save::parse` says they need converting and the app asks the shell for it,
//! `Effect::ConvertSave`); the converter (`save::convert`, run in the rules oracle's worker)
//! writes the same game in the current format, refuses a hand-edited one as before; and the
//! app takes the answer up (`Msg::SaveConverted`): the game resumed as it was, or the
//! refusal shown in the player's language.

use crate::harness;

use harness::Table;
use lauzait_engine::Game;
use lauzait_engine::Record;
use lauzait_ui::i18n::{faults, Lang};
use lauzait_ui::model::Overlay;
use lauzait_ui::save::{self, Broken, Loaded};
use lauzait_ui::{Effect, Intent, Msg};
use serde_json::{json, Value};

/// A format-1 save written by the build before format 2: seed 7, red and black, two Days
/// played and the third Day's discard made.
const FORMAT1: &str = include_str!("../data/save-format1.json");

/// The game the fixture was written from (the same Days played by taps).
fn mid_day() -> Game {
    Table::two_persons_mid_day().model.game().expect("a game").clone()
}

/// The app opened on a format-1 save: it asks for the conversion and waits.
fn opened(text: &str) -> Table {
    let t = Table::open(save::parse(text));
    assert!(t.effects.contains(&Effect::ConvertSave(text.to_string())), "{:?}", t.effects);
    assert_eq!(t.model.overlay, Overlay::LoadError);
    assert_eq!(t.model.saving.broken, Some(Broken::Converting));
    assert_eq!(t.saves(), 0, "the old save is left alone meanwhile");
    t
}

fn edited(f: &dyn Fn(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(FORMAT1).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn the_page_does_not_read_format_1_but_has_it_converted() {
    match save::parse(FORMAT1) {
        Loaded::Convert(text, lang) => assert_eq!((text.as_str(), lang), (FORMAT1, None)),
        other => panic!("read on the page: {other:?}"),
    }
    // Even one the converter would refuse goes to it (the refusal is the converter's).
    assert!(matches!(save::parse(&edited(&|v| v["game"] = json!("nope"))), Loaded::Convert(..)));
    // The language it asked for is taken at once, for the message shown meanwhile.
    let t = opened(&edited(&|v| v["lang"] = json!("ja")));
    assert_eq!(t.model.lang, Lang::Ja);
    // Other formats are read on the page as before: nothing to convert.
    let now = save::convert(FORMAT1).expect("converted");
    assert!(matches!(save::parse(&now), Loaded::Save(_)));
    assert!(!Table::open(save::parse(&now)).effects.iter().any(|e| matches!(e, Effect::ConvertSave(_))));
}

#[test]
fn the_converted_save_is_the_same_game_in_the_current_format() {
    let text = save::convert(FORMAT1).expect("converted");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], json!(save::VERSION));
    assert_eq!(v.get("game"), None);
    let Loaded::Save(file) = save::parse(&text) else { panic!("{text}") };
    let game = file.game.expect("a game");
    assert_eq!(game.log().len(), 7);
    assert_eq!(game, mid_day(), "the game the fixture was written from");
    let replayed = Game::replay_seeded(game.options().clone(), 7, game.log()).map(|(g, _)| g);
    assert_eq!(replayed.as_ref(), Ok(&game));
    assert_eq!(v["record"], json!(Record::of(&game).to_string()));
    assert_eq!(save::convert(&text), Err(Broken::Damaged("only a format 1 save is converted".into())));
}

#[test]
fn the_app_resumes_the_converted_game_and_writes_it() {
    let mut t = opened(FORMAT1);
    let converted = save::convert(FORMAT1).expect("converted");
    t.send(Msg::SaveConverted(Ok(converted.clone())));
    assert_eq!(t.model.saving.broken, None);
    assert_eq!(t.model.overlay, Overlay::HandOver, "a person's Day: hand-over first, as after a reload");
    assert_eq!(t.saved.as_deref(), Some(converted.as_str()), "written at once in the current format");
    assert_eq!(t.model.game(), Some(&mid_day()));
    t.intent(Intent::Ready);
    assert_eq!(t.model.overlay, Overlay::None);
    t.intent(Intent::Lang(Lang::Ja));
    let v: Value = serde_json::from_str(t.saved.as_deref().unwrap()).unwrap();
    assert_eq!(v["version"], json!(save::VERSION));
    // A second answer (none should come) changes nothing.
    t.send(Msg::SaveConverted(Err(Broken::NotConverted("late".into()))));
    assert_eq!(t.model.saving.broken, None);
}

#[test]
fn a_format_1_save_edited_by_hand_is_refused_by_the_converter() {
    let refused = |f: &dyn Fn(&mut Value)| save::convert(&edited(f)).expect_err("refused");
    let tampered = |f: &dyn Fn(&mut Value)| matches!(refused(f), Broken::Tampered(_));
    assert!(tampered(&|w| w["game"]["scores"][0] = json!(99)));
    assert!(tampered(&|w| w["game"]["season"]["hands"][0]["concealed"][0] = json!("W9")));
    assert!(tampered(&|w| w["game"]["log"] = json!([])));
    assert!(tampered(&|w| w["game"]["seed"] = json!(8)));
    assert!(matches!(refused(&|w| w["game"]["log"] = json!("nope")), Broken::Damaged(_)));
    assert!(matches!(refused(&|w| w["record"] = json!("LZR1")), Broken::Damaged(_)));
    assert!(matches!(save::convert("{not json"), Err(Broken::NotJson(_))));
    // Saves from before the seen Days were recorded have none, and still convert.
    assert!(save::convert(&edited(&|w| {
        w["game"]["season"].as_object_mut().unwrap().remove("seen");
    }))
    .is_ok());
}

#[test]
fn a_refusal_or_a_worker_that_did_not_load_is_shown_and_the_old_save_kept() {
    let mut t = opened(FORMAT1);
    let why = save::convert(&edited(&|w| w["game"]["scores"][0] = json!(99))).expect_err("refused");
    t.send(Msg::SaveConverted(Err(why.clone())));
    assert_eq!((t.model.overlay, t.model.saving.broken.clone()), (Overlay::LoadError, Some(why.clone())));
    let shown = faults::broken_save(Lang::En, &why);
    assert!(shown.contains("changed outside the game") && shown.contains("does not match"), "{shown}");
    assert_eq!(t.saves(), 0);

    // Offline, say: the worker could not be loaded. The message says what to do, in the
    // player's language, and starting fresh is still offered.
    let mut t = opened(FORMAT1);
    t.send(Msg::SaveConverted(Err(Broken::NotConverted("the worker could not be loaded".into()))));
    assert_eq!(t.model.overlay, Overlay::LoadError);
    let b = t.model.saving.broken.clone().expect("shown");
    assert!(faults::broken_save(Lang::En, &b).contains("Reload the page once you are online"));
    assert!(faults::broken_save(Lang::Ja, &b).contains("再読み込み"));
    assert_eq!(t.saves(), 0);
    t.intent(Intent::Fresh);
    assert_eq!(t.model.overlay, Overlay::NewGame);
    assert!(t.effects.contains(&Effect::ClearSave));

    // Starting fresh while the conversion runs: its answer is then dropped.
    let mut t = opened(FORMAT1);
    t.intent(Intent::Fresh);
    t.send(Msg::SaveConverted(Ok(save::convert(FORMAT1).unwrap())));
    assert_eq!((t.model.overlay, t.model.table.shown().is_none()), (Overlay::NewGame, true));
}

#[test]
fn the_workers_answer_reaches_the_page_as_it_was_sent() {
    let answers = [
        save::convert(FORMAT1),
        Err(Broken::NotJson("expected value at line 1".into())),
        Err(Broken::NotOurs),
        Err(Broken::Older(0)),
        Err(Broken::Newer(4)),
        Err(Broken::Damaged("a player name is empty\nor too long".into())),
        Err(Broken::Tampered("the saved game does not match its own action log".into())),
        Err(Broken::Converting),
        Err(Broken::NotConverted(String::new())),
    ];
    for answer in answers {
        assert_eq!(save::read_answer(&save::answer_text(&answer)), answer);
    }
    // Whatever else arrives is a save not converted, with an excerpt of what came.
    for garbage in ["", "ok", "older\nten", "maybe\nso", &"x".repeat(100_000)] {
        assert!(matches!(save::read_answer(garbage), Err(Broken::NotConverted(e)) if e.len() < 200), "{garbage:.20}");
    }
}
