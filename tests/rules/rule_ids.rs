//! Every rule id the code cites has an entry in docs/rules.md.
//!
//! A cited id is `R12` or `R12.6` (or `R11b`) as a whole word in a comment, a string or the
//! other documents, or `r12_6_` / `r11b_` in a function name (a test's name). An entry is a
//! heading that starts with the id (`### R12.6 Water`) or an anchor `<a id="R11b">`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The rule id at the start of `s` (after `R` or `r`, which the caller has matched): one or
/// two digits, then either `.digits` or one lowercase letter, ending at a non-word
/// character. `sep` is what joins the sub-id in this spelling: `.` in text, `_` in names.
fn id_at(s: &str, sep: char) -> Option<(String, usize)> {
    let b = s.as_bytes();
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let n = digits(0);
    if n == 0 || n > 2 {
        return None;
    }
    let mut id = format!("R{}", &s[..n]);
    let mut end = n;
    if b.get(end) == Some(&(sep as u8)) && digits(end + 1) > 0 {
        let m = digits(end + 1);
        id.push('.');
        id.push_str(&s[end + 1..end + 1 + m]);
        end += 1 + m;
    } else if b.get(end).is_some_and(u8::is_ascii_lowercase) && !b.get(end + 1).is_some_and(|&c| is_word(c)) {
        id.push(b[end] as char);
        end += 1;
    }
    Some((id, end))
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Ids cited in `text`: `R..` as whole words, and `r.._` segments of function names.
fn cited(text: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let b = text.as_bytes();
    for (i, _) in text.match_indices('R') {
        if i > 0 && is_word(b[i - 1]) {
            continue;
        }
        if let Some((id, end)) = id_at(&text[i + 1..], '.') {
            if !b.get(i + 1 + end).is_some_and(|&c| is_word(c)) {
                ids.insert(id);
            }
        }
    }
    for (i, _) in text.match_indices("fn ") {
        if i > 0 && is_word(b[i - 1]) {
            continue;
        }
        let name: String = text[i + 3..].bytes().take_while(|&c| is_word(c)).map(char::from).collect();
        // `r12_4_from_the_mountain_and_r12_7_own_discard`: ids begin a name or follow a `_`.
        for (j, _) in name.match_indices('r') {
            if j > 0 && name.as_bytes()[j - 1] != b'_' {
                continue;
            }
            if let Some((id, end)) = id_at(&name[j + 1..], '_') {
                let after = name.as_bytes().get(j + 1 + end);
                if after.is_none() || after == Some(&b'_') {
                    ids.insert(id);
                }
            }
        }
    }
    ids
}

/// The ids with an entry in docs/rules.md.
fn entries(doc: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for line in doc.lines() {
        let heading = line.trim_start_matches('#');
        if heading.len() < line.len() && heading.starts_with(' ') {
            let word = heading.split_whitespace().next().unwrap_or("");
            if let Some((id, end)) = word.strip_prefix('R').and_then(|w| id_at(w, '.')) {
                if end + 1 == word.len() {
                    ids.insert(id);
                }
            }
        }
        for (i, _) in line.match_indices("<a id=\"") {
            let rest = &line[i + 7..];
            if let Some(id) = rest.split('"').next() {
                ids.insert(id.to_string());
            }
        }
    }
    ids
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The sources that cite rule ids: every `.rs` under src/, crates/ and tests/, the documents at the
/// top (README.md, NOTATION.md, …), the other docs/ pages and rules.html.
fn citing_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    // This file's own examples of the pattern are not citations.
    files.retain(|f| !f.ends_with("tests/rules/rule_ids.rs"));
    for dir in [root.to_path_buf(), root.join("docs")] {
        let mut docs: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("docs/rules.md"))
            .collect();
        docs.sort();
        files.extend(docs);
    }
    files.push(root.join("rules.html"));
    files
}

#[test]
fn every_cited_rule_id_has_an_entry_in_docs_rules_md() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md");
    let known = entries(&doc);
    let mut missing = Vec::new();
    let mut count = 0;
    for file in citing_files(root) {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for id in cited(&text) {
            count += 1;
            if !known.contains(&id) {
                missing.push(format!("{} cites {id}", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(count > 100, "only {count} citations found: is the pattern broken?");
    assert!(missing.is_empty(), "rule ids with no entry in docs/rules.md:\n  {}", missing.join("\n  "));
}

#[test]
fn the_pattern_finds_ids_and_nothing_else() {
    let text = "// R12.6, R11b and (R1, R3). R12.\n\
                let x = 0x1F; FR12; R12xy; R123; R1_x; \"R7)\"; // R1–R3\n\
                fn r12_4_from_the_mountain_and_r12_7_own_discard() {}\n\
                fn r11b_complete_hands() {} fn r6_r1_refused() {} fn br2_no() {} fn r40_2() {}";
    let found: Vec<_> = cited(text).into_iter().collect();
    let want = ["R1", "R11b", "R12", "R12.4", "R12.6", "R12.7", "R3", "R40.2", "R6", "R7"];
    assert_eq!(found, want);
}

#[test]
fn every_heading_and_anchor_of_docs_rules_md_is_an_entry() {
    let doc = "## A Day\n### R12.6 Water\n### R9 Dissolve\n#### R2\nR5 text\n<a id=\"R11a\"></a>";
    let found: Vec<_> = entries(doc).into_iter().collect();
    assert_eq!(found, ["R11a", "R12.6", "R2", "R9"]);
}
