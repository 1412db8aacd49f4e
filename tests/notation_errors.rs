//! Notation read from files and links (records, positions) is untrusted: whatever the text,
//! `Record::parse` + `replay` and `Position::parse` answer with a value or an error that
//! says where and why — they never panic. Texts are built from real records and positions
//! with random tokens replaced, removed, duplicated or mangled.

use lauzait_cep::engine::notation::{Position, Record};
use lauzait_cep::engine::*;
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
    let mut game = Game::new(GameOptions::for_players(3, true).unwrap(), 5);
    for _ in 0..40 {
        let a = game.day().legal_actions(game.players())[0];
        game.apply(a).unwrap();
    }
    notation::Record::of(&game).to_string()
}

fn a_position() -> String {
    let game = Game::new(GameOptions::for_players(4, true).unwrap(), 9);
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
