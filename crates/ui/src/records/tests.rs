//! The records feature's model alone: a message in, the dialog, the outcome and the effects
//! out. A game under way is exported and linked without its hands (R40).

use super::*;
use crate::i18n::records::{rec, Rec};
use crate::msg::Key;
use lauzait_engine::{Game, GameOptions, Seat};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const BASE: &str = "https://example.test/play/";

fn own_game() -> OnTable {
    let options = GameOptions::new(vec![Seat::ALL[0], Seat::ALL[2]], true).expect("two seats");
    let game = Game::new(options, &mut Pcg64Mcg::seed_from_u64(4));
    let names = vec!["A".to_string(), "B".to_string()];
    OnTable::Own(Session::new(game, names, vec![Player::Person; 2], 0).expect("one name per seat"))
}

fn send(records: &mut Records, msg: RecordsMsg, table: &OnTable) -> (RecordsOutcome, Vec<Effect>) {
    let mut ctx = Ctx::new(0.0, 0);
    let out = records.update(msg, Lang::En, BASE, table, &mut ctx);
    (out, ctx.into_effects())
}

fn button(intent: RecordsIntent) -> RecordsMsg {
    RecordsMsg::Button(intent)
}

/// The viewer opened on the public record of `table`'s game, the own game set aside.
fn viewer_over(table: OnTable) -> OnTable {
    let mut records = Records::default();
    let (out, _) = send(&mut records, button(RecordsIntent::ReplayOwn), &table);
    let RecordsOutcome::Open(viewer) = out else { panic!("{out:?}") };
    let mut table = table;
    let own = table.take_own();
    OnTable::Replay { viewer, shown: None, own }
}

#[test]
fn a_game_under_way_is_exported_without_its_hands_r40() {
    let table = own_game();
    let (out, effects) = send(&mut Records::default(), button(RecordsIntent::Export), &table);
    let RecordsOutcome::Say(text) = out else { panic!("{out:?}") };
    assert_eq!(text, rec(Lang::En, Rec::Exported));
    let [Effect::Download { file_name, text }] = effects.as_slice() else { panic!("{effects:?}") };
    assert_eq!(file_name, "lauzait-under-way.lzr.txt");
    assert!(Record::parse(text).expect("a record").is_public());
}

#[test]
fn nothing_to_export_or_link_without_a_game() {
    for intent in [RecordsIntent::Export, RecordsIntent::Links, RecordsIntent::ReplayOwn] {
        let mut records = Records::default();
        let (out, effects) = send(&mut records, button(intent), &OnTable::Empty);
        assert!(matches!(out, RecordsOutcome::Unchanged), "{intent:?}: {out:?}");
        assert!(effects.is_empty(), "{intent:?}");
        assert_eq!(records.dialog, Dialog::Import, "{intent:?}");
    }
}

#[test]
fn the_links_dialog_holds_the_links_and_copies_them() {
    let table = own_game();
    let mut records = Records::default();
    let (out, _) = send(&mut records, button(RecordsIntent::Links), &table);
    assert!(matches!(out, RecordsOutcome::ShowLinks), "{out:?}");
    let Dialog::Links { record, position } = records.dialog.clone() else { panic!("{:?}", records.dialog) };
    assert!(record.starts_with(&format!("{BASE}#record=")), "{record}");
    let position = position.expect("a position link between Days");
    assert!(position.starts_with(&format!("{BASE}#position=")), "{position}");
    let (_, effects) = send(&mut records, button(RecordsIntent::Copy(Link::Record)), &table);
    assert!(matches!(effects.as_slice(), [Effect::Copy { field, text }] if field == "link-record" && *text == record));
    // Opening the import turns the dialog back to the import.
    let (out, _) = send(&mut records, button(RecordsIntent::OpenImport), &table);
    assert!(matches!(out, RecordsOutcome::ShowImport), "{out:?}");
    assert_eq!(records.dialog, Dialog::Import);
    let (_, effects) = send(&mut records, button(RecordsIntent::Copy(Link::Record)), &table);
    assert!(effects.is_empty(), "no link to copy from the import dialog");
}

#[test]
fn a_record_that_cannot_be_read_is_refused_with_why() {
    let mut records = Records { dialog: Dialog::Links { record: "x".into(), position: None } };
    let (out, _) = send(&mut records, RecordsMsg::Import("hello".into()), &OnTable::Empty);
    let RecordsOutcome::Refused(why) = out else { panic!("{out:?}") };
    assert!(why.starts_with("Record: token 1 'hello'"), "{why}");
    assert_eq!(records.dialog, Dialog::Import);
    let (out, _) = send(&mut records, RecordsMsg::ImportTooLarge(3 << 20), &OnTable::Empty);
    assert!(matches!(out, RecordsOutcome::Refused(why) if why.contains("3072 KB")));
}

#[test]
fn the_own_games_record_opens_in_the_viewer_at_its_end_unfinished() {
    let table = viewer_over(own_game());
    let viewer = table.replay().expect("the viewer holds the table");
    assert_eq!(viewer.at, viewer.len());
    assert!(!viewer.finished, "a public record never shows its hands (R40)");
    assert!(table.own().is_some(), "the own game set aside");
}

#[test]
fn the_viewers_buttons_ask_to_move_or_close() {
    let table = viewer_over(own_game());
    let len = table.replay().unwrap().len();
    let mut records = Records::default();
    for (step, to) in [(ReplayStep::Start, 0), (ReplayStep::End, len), (ReplayStep::Prev, len.saturating_sub(1))] {
        let (out, _) = send(&mut records, button(RecordsIntent::Replay(step)), &table);
        assert!(matches!(out, RecordsOutcome::Seek(at) if at == to), "{step:?}: {out:?}");
    }
    let (out, _) = send(&mut records, button(RecordsIntent::ReplayClose), &table);
    assert!(matches!(out, RecordsOutcome::Close), "{out:?}");
    let (out, _) = send(&mut records, button(RecordsIntent::Replay(ReplayStep::Start)), &own_game());
    assert!(matches!(out, RecordsOutcome::Unchanged), "no viewer, no move: {out:?}");
}

#[test]
fn seeking_sets_up_the_recorded_game_with_its_caption() {
    let mut table = viewer_over(own_game());
    let caption = seek(&mut table, 0, Lang::En).expect("the start of the record");
    assert!(!caption.is_empty());
    assert_eq!(table.replay().unwrap().at, 0);
    assert!(table.shown().is_some(), "the recorded game is on screen");
    assert_eq!(seek(&mut own_game(), 0, Lang::En), None, "no viewer on the table");
}

#[test]
fn the_viewers_keys() {
    assert_eq!(RecordsIntent::of_viewer_key(Key::Right), Some(RecordsIntent::Replay(ReplayStep::Next)));
    assert_eq!(RecordsIntent::of_viewer_key(Key::PageUp), Some(RecordsIntent::Replay(ReplayStep::PrevDay)));
    assert_eq!(RecordsIntent::of_viewer_key(Key::Home), Some(RecordsIntent::Replay(ReplayStep::Start)));
    assert_eq!(RecordsIntent::of_viewer_key(Key::Back), Some(RecordsIntent::ReplayClose));
    assert_eq!(RecordsIntent::of_viewer_key(Key::Form), None);
}
