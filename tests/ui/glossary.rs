//! The game's words explained where a screen first uses them (issue "A first game that
//! feels right on every screen": words on screen are plain).

use lauzait_ui::i18n::glossary::{mark_terms, Chunk, Explained, Term};
use lauzait_ui::i18n::Lang;

fn terms(chunks: &[Chunk]) -> Vec<(Term, String)> {
    chunks
        .iter()
        .filter_map(|c| match c {
            Chunk::Term(t, w) => Some((*t, w.to_string())),
            Chunk::Plain(_) => None,
        })
        .collect()
}

fn joined(chunks: &[Chunk]) -> String {
    chunks
        .iter()
        .map(|c| match c {
            Chunk::Plain(t) | Chunk::Term(_, t) => *t,
        })
        .collect()
}

#[test]
fn the_first_use_of_each_word_is_marked_and_the_text_kept() {
    let text = "Ann's Day — Hiring: discard a piece. Or: Form a Department, Dissolve. ≈ marks Water; Water again, Hiring again.";
    let mut done = Explained::default();
    let chunks = mark_terms(Lang::En, text, &mut done);
    assert_eq!(joined(&chunks), text);
    assert_eq!(
        terms(&chunks),
        vec![
            (Term::Day, "Day".into()),
            (Term::Hiring, "Hiring".into()),
            (Term::Department, "Department".into()),
            (Term::Dissolve, "Dissolve".into()),
            (Term::Water, "Water".into()),
        ]
    );
    // The same screen's next text: those words are explained already.
    let more = mark_terms(Lang::En, "Water and the Mountain, two Seasons.", &mut done);
    assert_eq!(terms(&more), vec![(Term::Mountain, "Mountain".into()), (Term::Season, "Seasons".into())]);
}

#[test]
fn english_words_inside_longer_words_are_not_terms() {
    let mut done = Explained::default();
    let chunks = mark_terms(Lang::En, "Today, Tamsin's Daylight Watering; Days and Departments.", &mut done);
    assert_eq!(terms(&chunks), vec![(Term::Day, "Days".into()), (Term::Department, "Departments".into())]);
}

#[test]
fn japanese_words_are_found_and_every_word_has_a_sentence_and_a_section() {
    let mut done = Explained::default();
    let text = "アリスの手番 — 登用：光っている手駒を1つ選び、空きマスに捨ててください。≈は水。";
    let chunks = mark_terms(Lang::Ja, text, &mut done);
    assert_eq!(joined(&chunks), text);
    assert_eq!(terms(&chunks).iter().map(|t| t.0).collect::<Vec<_>>(), vec![Term::Day, Term::Hiring, Term::Water]);
    for t in Term::ALL {
        for l in [Lang::En, Lang::Ja] {
            assert!(!t.word(l).is_empty() && t.explain(l).chars().count() > 10, "{t:?}");
        }
        assert!(["pieces", "day", "hiring", "sets", "declare", "end"].contains(&t.section()), "{t:?}");
    }
}

/// A rule's link opens the rules page at the section that states it (rules.html's headings:
/// "R6–R12" for a Season and a Day, "R12" for Hiring, "R14–R15", "R11, R16–R19, R30"): the
/// section exists, its heading names the rule, and it is the section the rule belongs to.
#[test]
fn a_rules_link_opens_the_section_that_states_the_rule() {
    use lauzait_engine::Rule;
    use lauzait_ui::i18n::glossary::rule_section;
    let page = include_str!("../../rules.html");
    let number =
        |id: &str| -> u32 { id[1..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap() };
    let expected = [
        (Rule::R11, "declare"),
        (Rule::R11b, "declare"),
        (Rule::R12_1, "hiring"),
        (Rule::R12_2, "hiring"),
        (Rule::R12_4, "hiring"),
        (Rule::R12_6, "hiring"),
        (Rule::R14, "sets"),
        (Rule::R17, "declare"),
        (Rule::R19, "declare"),
        (Rule::R30, "declare"),
    ];
    assert_eq!(Rule::ALL, expected.map(|(rule, _)| rule), "every rule a screen may cite is listed here");
    for (rule, section) in expected {
        assert_eq!(rule_section(rule), section, "{}", rule.id());
        let at = page
            .find(&format!("<h2 id=\"{section}\""))
            .unwrap_or_else(|| panic!("rules.html has no section {section}"));
        let heading = &page[at..at + page[at..].find("</h2>").unwrap()];
        let rid = heading.split("class=\"rid\">").nth(1).unwrap().trim_end_matches("</span>");
        let n = number(rule.id());
        let named = rid.split(", ").any(|part| match part.split_once('–') {
            Some((from, to)) => (number(from)..=number(to)).contains(&n),
            None => number(part) == n,
        });
        assert!(named, "{}: section {section} is headed {rid}", rule.id());
    }
}
