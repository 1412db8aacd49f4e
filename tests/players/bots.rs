//! The computer players: fair play (R40) for every level, and their policies in positions
//! built for the purpose.

use lauzait_bots::{self as bots, normal, Bot, Level};
use lauzait_engine::randomness::seeded;
use lauzait_engine::sets::readings;
use lauzait_engine::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;

use crate::common;
use common::{assert_same_view, positions};

/// Playouts for the Strong player in tests: enough to search, quick to run.
const TEST_PLAYOUTS: u32 = 24;

fn p(code: &str) -> Piece {
    code.parse().unwrap()
}

fn sq(code: &str) -> Square {
    code.parse().unwrap()
}

/// A position built for a test: the player to move holds `concealed` and `departments`,
/// the named squares hold the named pieces, `empty` is empty, and every other piece is
/// dealt from what is left (pieces of the `off_board` kinds and Jokers never onto the
/// board) to the other hands, then the board, then the pool. No luminous piece.
struct Setup<'a> {
    players: usize,
    me: usize,
    concealed: &'a [&'a str],
    departments: &'a [[&'a str; 3]],
    board: &'a [(&'a str, &'a str)],
    empty: &'a str,
    off_board: &'a [&'a str],
    scores: &'a [i32],
    season: u8,
}

impl Setup<'_> {
    fn game(&self) -> Game {
        let options = GameOptions::for_players(self.players, false).unwrap();
        let count = options.player_count();
        let mut left = PieceCounts::full_set(count);
        let mut take = |piece: Piece| assert!(left.remove(piece), "no {piece} left for this setup");
        let concealed: PieceCounts = self.concealed.iter().map(|c| p(c)).collect();
        concealed.pieces().for_each(&mut take);
        let departments: Vec<Department> = self
            .departments
            .iter()
            .map(|codes| {
                let mut pieces = codes.map(p);
                pieces.sort();
                let best = readings(pieces, count)[0];
                pieces.iter().for_each(|&x| take(x));
                Department { pieces, reading: best.reading, bonus: best.bonus }
            })
            .collect();
        let mut squares: [Option<Piece>; 25] = [None; 25];
        for (s, code) in self.board {
            take(p(code));
            squares[sq(s).index()] = Some(p(code));
        }
        let mut rest: Vec<Piece> = left.pieces().collect();
        rest.shuffle(&mut Pcg64Mcg::seed_from_u64(5));
        let banned = |x: &Piece| x.is_joker() || self.off_board.iter().any(|c| p(c) == *x);
        // Banned pieces first, so that they go to the other hands and the pool.
        rest.sort_by_key(|x| !banned(x));
        let mut rest = rest.into_iter();
        let hands: Vec<Hand> = (0..self.players)
            .map(|seat| {
                if seat == self.me {
                    Hand { concealed, departments: departments.clone() }
                } else {
                    Hand { concealed: rest.by_ref().take(9).collect(), departments: Vec::new() }
                }
            })
            .collect();
        let mut pool: Vec<Piece> = Vec::new();
        let mut fill: Vec<Piece> = rest.collect();
        for s in Square::all() {
            if squares[s.index()].is_some() || s == sq(self.empty) {
                continue;
            }
            let at = fill.iter().position(|x| !banned(x)).expect("enough pieces for the board");
            squares[s.index()] = Some(fill.remove(at));
        }
        pool.append(&mut fill);
        let board = Board::from_squares(squares).unwrap();
        let day = Day::begin(self.me, 1, board, hands[self.me].clone());

        let mut value = serde_json::to_value(Game::new(options, &mut seeded(1))).unwrap();
        value["scores"] = json!(self.scores);
        value["ledger"] = json!(self
            .scores
            .iter()
            .enumerate()
            .map(|(player, &points)| json!({"season": 1, "player": player, "points": points, "reason": {"kind": "bonus"}}))
            .collect::<Vec<_>>());
        let season = &mut value["season"];
        season["number"] = json!(self.season);
        season["board"] = json!(board);
        season["hands"] = json!(hands);
        season["pool"] = json!(pool.into_iter().collect::<PieceCounts>());
        season["luminous"] = json!(null);
        season["start_player"] = json!(self.me);
        season["day"] = json!(day);
        let game: Game = serde_json::from_value(value).unwrap();
        assert_eq!(game.invariant_violation(), None, "the setup is a real position");
        game
    }
}

fn plan(level: Level, game: &Game, seed: u64) -> Vec<Action> {
    let view = game.view(game.to_move()).unwrap();
    bots::plan_day(level, &view, &mut Pcg64Mcg::seed_from_u64(seed), TEST_PLAYOUTS).unwrap()
}

// --- Fair play (R40) -----------------------------------------------------------------

#[test]
fn r40_a_sampled_hand_keeps_the_pieces_its_owner_was_seen_to_take() {
    let mut known_pieces = 0;
    for (i, game) in positions().iter().enumerate() {
        let seat = game.to_move();
        let view = game.view(seat).unwrap();
        let sampled = view.sample_game(&mut Pcg64Mcg::seed_from_u64(i as u64));
        for other in (0..game.scores().len()).filter(|&s| s != seat) {
            let known = view.known_concealed(other);
            assert!(game.season().hands[other].concealed.contains_all(&known), "position {i}: {other} holds {known:?}");
            assert!(sampled.season().hands[other].concealed.contains_all(&known), "position {i}: sample of {other}");
            known_pieces += known.total();
        }
    }
    assert!(known_pieces > 50, "only {known_pieces} known pieces in the positions");
}

#[test]
fn r40_a_taken_piece_is_known_until_it_is_formed_or_discarded() {
    let mut chance = seeded(5);
    let mut game = Game::new(GameOptions::for_players(2, false).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut checked = 0;
    while checked < 12 {
        match game.status() {
            Status::Playing => {}
            Status::SeasonOver => {
                game.apply(Action::NextSeason, &mut chance).unwrap();
                assert!((0..2).all(|p| game.view(0).unwrap().known_concealed(p).is_empty()), "a new Season");
                continue;
            }
            Status::GameOver { .. } => panic!("the game ended after {checked} Hirings"),
        }
        let mover = game.to_move();
        let mut expected = game.view(1 - mover).unwrap().known_concealed(mover);
        let plan = bots::plan_day(Level::Normal, &game.view(mover).unwrap(), &mut rng, 0).unwrap();
        for &action in &plan {
            game.apply(action, &mut chance).unwrap();
            match action {
                Action::Form { pieces, .. } => pieces.iter().for_each(|&p| {
                    expected.remove(p);
                }),
                Action::Discard { piece } => {
                    expected.remove(piece);
                }
                Action::Capture { .. } => {
                    expected.add(game.season().last_hire.unwrap().taken);
                    assert_eq!(game.view(1 - mover).unwrap().known_concealed(mover), expected, "{plan:?}");
                    checked += 1;
                }
                _ => {}
            }
        }
    }
}

#[test]
fn r40_a_sampled_game_shows_the_same_view_and_hides_the_rest() {
    let mut differed = 0;
    let all = positions();
    for (i, game) in all.iter().enumerate() {
        let seat = game.to_move();
        let view = game.view(seat).unwrap();
        let sampled = view.sample_game(&mut Pcg64Mcg::seed_from_u64(i as u64));
        assert_same_view(&view, &sampled.view(seat).unwrap());
        assert_eq!(sampled.invariant_violation(), None, "position {i}");
        // Undo works in the sample as in the game, back to the same start of the Day.
        if !game.day().steps.is_empty() {
            let (mut a, mut b) = (game.clone(), sampled.clone());
            a.apply(Action::Undo, &mut seeded(0)).unwrap();
            b.apply(Action::Undo, &mut seeded(0)).unwrap();
            assert_eq!(a.day().hand, b.day().hand, "position {i}");
            assert_eq!(a.day().board, b.day().board);
        }
        let others_differ = (0..game.scores().len())
            .filter(|&s| s != seat)
            .any(|s| game.season().hands[s].concealed != sampled.season().hands[s].concealed);
        differed += usize::from(others_differ);
    }
    assert!(all.len() >= 20, "{} positions", all.len());
    assert!(differed * 10 >= all.len() * 9, "the hidden hands were resampled ({differed} of {})", all.len());
}

#[test]
fn r40_a_weighted_sample_keeps_the_view_and_follows_its_weights() {
    let white5 = p("W5");
    let (mut uniform, mut weighted) = (0, 0);
    for (i, game) in positions().iter().enumerate() {
        let seat = game.to_move();
        let view = game.view(seat).unwrap();
        let rng = || Pcg64Mcg::seed_from_u64(i as u64);
        // Hands holding a White 5 are disfavoured: the unseen ones go to the pool instead.
        let sampled = view.sample_game_weighted(&mut rng(), 8, |_, hand| 1.0 / (1.0 + 100.0 * hand.get(white5) as f64));
        assert_same_view(&view, &sampled.view(seat).unwrap());
        assert_eq!(sampled.invariant_violation(), None, "position {i}");
        let held = |g: &Game| {
            (0..g.scores().len())
                .filter(|&s| s != seat)
                .map(|s| g.season().hands[s].concealed.get(white5) as usize)
                .sum::<usize>()
        };
        uniform += held(&view.sample_game(&mut rng()));
        weighted += held(&sampled);
    }
    assert!(weighted * 2 < uniform, "White 5s in the others' hands: {weighted} weighted, {uniform} uniform");
}

#[test]
fn strong_draws_the_others_hands_as_improved_by_their_days() {
    use lauzait_bots::strong::{hand_value, HandModel, Settings};
    let value = |g: &Game, s: usize| hand_value(g, s, normal::Weights::default());
    let (uniform, model) = (Settings { proposals: 1, ..Settings::default() }, Settings::default());
    let (mut flat, mut modelled) = (0.0, 0.0);
    for (i, game) in positions().iter().enumerate().filter(|(_, g)| g.day().number > 4) {
        let seat = game.to_move();
        let view = game.view(seat).unwrap();
        for k in 0..4 {
            let rng = || Pcg64Mcg::seed_from_u64(100 * i as u64 + k);
            let (a, b) = (
                HandModel::new(&view, uniform).sample(&view, &mut rng()),
                HandModel::new(&view, model).sample(&view, &mut rng()),
            );
            assert_same_view(&view, &b.view(seat).unwrap());
            for s in (0..game.scores().len()).filter(|&s| s != seat) {
                flat += value(&a, s);
                modelled += value(&b, s);
            }
        }
    }
    assert!(modelled > flat * 1.3, "the others' hand values: {modelled:.1} modelled, {flat:.1} uniform");
}

#[test]
fn r40_every_level_decides_from_the_view_only() {
    for (i, game) in positions().iter().enumerate() {
        let seat = game.to_move();
        let view = game.view(seat).unwrap();
        // The same view with other pieces hidden behind it.
        let other = view.sample_game(&mut Pcg64Mcg::seed_from_u64(1000 + i as u64));
        let other_view = other.view(seat).unwrap();
        for level in Level::ALL {
            let a = bots::plan_day(level, &view, &mut Pcg64Mcg::seed_from_u64(7), TEST_PLAYOUTS);
            let b = bots::plan_day(level, &other_view, &mut Pcg64Mcg::seed_from_u64(7), TEST_PLAYOUTS);
            assert_eq!(a, b, "{level} at position {i} saw through the view");
            assert!(a.is_some());
        }
        // And nothing for a seat whose Day it is not.
        let idle = (seat + 1) % game.scores().len();
        assert_eq!(bots::choose(Level::Strong, &game.view(idle).unwrap(), &mut Pcg64Mcg::seed_from_u64(7), 8), None);
    }
}

#[test]
fn bots_of_every_level_play_whole_games() {
    for (players, seats) in
        [(2, vec![Level::Strong, Level::Easy]), (3, vec![Level::Normal, Level::Strong, Level::Easy])]
    {
        let mut game = Game::new(GameOptions::for_players(players, true).unwrap(), &mut seeded(11));
        let mut bots: Vec<Bot> = seats.iter().enumerate().map(|(i, &l)| Bot::new(l, i as u64, 12)).collect();
        let mut checked_bots = |game: &Game, p: usize| -> Result<Action, std::convert::Infallible> {
            let action = bots[p].choose(&game.view(p).unwrap()).expect("a bot always finds an action on its Day");
            assert!(game.day().legal_actions(game.players()).contains(&action), "{action:?} is offered");
            Ok(action)
        };
        let drive = GameLoop { day_cap: 60, check_invariants: false };
        drive.run(&mut game, &mut checked_bots, &mut seeded(0), |_, _, _| std::ops::ControlFlow::Continue(())).unwrap();
        assert_eq!(game.invariant_violation(), None);
        assert_eq!(game.results().len(), players);
    }
}

#[test]
fn the_same_seed_gives_the_same_choice() {
    let game = &positions()[3];
    let view = game.view(game.to_move()).unwrap();
    for level in Level::ALL {
        let a = bots::choose(level, &view, &mut Pcg64Mcg::seed_from_u64(3), TEST_PLAYOUTS);
        let b = bots::choose(level, &view, &mut Pcg64Mcg::seed_from_u64(3), TEST_PLAYOUTS);
        assert_eq!(a, b);
    }
}

// --- Policies --------------------------------------------------------------------------

#[test]
fn r11_normal_declares_a_complete_hand() {
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G1", "G2", "G3", "W4", "W5", "W6", "G7", "G7", "G7"],
        departments: &[],
        board: &[],
        empty: "e5",
        off_board: &[],
        scores: &[0, 0],
        season: 1,
    }
    .game();
    assert_eq!(plan(Level::Normal, &game, 1), vec![Action::Declare]);
    // Early in the game the Strong player may rather bank the triple's bonus (6, against
    // 3 for declaring now): either is sound; anything else is not.
    let strong = plan(Level::Strong, &game, 1);
    let banks_the_triple = matches!(strong[0], Action::Form { reading, .. } if reading.bonus(0) == 6);
    assert!(strong == [Action::Declare] || banks_the_triple, "{strong:?}");
}

#[test]
fn r11_a_last_form_and_declaration_that_win_the_game() {
    // Last Season, two points behind: forming the third Department (bonus 6) and
    // declaring wins.
    let game = Setup {
        players: 2,
        me: 1,
        concealed: &["W5", "W5", "W5"],
        departments: &[["G1", "G2", "G3"], ["W7", "W8", "W9"]],
        board: &[],
        empty: "a1",
        off_board: &[],
        scores: &[30, 28],
        season: 2,
    }
    .game();
    for level in [Level::Normal, Level::Strong] {
        let plan = plan(level, &game, 2);
        assert!(matches!(plan[0], Action::Form { .. }), "{level}: {plan:?}");
        assert_eq!(plan[1..], [Action::Declare], "{level}");
    }
}

#[test]
fn r20_normal_and_strong_do_not_declare_a_lost_last_season() {
    // Last Season and far behind: declaring would end the game lost; playing on may not.
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G1", "G2", "G3", "W4", "W5", "W6", "G7", "G7", "G7"],
        departments: &[],
        board: &[],
        empty: "e5",
        off_board: &[],
        scores: &[0, 40],
        season: 2,
    }
    .game();
    assert!(game.day().may_declare(game.players()));
    for level in [Level::Normal, Level::Strong] {
        let plan = plan(level, &game, 3);
        assert_ne!(plan.last(), Some(&Action::Declare), "{level}");
    }
}

#[test]
fn r19_normal_forms_then_takes_the_stalemate() {
    // Nothing can be discarded: no 4, 6 or 8 and no Joker on the board. A Form first
    // banks a bonus of 6 (a triple of 5s), then the Stalemate scores 18.
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G5", "G5", "G5", "W5", "W5", "W5", "G9", "G9", "W9"],
        departments: &[],
        board: &[],
        empty: "e5",
        off_board: &["G4", "G6", "W4", "W6", "G8", "W8"],
        scores: &[0, 0],
        season: 1,
    }
    .game();
    assert!(game.day().may_declare_stalemate());
    for level in [Level::Normal, Level::Strong] {
        let plan = plan(level, &game, 4);
        assert_eq!(plan.len(), 2, "{level}: {plan:?}");
        let Action::Form { reading, .. } = plan[0] else { panic!("{level} forms first: {plan:?}") };
        assert_eq!(reading.bonus(0), 6);
        assert_eq!(plan[1], Action::DeclareStalemate);
    }
}

#[test]
fn normal_keeps_the_pieces_that_make_sets() {
    // Two complete sets and a pair of 7s with the third 7 on the board: the W9 goes.
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G1", "G2", "G3", "W4", "W5", "W6", "G7", "G7", "W9"],
        departments: &[],
        board: &[("a1", "W8"), ("b2", "G7")],
        empty: "e5",
        off_board: &[],
        scores: &[0, 0],
        season: 1,
    }
    .game();
    let plan = plan(Level::Normal, &game, 5);
    let discard = plan.iter().find_map(|a| match a {
        Action::Discard { piece } => Some(*piece),
        _ => None,
    });
    assert_eq!(discard, Some(p("W9")), "{plan:?}");
}

#[test]
fn r12_6_normal_prefers_a_sure_capture_to_a_water_throw() {
    // The wanted third G2 stands on a1 (dry) and on c2 (Water); the W8 on b2, moved by
    // discarding the W9, reaches both. Into Water it arrives only with 3+ dark faces.
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G2", "G2", "G4", "G5", "G6", "G7", "G8", "G9", "W9"],
        departments: &[],
        board: &[("b2", "W8"), ("a1", "G2"), ("c2", "G2"), ("a2", "W5"), ("b1", "W6")],
        empty: "e5",
        off_board: &[],
        scores: &[0, 0],
        season: 1,
    }
    .game();
    let plan = plan(Level::Normal, &game, 6);
    assert_eq!(plan.last(), Some(&Action::Capture { to: sq("a1") }), "{plan:?}");
}

#[test]
fn normal_values_nearer_hands_higher() {
    let game = Setup {
        players: 2,
        me: 0,
        concealed: &["G1", "G2", "G3", "W4", "W5", "W6", "G7", "G7", "W9"],
        departments: &[],
        board: &[("b2", "G7")],
        empty: "e5",
        off_board: &[],
        scores: &[0, 0],
        season: 1,
    }
    .game();
    let view = game.view(0).unwrap();
    let ev = normal::Evaluator::from_view(&view, normal::Weights::default());
    let counts = |codes: &[&str]| codes.iter().map(|c| p(c)).collect::<PieceCounts>();
    let board = normal::board_counts(&view.board());
    let near = ev.value(&counts(&["G1", "G2", "G3", "W4", "W5", "W6", "G7", "G7", "W9"]), &[], &board);
    let far = ev.value(&counts(&["G1", "G4", "G7", "W1", "W5", "W8", "G9", "W3", "W9"]), &[], &board);
    assert!(near > far, "{near} > {far}");
}

#[test]
fn a_tournament_reproduces_apart_from_its_timing() {
    use lauzait_tools::tournament::{tournament, TournamentConfig};
    let config = TournamentConfig {
        seats: vec![Level::Strong, Level::Normal, Level::Easy],
        games: 3,
        seed: 9,
        playouts: 8,
        strong: Default::default(),
        max_days: 60,
        luminous: true,
    };
    // Different clocks and thread counts: the summary is the same.
    let ticks = std::sync::atomic::AtomicU32::new(0);
    let (a, _) =
        tournament(&config, 2, || f64::from(ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed))).unwrap();
    let (b, timing) = tournament(&config, 1, || 0.0).unwrap();
    assert_eq!(serde_json::to_value(&a).unwrap(), serde_json::to_value(&b).unwrap());
    // Three seats rotate over three games: each level sat in each seat once.
    assert_eq!(a.levels[&Level::Strong].win_rate.trials, 3);
    assert!(a.levels[&Level::Strong].decisions > 0 && timing[&Level::Strong].decisions > 0);
}

#[test]
fn strong_settings_read_back_what_they_print_and_name_bad_keys() {
    use lauzait_bots::strong::Settings;
    let changed: Settings =
        "hand_weight=1.5, rival=0,search_declarations=false,proposals=3,skill=0.25".parse().unwrap();
    assert_eq!((changed.hand_weight, changed.rival, changed.search_declarations), (1.5, 0.0, false));
    assert_eq!((changed.proposals, changed.skill), (3, 0.25));
    // The playout policy: the quicker Normal setting by default, or the Normal player itself.
    use lauzait_bots::strong::PlayoutPolicy;
    assert!(Settings::default().to_string().ends_with(",playout=quick"));
    let full: Settings = "playout=full".parse().unwrap();
    assert_eq!(full.playout_weights, PlayoutPolicy::Full.weights());
    assert_eq!(full.to_string().parse::<Settings>().unwrap().playout_weights, lauzait_bots::normal::Weights::default());
    let again: Settings = changed.to_string().parse().unwrap();
    assert_eq!(again.to_string(), changed.to_string());
    assert_eq!("".parse::<Settings>().unwrap().to_string(), Settings::default().to_string());
    for (bad, says) in [
        ("depth=3", "unknown setting 'depth'"),
        ("rival", "not key=value"),
        ("win_bonus=lots", "not a number"),
        ("horizon=NaN", "not a whole number"),
        ("playout=deep", "not quick or full"),
    ] {
        let err = bad.parse::<Settings>().unwrap_err();
        assert!(err.to_string().contains(says), "{bad}: {err}");
    }
}

#[test]
fn a_mistyped_strong_setting_is_refused_with_what_it_is() {
    use lauzait_bots::strong::{Changes, SettingsError, ValueKind};
    let bad = |key: &str, value: &str, wanted| {
        Err(SettingsError::BadValue { key: key.to_string(), value: value.to_string(), wanted })
    };
    assert_eq!("skill=0.5,rival".parse::<Changes>(), Err(SettingsError::NotKeyValue { pair: "rival".to_string() }));
    assert_eq!("Horizon=2".parse::<Changes>(), Err(SettingsError::UnknownKey { key: "Horizon".to_string() }));
    assert_eq!("win_scale=inf".parse::<Changes>(), bad("win_scale", "inf", ValueKind::Number));
    assert_eq!("proposals=-1".parse::<Changes>(), bad("proposals", "-1", ValueKind::WholeNumber));
    assert_eq!("search_declarations=yes".parse::<Changes>(), bad("search_declarations", "yes", ValueKind::TrueOrFalse));
    let said = "search_declarations = yes".parse::<Changes>().unwrap_err().to_string();
    assert_eq!(said, "search_declarations=yes: not true or false");
    assert!("depth=3".parse::<Changes>().unwrap_err().to_string().contains("keys: candidates, per_outcome"));
}

#[test]
fn with_two_players_strong_looks_two_rounds_ahead_over_more_candidates_and_changes_apply_to_that() {
    use lauzait_bots::strong::{Changes, Settings};
    let two = Settings::for_players(2);
    assert_eq!((two.horizon, two.candidates, two.per_outcome), (4, 16, 4));
    for players in [3, 4] {
        assert_eq!(Settings::for_players(players).to_string(), Settings::default().to_string());
    }
    // `--strong` changes what it names of the settings for the table, nothing else.
    let changes: Changes = "horizon=2".parse().unwrap();
    let changed = changes.apply(Settings::for_players(2));
    assert_eq!((changed.horizon, changed.candidates), (2, 16));
    assert_eq!(Changes::default().apply(two).to_string(), two.to_string());
    assert!("candidates=many".parse::<Changes>().unwrap_err().to_string().contains("not a whole number"));
}
