//! Choices as buttons: a phone's in table mode (`i18n::table_mode::action_label`) and the
//! post-game review's tries (`i18n::review::choice`). Every choice the engine offers has a
//! label of its own, in both languages, so a player never meets two buttons that read the
//! same and do different things (R14: a Joker's set can be read more than one way).

#[allow(dead_code)] // only its positions are used here
mod common;

use lauzait_cep::engine::{readings, Action, Piece, PlayerCount};
use lauzait_cep::ui::i18n::review::choice;
use lauzait_cep::ui::i18n::table_mode::action_label;
use lauzait_cep::ui::i18n::Lang;
use std::collections::HashSet;

fn distinct_labels(actions: &[Action]) {
    let actions: Vec<Action> = actions.iter().copied().collect::<HashSet<_>>().into_iter().collect();
    for lang in [Lang::En, Lang::Ja] {
        for label in [action_label, choice] {
            let labels: HashSet<String> = actions.iter().map(|&a| label(lang, a)).collect();
            assert_eq!(labels.len(), actions.len(), "{lang:?}: {labels:?} for {actions:?}");
        }
    }
}

#[test]
fn a_joker_set_read_two_ways_gets_two_labels() {
    // Green 1, Green 2 and the Joker: a sequence 0-1-2 or 1-2-3 (R14).
    let set: [Piece; 3] = ["G1".parse().unwrap(), "G2".parse().unwrap(), Piece::JOKER];
    let forms: Vec<Action> = readings(set, PlayerCount::Four)
        .into_iter()
        .map(|r| Action::Form { pieces: set, reading: r.reading })
        .collect();
    assert!(forms.len() >= 2, "{forms:?}");
    distinct_labels(&forms);
    assert!(action_label(Lang::En, forms[0]).contains("read as Green"), "{}", action_label(Lang::En, forms[0]));
    assert!(choice(Lang::Ja, forms[0]).contains("として）を配属"), "{}", choice(Lang::Ja, forms[0]));
}

#[test]
fn every_choice_of_real_games_has_a_label_of_its_own() {
    for game in common::positions() {
        distinct_labels(&game.day().legal_actions(game.players()));
    }
}
