//! The table (`ui::session::Session`): one name and one seat's player for each of the game's
//! players, by construction; naming a seat the table does not have is said, not panicked on.

use lauzait_bots::Level;
use lauzait_bots::Player::{Computer, Person};
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions};
use lauzait_ui::i18n::Lang;
use lauzait_ui::play::session::{SeatingError, Session};

fn game(players: usize) -> Game {
    Game::new(GameOptions::for_players(players, false).unwrap(), &mut seeded(players as u64))
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"].iter().take(n).map(|s| s.to_string()).collect()
}

#[test]
fn a_table_needs_one_name_and_one_player_per_seat() {
    assert!(Session::new(game(3), names(3), vec![Person, Computer(Level::Easy), Person], 7).is_ok());
    assert_eq!(
        Session::new(game(3), names(2), vec![Person; 3], 7).err(),
        Some(SeatingError { players: 3, names: 2, bots: 3 })
    );
    let too_many_players = Session::new(game(2), names(2), vec![Person; 4], 7).unwrap_err();
    assert_eq!(too_many_players, SeatingError { players: 2, names: 2, bots: 4 });
    assert_eq!(
        too_many_players.to_string(),
        "the game has 2 players but 2 names and 4 seats' players were given",
        "the error says what does not match"
    );
}

#[test]
fn a_new_table_shows_no_hand_and_no_scoring() {
    let sess = Session::new(game(2), names(2), vec![Person, Computer(Level::Strong)], 9).unwrap();
    assert!(!sess.revealed && !sess.scoring);
    assert_eq!(
        (sess.names(), sess.players(), sess.bot_seed),
        (&names(2)[..], &[Person, Computer(Level::Strong)][..], 9)
    );
}

#[test]
fn a_lesson_starts_over_only_with_a_game_of_the_same_seats() {
    let mut sess = Session::new(game(2), names(2), vec![Person; 2], 0).unwrap();
    let again = game(2);
    assert!(sess.restart(again.clone()).is_ok());
    assert_eq!(sess.game(), &again);
    assert!(sess.restart(game(4)).is_err(), "four players cannot sit at a table of two");
    assert_eq!(sess.game(), &again, "a refused game changes nothing");
}

#[test]
fn a_seat_the_table_does_not_have_is_named_without_a_panic() {
    let sess = Session::new(game(2), names(2), vec![Person; 2], 0).unwrap();
    assert_eq!(sess.name(Lang::En, 0), "Ann");
    assert!(sess.who(Lang::En, 1).contains("Bo"));
    assert_eq!(sess.name(Lang::En, 3), "#3");
    assert_eq!(sess.who(Lang::Ja, 9), "#9");
}
