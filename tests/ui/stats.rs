//! Your record over time as a player meets it (docs/history.md): a game played to its end
//! against a computer player is kept, given the player's figures once rated, and shown on
//! the statistics screen from the menu; a game of several persons counts apart; a lesson
//! and the replay viewer keep nothing; delete empties it.

use crate::harness;

use harness::Table;
use lauzait_bots::Level;
use lauzait_engine::{Seat, Status};
use lauzait_history::{History, Sitter};
use lauzait_ui::model::Overlay;
use lauzait_ui::save::Loaded;
use lauzait_ui::stats::{Figured, StatsIntent, StatsMsg};
use lauzait_ui::{Effect, Intent, Msg};

/// The last history text the model asked the shell to store.
fn stored(t: &Table) -> Option<History> {
    t.effects.iter().rev().find_map(|e| match e {
        Effect::SaveHistory(text) => Some(History::from_text(text).expect("the model writes what it reads")),
        _ => None,
    })
}

#[test]
fn a_finished_game_is_kept_then_rated_and_shown() {
    let mut t = Table::finished_against_easy_unrated();
    let kept = stored(&t).expect("the game is kept as it ends");
    let [game] = kept.games() else { panic!("{kept:?}") };
    assert_eq!(game.you, Some(0));
    assert_eq!(game.seats[1].sitter, Sitter::Computer(Level::Easy));
    let scores = t.model.game().unwrap().scores().to_vec();
    assert_eq!(game.seats.iter().map(|s| s.points).collect::<Vec<_>>(), scores);
    assert_eq!(game.figures, None, "not rated yet");

    t.rate_all();
    let rated = stored(&t).unwrap();
    let figures = rated.games()[0].figures.expect("the rating's figures follow");
    let person = &t.model.rating.game.as_ref().unwrap().rated[0].figures;
    assert_eq!(figures.agreement.map(|a| a.0), person.agreement.map(|a| (a * 10.0).round() as u16));
    assert_eq!(usize::from(figures.costly), person.costly);

    t.intent(Intent::Stats(StatsIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Stats);
    assert_eq!(t.model.play.live, "Working out your record…");
    // The rater works the figures out from the games posted, and the page shows them.
    assert!(t.rater_reads());
    assert!(t.model.play.live.starts_with("Your record: 1 games kept"), "{}", t.model.play.live);
    let Figured::Shown(reply) = t.model.stats().figured() else { panic!("{:?}", t.model.stats().figured()) };
    assert!(reply.html[0]
        .as_str()
        .contains("<tr id=\"stats-level-easy\"><th scope=\"row\">Easy</th><td class=\"n\">1</td>"));
    assert!(reply.html[0].as_str().contains("id=\"stats-rating-chart\""));
    t.intent(Intent::Close);
    assert_eq!(t.model.overlay, Overlay::Final, "back to the results");
}

#[test]
fn the_stored_record_comes_back_and_a_new_game_adds_to_it() {
    let first = Table::finished_against_easy();
    let text = stored(&first).unwrap().to_text();
    // A fresh page: the shell hands the stored text in at the start.
    let mut t = Table::open(Loaded::Nothing);
    t.send(Msg::Stats(StatsMsg::Stored(Some(text.clone()))));
    assert_eq!(t.model.stats().history().map(|h| h.games().len()), Ok(1));
    // Two persons this time: kept, but in no one's figures.
    let mut t2 = Table::new_game(&[(Seat::Red, None), (Seat::Black, None)], 77);
    t2.send(Msg::Stats(StatsMsg::Stored(Some(text))));
    t2.intent(Intent::Menu);
    t2.intent(Intent::EndGame);
    t2.intent(Intent::Confirm);
    assert!(matches!(t2.status(), Status::GameOver { .. }));
    let kept = stored(&t2).unwrap();
    assert_eq!(kept.games().len(), 2);
    assert_eq!(kept.games()[1].you, None);
    let stats = lauzait_history::Statistics::of(&t2.model.stats().history().unwrap());
    assert_eq!((stats.games_kept, stats.all.games), (2, 1));
}

#[test]
fn delete_empties_the_record_after_asking() {
    let mut t = Table::finished_against_easy();
    t.intent(Intent::Menu);
    t.intent(Intent::Stats(StatsIntent::Open));
    t.intent(Intent::Stats(StatsIntent::Delete));
    assert!(t.model.stats().deleting());
    let effects = t.intent(Intent::Stats(StatsIntent::DeleteConfirm));
    assert!(effects.contains(&Effect::ForgetHistory));
    assert!(t.model.stats().history().unwrap().is_empty());
    assert_eq!(t.model.stats().figured(), &Figured::Nothing);
    assert_eq!(t.model.overlay, Overlay::Stats);
}

#[test]
fn a_rater_that_cannot_be_loaded_is_said_and_a_late_reply_is_dropped() {
    let mut t = Table::finished_against_easy();
    t.intent(Intent::Stats(StatsIntent::Open));
    t.send(Msg::RaterFailed(lauzait_autoplay::WorkerFailure::NotLoaded));
    assert!(matches!(t.model.stats().figured(), Figured::Failed(_)));
    assert!(t.model.play.live.contains("needs a connection the first time"), "{}", t.model.play.live);
    // The request's answer after all, too late: the failure stays until the screen opens again.
    assert!(t.rater_reads());
    assert!(matches!(t.model.stats().figured(), Figured::Failed(_)));
    t.intent(Intent::Close);
    t.intent(Intent::Stats(StatsIntent::Open));
    assert!(t.rater_reads());
    assert!(matches!(t.model.stats().figured(), Figured::Shown(_)));
}

#[test]
fn the_screen_buttons_count_only_while_it_is_up() {
    let mut t = Table::finished_against_easy();
    let effects = t.intent(Intent::Stats(StatsIntent::Export));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Download { .. })), "not from the results");
    t.intent(Intent::Stats(StatsIntent::Delete));
    assert!(!t.model.stats().deleting());
}

/// The stored record is handed in at the start but read only when its games are needed:
/// the first screen, drawn, parses none of it; opening the screen reads it.
#[test]
fn the_first_screen_reads_none_of_the_stored_record() {
    let text = stored(&Table::finished_against_easy()).unwrap().to_text();
    let mut t = Table::open(Loaded::Nothing);
    t.send(Msg::Stats(StatsMsg::Stored(Some(text))));
    let _ = lauzait_ui::html::dialogs::overlay_html(&t.model);
    let _ = lauzait_ui::html::controls::bar_html(&t.model);
    assert!(t.model.stats().unread(), "nothing of the record read on the first screen");
    t.intent(Intent::Stats(StatsIntent::Open));
    assert_eq!(t.model.overlay, Overlay::Stats);
    assert!(!t.model.stats().unread(), "read as the screen opens");
    assert_eq!(t.model.play.live, "Working out your record…");
}
