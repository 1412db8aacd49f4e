//! Rule tests on the Day and the game; each names the rule it checks (RULES.md).

use lauzait_cep::engine::*;

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
    Game::new(GameOptions::for_players(players, luminous).unwrap(), seed)
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
    game.apply(Action::EndGameByAgreement).unwrap();
    assert_eq!(game.status(), Status::GameOver { by_agreement: true });
    assert_eq!(game.leaders(), vec![0, 1, 2], "all tied leaders win");
    assert_eq!(game.apply(Action::Declare), Err(RuleError::GameOver));
}

#[test]
fn r7_later_seasons_start_with_the_fewest_points() {
    let mut game = new_game(4, false, 9);
    // Play Easy Days until the first Season ends.
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    while game.status() == Status::Playing {
        let view = game.view(game.to_move()).unwrap();
        let action = lauzait_cep::bots::easy::choose(&view, &mut rng).unwrap();
        game.apply(action).unwrap();
    }
    assert_eq!(game.status(), Status::SeasonOver);
    let scores = game.scores().to_vec();
    game.apply(Action::NextSeason).unwrap();
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
    assert!(game.apply(Action::Capture { to: sq("a1") }).is_err());
    assert!(game.apply(Action::Move { from: sq("a1") }).is_err());
    assert!(game.apply(Action::NextSeason).is_err());
    assert!(game.apply(Action::Undo).is_err());
    assert_eq!(game, before);
}
