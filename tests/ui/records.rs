//! Records made while a game is under way hold only what every player saw (R40), and the
//! replay viewer reveals nothing more, whatever is appended to them: no dealt hand, no seed,
//! no throw before it is made. Natively, through the UI core, as a player would try it.

use crate::harness;

use harness::Table;
use lauzait_engine::hiring::legal_hires;
use lauzait_engine::notation::{actions_text, ActionToken};
use lauzait_engine::randomness::seeded;
use lauzait_engine::Record;
use lauzait_engine::{Action, Chance, Game, GameOptions, Status};
use lauzait_ui::model::Overlay;
use lauzait_ui::msg::Key;
use lauzait_ui::records::{RecordsIntent, RecordsMsg};
use lauzait_ui::save::{self, Loaded};
use lauzait_ui::{Effect, Intent, Msg};

/// A two-person game a few Days in, between Days.
fn under_way() -> Table {
    let mut t = Table::two_persons();
    for _ in 0..4 {
        t.play_day_by_taps();
    }
    assert_eq!(t.status(), Status::Playing);
    t
}

/// The record the menu's Export downloads.
fn exported(t: &mut Table) -> String {
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::Export));
    t.effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Download { text, .. } => Some(text.clone()),
            _ => None,
        })
        .expect("a download")
}

/// The record link of the menu's Copy link, decoded.
fn linked(t: &mut Table) -> String {
    t.intent(Intent::Menu);
    t.intent(Intent::Records(RecordsIntent::Links));
    let Some(lauzait_ui::records::Dialog::Links { record, .. }) = Some(t.model.records().dialog.clone()) else {
        panic!("the links dialog")
    };
    let encoded = record.split_once("#record=").expect("a record link").1;
    lauzait_ui::uri::decode_component(encoded).unwrap()
}

#[test]
fn a_record_exported_mid_game_holds_no_seed_no_deal_and_no_concealed_piece() {
    let mut t = under_way();
    let game = t.model.game().unwrap().clone();
    for text in [exported(&mut t), linked(&mut t)] {
        assert!(!text.contains("seed"), "{text}");
        let record = Record::parse(&text).unwrap();
        assert!(record.is_public());
        assert!(record.shown.is_empty(), "no declaration yet, so no hand was shown");
        for d in &record.chances {
            if let Chance::Opening { opening } = &d.chance {
                assert_eq!(opening.hands, None, "a dealt hand in {text}");
            }
        }
        // What it holds is what everyone saw: the same text whatever the hidden pieces are.
        assert_eq!(record, Record::public(&game));
        assert_eq!(record.actions, game.log());
    }
    // Once the game is over, the full record (every deal) is offered.
    t.intent(Intent::Menu);
    t.send(Msg::Intent(Intent::EndGame));
    t.intent(Intent::Confirm);
    assert!(matches!(t.status(), Status::GameOver { .. }), "{:?}", t.model.overlay);
    let full = Record::parse(&exported(&mut t)).unwrap();
    assert!(!full.is_public());
    assert_eq!(full.replay().unwrap(), *t.model.game().unwrap());
}

#[test]
fn appending_an_ending_to_a_mid_game_record_reveals_no_hand() {
    let mut t = under_way();
    let text = exported(&mut t);
    for tail in [" ~ end", " end", " ~"] {
        t.send(Msg::Records(RecordsMsg::Import(format!("{text}{tail}"))));
        let r = t.model.table.replay().expect("the viewer opens");
        assert!(!r.finished, "a record of a game under way is never finished ({tail})");
        assert!(!t.model.hand_face_up(), "{tail}");
        assert!(t.model.shown_hand().iter().all(Option::is_none), "{tail}");
        // Not even with open hands on.
        t.send(Msg::OpenHands(true));
        assert!(!t.model.hands_open() && t.model.shown_hand().iter().all(Option::is_none), "{tail}");
        t.send(Msg::OpenHands(false));
        t.intent(Intent::Records(RecordsIntent::ReplayClose));
    }
}

/// In the replay viewer the status bar is the caption alone: where the replay is and what
/// the last action did, never the table's "whose Day" above it.
#[test]
fn the_replay_viewer_says_only_its_caption() {
    let mut t = under_way();
    let text = exported(&mut t);
    assert!(!t.model.prompt().is_empty());
    t.send(Msg::Records(RecordsMsg::Import(text)));
    assert!(t.model.table.is_replay(), "the viewer opens");
    assert_eq!(t.model.prompt(), "");
    let caption = t.model.message.as_ref().expect("the caption").text.clone();
    assert!(caption.starts_with("Replay ") && caption.contains(" — "), "{caption}");
    t.intent(Intent::Records(RecordsIntent::ReplayClose));
    assert!(!t.model.prompt().is_empty(), "the table's prompt is back");
}

#[test]
fn a_planned_water_move_appended_to_a_mid_game_record_shows_no_throw() {
    let mut t = under_way();
    let text = exported(&mut t);
    let game = t.model.game().unwrap().clone();
    let day = game.day();
    let hire = legal_hires(&day.board, &day.hand.concealed)
        .into_iter()
        .find(|h| h.needs_throw())
        .expect("a Hiring into the Water is possible here");
    let planned =
        [Action::Discard { piece: hire.discard }, Action::Move { from: hire.from }, Action::Capture { to: hire.to }];
    t.send(Msg::Records(RecordsMsg::Import(format!("{text} {}", actions_text(&planned)))));
    assert!(!t.model.table.is_replay(), "the viewer does not open on a throw nobody made");
    let m = t.model.message.as_ref().expect("the refusal is explained");
    assert!(m.error && m.text.contains("no throw of the sticks"), "{}", m.text);
    assert_eq!(t.model.overlay, Overlay::Records);
}

#[test]
fn replays_are_exact_and_first_format_records_still_read() {
    let mut chance = seeded(31);
    let mut game = Game::new(GameOptions::for_players(3, true).unwrap(), &mut chance);
    let mut old_tokens = Vec::new();
    while game.log().len() < 900 && !matches!(game.status(), Status::GameOver { .. }) {
        let action = match game.status() {
            Status::SeasonOver => Action::NextSeason,
            _ => *game.day().legal_actions(game.players()).last().unwrap(),
        };
        game.apply(action, &mut chance).unwrap();
        old_tokens.push(ActionToken(action).to_string());
    }
    assert!(game.chances().iter().any(|d| matches!(d.chance, Chance::Throw { .. })));
    // The full record replays to the identical game.
    let full = Record::of(&game).to_string();
    assert_eq!(Record::parse(&full).unwrap().replay().unwrap(), game);
    // The same game written in the first format (its seed) reads to the same record.
    let old = format!("LZR1 red,blue,black lum=on seed=31 : {}", old_tokens.join(" "));
    assert_eq!(Record::parse(&old).unwrap().to_string(), full);
    // The public record replays the same table on stand-in hands.
    let public = Record::parse(&Record::public(&game).to_string()).unwrap();
    let stand_in = public.replay().unwrap();
    assert_eq!(
        (stand_in.log(), stand_in.scores(), stand_in.day().board),
        (game.log(), game.scores(), game.day().board)
    );
    assert_eq!(stand_in.invariant_violation(), None);
}

/// A file larger than any record is refused before it is read, with its size and the limit
/// in the player's language; a damaged `#record=` link says where, with no English-only
/// prefix in Japanese.
#[test]
fn a_huge_file_and_a_damaged_link_are_refused_in_the_players_language() {
    let mut t = under_way();
    t.send(Msg::Records(RecordsMsg::ImportTooLarge(3 * 1024 * 1024)));
    assert_eq!(t.model.overlay, Overlay::Records);
    let m = t.model.message.clone().expect("a message");
    assert!(m.error);
    assert!(m.text.contains("3072 KB") && m.text.contains("512 KB"), "{}", m.text);
    assert_eq!(t.status(), Status::Playing, "the game behind the dialog goes on");

    let mut t = under_way();
    t.intent(Intent::Lang(lauzait_ui::i18n::Lang::Ja));
    t.open_fragment("#record=LZR2%zz");
    let m = t.model.message.clone().expect("a message");
    assert!(m.error);
    assert!(m.text.starts_with("この記録のリンク") && !m.text.contains("Record"), "{}", m.text);
}

/// A record opened from a lesson ends the lesson, and a lesson started from the viewer
/// closes it: either way, leaving gives back the table's own game, which the save still
/// holds (found by tests/ui/any_messages.rs: the lesson's game used to come back instead,
/// and the next save overwrote the table's game with it).
#[test]
fn a_record_opened_in_a_lesson_and_a_lesson_started_in_the_viewer_give_back_the_tables_own_game() {
    use lauzait_learn::lessons::LessonId;
    use lauzait_ui::learn::LessonIntent;
    let mut t = under_way();
    let own = t.model.game().unwrap().log().to_vec();
    let record = exported(&mut t);
    t.intent(Intent::Close);

    t.intent(Intent::Learn(LessonIntent::Start(LessonId::Board)));
    t.play_day_by_taps();
    t.send(Msg::Records(RecordsMsg::Import(record.clone())));
    assert!(!t.model.table.is_lesson(), "the record ends the lesson");
    assert!(t.model.table.is_replay(), "and is shown");
    t.intent(Intent::Learn(LessonIntent::Leave));
    t.send(Msg::Key(Key::Back));
    assert!(!t.model.table.is_replay());
    assert_eq!(t.model.game().unwrap().log(), &own[..], "the table's own game is back");
    t.play_day_by_taps();
    let saved = t.saved.as_deref().map(save::parse);
    let Some(Loaded::Save(file)) = saved else { panic!("a save") };
    assert_eq!(file.game.unwrap().log(), t.model.game().unwrap().log(), "and is what the save holds");

    let own = t.model.game().unwrap().log().to_vec();
    t.send(Msg::Records(RecordsMsg::Import(record)));
    t.intent(Intent::Learn(LessonIntent::Start(LessonId::Board)));
    assert!(!t.model.table.is_replay(), "the lesson closes the viewer");
    t.intent(Intent::Learn(LessonIntent::Leave));
    assert_eq!(t.model.game().unwrap().log(), &own[..], "the table's own game is back");
}
