//! The host page's setup (`table::setup`): its buttons change only what they name, and the
//! table set becomes the host's game and seats (R1: two to four players).

use lauzait_bots::Level;
use lauzait_engine::{PlayerCount, Seat};
use lauzait_table_mode::controls::SetupButton;
use lauzait_table_mode::host::Player;
use lauzait_table_mode::setup::Setup;

fn seat_name(seat: Seat) -> String {
    format!("{seat:?}")
}

#[test]
fn the_default_table_is_three_phones_and_a_normal_computer_player() {
    let (options, seats) = Setup::default().table(seat_name).unwrap();
    assert_eq!(options.seats(), Seat::ALL);
    assert!(options.luminous());
    let players: Vec<Player> = seats.iter().map(|(_, p)| *p).collect();
    assert_eq!(players, [Player::Person, Player::Person, Player::Person, Player::Computer(Level::Normal)]);
    assert_eq!(seats[0].0, "Red");
}

#[test]
fn the_buttons_change_what_they_name() {
    let mut setup = Setup::default();
    assert!(setup.press(SetupButton::Players(2)));
    assert_eq!(setup.players, PlayerCount::Two);
    assert!(setup.press(SetupButton::ToggleComputer(1)));
    assert_eq!(setup.seated[1], Player::Computer(Level::Normal), "a person's seat becomes the computer's at Normal");
    assert!(setup.press(SetupButton::Level(1, Level::Strong)));
    let (options, seats) = setup.table(seat_name).unwrap();
    assert_eq!(options.seats(), [Seat::Red, Seat::Blue], "the first two seats play");
    assert_eq!(seats[1].1, Player::Computer(Level::Strong));
    assert!(setup.press(SetupButton::ToggleComputer(1)));
    assert_eq!(setup.seated[1], Player::Person, "and back to a person");
    // The fourth seat's computer player is kept for when the table grows again.
    assert!(setup.press(SetupButton::Players(4)));
    assert_eq!(setup.table(seat_name).unwrap().1[3].1, Player::Computer(Level::Normal));
}

#[test]
fn counts_and_seats_out_of_range_change_nothing() {
    let mut setup = Setup::default();
    let before = setup.clone();
    for control in [
        SetupButton::Players(1),
        SetupButton::Players(5),
        SetupButton::ToggleComputer(4),
        SetupButton::Level(9, Level::Easy),
    ] {
        assert!(!setup.press(control), "{control:?}");
    }
    assert_eq!(setup, before);
}
