//! Faults while saving, natively: a write the browser refuses is said at once and play goes
//! on; another tab saving this game further stops this tab's autosave until the player
//! chooses, so neither tab silently overwrites the other's progress. And "Open hands" is
//! never one tap away from showing another person's hand mid-game.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Seat, Status};
use lauzait_ui::i18n::{faults, Lang};
use lauzait_ui::model::{Confirm, Overlay, SaveTrouble};
use lauzait_ui::play::open_hands::OpenHandsNow;
use lauzait_ui::records::RecordsMsg;
use lauzait_ui::save::Loaded;
use lauzait_ui::storage_refusal::StorageRefusal;
use lauzait_ui::{Effect, Intent, Msg};

#[test]
fn a_refused_save_is_said_once_and_play_goes_on() {
    let mut t = Table::two_persons();
    t.send(Msg::SaveFailed(StorageRefusal::Full));
    let m = t.model.message.clone().expect("said at once");
    assert!(m.error && m.text.contains("Not saved") && m.text.contains("export"), "{}", m.text);
    assert!(t.model.play.live.contains("Not saved"), "and read out");
    t.play_day_by_taps();
    assert_eq!(t.model.game().unwrap().log().len(), 3, "play goes on");
    let before = t.saves();
    t.send(Msg::SaveFailed(StorageRefusal::Full));
    assert_eq!(t.saves(), before, "a second failure is not said again");
    t.send(Msg::SaveWritten);
    assert_eq!(t.model.saving.save_trouble, None);
    assert!(t.model.message.as_ref().is_some_and(|m| !m.error));
}

#[test]
fn a_refused_write_is_named_by_what_the_browser_said() {
    let named = |name, message| StorageRefusal::from_error(name, message);
    assert_eq!(named("QuotaExceededError", "The quota has been exceeded."), StorageRefusal::Full);
    assert_eq!(named("NS_ERROR_DOM_QUOTA_REACHED", ""), StorageRefusal::Full);
    assert_eq!(named("SecurityError", "The operation is insecure."), StorageRefusal::Unavailable);
    assert_eq!(named("InvalidStateError", "gone"), StorageRefusal::Other("gone".into()));
    assert_eq!(named("InvalidStateError", ""), StorageRefusal::Other("InvalidStateError".into()));
}

#[test]
fn a_refused_write_says_what_to_do_in_the_players_language() {
    let why = |l, r: &StorageRefusal| faults::save_failed(l, r);
    assert!(why(Lang::En, &StorageRefusal::Full).contains("is full"));
    assert!(why(Lang::En, &StorageRefusal::Unavailable).contains("private window"));
    assert!(why(Lang::Ja, &StorageRefusal::Unavailable).contains("プライベートウィンドウ"));
    // The Japanese sentences carry no English of ours, only the browser's own words.
    for r in [StorageRefusal::Full, StorageRefusal::Unavailable, StorageRefusal::Other("…".into())] {
        let ja = format!("{}{}", why(Lang::Ja, &r), faults::progress_failed(Lang::Ja, &r));
        assert!(!ja.chars().any(|c| c.is_ascii_alphabetic()), "{ja}");
    }
    let other = why(Lang::Ja, &StorageRefusal::Other("The quota has been exceeded.".into()));
    assert!(other.contains("The quota has been exceeded."), "the browser's words are kept: {other}");
}

#[test]
fn another_tabs_save_of_the_same_game_state_changes_nothing() {
    let mut t = Table::two_persons();
    let same = t.saved.clone().unwrap();
    t.send(Msg::SavedElsewhere(same));
    assert_eq!(t.model.saving.save_trouble, None);
}

/// Two tabs of one game: tab B plays a Day and saves; tab A hears of it.
fn tab_b_played_a_day() -> (Table, Table) {
    let mut a = Table::two_persons();
    let mut b = a.reload();
    b.play_day_by_taps();
    a.send(Msg::SavedElsewhere(b.saved.clone().unwrap()));
    (a, b)
}

#[test]
fn another_tab_playing_on_stops_this_tabs_autosave_until_the_player_chooses() {
    let (mut a, _) = tab_b_played_a_day();
    assert_eq!(a.model.saving.save_trouble, Some(SaveTrouble::OtherTab));
    assert!(a.model.message.as_ref().unwrap().text.contains("another tab"));
    // A plays on: nothing of it is written over B's progress.
    let before = a.saves();
    a.play_day_by_taps();
    assert_eq!(a.saves(), before, "A does not overwrite B's save");
    // Load the other tab's game: the page reloads.
    a.intent(Intent::LoadOtherGame);
    assert!(a.effects.contains(&Effect::Reload));
    // Or go on here: A's game is saved again, over B's.
    a.intent(Intent::KeepThisGame);
    assert_eq!(a.model.saving.save_trouble, None);
    assert_eq!(a.saves(), before + 1);
}

// --- Open hands mid-game (ui::open_hands) --------------------------------------------------

/// A write from before, failing only after another tab's save was heard, does not take the
/// place of the question: this tab still writes nothing over the other's until the player
/// chooses (found by tests/ui/any_messages.rs; the failure used to replace it, and the next
/// Day was saved over the other tab's game).
#[test]
fn a_late_save_failure_keeps_another_tabs_question_and_writes_nothing() {
    let (mut a, _) = tab_b_played_a_day();
    a.send(Msg::SaveFailed(StorageRefusal::Full));
    assert_eq!(a.model.saving.save_trouble, Some(SaveTrouble::OtherTab));
    let before = a.saves();
    a.play_day_by_taps();
    assert_eq!(a.saves(), before, "A does not overwrite B's save");
}

/// "Keep this game" chosen while the replay viewer shows a record: the game is written as
/// soon as the viewer gives it back (found by tests/ui/any_messages.rs: it waited for the
/// next Day, and a tab closed before then kept the other tab's save).
#[test]
fn keeping_this_game_from_the_replay_viewer_writes_it_when_the_viewer_closes() {
    let (mut a, b) = tab_b_played_a_day();
    a.play_day_by_taps();
    let record = lauzait_engine::Record::of(b.model.game().unwrap()).to_string();
    a.send(Msg::Records(RecordsMsg::Import(record)));
    assert!(a.model.table.is_replay());
    a.intent(Intent::KeepThisGame);
    a.send(Msg::Key(lauzait_ui::msg::Key::Back));
    assert!(!a.model.table.is_replay());
    let Some(Loaded::Save(file)) = a.saved.as_deref().map(lauzait_ui::save::parse) else { panic!("a save") };
    assert_eq!(file.game.unwrap().log(), a.model.game().unwrap().log());
}

fn menu_switch(t: &mut Table) {
    t.intent(Intent::Menu);
    t.intent(Intent::OpenHands);
}

#[test]
fn with_two_persons_open_hands_cannot_be_turned_on_mid_game() {
    let mut t = Table::two_persons();
    t.play_day_by_taps();
    menu_switch(&mut t);
    assert!(!t.model.prefs.open_hands, "one tap does not show the other person's hand");
    assert_eq!(t.model.open_hands_now(), OpenHandsNow::Refused);
    let m = t.model.message.clone().expect("the refusal is said");
    assert!(m.text.contains("when a game starts"), "{}", m.text);
    // Nor through the new-game form behind which the game goes on: the box is for the next game.
    t.intent(Intent::NewGame);
    assert_eq!(t.model.overlay, Overlay::Confirm(Confirm::NewGame));
    t.intent(Intent::Confirm);
    t.send(Msg::OpenHands(true));
    assert!(!t.model.prefs.open_hands && t.model.open_hands_for_next_game());
    t.intent(Intent::Close);
    assert!(!t.model.prefs.open_hands, "closing the form leaves the game as it was");
    // The save holds the game under way, without open hands (the field is always written).
    let saved = t.saved.clone().unwrap();
    assert!(saved.contains("\"open_hands\":false"), "{saved}");
    let Loaded::Save(file) = lauzait_ui::save::parse(&saved) else { panic!("a save: {saved}") };
    assert!(!file.open_hands, "{saved}");
    assert_eq!(file.game.as_ref().map(|g| g.log()), Some(t.model.game().unwrap().log()), "the game under way");
    // Starting the new game applies the box.
    t.intent(Intent::NewGame);
    t.intent(Intent::Confirm);
    t.send(Msg::OpenHands(true));
    t.intent(Intent::Start);
    assert!(t.model.prefs.open_hands, "the new game has open hands");
}

#[test]
fn with_one_person_open_hands_mid_game_asks_first() {
    let mut t = Table::new_game(&[(Seat::Red, None), (Seat::Black, Some(Level::Easy))], 12105);
    t.let_bots_play();
    menu_switch(&mut t);
    assert_eq!(t.model.overlay, Overlay::Confirm(Confirm::OpenHands), "a confirmation, not one tap");
    assert!(!t.model.prefs.open_hands);
    t.intent(Intent::Close);
    assert!(!t.model.prefs.open_hands, "cancelled");
    menu_switch(&mut t);
    t.intent(Intent::Confirm);
    assert!(t.model.prefs.open_hands, "confirmed");
    assert_ne!(t.model.overlay, Overlay::Confirm(Confirm::OpenHands));
    // Turning it off needs no confirmation.
    menu_switch(&mut t);
    assert!(!t.model.prefs.open_hands);
}

#[test]
fn open_hands_is_free_before_and_after_a_game() {
    let mut t = Table::open(Loaded::Nothing);
    t.send(Msg::OpenHands(true));
    assert!(t.model.prefs.open_hands, "the new-game form sets it for the game to come");
    let mut t = Table::two_persons();
    t.intent(Intent::Menu);
    t.intent(Intent::EndGame);
    t.intent(Intent::Confirm);
    assert!(matches!(t.status(), Status::GameOver { .. }), "{:?}", t.status());
    menu_switch(&mut t);
    assert!(t.model.prefs.open_hands, "once the game is over nothing is concealed any more");
}

// --- Long text (a link, a paste or a file of one long token) -------------------------------

#[test]
fn a_one_megabyte_link_is_refused_with_its_length_and_never_echoed() {
    let token = "W".repeat(1_000_000);
    let mut t = Table::open(Loaded::Nothing);
    let started = std::time::Instant::now();
    t.open_fragment(&format!("#record=LZR1%20{token}"));
    let took = started.elapsed();
    let m = t.model.message.clone().expect("refused with a message");
    assert!(m.error && m.text.contains("1000005 bytes long"), "{}", m.text);
    assert!(m.text.len() < 400, "the message quotes none of it: {} bytes", m.text.len());
    assert!(t.model.play.live.len() < 2000, "nor does the live region");
    assert!(t.model.board_label().len() < 2000, "nor the board's label");
    assert!(!t.model.table.is_replay());
    // The same pasted: the same refusal.
    t.send(Msg::Records(RecordsMsg::Import(format!("LZR1 {token}"))));
    assert!(t.model.message.as_ref().unwrap().text.contains("1000005 bytes long"));
    println!("a 1 MB #record= link refused in {took:?} (native, release)");
}
