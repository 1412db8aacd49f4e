//! Choices as buttons: a phone's in table mode (`i18n::table_mode::action_label`) and the
//! post-game review's tries (`i18n::review::choice`). Every choice the engine offers has a
//! label of its own, in both languages, so a player never meets two buttons that read the
//! same and do different things (R14: a Joker's set can be read more than one way). A
//! phone groups its buttons by kind (`table::choices`) and loses none.

#[allow(dead_code)] // only its positions are used here
use crate::common;

use lauzait_engine::randomness::seeded;
use lauzait_engine::{readings, Action, Piece, PlayerCount};
use lauzait_table_mode::choices::{by_set, grouped, offered, ChoiceGroup};
use lauzait_ui::i18n::review::choice;
use lauzait_ui::i18n::table_mode::{action_label, group_heading};
use lauzait_ui::i18n::Lang;
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

/// A phone shows its choices grouped by kind (`table::choices`): every choice in exactly one
/// group, the groups in their fixed order (the declarations first, Undo last), and within a
/// group the engine's order, so that each button still sends its own choice; the Form
/// choices by set, each reading under its own set (R14).
#[test]
fn a_phones_choices_are_grouped_by_kind_and_none_is_lost() {
    let mut seen_groups = HashSet::new();
    let mut read_two_ways = 0;
    // The positions, and each one's Hiring a step further (a mover chosen: its destinations).
    let positions = common::positions().into_iter().flat_map(|game| {
        let mover = game.day().movers().first().map(|&from| {
            let mut moved = game.clone();
            moved.apply(Action::Move { from }, &mut seeded(0)).expect("a mover the engine offered");
            moved
        });
        std::iter::once(game).chain(mover)
    });
    for game in positions {
        let choices = offered(&game);
        let groups = grouped(&choices);
        let order: Vec<ChoiceGroup> = groups.iter().map(|(g, _)| *g).collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "each group once, in order: {order:?}");
        let mut all: Vec<usize> = Vec::new();
        for (group, indices) in &groups {
            assert!(indices.windows(2).all(|w| w[0] < w[1]), "the engine's order within {group:?}");
            assert!(indices.iter().all(|&i| ChoiceGroup::of(choices[i]) == *group));
            all.extend(indices);
            seen_groups.insert(*group);
        }
        all.sort_unstable();
        assert_eq!(all, (0..choices.len()).collect::<Vec<_>>(), "every choice shown once");
        // The Form buttons by set: each set once, each reading under its own set.
        let forms: Vec<usize> = (0..choices.len()).filter(|&i| matches!(choices[i], Action::Form { .. })).collect();
        let sets = by_set(&choices, &(0..choices.len()).collect::<Vec<_>>());
        assert_eq!(sets.iter().map(|(set, _)| *set).collect::<HashSet<_>>().len(), sets.len(), "each set once");
        let mut in_sets: Vec<usize> = Vec::new();
        for (set, readings) in &sets {
            assert!(readings.iter().all(|&i| matches!(choices[i], Action::Form { pieces, .. } if pieces == *set)));
            in_sets.extend(readings);
        }
        in_sets.sort_unstable();
        assert_eq!(in_sets, forms, "every Form choice under its set");
        if sets.iter().any(|(_, readings)| readings.len() > 1) {
            read_two_ways += 1;
        }
        if choices.contains(&Action::Undo) {
            assert_eq!(order.last(), Some(&ChoiceGroup::Other), "Undo comes last");
        }
    }
    for group in [ChoiceGroup::Form, ChoiceGroup::Discard, ChoiceGroup::Move, ChoiceGroup::Capture, ChoiceGroup::Other]
    {
        assert!(seen_groups.contains(&group), "the positions reach {group:?}");
    }
    assert!(read_two_ways > 0, "the positions reach a set read more than one way");
}

#[test]
fn the_declaration_comes_first_and_headings_name_the_groups_in_both_languages() {
    let g1: Piece = "G1".parse().unwrap();
    let choices = [Action::Discard { piece: g1 }, Action::Undo, Action::Declare];
    let groups = grouped(&choices);
    assert_eq!(
        groups,
        vec![(ChoiceGroup::Declare, vec![2]), (ChoiceGroup::Discard, vec![0]), (ChoiceGroup::Other, vec![1])]
    );
    for lang in [Lang::En, Lang::Ja] {
        let headings: HashSet<&str> =
            [ChoiceGroup::Form, ChoiceGroup::Dissolve, ChoiceGroup::Discard, ChoiceGroup::Move, ChoiceGroup::Capture]
                .into_iter()
                .map(|g| group_heading(lang, g).expect("a heading"))
                .collect();
        assert_eq!(headings.len(), 5, "{lang:?}: five different headings");
    }
}
