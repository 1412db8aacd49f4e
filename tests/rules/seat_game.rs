//! The game as one seat knows it ([`SeatGame`], R40): a device that holds only its own seat's
//! hand follows a whole game from every seat's actions as everyone sees them, with what each
//! shows (a discard's or a Form's pieces, a declaration's or a Stalemate's hand, a throw, the
//! next Season's opening as the seat sees it), and always sees exactly what the real game
//! shows that seat; an action no hand could have made with what the seat has seen is refused.

use lauzait_autoplay::plan_whole_day;
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// What comes with the real game's last action, for `seat`: the hand a declaration or a
/// Stalemate showed (taken before the action), the throw or the opening chance just made.
fn disclosed(before: &Game, after: &Game, action: Action, seat: usize) -> Disclosed {
    if let Some(drawn) = after.chances().get(before.chances().len()) {
        return match &drawn.chance {
            Chance::Throw { sticks } => Disclosed::Throw(*sticks),
            Chance::Opening { opening } => Disclosed::Opening(opening.seen_by(seat).unwrap()),
        };
    }
    match action {
        Action::Declare | Action::DeclareStalemate => {
            Disclosed::Hand(before.hand_now(before.to_move()).unwrap().concealed)
        }
        _ => Disclosed::Nothing,
    }
}

/// Whole games of 2, 3 and 4 players (Easy and Normal computer players, several Seasons):
/// every seat's [`SeatGame`] takes every action and sees what the real game shows it.
#[test]
fn r40_each_seat_follows_the_whole_game_from_what_it_sees() {
    let mut rng = Pcg64Mcg::seed_from_u64(38);
    let mut actions_checked = 0;
    let mut seasons = 0;
    for g in 0..6 {
        let players = 2 + g % 3;
        let options = GameOptions::for_players(players, g % 2 == 0).unwrap();
        let mut chance = seeded(rng.random());
        let mut game = Game::new(options.clone(), &mut chance);
        let Chance::Opening { opening } = &game.chances()[0].chance else { panic!("a game opens with a deal") };
        let mut seat_games: Vec<SeatGame> = (0..players)
            .map(|seat| SeatGame::begin(options.clone(), seat, opening.seen_by(seat).unwrap()).unwrap())
            .collect();
        let level = if g % 2 == 0 { Level::Easy } else { Level::Normal };
        for _ in 0..120 {
            let day: Vec<Action> = match game.status() {
                Status::GameOver { .. } => break,
                Status::SeasonOver => {
                    seasons += 1;
                    vec![Action::NextSeason]
                }
                Status::Playing => plan_whole_day(&game, game.to_move(), level, rng.random(), 0).unwrap().0,
            };
            for action in day {
                let before = game.clone();
                let outcome = game.apply(action, &mut chance).unwrap();
                for (seat, seat_game) in seat_games.iter_mut().enumerate() {
                    let shown = disclosed(&before, &game, action, seat);
                    let taken = seat_game.apply(action, shown.clone());
                    assert_eq!(taken.as_ref(), Ok(&outcome), "game {g}, seat {seat}, {action:?} with {shown:?}");
                    let real = SeatView::new(&game.view(seat).unwrap());
                    assert_eq!(seat_game.view(), &real, "game {g}, seat {seat} after {action:?}");
                }
                // R40: the pieces everyone saw a seat take and keep are the same from every
                // seat, and that seat holds them all (a device shows every other piece it plays
                // from its deal: crates/joint-play).
                if game.status() == Status::Playing {
                    for p in 0..players {
                        let known = seat_games[0].view().known(p);
                        assert!(seat_games.iter().all(|s| s.view().known(p) == known));
                        assert!(game.hand_now(p).unwrap().concealed.contains_all(&known), "game {g}, seat {p}");
                    }
                }
                actions_checked += 1;
            }
        }
    }
    assert!(actions_checked > 1000 && seasons >= 3, "{actions_checked} actions, {seasons} Seasons");
}

/// A game of three one Day in, as seat 1 (from 0) knows it, and whose Day it is.
fn three_seats() -> (Game, SeatGame) {
    let options = GameOptions::for_players(3, false).unwrap();
    let mut chance = seeded(7);
    let game = Game::new(options, &mut chance);
    let seat = (game.to_move() + 1) % 3;
    let seat_game = SeatGame::from_view(SeatView::new(&game.view(seat).unwrap())).unwrap();
    (game, seat_game)
}

/// R12.1: another seat's discard of a piece every copy of which this seat sees (on the board,
/// in its own hand) is refused, and the game as it knows it does not change.
#[test]
fn r12_1_a_discard_no_hand_could_hold_is_refused() {
    let (_, mut seat_game) = three_seats();
    let view = seat_game.view().clone();
    let mut in_sight = view.board.pieces();
    in_sight.add_all(&view.concealed);
    let full = PieceCounts::full_set(PlayerCount::Three);
    let all_seen = Piece::all().find(|&x| in_sight.get(x) == full.get(x)).expect("a piece wholly in sight");
    let refused = seat_game.apply(Action::Discard { piece: all_seen }, Disclosed::Nothing);
    assert!(matches!(refused, Err(SeatGameError::Rebuild(_))), "{refused:?}");
    assert_eq!(seat_game.view(), &view);
}

/// A declaration must come with its hand (R11), and the hand must be the whole of it; a throw
/// where none is made is refused too.
#[test]
fn r11_a_declaration_without_its_hand_or_a_throw_out_of_place_is_refused() {
    let (_, mut seat_game) = three_seats();
    assert_eq!(seat_game.apply(Action::Declare, Disclosed::Nothing), Err(SeatGameError::HandNotShown));
    let sticks = Sticks([true; 5]);
    let mover_piece = seat_game.view().board.pieces().pieces().next().unwrap();
    let refused = seat_game.apply(Action::Discard { piece: mover_piece }, Disclosed::Throw(sticks));
    assert!(refused.is_err(), "{refused:?}");
}

/// R12.3, R19 ("A Day"): a Form that leaves its Day a legal end only with a piece of the hand
/// no other seat sees is taken by every seat. (Game 13 of three players, Easy players: its
/// 20th action is such a Form, which seat 0 refused while the stand-ins for the unseen pieces
/// were taken in kind order alone.)
#[test]
fn r12_3_another_seats_form_that_needs_an_unseen_piece_to_end_the_day_is_taken() {
    let options = GameOptions::for_players(3, false).unwrap();
    let mut chance = seeded(13);
    let mut game = Game::new(options.clone(), &mut chance);
    let Chance::Opening { opening } = &game.chances()[0].chance else { panic!("a game opens with a deal") };
    let mut seat_games: Vec<SeatGame> =
        (0..3).map(|seat| SeatGame::begin(options.clone(), seat, opening.seen_by(seat).unwrap()).unwrap()).collect();
    let mut forms_by_others = 0;
    'days: for d in 0..10u64 {
        let day = plan_whole_day(&game, game.to_move(), Level::Easy, 13 * 10_000 + d, 0).unwrap().0;
        for action in day {
            let before = game.clone();
            game.apply(action, &mut chance).unwrap();
            for (seat, seat_game) in seat_games.iter_mut().enumerate() {
                let taken = seat_game.apply(action, disclosed(&before, &game, action, seat));
                assert!(taken.is_ok(), "seat {seat}, {action:?}: {taken:?}");
                assert_eq!(seat_game.view(), &SeatView::new(&game.view(seat).unwrap()));
                forms_by_others += usize::from(matches!(action, Action::Form { .. }) && before.to_move() != seat);
            }
            if game.log().len() == 20 {
                break 'days;
            }
        }
    }
    assert!(forms_by_others > 0, "no Form by another seat in the first 20 actions");
}
