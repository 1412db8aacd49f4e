//! Faults while saving, natively: a write the browser refuses is said at once and play goes
//! on; another tab saving this game further stops this tab's autosave until the player
//! chooses, so neither tab silently overwrites the other's progress.

#[path = "ui/harness.rs"]
mod harness;

use harness::Table;
use lauzait_cep::ui::model::SaveTrouble;
use lauzait_cep::ui::{Effect, Intent, Msg};

#[test]
fn a_refused_save_is_said_once_and_play_goes_on() {
    let mut t = Table::two_persons();
    t.send(Msg::SaveFailed("storage is full or blocked".into()));
    let m = t.model.message.clone().expect("said at once");
    assert!(m.error && m.text.contains("could not be saved") && m.text.contains("export"), "{}", m.text);
    assert!(t.model.live.contains("could not be saved"), "and read out");
    t.play_day_by_taps();
    assert_eq!(t.model.game().unwrap().log().len(), 3, "play goes on");
    let before = t.saves();
    t.send(Msg::SaveFailed("storage is full or blocked".into()));
    assert_eq!(t.saves(), before, "a second failure is not said again");
    t.send(Msg::SaveWritten);
    assert_eq!(t.model.save_trouble, None);
    assert!(t.model.message.as_ref().is_some_and(|m| !m.error));
}

#[test]
fn another_tabs_save_of_the_same_game_state_changes_nothing() {
    let mut t = Table::two_persons();
    let same = t.saved.clone().unwrap();
    t.send(Msg::SavedElsewhere(same));
    assert_eq!(t.model.save_trouble, None);
}

#[test]
fn another_tab_playing_on_stops_this_tabs_autosave_until_the_player_chooses() {
    let mut a = Table::two_persons();
    let mut b = a.reload();
    // Tab B plays a Day and saves; tab A hears of it.
    b.play_day_by_taps();
    a.send(Msg::SavedElsewhere(b.saved.clone().unwrap()));
    assert_eq!(a.model.save_trouble, Some(SaveTrouble::OtherTab));
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
    assert_eq!(a.model.save_trouble, None);
    assert_eq!(a.saves(), before + 1);
}
