//! Property tests: random games keep every invariant, replay exactly, survive a save, and
//! the engine never leaves the player to move without a legal action.

use lauzait_engine::randomness::seeded;
use lauzait_engine::sets::{readings, splits_into_sets};
use lauzait_engine::*;
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays up to `max_actions` uniformly random legal actions (with occasional Undo and
/// agreement endings), checking invariants after every committed Day.
fn random_game(players: usize, luminous: bool, seed: u64, max_actions: usize) -> Game {
    // The game's chance, drawn as each throw and deal happens.
    let mut chance = seeded(seed);
    let mut game = Game::new(GameOptions::for_players(players, luminous).unwrap(), &mut chance);
    let mut rng = Pcg64Mcg::seed_from_u64(seed.wrapping_add(1));
    let mut random_player = |game: &Game, _: usize| -> Result<Action, std::convert::Infallible> {
        let day = game.day();
        let legal = day.legal_actions(game.players());
        assert!(!legal.is_empty(), "the engine stranded the player to move: {day:?}");
        Ok(if !day.steps.is_empty() && rng.random_ratio(1, 10) {
            Action::Undo
        } else {
            *legal.choose(&mut rng).unwrap()
        })
    };
    let drive = GameLoop { day_cap: 300, check_invariants: true };
    for _ in 0..max_actions {
        let step = drive.step(&mut game, &mut random_player, &mut chance).unwrap_or_else(|e| panic!("{}", e.fault));
        let Some((_, outcome)) = step else { break };
        if outcome.is_between_days() {
            let s = game.season();
            assert_eq!(s.board.pieces().total(), 24, "24 on the board between Days");
            assert!(s.hands.iter().all(|h| h.total() == 9), "hands of nine between Days");
            for p in 0..players {
                assert_eq!(s.known(p), known_by_folding(s, p), "the known pieces kept Day by Day");
            }
        }
    }
    game
}

/// The known pieces of `player` straight from their definition: every seen Day folded in.
fn known_by_folding(season: &Season, player: usize) -> PieceCounts {
    let days = season.seen.days().iter().filter(|d| d.player == player);
    days.fold(PieceCounts::new(), |known, d| d.known_after(known))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants_and_replay(players in 2usize..=4, luminous: bool, seed: u64) {
        let game = random_game(players, luminous, seed, 4000);
        prop_assert_eq!(game.invariant_violation(), None);
        let replayed = Game::replay(game.options().clone(), game.chances(), game.log()).unwrap();
        prop_assert_eq!(&replayed, &game);
    }

    #[test]
    fn a_saved_game_loads_back_identical(players in 2usize..=4, seed: u64, actions in 0usize..600) {
        let game = random_game(players, true, seed, actions);
        let json = serde_json::to_string(&game).unwrap();
        let loaded: Game = serde_json::from_str(&json).unwrap();
        // Equal before the replay too: the known pieces are derived from the seen Days.
        prop_assert_eq!(&loaded, &game);
        prop_assert_eq!(loaded.verified().unwrap(), game);
    }

    #[test]
    fn an_edited_save_is_refused(seed: u64, actions in 1usize..300, bump in 1i32..5) {
        let game = random_game(3, false, seed, actions);
        let mut value = serde_json::to_value(&game).unwrap();
        let score = value["scores"][0].as_i64().unwrap();
        value["scores"][0] = (score + bump as i64).into();
        let edited: Game = serde_json::from_value(value).unwrap();
        prop_assert!(edited.verified().is_err());
    }

    #[test]
    fn the_fast_complete_hand_check_agrees_with_brute_force(
        hand in proptest::collection::vec(0usize..21, 9),
        four: bool,
    ) {
        let players = if four { PlayerCount::Four } else { PlayerCount::Three };
        let pieces: Vec<Piece> = hand.iter().map(|&i| Piece::from_index(i).unwrap())
            .filter(|p| p.is_in_play(players)).collect();
        prop_assume!(pieces.len() == 9);
        let counts: PieceCounts = pieces.iter().copied().collect();
        prop_assert_eq!(splits_into_sets(&counts, players), brute_force_split(&pieces, players));
    }
}

/// Tries every way to cut the pieces into triples.
fn brute_force_split(pieces: &[Piece], players: PlayerCount) -> bool {
    if pieces.is_empty() {
        return true;
    }
    let (first, rest) = pieces.split_first().unwrap();
    for i in 0..rest.len() {
        for j in i + 1..rest.len() {
            if !readings([*first, rest[i], rest[j]], players).is_empty() {
                let others: Vec<Piece> =
                    rest.iter().enumerate().filter(|(k, _)| *k != i && *k != j).map(|(_, p)| *p).collect();
                if brute_force_split(&others, players) {
                    return true;
                }
            }
        }
    }
    false
}

#[test]
fn the_same_seed_and_choices_give_the_same_game() {
    let a = random_game(4, true, 42, 3000);
    let b = random_game(4, true, 42, 3000);
    assert_eq!(a, b);
    assert_ne!(a, random_game(4, true, 43, 3000));
}

#[test]
fn views_show_nothing_hidden() {
    let game = random_game(4, true, 7, 200);
    let view = game.view(1).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(!json.contains("\"seed\"") && !json.contains("\"rng\""), "a game holds no generator");
    // The view's unseen pieces are exactly the others' concealed pieces and the pool.
    let mut hidden = game.season().pool;
    for p in [0usize, 2, 3] {
        if p == game.to_move() {
            hidden.add_all(&game.day().hand.concealed);
        } else {
            hidden.add_all(&game.season().hands[p].concealed);
        }
    }
    assert_eq!(view.unseen(), hidden);
    assert!(game.view(4).is_none());
}

#[test]
fn a_save_whose_seen_days_claim_a_piece_not_held_breaks_the_known_pieces_invariant() {
    let game = random_game(2, false, 3, 40);
    let season = game.season();
    assert!(!season.seen.is_empty() && game.status() == Status::Playing, "a Season under way");
    let mover = game.to_move();
    let other = 1 - mover;
    let absent = Piece::all().find(|&p| season.hands[other].concealed.get(p) == 0).unwrap();
    let claim = SeenDay { player: other, dissolved: None, formed: None, discarded: None, taken: Some(absent) };
    let mut value = serde_json::to_value(&game).unwrap();
    value["season"]["seen"].as_array_mut().unwrap().push(serde_json::to_value(claim).unwrap());
    let edited: Game = serde_json::from_value(value).unwrap();
    let violation = edited.invariant_violation().expect("the claimed piece is not held");
    assert!(matches!(violation, Invariant::KnownNotConcealed { player, .. } if player == other), "{violation}");
    assert!(violation.to_string().contains("known pieces"), "{violation}");
    assert!(edited.verified().is_err());
}

/// Any action at all, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    let piece = (0usize..21).prop_map(|i| Piece::from_index(i).unwrap());
    let square = (0usize..25).prop_map(|i| Square::from_index(i).unwrap());
    let reading = (any::<bool>(), any::<bool>(), 0u8..10).prop_filter_map("a set", |(triple, white, low)| {
        let kind = if triple { SetKind::Triple } else { SetKind::Sequence };
        Reading::new(kind, if white { Colour::White } else { Colour::Green }, low)
    });
    prop_oneof![
        (0u8..5).prop_map(|department| Action::Dissolve { department }),
        (proptest::array::uniform3(piece.clone()), reading)
            .prop_map(|(pieces, reading)| Action::Form { pieces, reading }),
        Just(Action::Declare),
        Just(Action::DeclareStalemate),
        piece.prop_map(|piece| Action::Discard { piece }),
        square.clone().prop_map(|from| Action::Move { from }),
        square.prop_map(|to| Action::Capture { to }),
        Just(Action::Undo),
        Just(Action::NextSeason),
        Just(Action::EndSeasonByAgreement),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_action_is_applied_or_refused_without_change(
        seed: u64,
        warmup in 0usize..200,
        actions in proptest::collection::vec(any_action(), 1..60),
    ) {
        let mut game = random_game(2, true, seed, warmup);
        let mut chance = seeded(seed ^ 1);
        for action in actions {
            let before = game.clone();
            if game.apply(action, &mut chance).is_err() {
                prop_assert_eq!(&game, &before);
            }
            prop_assert_eq!(game.invariant_violation(), None);
        }
        let replayed = Game::replay(game.options().clone(), game.chances(), game.log()).unwrap();
        prop_assert_eq!(replayed, game);
    }

    #[test]
    fn analyze_answers_any_line_with_json(line in ".{0,200}") {
        let answer: serde_json::Value = serde_json::from_str(&lauzait_analyze::answer_line(&line)).unwrap();
        prop_assert!(answer.is_object());
    }

    #[test]
    fn analyze_answers_any_piece_lists(
        codes in proptest::collection::vec("(G|W)[0-9]|J|X|", 0..12),
        kind in 0usize..3,
    ) {
        let list = serde_json::json!(codes);
        let request = match kind {
            0 => serde_json::json!({"sets": list}),
            1 => serde_json::json!({"declare": {"hand": list, "revealed": [], "luminous": null}}),
            _ => serde_json::json!({"hires": {"board": list, "hand": list, "revealed": []}}),
        };
        let answer: serde_json::Value = serde_json::from_str(&lauzait_analyze::answer_line(&request.to_string())).unwrap();
        prop_assert!(answer.is_object());
    }
}

#[test]
fn random_games_reach_later_seasons() {
    let game = random_game(3, true, 1, 20_000);
    assert!(game.log().len() > 1000, "only {} actions", game.log().len());
    assert!(game.season().number >= 2 || matches!(game.status(), Status::GameOver { .. }));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn notation_parsers_never_panic(text in "(LZR1|LZR2|LZP1)? ?[A-Za-z0-9=:,/+>!#~*? -]{0,80}") {
        let _ = lauzait_engine::Record::parse(&text);
        let _ = lauzait_engine::notation::Position::parse(&text);
    }

    #[test]
    fn records_of_random_games_replay(players in 2usize..=4, seed: u64, actions in 0usize..500) {
        use lauzait_engine::Record;
        let game = random_game(players, true, seed, actions);
        let text = Record::of(&game).to_string();
        prop_assert_eq!(&Record::parse(&text).unwrap().replay().unwrap(), &game);
        // What every player saw replays too, on stand-in hands: the same table, scores and
        // log, and no dealt hand, no pool in the text.
        let public = Record::public(&game);
        let text = public.to_string();
        prop_assert!(!text.contains("seed"));
        let reread = Record::parse(&text).unwrap();
        prop_assert_eq!(&reread, &public);
        let stand_in = reread.replay().unwrap();
        prop_assert_eq!(stand_in.invariant_violation(), None);
        prop_assert_eq!(stand_in.log(), game.log());
        prop_assert_eq!(stand_in.scores(), game.scores());
        prop_assert_eq!(stand_in.day().board, game.day().board);
        prop_assert_eq!(stand_in.status(), game.status());
        prop_assert_eq!(&stand_in.chances().iter().filter(|d| matches!(d.chance, Chance::Throw { .. })).collect::<Vec<_>>(),
            &game.chances().iter().filter(|d| matches!(d.chance, Chance::Throw { .. })).collect::<Vec<_>>());
    }

    /// A record that shows the first Season's deal and hides the later ones (written by
    /// hand, or cut together from two records) replays as well: stand-ins go to the hidden
    /// deals only, each Season's to its own.
    #[test]
    fn records_hiding_only_the_later_deals_replay(players in 2usize..=4, seed: u64, actions in 600usize..2500) {
        use lauzait_engine::Record;
        let game = random_game(players, true, seed, actions);
        let full = Record::of(&game);
        let mut mixed = Record::public(&game);
        let opening = |d: &lauzait_engine::randomness::Drawn| matches!(d.chance, Chance::Opening { .. });
        prop_assume!(full.chances.iter().filter(|d| opening(d)).count() >= 2);
        let first = full.chances.iter().position(opening).unwrap();
        mixed.chances[first] = full.chances[first].clone();
        let replayed = Record::parse(&mixed.to_string()).unwrap().replay();
        prop_assert!(replayed.is_ok(), "{:?}", replayed.err());
        let replayed = replayed.unwrap();
        prop_assert_eq!(replayed.log(), game.log());
        prop_assert_eq!(replayed.scores(), game.scores());
        prop_assert_eq!(&replayed.chances()[first], &full.chances[first]);
    }
}

proptest! {
    /// The checked difference of piece counts (used for the pool of a deal read from a
    /// record, R1/R3/R6): defined exactly when every piece is there to take, and then
    /// adding back what was taken gives the counts again.
    #[test]
    fn taking_pieces_away_is_checked(a in proptest::collection::vec(0usize..34, 0..40),
                                     b in proptest::collection::vec(0usize..34, 0..40)) {
        let kinds: Vec<Piece> = Piece::all().collect();
        let from: PieceCounts = a.iter().map(|&i| kinds[i % kinds.len()]).collect();
        let taken: PieceCounts = b.iter().map(|&i| kinds[i % kinds.len()]).collect();
        match from.without(&taken) {
            Some(mut rest) => {
                prop_assert!(from.contains_all(&taken));
                rest.add_all(&taken);
                prop_assert_eq!(rest, from);
            }
            None => prop_assert!(!from.contains_all(&taken)),
        }
    }
}
