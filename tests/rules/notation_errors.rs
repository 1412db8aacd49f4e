//! Notation read from files and links (records, positions) is untrusted: whatever the text,
//! `Record::parse` + `replay` and `Position::parse` answer with a value or an error that
//! says where and why — they never panic. Texts are built from real records and positions
//! with random tokens replaced, removed, duplicated or mangled.

use lauzait_engine::notation::Position;
use lauzait_engine::randomness::seeded;
use lauzait_engine::Record;
use lauzait_engine::*;
use proptest::prelude::*;

const ODD: &[&str] = &[
    "",
    "é",
    "+",
    "-",
    "/",
    ":",
    "=",
    "J",
    "G",
    "W",
    "G0",
    "W9",
    "x",
    "x9",
    "x-1",
    "f",
    "fJJJ=",
    "fG1G2G3=W1W2W3",
    ">",
    ">c3",
    ">z9",
    "a0",
    "f6",
    "c3",
    "!",
    "#",
    "u",
    "n",
    "~",
    "end",
    "seed=",
    "seed=-1",
    "lum=",
    "red",
    "red,red",
    "red+",
    "redé",
    "s0d0",
    "s1d",
    "s255d4294967295",
    "lum=G8",
    "lum=é",
    "G1G1G1G1G1/G1G1G1G1G1/G1G1-G1G1/G1G1G1G1G1/G1G1G1G1G1",
    "red:0:9",
    "red:x:9",
    "red:0:9:G1G2G3=G1G2G3",
    "red:0:9:;",
    "red:0:G1G1G1G1G1G1G1G1G1",
    "🀄",
    "\u{0}",
];

fn a_record() -> String {
    let mut chance = seeded(5);
    let mut game = Game::new(GameOptions::for_players(3, true).unwrap(), &mut chance);
    for _ in 0..40 {
        let a = game.day().legal_actions(game.players())[0];
        game.apply(a, &mut chance).unwrap();
    }
    Record::of(&game).to_string()
}

fn a_position() -> String {
    let game = Game::new(GameOptions::for_players(4, true).unwrap(), &mut seeded(9));
    Position::of_view(&game.view(1).unwrap(), true).to_string()
}

fn mangle(text: &str, edits: &[(usize, usize, usize)]) -> String {
    let mut tokens: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    for &(kind, at, odd) in edits {
        if tokens.is_empty() {
            tokens.push(ODD[odd % ODD.len()].to_owned());
            continue;
        }
        let i = at % tokens.len();
        match kind % 5 {
            0 => tokens[i] = ODD[odd % ODD.len()].to_owned(),
            1 => {
                tokens.remove(i);
            }
            2 => {
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            3 => {
                // Cut the token at a character boundary and append an odd piece.
                let t = &tokens[i];
                let cut = t.char_indices().map(|(b, _)| b).nth(odd % (t.chars().count() + 1)).unwrap_or(t.len());
                tokens[i] = format!("{}{}", &t[..cut], ODD[odd % ODD.len()]);
            }
            _ => tokens.insert(i, ODD[odd % ODD.len()].to_owned()),
        }
    }
    tokens.join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mangled_records_are_refused_or_replayed_never_a_panic(edits in prop::collection::vec((0usize..5, 0usize..200, 0usize..1000), 1..4)) {
        let text = mangle(&a_record(), &edits);
        match Record::parse(&text) {
            Ok(record) => {
                if let Err(e) = record.replay() {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn mangled_positions_are_refused_or_read_never_a_panic(edits in prop::collection::vec((0usize..5, 0usize..10, 0usize..1000), 1..3)) {
        let text = mangle(&a_position(), &edits);
        match Position::parse(&text) {
            Ok(p) => prop_assert_eq!(Position::parse(&p.to_string()).unwrap(), p),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// A full board with c3 empty, as the brief positions below use it.
const BOARD: &str = "G1G1G1G1G2/G2G2G2G3G3/G3G3-G4G4/G4G5G5G5G6/G6G6G7G7G7";

#[test]
fn r6_a_hidden_hand_too_large_to_add_is_refused_not_wrapped() {
    // 18446744073709551613 + 4 Departments × 3 wraps to 9 in a usize: once accepted as valid.
    let text = format!(
        "LZP1 {BOARD} red:0:18446744073709551613:W1W2W3=W1W2W3;W4W5W6=W4W5W6;W7W8W9=W7W8W9;W1W2W3=W1W2W3,blue:0:9 red+ s1d1 lum=off"
    );
    let e = Position::parse(&text).unwrap_err();
    assert_eq!(e.token, 3, "{e}");
    assert!(
        e.why.to_string().contains("red has 18446744073709551613 concealed pieces")
            && e.why.to_string().contains("(R6)"),
        "{e}"
    );
    // A number past usize is refused the same way, not read as piece codes.
    let e = Position::parse(&format!("LZP1 {BOARD} red:0:{},blue:0:9 red+ s1d1 lum=off", "9".repeat(30))).unwrap_err();
    assert!(e.why.to_string().contains("concealed pieces") && e.why.to_string().contains("(R6)"), "{e}");
}

#[test]
fn r6_r1_a_shown_hand_of_256_jokers_is_refused_not_wrapped() {
    // 256 Jokers once wrapped a u8 count to 0 Jokers.
    let text = format!("LZP1 {BOARD} red:0:{},blue:0:9 red+ s1d1 lum=off", "J".repeat(256));
    let e = Position::parse(&text).unwrap_err();
    assert_eq!(e.token, 3, "{e}");
    assert!(e.why.to_string().contains("red shows 256 concealed pieces") && e.why.to_string().contains("(R6)"), "{e}");
    // Nine Jokers make a hand of the right size but more Jokers than the game has.
    let e = Position::parse(&format!("LZP1 {BOARD} red:0:JJJJJJJJJ,blue:0:9 red+ s1d1 lum=off")).unwrap_err();
    assert!(e.why.to_string().contains("9 copies of J, but the game has 2 (R1, R3)"), "{e}");
}

#[test]
fn r1_r3_a_public_deal_with_more_copies_than_the_game_has_is_refused_not_wrapped() {
    // Found by `make fuzz` (tests/data/fuzz-regressions/record/crash-a57d…): a record of a
    // game under way whose deal shows more copies of a piece than the game has; dealing the
    // stand-in hands once subtracted the board from the full set and wrapped the counts.
    let text =
        "LZR2 red,blue lum=on : deal W0G4W8G1G6/W1W9G5W2W3/W8W2-G2G9/W7JW6W7G8/W5W6W3G6G5 red- lum=W5 hidden W6 a2 >a3";
    let record = Record::parse(text).expect("it reads: the deal is checked when replayed");
    let e = record.replay().unwrap_err();
    assert!(e.why.to_string().contains("a deal shows more copies of a piece than the game has"), "{e}");
}

#[test]
fn r10_more_than_three_departments_are_refused() {
    let four = ["W1W2W3=W1W2W3"; 4].join(";");
    let e = Position::parse(&format!("LZP1 {BOARD} red:0:0:{four},blue:0:9 red+ s1d1 lum=off")).unwrap_err();
    assert!(e.why.to_string().contains("red has 4 Departments") && e.why.to_string().contains("(R10)"), "{e}");
}

#[test]
fn a_megabyte_is_refused_at_once_with_its_length() {
    let huge = format!("LZR1 red,blue lum=on seed=1 : {}", "G3 ".repeat(350_000));
    let started = std::time::Instant::now();
    let e = Record::parse(&huge).unwrap_err();
    assert!(e.to_string().contains(&format!("the record is {} bytes long", huge.len())), "{e}");
    assert!(e.to_string().contains(&notation::MAX_RECORD_BYTES.to_string()), "{e}");
    let e = Position::parse(&huge.replace("LZR1", "LZP1")).unwrap_err();
    assert!(e.to_string().contains(&format!("the position is {} bytes long", huge.len())), "{e}");
    assert!(e.text.len() < 100, "the error keeps no copy of the text");
    assert!(started.elapsed() < std::time::Duration::from_millis(50), "{:?}", started.elapsed());
}

#[test]
fn errors_quote_long_tokens_cut_short() {
    let long = "q".repeat(100_000);
    let cases = [
        format!("LZR1 red,blue lum=on seed=1 : G3 {long}"),
        format!("LZR1 red,blue lum=on seed=1 : >{long}"),
        format!("LZR1 red,blue lum=on seed=1 : f{long}=G1G2G3"),
        format!("LZR1 red,{long} lum=on seed=1 :"),
        format!("LZR1 red,blue lum=on seed={long} :"),
    ];
    for text in &cases {
        let e = Record::parse(text).unwrap_err();
        assert!(e.to_string().len() < 300, "{} bytes of message", e.to_string().len());
        assert!(e.to_string().contains("(100000 characters)") || e.why.to_string().len() < 100, "{e}");
    }
    let long = "G1".repeat(1000);
    let cases = [
        format!("LZP1 {BOARD} red:0:9:{long}=G1G2G3,blue:0:9 red+ s1d1 lum=off"),
        format!("LZP1 {BOARD} red:{long}:9,blue:0:9 red+ s1d1 lum=off"),
        format!("LZP1 {BOARD} red:0:9,blue:0:9 red+ s1d1 lum={long}"),
        format!("LZP1 {long} red:0:9,blue:0:9 red+ s1d1 lum=off"),
    ];
    for text in &cases {
        let e = Position::parse(text).unwrap_err();
        assert!(e.to_string().len() < 300, "{e}");
    }
}

/// The pieces of an embed's `pieces=` or `hand=` (and of records and positions): read, or
/// refused with an excerpt of the text, never the whole of it (the embeds once had a copy
/// of this reader that quoted it whole).
#[test]
fn pieces_and_three_pieces_are_read_or_refused_with_an_excerpt() {
    use lauzait_engine::notation::{pieces_in, three_pieces};
    assert_eq!(pieces_in("JG3G5").unwrap().len(), 3);
    assert!(pieces_in("G3G").unwrap_err().to_string().contains("'G' is not a piece"));
    assert!(pieces_in("X1").is_err());
    assert!(three_pieces("G3G4J").is_ok());
    let long = format!("G1{}", "Q".repeat(5000));
    for e in [pieces_in(&long).unwrap_err(), three_pieces(&"G1".repeat(2000)).unwrap_err()] {
        let e = e.to_string();
        assert!(e.len() < 120, "a {}-byte message: {e:.120}", e.len());
    }
}

/// An undo shortens the log, so a length can come round again: an outcome of chance written
/// after an undo is kept after it when the record is written again, and a prefix of the
/// record holds only what came before its end (the replay viewer's steps). Found by the
/// `record` fuzz target.
#[test]
fn an_outcome_written_after_an_undo_stays_after_it() {
    let text = "LZR2 red,blue lum=off : W1 a1 *00011 u *00111 b2";
    let record = Record::parse(text).unwrap();
    let afters: Vec<usize> = record.chances.iter().map(|d| d.after).collect();
    assert_eq!(afters, [2, 1], "the second throw fell after the undo, at log length 1");
    assert_eq!(record.to_string().split(" : ").nth(1), Some("W1 a1 *00011 u *00111 b2"));
    assert_eq!(Record::parse(&record.to_string()).unwrap(), record);
    assert_eq!(record.prefix(2).chances.len(), 1, "before the undo only the first throw was drawn");
    assert_eq!(record.prefix(3).chances.len(), 2);
}

#[test]
fn r20_a_position_names_a_season_the_game_has_and_counts_far_from_their_ends() {
    let pos = |players: &str, turn: &str| format!("LZP1 {BOARD} {players} red+ {turn} lum=off");
    let two = "red:0:9,blue:0:9";
    assert!(Position::parse(&pos(two, "s2d1000000")).is_ok(), "the last Season of two players");
    // Two players play two Seasons (R20): a third is no position of theirs.
    let e = Position::parse(&pos(two, "s3d1")).unwrap_err();
    assert_eq!(e.token, 5, "{e}");
    assert!(e.why.to_string().contains("Season 3, but 2 players play 2 Seasons (R20)"), "{e}");
    let e = Position::parse(&pos(two, "s1d1000001")).unwrap_err();
    assert!(e.token == 5 && e.why.to_string().contains("Day 1000001 is past"), "{e}");
    // Scores beyond what a game can score, either way, are refused with the seat's name.
    assert!(Position::parse(&pos("red:-100000000:9,blue:100000000:9", "s1d1")).is_ok());
    let e = Position::parse(&pos("red:0:9,blue:-100000001:9", "s1d1")).unwrap_err();
    assert_eq!(e.token, 3, "{e}");
    assert!(e.why.to_string().contains("blue's score: -100000001 points is more than a game can score"), "{e}");
    let e = Position::parse(&pos(&format!("red:{}:9,blue:0:9", i32::MIN), "s1d1")).unwrap_err();
    assert!(e.why.to_string().contains("red's score"), "{e}");
}
