//! The analyze oracle against the protocol's worked examples, and malformed input.

use lauzait_analyze::answer_line;
use serde_json::Value;

fn sorted_readings(v: &Value) -> Vec<String> {
    let mut r: Vec<String> = v["readings"].as_array().unwrap().iter().map(|x| x.to_string()).collect();
    r.sort();
    r
}

#[test]
fn every_worked_example_is_answered() {
    let examples = include_str!("../data/analyze-examples.jsonl");
    for (n, line) in examples.lines().enumerate() {
        let example: Value = serde_json::from_str(line).unwrap();
        let request = match &example["request_line"] {
            Value::String(s) => s.clone(),
            _ => example["request"].to_string(),
        };
        let got: Value = serde_json::from_str(&answer_line(&request)).unwrap();
        let want = &example["response"];
        if want.get("error").is_some() {
            assert!(got["error"].is_string(), "example {n}: {got}");
        } else if want.get("readings").is_some() {
            assert_eq!(sorted_readings(&got), sorted_readings(want), "example {n}");
            let bonuses: Vec<i64> =
                got["readings"].as_array().unwrap().iter().map(|r| r["bonus"].as_i64().unwrap()).collect();
            assert!(bonuses.windows(2).all(|w| w[0] >= w[1]), "example {n}: highest bonus first");
        } else if want.get("allowed").is_some() {
            assert_eq!(got["allowed"], want["allowed"], "example {n}");
            assert_eq!(got["score"], want["score"], "example {n}");
            let sum: i64 = got["patterns"].as_object().unwrap().values().map(|v| v.as_i64().unwrap()).sum();
            assert_eq!(sum, got["score"].as_i64().unwrap(), "example {n}: patterns add up");
        } else {
            assert_eq!(&got, want, "example {n}");
        }
    }
}

#[test]
fn malformed_lines_name_the_field_and_value() {
    let cases = [
        ("[1,2]", "object"),
        (r#"{"sets": ["G3", "J", 7]}"#, "sets[2]"),
        (r#"{"sets": ["G0", "G1", "G2"], "players": 3}"#, "G0"),
        (r#"{"sets": ["G1", "G2", "G3"], "players": 5}"#, "players"),
        (r#"{"hires": {"board": [], "hand": [], "revealed": []}}"#, "25"),
        (
            r#"{"hires": {"board": [null,null,"G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1","G1"], "hand": [], "revealed": []}}"#,
            "empty square",
        ),
        (
            r#"{"declare": {"hand": ["G1","G1","G1","G1","G1","G2","G2","G2","G2"], "revealed": [], "luminous": null}}"#,
            "copies of G1",
        ),
        (
            r#"{"declare": {"hand": ["G1","G2","G3","G4","G5","G6"], "revealed": [["G1","W5","W9"]], "luminous": null}}"#,
            "revealed[0]",
        ),
        (
            r#"{"declare": {"hand": ["G1","G2","G3","G4","G5","G6","G7","G8","G9"], "revealed": [], "luminous": "X"}}"#,
            "'X'",
        ),
        (r#"{"declare": 3}"#, "declare"),
    ];
    for (line, mentions) in cases {
        let got: Value = serde_json::from_str(&answer_line(line)).unwrap();
        let error = got["error"].as_str().unwrap_or_else(|| panic!("{line} → {got}"));
        assert!(error.contains(mentions), "{line} → {error}");
    }
}

#[test]
fn stalemate_in_hires_considers_each_dissolve() {
    // White pieces that no G1, G5, G2–G4 or W8 discard can move; only a Joker could.
    let mut board: Vec<Value> = ["W0", "W1", "W2", "W3"].iter().flat_map(|c| [*c; 4]).map(Value::from).collect();
    board.extend(["W4", "W4", "W4", "W5", "W5", "W5", "W6", "W6"].map(Value::from));
    board.push(Value::Null);
    let with_w8 = serde_json::json!({"hires": {"board": board, "hand": ["G1","G1","G1","G5","G5","G5"], "revealed": [["W7","W8","J"]]}});
    let got: Value = serde_json::from_str(&answer_line(&with_w8.to_string())).unwrap();
    assert_eq!(got["hires"], serde_json::json!([]));
    assert_eq!(got["stalemate"], false);
    let without = serde_json::json!({"hires": {"board": board, "hand": ["G1","G1","G1","G5","G5","G5"], "revealed": [["G2","G3","G4"]]}});
    let got: Value = serde_json::from_str(&answer_line(&without.to_string())).unwrap();
    assert_eq!(got["stalemate"], true);
}
