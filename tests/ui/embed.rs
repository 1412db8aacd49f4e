//! An embedded board's logic (`ui::embed`, EMBEDDING.md), natively: what a tap, a key and
//! the throw button do, and what the caption says, for each demonstration.

use lauzait_engine::{Piece, Seat, Square};
use lauzait_ui::embed::params::Demo;
use lauzait_ui::embed::{CaptionBody, Embed, EmbedMsg};
use lauzait_ui::i18n::Lang;
use lauzait_ui::layout::Layout;
use lauzait_ui::msg::Key;
use lauzait_ui::uri::encode_component;

const POS: &str = "LZP1 W1G2JW9W5/G7W3W7G5W1/W1W9G1W4-/W2G3G4W3W8/G8W6G4W6W5 red:0:9,blue:0:9 red+ s1d1 lum=W2";

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn position_link() -> Embed {
    Embed::new(&format!("#position={}", encode_component(POS)), "en-GB")
}

fn board_squares(e: &Embed, occupied: bool) -> Vec<Square> {
    let pos = e.board().unwrap();
    Square::all().filter(|&s| pos.board.get(s).is_some() == occupied).collect()
}

#[test]
fn r12_4_a_tap_on_a_piece_shows_its_moves_and_a_second_tap_puts_it_back() {
    let mut e = position_link();
    let layout = Layout::default();
    assert!(e.answers_input(), "a position link is interactive");
    assert_eq!(e.selected, None);
    assert!(matches!(e.caption().body, CaptionBody::Board { chosen: None, tap_hint: true, .. }));

    assert!(e.update(EmbedMsg::Tap(sq("b2")), &layout));
    assert_eq!(e.selected, Some(sq("b2")));
    let CaptionBody::Board { chosen: Some(m), tap_hint: false, .. } = e.caption().body else {
        panic!("the chosen piece's moves")
    };
    assert_eq!((m.from, m.destinations), (sq("b2"), sq("b2").destinations().len()));
    assert_eq!(m.piece, e.board().unwrap().board.get(sq("b2")));

    assert!(e.update(EmbedMsg::Tap(sq("b2")), &layout));
    assert_eq!(e.selected, None, "tapped again: put back");

    e.update(EmbedMsg::Tap(sq("b2")), &layout);
    let empty = board_squares(&e, false)[0];
    e.update(EmbedMsg::Tap(empty), &layout);
    assert_eq!(e.selected, None, "an empty square chooses nothing");
}

#[test]
fn an_embed_that_is_not_interactive_leaves_taps_and_keys_to_the_page() {
    let mut e = Embed::new(&format!("#embed={}", encode_component(POS)), "en");
    let layout = Layout::default();
    assert!(!e.answers_input());
    let piece = board_squares(&e, true)[0];
    assert!(!e.update(EmbedMsg::Tap(piece), &layout));
    assert!(!e.update(EmbedMsg::Key(Key::Select), &layout));
    assert!(!e.update(EmbedMsg::ThrowAgain, &layout), "no sticks outside the throw demo");
    assert_eq!((e.selected, e.cursor, e.throws), (None, None, 0));
    assert!(matches!(e.caption().body, CaptionBody::Board { info: Some(_), chosen: None, tap_hint: false }));
}

#[test]
fn keys_move_a_cursor_from_the_mountain_choose_with_enter_and_put_back_with_escape() {
    let mut e = position_link();
    let layout = Layout::default();
    // Enter with nothing chosen: the cursor starts on the Mountain.
    assert!(e.update(EmbedMsg::Key(Key::Select), &layout));
    assert_eq!(e.cursor, Some(Square::MOUNTAIN));
    // An arrow moves the cursor one square on screen, not the choice.
    let chosen = e.selected;
    assert!(e.update(EmbedMsg::Key(Key::Up), &layout));
    let above = e.cursor.unwrap();
    assert_ne!(above, Square::MOUNTAIN);
    assert_eq!(e.selected, chosen);
    e.update(EmbedMsg::Key(Key::Select), &layout);
    assert_eq!(e.selected, e.board().unwrap().board.get(above).map(|_| above));
    assert!(e.update(EmbedMsg::Key(Key::Back), &layout));
    assert_eq!(e.selected, None);
    // A key the embed has no use for stays the browser's.
    assert!(!e.update(EmbedMsg::Key(Key::Form), &layout));
}

#[test]
fn r12_4_r12_6_the_mountain_demo_counts_its_water_destinations() {
    let e = Embed::new("#embed=&demo=mountain", "en");
    assert_eq!(e.params.demo, Demo::Moves(Square::MOUNTAIN));
    assert!(e.board().is_some(), "a fresh deal's table when no position is given");
    let CaptionBody::Board { info: None, chosen: Some(m), .. } = e.caption().body else {
        panic!("the Mountain's moves")
    };
    assert_eq!((m.destinations, m.water), (12, 8));
    assert_eq!(m.piece, None, "a fresh deal leaves the Mountain empty (R6): the caption speaks of a piece");
}

#[test]
fn r12_6_the_same_seed_throws_the_same_sticks_and_the_button_throws_again() {
    let layout = Layout::default();
    let mut a = Embed::new("#embed&demo=throw&seed=9", "en");
    let mut b = Embed::new("#embed&demo=throw&seed=9", "en");
    assert!(a.board().is_none());
    assert_eq!(a.throws, 1);
    assert_eq!(a.sticks, b.sticks);
    assert!(matches!(a.caption().body, CaptionBody::Throw(s) if Some(s) == a.sticks));
    let mut seen = vec![a.sticks];
    for _ in 0..8 {
        assert!(a.update(EmbedMsg::ThrowAgain, &layout));
        b.update(EmbedMsg::ThrowAgain, &layout);
        assert_eq!(a.sticks, b.sticks);
        seen.push(a.sticks);
    }
    assert_eq!(a.throws, 9);
    seen.dedup();
    assert!(seen.len() > 1, "throwing again gives other sticks");
    assert!(!a.update(EmbedMsg::Tap(Square::MOUNTAIN), &layout), "no board to tap");
}

#[test]
fn r14_r15_the_readings_demo_lists_every_reading_best_first_or_says_why_not() {
    let e = Embed::new("#embed&demo=readings&pieces=JJG5&players=4", "en");
    let CaptionBody::Readings { pieces, readings } = e.caption().body else { panic!("readings") };
    assert_eq!(pieces[0], Piece::JOKER);
    assert!(readings.len() >= 4, "two Jokers read many ways");
    assert!(readings.windows(2).all(|w| w[0].bonus >= w[1].bonus), "best first");

    let bad = Embed::new("#embed&demo=readings&pieces=G3", "en").caption();
    assert_eq!(bad.body, CaptionBody::Nothing);
    assert!(bad.error.is_some_and(|e| e.to_string().starts_with("pieces: ")));
}

#[test]
fn r17_r30_the_scoring_demo_scores_a_complete_hand_and_refuses_an_incomplete_one() {
    let e = Embed::new("#embed&demo=scoring&hand=G1G2G3G4G5G6W7W7W7&lum=W2", "en");
    let CaptionBody::Scoring { hand, luminous, patterns } = e.caption().body else { panic!("scoring") };
    assert_eq!(hand.len(), 9);
    assert_eq!(luminous, Some("W2".parse().unwrap()));
    assert!(patterns.is_some_and(|p| p.total() >= 3));

    let CaptionBody::Scoring { patterns: None, .. } =
        Embed::new("#embed&demo=scoring&hand=G1G2G4", "en").caption().body
    else {
        panic!("a hand that may not declare")
    };
    let bad = Embed::new("#embed&demo=scoring&hand=Q9", "en").caption();
    assert!(bad.error.is_some_and(|e| e.to_string().starts_with("hand: ")));
}

#[test]
fn r1_r3_r6_a_demonstration_shows_only_pieces_one_game_has() {
    let error = |hash: &str| Embed::new(hash, "en").caption().error.map(|e| e.to_string()).unwrap_or_default();
    // A 7 has three copies (R1): three in the hand and the luminous one make four, and the
    // luminous piece is the one to mend.
    assert_eq!(
        error("#embed&demo=scoring&hand=G1G2G3G4G5G6W7W7W7&lum=W7"),
        "lum: 4 copies of W7, but the game has 3 (R1, R3)"
    );
    assert_eq!(error("#embed&demo=scoring&hand=W7W7W7W7"), "hand: 4 copies of W7, but the game has 3 (R1, R3)");
    assert_eq!(
        error(&format!("#embed&demo=scoring&hand={}", "G1".repeat(10))),
        "hand: 10 pieces, but a hand holds 9 (R6)"
    );
    // Two players have two Jokers and no zeros (R3).
    assert_eq!(
        error("#embed&demo=readings&pieces=JJJ&players=2"),
        "pieces: 3 copies of J, but the game has 2 (R1, R3)"
    );
    assert_eq!(error("#embed&demo=readings&pieces=G0G1G2&players=3"), "pieces: G0 is not in a game of 3 players (R3)");
    assert_eq!(error("#embed&demo=readings&pieces=JJG5&players=4"), "");
}

#[test]
fn the_address_language_wins_over_the_browsers_and_the_position_says_whose_day_it_is() {
    assert_eq!(Embed::new("#embed&demo=throw", "ja-JP").lang, Lang::Ja);
    assert_eq!(Embed::new("#embed&demo=throw&lang=en", "ja-JP").lang, Lang::En);
    let e = Embed::new(&format!("#embed={}", encode_component(POS)), "en");
    let CaptionBody::Board { info: Some(i), .. } = e.caption().body else { panic!("the position's info") };
    assert_eq!((i.season, i.day, i.to_move), (1, 1, Seat::Red));
    assert_eq!(i.luminous, Some("W2".parse().unwrap()));
}

#[test]
fn a_malformed_position_shows_its_error_and_no_board() {
    let e = Embed::new("#position=LZP1%20G1%2FG2", "en");
    assert!(e.board().is_none());
    assert!(!e.answers_input());
    let c = e.caption();
    assert!(c.error.is_some_and(|e| e.to_string().starts_with("Position: ")));
    assert_eq!(c.body, CaptionBody::Nothing);
}
