//! Rule tests on the Day and the game; each names the rule it checks (RULES.md).

use lauzait_engine::hiring;
use lauzait_engine::randomness::seeded;
use lauzait_engine::*;

fn p(code: &str) -> Piece {
    code.parse().unwrap()
}

fn sq(code: &str) -> Square {
    code.parse().unwrap()
}

/// A board of W9s (which only a W8 or a Joker can move) with the named pieces placed and
/// one empty square.
fn board(placed: &[(&str, &str)], empty: &str) -> Board {
    let mut squares = [Some(p("W9")); 25];
    for (s, code) in placed {
        squares[sq(s).index()] = Some(p(code));
    }
    squares[sq(empty).index()] = None;
    Board::from_squares(squares).unwrap()
}

fn concealed(codes: &[&str]) -> PieceCounts {
    codes.iter().map(|c| p(c)).collect()
}

fn dept(codes: [&str; 3], reading: [&str; 3], bonus: u8) -> Department {
    let reading: Reading = serde_json::from_value(serde_json::json!(reading)).unwrap();
    let mut pieces = codes.map(p);
    pieces.sort();
    Department { pieces, reading, bonus }
}

const FOUR: PlayerCount = PlayerCount::Four;

#[test]
fn r9_dissolving_refunds_exactly_the_recorded_bonus() {
    let hand = Hand {
        concealed: concealed(&["G1", "G3", "W5", "W7", "G8", "W2"]),
        departments: vec![dept(["W3", "W3", "J"], ["W3", "W3", "W3"], 2)],
    };
    let mut day = Day::begin(0, 1, board(&[("a1", "G2")], "e5"), hand);
    day.step(Action::Dissolve { department: 0 }, FOUR).unwrap();
    assert_eq!(day.pending_points(), -2);
    assert_eq!(day.hand.concealed.total(), 9);
    assert_eq!(day.step(Action::Dissolve { department: 0 }, FOUR), Err(RuleError::AlreadyDissolved));
}

#[test]
fn r9_r10_dissolve_comes_before_form_and_each_once() {
    let hand = Hand {
        concealed: concealed(&["G1", "G2", "G3", "W8", "G8", "W2"]),
        departments: vec![dept(["W4", "W5", "W6"], ["W4", "W5", "W6"], 2)],
    };
    let mut day = Day::begin(0, 1, board(&[("a1", "G2")], "e5"), hand);
    let reading: Reading = serde_json::from_value(serde_json::json!(["G1", "G2", "G3"])).unwrap();
    day.step(Action::Form { pieces: [p("G1"), p("G2"), p("G3")], reading }, FOUR).unwrap();
    assert_eq!(day.step(Action::Dissolve { department: 0 }, FOUR), Err(RuleError::DissolveAfterForm));
    assert_eq!(
        day.step(Action::Form { pieces: [p("G1"), p("G2"), p("G3")], reading }, FOUR),
        Err(RuleError::AlreadyFormed)
    );
}

#[test]
fn r10_forming_lists_every_joker_reading_with_its_bonus() {
    let hand =
        Hand { concealed: concealed(&["J", "J", "G9", "G1", "W1", "W5", "W6", "G4", "G2"]), departments: vec![] };
    let day = Day::begin(0, 1, board(&[("a1", "G3")], "e5"), hand);
    let forms = day.forms(FOUR);
    let jjg9 = forms.iter().find(|f| f.pieces == [p("G9"), p("J"), p("J")]).expect("J J G9 forms a set");
    let bonuses: Vec<u8> = jjg9.readings.iter().map(|r| r.bonus).collect();
    assert_eq!(bonuses, [7, 1], "triple of 9s (9 − 2) first, then 7-8-9 (3 − 2)");
}

#[test]
fn a_day_a_form_that_would_strand_the_day_is_refused() {
    // Only G1 can be discarded (it moves the G2); forming G1-G2-G3 would leave nothing to
    // discard, no Lauzait-Cep! and no stalemate.
    let hand =
        Hand { concealed: concealed(&["G1", "G2", "G3", "W1", "W1", "W1", "G5", "G5", "G5"]), departments: vec![] };
    let day = Day::begin(0, 1, board(&[("a1", "G0")], "e5"), hand);
    assert!(!day.stalemated);
    assert!(day.may_declare(FOUR), "the hand is complete, so it may declare instead");
    let reading: Reading = serde_json::from_value(serde_json::json!(["G1", "G2", "G3"])).unwrap();
    let mut d = day.clone();
    assert_eq!(
        d.step(Action::Form { pieces: [p("G1"), p("G2"), p("G3")], reading }, FOUR),
        Err(RuleError::WouldStrandTheDay)
    );
    assert!(day.forms(FOUR).iter().all(|f| f.pieces != [p("G1"), p("G2"), p("G3")]));
}

#[test]
fn r11_declaring_needs_three_revealed_or_none() {
    let two = Hand {
        concealed: concealed(&["G1", "G2", "G3"]),
        departments: vec![
            dept(["W4", "W5", "W6"], ["W4", "W5", "W6"], 2),
            dept(["W1", "W2", "W3"], ["W1", "W2", "W3"], 1),
        ],
    };
    let day = Day::begin(0, 1, board(&[("a1", "G4")], "e5"), two);
    assert!(!day.may_declare(FOUR));
    let mut day = day;
    let reading: Reading = serde_json::from_value(serde_json::json!(["G1", "G2", "G3"])).unwrap();
    day.step(Action::Form { pieces: [p("G1"), p("G2"), p("G3")], reading }, FOUR).unwrap();
    assert!(day.may_declare(FOUR), "R11a after forming the third Department");
}

#[test]
fn r12_hiring_steps_and_r12_2_the_discard_itself_never_moves() {
    let hand =
        Hand { concealed: concealed(&["G3", "W1", "W1", "W1", "W2", "W2", "W2", "W6", "W6"]), departments: vec![] };
    let mut day = Day::begin(0, 1, board(&[("a1", "G4"), ("b1", "G3")], "e5"), hand);
    assert!(day.discards().contains(&p("G3")));
    day.step(Action::Discard { piece: p("G3") }, FOUR).unwrap();
    assert_eq!(day.board.get(sq("e5")), Some(p("G3")));
    assert_eq!(day.movers(), vec![sq("a1")]);
    assert!(matches!(day.step(Action::Move { from: sq("e5") }, FOUR), Err(RuleError::CannotMove { .. })));
    day.step(Action::Move { from: sq("a1") }, FOUR).unwrap();
    assert_eq!(day.destinations(), &[sq("b1"), sq("a2"), sq("b2")]);
}

#[test]
fn r12_3_a_piece_that_leaves_nothing_to_move_cannot_be_discarded() {
    let hand =
        Hand { concealed: concealed(&["G3", "W1", "W1", "W1", "W2", "W2", "W2", "W6", "W6"]), departments: vec![] };
    let mut day = Day::begin(0, 1, board(&[("a1", "G4")], "e5"), hand);
    assert_eq!(day.discards(), vec![p("G3")]);
    assert_eq!(day.step(Action::Discard { piece: p("W1") }, FOUR), Err(RuleError::NothingToMove(p("W1"))));
}

#[test]
fn r19_stalemate_only_when_no_dissolve_helps() {
    // Nothing concealed can move a W9; the Department holds a W8, which could.
    let hand = Hand {
        concealed: concealed(&["G1", "G1", "G1", "G5", "G5", "G5"]),
        departments: vec![dept(["W7", "W8", "J"], ["W7", "W8", "W9"], 2)],
    };
    let day = Day::begin(0, 1, board(&[], "e5"), hand.clone());
    assert!(!day.stalemated);
    assert!(!day.may_declare_stalemate());
    assert_eq!(day.dissolvable(FOUR), vec![0], "the only way on is to dissolve");
    assert!(day.discards().is_empty());
    assert!(day.forms(FOUR).is_empty(), "forming would strand the Day");

    let stuck = Hand {
        concealed: concealed(&["G1", "G1", "G1", "G5", "G5", "G5"]),
        departments: vec![dept(["G2", "G3", "G4"], ["G2", "G3", "G4"], 1)],
    };
    let day = Day::begin(0, 1, board(&[], "e5"), stuck);
    assert!(day.stalemated);
    assert!(day.may_declare_stalemate());
    assert!(day.legal_actions(FOUR).contains(&Action::DeclareStalemate));
}

#[test]
fn undo_rebuilds_the_day_step_by_step() {
    let hand =
        Hand { concealed: concealed(&["G3", "W1", "W1", "W1", "W2", "W2", "W2", "W6", "W6"]), departments: vec![] };
    let start_board = board(&[("a1", "G4")], "e5");
    let mut day = Day::begin(0, 1, start_board, hand.clone());
    let fresh = day.clone();
    day.step(Action::Discard { piece: p("G3") }, FOUR).unwrap();
    day.step(Action::Move { from: sq("a1") }, FOUR).unwrap();
    let once = day.undone(start_board, hand.clone(), FOUR).unwrap();
    assert_eq!(once.steps.len(), 1);
    let twice = once.undone(start_board, hand.clone(), FOUR).unwrap();
    assert_eq!(twice, fresh);
    assert_eq!(twice.undone(start_board, hand, FOUR), Err(RuleError::NothingToUndo));
}

fn new_game(players: usize, luminous: bool, seed: u64) -> Game {
    Game::new(GameOptions::for_players(players, luminous).unwrap(), &mut seeded(seed))
}

#[test]
fn r6_setup_deals_nine_each_and_fills_every_square_but_the_mountain() {
    for (players, pool) in [(4, 8), (3, 9), (2, 16)] {
        let game = new_game(players, false, 11);
        let s = game.season();
        assert!(s.hands.iter().all(|h| h.concealed.total() == 9));
        assert_eq!(s.board.the_empty_square(), Some(Square::MOUNTAIN));
        assert_eq!(s.pool.total(), pool);
        assert_eq!(s.luminous, None);
        let lit = new_game(players, true, 11);
        assert!(lit.season().luminous.is_some(), "R30 turns one pool piece up");
        assert_eq!(lit.season().pool.total(), pool - 1);
    }
}

#[test]
fn r7_first_season_start_player_and_direction_vary_with_the_seed() {
    let starts: std::collections::BTreeSet<(usize, Direction)> =
        (0..64).map(|s| new_game(4, false, s)).map(|g| (g.to_move(), g.season().direction)).collect();
    assert_eq!(starts.len(), 8, "every start player in both directions");
}

#[test]
fn r20_end_by_agreement_and_leaders() {
    let mut game = new_game(3, false, 5);
    game.apply(Action::EndGameByAgreement, &mut seeded(0)).unwrap();
    assert_eq!(game.status(), Status::GameOver { by_agreement: true });
    assert_eq!(game.leaders(), vec![0, 1, 2], "all tied leaders win");
    assert_eq!(game.apply(Action::Declare, &mut seeded(0)), Err(RuleError::GameOver));
}

#[test]
fn r7_later_seasons_start_with_the_fewest_points() {
    let mut game = new_game(4, false, 9);
    // Play Easy Days until the first Season ends.
    play_easy(&mut game, 1, |_, _, outcome| !matches!(outcome, Outcome::SeasonEnded { .. }));
    assert_eq!(game.status(), Status::SeasonOver);
    let scores = game.scores().to_vec();
    game.apply(Action::NextSeason, &mut seeded(0)).unwrap();
    let start = game.to_move();
    assert_eq!(scores[start], *scores.iter().min().unwrap());
    let n = scores.len();
    let (cw, ccw) = ((start + 1) % n, (start + n - 1) % n);
    if scores[cw] != scores[ccw] {
        let toward = if scores[cw] < scores[ccw] { Direction::Clockwise } else { Direction::Counterclockwise };
        assert_eq!(game.season().direction, toward);
    }
    assert_eq!(game.season().number, 2);
    assert_eq!(game.scores(), &scores[..], "R8 scores carry over");
}

#[test]
fn illegal_actions_change_nothing() {
    let mut game = new_game(2, false, 3);
    let before = game.clone();
    assert!(game.apply(Action::Capture { to: sq("a1") }, &mut seeded(0)).is_err());
    assert!(game.apply(Action::Move { from: sq("a1") }, &mut seeded(0)).is_err());
    assert!(game.apply(Action::NextSeason, &mut seeded(0)).is_err());
    assert!(game.apply(Action::Undo, &mut seeded(0)).is_err());
    assert_eq!(game, before);
}

/// Drives `game` with Easy players (seeded by `seed`) while `go_on` says so after each
/// action, or to its end; Seasons end by agreement after 300 Days.
fn play_easy(game: &mut Game, seed: u64, mut go_on: impl FnMut(&Game, Action, &Outcome) -> bool) {
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
    let mut easy = |game: &Game, seat: usize| {
        lauzait_bots::easy::choose(&game.view(seat).unwrap(), &mut rng).ok_or_else(|| "no action".to_string())
    };
    let drive = GameLoop { day_cap: 300, check_invariants: true };
    drive
        .run(game, &mut easy, &mut seeded(seed ^ 0xC4A7CE), |game, action, outcome| {
            if go_on(game, action, outcome) {
                std::ops::ControlFlow::Continue(())
            } else {
                std::ops::ControlFlow::Break(())
            }
        })
        .unwrap();
}

#[test]
fn r17_pattern_points_and_the_patterns_of_three_sets() {
    let points: Vec<u32> = Pattern::ALL.iter().map(|p| p.points()).collect();
    assert_eq!(points, [3, 3, 3, 2, 10, 15, 1], "R17 table, Layered Bridges 2 [decision], R19 15, R30 +1");
    let set = |codes: [&str; 3]| -> Reading { serde_json::from_value(serde_json::json!(codes)).unwrap() };
    let sets = [set(["G1", "G2", "G3"]), set(["G4", "G5", "G6"]), set(["G7", "G8", "G9"])];
    let p = Patterns::of_sets(&sets, false, 2);
    assert_eq!((p.lauzait_cep, p.specialized_experts, p.great_sequence, p.layered_bridges), (3, 3, 3, 0));
    assert_eq!((p.well_balanced, p.luminous, p.total()), (0, 2, 11));
    let bridged = Patterns::of_sets(&[set(["G1", "G2", "G3"]), set(["W1", "W2", "W3"]), sets[2]], true, 0);
    assert_eq!((bridged.layered_bridges, bridged.well_balanced, bridged.specialized_experts), (2, 10, 0));
    assert_eq!(Patterns::stalemate(1).total(), 19, "R19 with one luminous piece (R30)");
}

#[test]
fn r15_the_bonus_of_three_pieces_read_with_a_joker() {
    let rs = readings([p("W3"), p("W3"), p("J")], FOUR);
    let triple = rs.iter().find(|r| r.reading.kind() == SetKind::Triple).unwrap();
    assert_eq!((triple.bonus, triple.reading.bonus_for([p("W3"), p("W3"), p("J")])), (2, 2));
    assert_eq!(triple.reading.bonus_for([p("W3"), p("W3"), p("W3")]), 3, "no Joker, no −1");
}

#[test]
fn r14_a_set_with_a_joker_says_what_it_stands_for_and_a_plain_set_does_not() {
    let with_joker = [p("W3"), p("W4"), p("J")];
    let rs = readings(with_joker, FOUR);
    assert!(rs.len() > 1, "the same pieces read more than one way");
    for r in &rs {
        assert_eq!(r.reading.joker_stands_for(&with_joker), Some(r.reading.pieces()));
    }
    let plain = [p("W3"), p("W4"), p("W5")];
    let rs = readings(plain, FOUR);
    assert_eq!(rs.iter().map(|r| r.reading.joker_stands_for(&plain)).collect::<Vec<_>>(), vec![None]);
}

#[test]
fn r19_stalemated_is_the_day_s_stalemate_test() {
    let b = board(&[], "e5");
    let stuck = concealed(&["G1", "G1", "G1", "G5", "G5", "G5"]);
    assert!(hiring::stalemated(&b, &stuck, [[p("G2"), p("G3"), p("G4")]]));
    assert!(!hiring::stalemated(&b, &stuck, [[p("W7"), p("W8"), p("J")]]), "dissolving would free a W8");
    assert!(!hiring::stalemated(&b, &concealed(&["W8"]), []));
}

#[test]
fn r11_r19_r30_the_declaration_preview_is_what_the_declaration_scores() {
    // R19 with the luminous piece: 3 + 15 + one G1 in the hand.
    let stuck = Hand {
        concealed: concealed(&["G1", "G1", "G1", "G5", "G5", "G5"]),
        departments: vec![dept(["G2", "G3", "G4"], ["G2", "G3", "G4"], 1)],
    };
    let day = Day::begin(0, 1, board(&[], "e5"), stuck);
    let lit = Some(p("G1"));
    assert_eq!(day.declaration(Action::DeclareStalemate, lit, FOUR).map(|p| p.total()), Some(21));
    assert_eq!(day.declaration(Action::Declare, lit, FOUR), None, "R11: one revealed Department");
    assert_eq!(day.declaration(Action::Capture { to: sq("a1") }, lit, FOUR), None);
    // In play: every declaration credits exactly what was previewed (R18, R30).
    let mut checked = 0;
    for seed in 0..6 {
        let mut game = new_game(4, true, seed);
        let mut preview = None;
        play_easy(&mut game, seed, |game, action, outcome| {
            if let Outcome::SeasonEnded { result, .. } = outcome {
                if let SeasonEnd::Declared { patterns, .. } | SeasonEnd::Stalemate { patterns, .. } = result.end {
                    assert_eq!(preview, Some((action, patterns)));
                    checked += 1;
                }
            }
            preview = [Action::Declare, Action::DeclareStalemate]
                .into_iter()
                .find_map(|a| game.declaration_preview(a).map(|p| (a, p)));
            true
        });
    }
    assert!(checked >= 6, "{checked} declarations");
}

#[test]
fn a_day_taken_back_whole_is_the_day_start() {
    let mut game = new_game(3, true, 4);
    play_easy(&mut game, 4, |game, _, _| game.day().steps.len() < 2 && game.day().number < 40);
    assert!(game.day().steps.len() >= 2, "a Day with steps");
    let start = game.day_start();
    assert!(start.steps.is_empty());
    let mut by_undo = game.clone();
    while !by_undo.day().steps.is_empty() {
        by_undo.apply(Action::Undo, &mut seeded(0)).unwrap();
    }
    game.undo_day();
    assert_eq!(game, by_undo, "RULES.md, A Day: undone step by step");
    assert_eq!(game.day(), &start);
    // The view's rewind, from the hand it sees now, finds the same start.
    let day = by_undo.day().clone();
    let (b, h) = day.rewound(day.hand.concealed, &game.season().hands[day.player].departments);
    assert_eq!((b, &h), (start.board, &start.hand));
}

#[test]
fn r10_a_form_is_the_same_step_in_any_order_and_actions_say_where_days_end() {
    let reading: Reading = serde_json::from_value(serde_json::json!(["W1", "W2", "W3"])).unwrap();
    let a = Action::Form { pieces: [p("W3"), p("J"), p("W1")], reading };
    let b = Action::Form { pieces: [p("W1"), p("W3"), p("J")], reading };
    assert_ne!(a, b);
    assert_eq!(a.canonical(), b.canonical());
    assert_eq!(Action::Undo.canonical(), Action::Undo);
    for (action, ends_day, ends_season, between) in [
        (Action::Capture { to: sq("a1") }, true, false, false),
        (Action::Declare, true, true, false),
        (Action::DeclareStalemate, true, true, false),
        (Action::EndSeasonByAgreement, false, true, true),
        (Action::NextSeason, false, false, true),
        (Action::EndGameByAgreement, false, false, true),
        (Action::Move { from: sq("a1") }, false, false, false),
        (a, false, false, false),
    ] {
        assert_eq!(
            (action.ends_day(), action.ends_season(), action.is_between_days()),
            (ends_day, ends_season, between)
        );
        assert_eq!(action.is_day_boundary(), ends_day || between, "{action:?}");
    }
}

#[test]
fn r18_r20_season_points_add_up_to_the_scores_and_agreement_waits_for_a_quiet_table() {
    let mut game = new_game(2, true, 8);
    assert!(game.may_end_season_by_agreement() && game.may_end_game_by_agreement());
    assert_eq!(game.turn(u32::MAX), Turn::Seat(game.to_move()));
    let mut during_day = None;
    play_easy(&mut game, 8, |game, _, _| {
        if !game.day().steps.is_empty() {
            during_day = Some((game.may_end_season_by_agreement(), game.may_end_game_by_agreement()));
        }
        true
    });
    assert_eq!(during_day, Some((false, false)), "not while a Day is under way");
    assert!(matches!(game.status(), Status::GameOver { .. }));
    assert_eq!(game.turn(0), Turn::Over);
    assert_eq!(game.results().len(), 2, "R20: as many Seasons as players");
    for player in 0..2 {
        let seasons: i32 = (1..=2).map(|s| game.season_points(s, player)).sum();
        assert_eq!(seasons, game.scores()[player]);
        for s in 1..=2 {
            let formation: i32 = game
                .ledger()
                .iter()
                .filter(|e| e.season == s && e.player == player && matches!(e.reason, LedgerReason::Formation { .. }))
                .map(|e| e.points)
                .sum();
            assert_eq!(game.season_bonuses(s, player) + formation, game.season_points(s, player));
        }
    }
}

#[test]
fn r20_the_table_starts_the_next_season_and_ends_one_past_the_day_cap() {
    let mut game = new_game(3, false, 2);
    assert_eq!(game.turn(0), Turn::Table(Action::EndSeasonByAgreement), "Day 1 is past a cap of 0 Days");
    game.apply(Action::EndSeasonByAgreement, &mut seeded(0)).unwrap();
    assert_eq!(game.turn(0), Turn::Table(Action::NextSeason));
    let drive = GameLoop { day_cap: 3, check_invariants: true };
    let mut never = |_: &Game, _: usize| -> Result<Action, String> { Err("asked".into()) };
    assert_eq!(drive.step(&mut game, &mut never, &mut seeded(0)).unwrap().map(|(a, _)| a), Some(Action::NextSeason));
    assert_eq!(
        drive.step(&mut game, &mut never, &mut seeded(0)).unwrap_err().fault,
        GameLoopFault::Player("asked".to_string()),
        "Day 1 is the players'"
    );
}

/// R9, R10, R18: a Day's bonuses and refunds show beside the score while the Day is played
/// (`Game::uncommitted_points`) and move into the score when the Day is committed, so what
/// a screen shows (score + uncommitted points) does not change when a Day ends, and a
/// declaration adds only its formation score: the bonus of a Form made before declaring is
/// counted once.
#[test]
fn r9_r10_r18_a_days_points_are_shown_once_before_and_after_it_is_committed() {
    let mut declared_with_points = 0;
    for seed in 0..40u64 {
        let players = 2 + (seed % 3) as usize;
        let mut game = new_game(players, seed % 2 == 0, seed);
        let shown = |g: &Game| (0..players).map(|p| g.scores()[p] + g.uncommitted_points(p)).collect::<Vec<i32>>();
        let mut before = shown(&game);
        let mut ledger_len = game.ledger().len();
        play_easy(&mut game, seed, |g, action, _| {
            let now = shown(g);
            let commits = action.ends_day() || matches!(action, Action::Declare | Action::DeclareStalemate);
            if commits {
                for (p, (now, before)) in now.iter().zip(&before).enumerate() {
                    let formation: i32 = g.ledger()[ledger_len..]
                        .iter()
                        .filter(|e| e.player == p && matches!(e.reason, LedgerReason::Formation { .. }))
                        .map(|e| e.points)
                        .sum();
                    assert_eq!(*now, before + formation, "seed {seed}, seat {p}, after {action:?}");
                }
                let mover_had_points = g.day().pending_points() != 0;
                if matches!(action, Action::Declare | Action::DeclareStalemate) && mover_had_points {
                    declared_with_points += 1;
                }
            }
            assert!((0..players).all(|p| g.uncommitted_points(p) == 0) || g.status() == Status::Playing);
            before = now;
            ledger_len = g.ledger().len();
            true
        });
    }
    assert!(declared_with_points > 0, "no declaration came after a Form or Dissolve in its own Day");
}
