//! The history's own tests: a finished game summed up as the final results show it, the
//! stored text read back exactly and refused when it is not as written, the statistics and
//! the rating.

use super::*;
use lauzait_bots::Level;
use lauzait_engine::randomness::seeded;
use lauzait_engine::{Game, GameOptions, SeasonEnd};
use proptest::prelude::*;

/// A game of `players` Normal players from `seed`, played to its end (R20) or for `days`
/// Days and then ended by agreement.
fn finished(seed: u64, players: usize, days: usize) -> Game {
    lauzait_bots::self_play::normal_game(players, seed, days)
}

fn seat(sitter: Sitter, points: i32) -> SeatResult {
    SeatResult { sitter, points, declarations: 0, stalemates: 0 }
}

fn versus(level: Level, mine: i32, theirs: i32) -> PlayedGame {
    PlayedGame {
        seats: vec![seat(Sitter::Person, mine), seat(Sitter::Computer(level), theirs)],
        you: Some(0),
        figures: None,
    }
}

#[test]
fn a_finished_game_is_kept_as_its_final_results_show_it() {
    // R11, R19, R20: every Season's end counted for the seat that ended it.
    let game = finished(7, 3, 400);
    let sitters = [Sitter::Computer(Level::Easy), Sitter::Person, Sitter::Computer(Level::Strong)];
    let played = PlayedGame::of(&game, &sitters).unwrap();
    assert_eq!(played.you, Some(1));
    assert_eq!(played.seats.iter().map(|s| s.points).collect::<Vec<_>>(), game.scores());
    for (p, s) in played.seats.iter().enumerate() {
        let declared = game
            .results()
            .iter()
            .filter(|r| matches!(r.end, SeasonEnd::Declared { player, .. } | SeasonEnd::Stalemate { player, .. } if player == p))
            .count();
        assert_eq!(usize::from(s.declarations), declared);
    }
    assert!(game.results().iter().any(|r| r.end != SeasonEnd::ByAgreement), "the game had a declaration to count");
    assert_eq!(PlayedGame::of(&game, &sitters[..2]), None, "every seat must be named");
}

#[test]
fn a_game_under_way_is_not_kept() {
    let mut chance = seeded(1);
    let game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    assert_eq!(PlayedGame::of(&game, &[Sitter::Person, Sitter::Computer(Level::Easy)]), None);
}

#[test]
fn a_game_of_several_persons_has_no_player_of_the_device() {
    let game = finished(3, 2, 6);
    let played = PlayedGame::of(&game, &[Sitter::Person, Sitter::Person]).unwrap();
    assert_eq!(played.you, None);
    assert_eq!(played.won(), None);
    assert!(played.against_computers().is_empty());
}

#[test]
fn the_stored_text_is_as_documented() {
    let mut history = History::default();
    let mut game = versus(Level::Easy, 12, -3);
    game.seats[0].declarations = 1;
    history.push(game);
    history.rate_last(Figures { agreement: Some(Tenths(615)), accuracy: Some(Tenths(720)), costly: 2 });
    history.push(PlayedGame {
        seats: vec![seat(Sitter::Person, 4), seat(Sitter::Person, 8), seat(Sitter::Computer(Level::Strong), 2)],
        you: None,
        figures: None,
    });
    assert_eq!(history.to_text(), "LZH1\n0 p,12,1,0 e,-3,0,0 f,615,720,2\n- p,4,0,0 p,8,0,0 s,2,0,0");
    assert_eq!(History::from_text(&history.to_text()), Ok(history));
    assert_eq!(History::from_text("LZH1"), Ok(History::default()));
}

#[test]
fn a_text_not_as_written_is_refused_with_the_game_and_why() {
    let refused = |text: &str| History::from_text(text).unwrap_err();
    assert_eq!(refused(""), HistoryError::NotAHistory);
    assert_eq!(refused("LZH2\n"), HistoryError::NotAHistory);
    let line = |fault| HistoryError::Line { line: 2, fault };
    let first = "LZH1\n0 p,1,0,0 e,0,0,0\n";
    assert_eq!(refused(&format!("{first}1 p,1,0,0 e,0,0,0")), line(LineFault::You), "seat 1 is a computer's");
    assert_eq!(refused(&format!("{first}- p,1,0,0 e,0,0,0")), line(LineFault::You), "one person: the player");
    assert_eq!(refused(&format!("{first}0 p,1,0,0 p,0,0,0")), line(LineFault::You), "two persons: no player");
    assert_eq!(refused(&format!("{first}0 p,-0,0,0 e,0,0,0")), line(LineFault::Seat));
    assert_eq!(refused(&format!("{first}0 p,01,0,0 e,0,0,0")), line(LineFault::Seat));
    assert_eq!(refused(&format!("{first}0 p,+1,0,0 e,0,0,0")), line(LineFault::Seat));
    assert_eq!(refused(&format!("{first}0 p,1,0,1 e,0,0,0")), line(LineFault::Seat), "a Stalemate is a declaration");
    assert_eq!(refused(&format!("{first}0 x,1,0,0 e,0,0,0")), line(LineFault::Seat));
    assert_eq!(refused(&format!("{first}0 p,1,0,0")), line(LineFault::SeatCount));
    assert_eq!(refused(&format!("{first}0 p,1,0,0 e,0,0,0 e,0,0,0 e,0,0,0 e,0,0,0")), line(LineFault::SeatCount));
    assert_eq!(refused(&format!("{first}0 p,1,0,0 e,0,0,0 f,1001,0,0")), line(LineFault::Figures));
    assert_eq!(refused(&format!("{first}0 p,1,0,0 e,0,0,0 f,1,2")), line(LineFault::Figures));
    assert_eq!(refused(&format!("{first}0 p,1,0,0 e,0,0,0 f,-,-,0 e,0,0,0")), line(LineFault::Trailing));
    assert_eq!(
        refused(&format!("{first}- p,1,0,0 p,0,0,0 f,1,2,3")),
        line(LineFault::You),
        "no figures without a player"
    );
    let err = refused(&format!("{first}0 p,1,0,0"));
    assert_eq!(err.to_string(), "game 2: a game has 2 to 4 seats");
}

#[test]
fn the_oldest_games_go_past_the_most_kept() {
    let mut history = History::default();
    for i in 0..MAX_GAMES + 5 {
        history.push(versus(Level::Normal, i as i32, 0));
    }
    assert_eq!(history.games().len(), MAX_GAMES);
    assert_eq!(history.games()[0].seats[0].points, 5);
    let mut text = history.to_text();
    assert!(History::from_text(&text).is_ok());
    text.push_str("\n0 p,1,0,0 e,0,0,0");
    assert_eq!(History::from_text(&text), Err(HistoryError::TooMany));
}

#[test]
fn only_the_last_unrated_game_of_a_player_takes_figures() {
    let figures = Figures { agreement: None, accuracy: None, costly: 0 };
    let mut history = History::default();
    history.push(versus(Level::Easy, 1, 0));
    history.rate_last(figures);
    let again = Figures { costly: 9, ..figures };
    history.rate_last(again);
    assert_eq!(history.games()[0].figures, Some(figures), "a rated game keeps its figures");
}

#[test]
fn statistics_count_the_players_games_by_the_strongest_level_met() {
    let mut history = History::default();
    history.push(versus(Level::Easy, 10, 2));
    history.push(versus(Level::Easy, 1, 2));
    let mut strong = PlayedGame {
        seats: vec![
            seat(Sitter::Computer(Level::Easy), 0),
            SeatResult { sitter: Sitter::Person, points: 9, declarations: 2, stalemates: 1 },
            seat(Sitter::Computer(Level::Strong), 9),
        ],
        you: Some(1),
        figures: None,
    };
    strong.figures = Some(Figures { agreement: Some(Tenths(500)), accuracy: Some(Tenths(800)), costly: 1 });
    history.push(strong);
    history.push(PlayedGame {
        seats: vec![seat(Sitter::Person, 3), seat(Sitter::Person, 4)],
        you: None,
        figures: None,
    });
    let stats = Statistics::of(&history);
    assert_eq!(stats.games_kept, 4);
    assert_eq!((stats.all.games, stats.all.wins, stats.all.points), (3, 2, 20), "a shared first place is a win");
    assert_eq!((stats.all.declarations, stats.all.stalemates), (2, 1));
    assert_eq!(stats.all.agreement(), Some(50.0));
    assert_eq!(stats.all.accuracy(), Some(80.0));
    let [easy, normal, strong] = stats.by_level;
    assert_eq!((easy.0, easy.1.games, easy.1.wins), (Level::Easy, 2, 1));
    assert_eq!(normal.1.games, 0);
    assert_eq!(normal.1.average_points(), None);
    assert_eq!((strong.0, strong.1.games, strong.1.rated), (Level::Strong, 1, 1));
    assert_eq!(stats.points, vec![10, 1, 9]);
    assert_eq!(stats.rating.len(), 3, "one rating period per game with computers");
}

#[test]
fn the_rating_rises_with_wins_against_stronger_levels_and_grows_surer() {
    let wins = |level| {
        let games: Vec<PlayedGame> = (0..10).map(|_| versus(level, 5, 1)).collect();
        *rating_after_each_game(&games).last().unwrap()
    };
    let (easy, strong) = (wins(Level::Easy), wins(Level::Strong));
    assert!(strong.rating > easy.rating, "beating Strong says more than beating Easy: {strong:?} {easy:?}");
    assert!(easy.rating > 1500.0);
    let losses: Vec<PlayedGame> = (0..10).map(|_| versus(Level::Easy, 0, 3)).collect();
    let series = rating_after_each_game(&losses);
    assert!(series.last().unwrap().rating < anchor(Level::Easy).rating);
    assert!(series.windows(2).all(|w| w[1].deviation <= w[0].deviation), "each game makes it surer");
}

fn any_game() -> impl Strategy<Value = PlayedGame> {
    let sitter = prop_oneof![
        Just(Sitter::Person),
        Just(Sitter::Computer(Level::Easy)),
        Just(Sitter::Computer(Level::Normal)),
        Just(Sitter::Computer(Level::Strong)),
    ];
    let seat = (sitter, -200i32..200, 0u8..5, 0u8..5).prop_map(|(sitter, points, d, s)| SeatResult {
        sitter,
        points,
        declarations: d.max(s),
        stalemates: s,
    });
    let tenths = prop::option::of((0u16..=1000).prop_map(Tenths));
    let figures =
        prop::option::of((tenths.clone(), tenths, 0u16..40).prop_map(|(agreement, accuracy, costly)| Figures {
            agreement,
            accuracy,
            costly,
        }));
    (prop::collection::vec(seat, 2..=4), figures).prop_map(|(seats, figures)| {
        let persons: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].sitter == Sitter::Person).collect();
        let you = if persons.len() == 1 { Some(persons[0]) } else { None };
        PlayedGame { seats, you, figures: figures.filter(|_| you.is_some()) }
    })
}

proptest! {
    #[test]
    fn any_history_reads_back_as_written(games in prop::collection::vec(any_game(), 0..20)) {
        let mut history = History::default();
        for g in games {
            history.push(g);
        }
        let text = history.to_text();
        prop_assert_eq!(History::from_text(&text), Ok(history));
    }

    #[test]
    fn any_text_is_read_or_refused_never_a_panic(text in "LZH1\n[-0-9pensf, \n]{0,80}") {
        if let Ok(history) = History::from_text(&text) {
            // What is read writes back as the same games.
            prop_assert_eq!(History::from_text(&history.to_text()), Ok(history));
        }
    }
}
