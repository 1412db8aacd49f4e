//! The `lauzait analyze` rules oracle (ANALYZE-PROTOCOL.md): one JSON request in, one
//! JSON response out. Pure, so the command-line tool and the wasm module share it.
//!
//! Requests are untrusted: every error quotes a JSON value only as an [`excerpt`], and
//! pieces are counted only after their number is known to fit the game (R1), so no count
//! can overflow whatever the request holds.

use lauzait_engine::hiring::{legal_hires, stalemated};
use lauzait_engine::piece::excerpt;
use lauzait_engine::scoring::best_declaration;
use lauzait_engine::sets::readings;
use lauzait_engine::{Board, Piece, PieceCounts, PlayerCount, SetKind, Square};
use serde_json::{json, Value};

/// Answers one request line. Never fails: a line it cannot answer gets `{"error": …}`.
pub fn answer_line(line: &str) -> String {
    let response = match serde_json::from_str::<Value>(line) {
        Ok(request) => answer(&request).unwrap_or_else(|e| json!({ "error": e })),
        Err(e) => json!({ "error": format!("not JSON: {e}") }),
    };
    response.to_string()
}

/// Answers one parsed request, or says what is wrong with it and where.
pub fn answer(request: &Value) -> Result<Value, String> {
    let object = request.as_object().ok_or("a request must be a JSON object")?;
    let players = match object.get("players") {
        None => PlayerCount::Four,
        Some(v) => v
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .and_then(|n| PlayerCount::try_from(n).ok())
            .ok_or_else(|| format!("players must be 2, 3 or 4, not {}", quote(v)))?,
    };
    if let Some(v) = object.get("sets") {
        sets(v, players)
    } else if let Some(v) = object.get("declare") {
        declare(v, players)
    } else if let Some(v) = object.get("hires") {
        hires(v, players)
    } else {
        Err("unknown request".into())
    }
}

fn sets(v: &Value, players: PlayerCount) -> Result<Value, String> {
    let pieces = piece_list(v, "sets", players)?;
    let three: [Piece; 3] = pieces.try_into().map_err(|_| "sets takes three pieces".to_string())?;
    check_copies(count(&[&three], players, "sets")?, players, "sets")?;
    let out: Vec<Value> = readings(three, players)
        .into_iter()
        .map(|r| {
            let kind = match r.reading.kind() {
                SetKind::Triple => "triple",
                SetKind::Sequence => "sequence",
            };
            json!({ "kind": kind, "as": r.reading.pieces(), "bonus": r.bonus })
        })
        .collect();
    Ok(json!({ "readings": out }))
}

fn declare(v: &Value, players: PlayerCount) -> Result<Value, String> {
    let o = v.as_object().ok_or("declare must be an object with hand, revealed and luminous")?;
    let hand = piece_list(o.get("hand").unwrap_or(&Value::Null), "declare.hand", players)?;
    let revealed = departments(o.get("revealed").unwrap_or(&Value::Null), "declare.revealed", players)?;
    let luminous = match o.get("luminous") {
        None | Some(Value::Null) => None,
        Some(p) => Some(piece(p, "declare.luminous", players)?),
    };
    let total = revealed.len().saturating_mul(3).saturating_add(hand.len());
    if total != 9 {
        return Err(format!("hand and revealed must hold nine pieces, not {total}"));
    }
    let concealed: PieceCounts = hand.into_iter().collect();
    let mut all = concealed;
    revealed.iter().flatten().for_each(|&p| all.add(p));
    check_copies(all, players, "declare")?;

    Ok(match best_declaration(&concealed, &revealed, luminous, players) {
        None => json!({ "allowed": false, "score": 0, "patterns": {} }),
        Some(p) => json!({
            "allowed": true,
            "score": p.total(),
            "patterns": {
                "lauzait-cep": p.lauzait_cep,
                "specialized-experts": p.specialized_experts,
                "great-sequence": p.great_sequence,
                "layered-bridges": p.layered_bridges,
                "well-balanced": p.well_balanced,
                "luminous": p.luminous,
            }
        }),
    })
}

fn hires(v: &Value, players: PlayerCount) -> Result<Value, String> {
    let o = v.as_object().ok_or("hires must be an object with board, hand and revealed")?;
    let board = board(o.get("board").unwrap_or(&Value::Null), players)?;
    let hand_list = piece_list(o.get("hand").unwrap_or(&Value::Null), "hires.hand", players)?;
    let revealed = departments(o.get("revealed").unwrap_or(&Value::Null), "hires.revealed", players)?;
    let on_board: Vec<Piece> = board.squares().iter().flatten().copied().collect();
    let revealed_flat: Vec<Piece> = revealed.iter().flatten().copied().collect();
    check_copies(count(&[&on_board, &hand_list, &revealed_flat], players, "hires")?, players, "hires")?;
    let hand: PieceCounts = hand_list.into_iter().collect();

    let list = legal_hires(&board, &hand);
    let stalemate = stalemated(&board, &hand, revealed.iter().copied());
    let list: Vec<Value> = list.iter().map(|h| json!([h.discard, h.from, h.to])).collect();
    Ok(json!({ "hires": list, "stalemate": stalemate }))
}

fn piece(v: &Value, field: &str, players: PlayerCount) -> Result<Piece, String> {
    let code = v.as_str().ok_or_else(|| format!("bad piece {} in {field}", quote(v)))?;
    let p: Piece = code.parse().map_err(|e| format!("{e} in {field}"))?;
    if !p.is_in_play(players) {
        return Err(format!("{p} in {field} is not in play with {} players (R3)", players.get()));
    }
    Ok(p)
}

fn piece_list(v: &Value, field: &str, players: PlayerCount) -> Result<Vec<Piece>, String> {
    let items = v.as_array().ok_or_else(|| format!("{field} must be a list of pieces, not {}", quote(v)))?;
    items.iter().enumerate().map(|(i, p)| piece(p, &format!("{field}[{i}]"), players)).collect()
}

fn departments(v: &Value, field: &str, players: PlayerCount) -> Result<Vec<[Piece; 3]>, String> {
    let items = v.as_array().ok_or_else(|| format!("{field} must be a list of Departments, not {}", quote(v)))?;
    items
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let at = format!("{field}[{i}]");
            let three: [Piece; 3] = piece_list(d, &at, players)?
                .try_into()
                .map_err(|_| format!("{at} must hold three pieces, not {}", quote(d)))?;
            if readings(three, players).is_empty() {
                return Err(format!("{at} {d} is not a set (R14)"));
            }
            Ok(three)
        })
        .collect()
}

fn board(v: &Value, players: PlayerCount) -> Result<Board, String> {
    let items = v.as_array().ok_or_else(|| format!("hires.board must be a list of 25 entries, not {}", quote(v)))?;
    if items.len() != Square::COUNT {
        return Err(format!("hires.board must have 25 entries, not {}", items.len()));
    }
    let mut squares = [None; Square::COUNT];
    for (i, item) in items.iter().enumerate() {
        if !item.is_null() {
            let at = Square::from_index(i).expect("25 entries");
            squares[i] = Some(piece(item, &format!("hires.board[{i}] ({at})"), players)?);
        }
    }
    Board::from_squares(squares).map_err(|e| format!("hires.{e}"))
}

/// A JSON value as an error quotes it: a request's list may be a megabyte long.
fn quote(v: &Value) -> String {
    excerpt(&v.to_string())
}

/// The pieces of `lists` counted together, once their number is known to fit in the game:
/// more pieces than the game has (R1, R3) always holds more copies of some kind than the game
/// has, so refusing them here answers exactly as [`check_copies`] would, before any count can
/// overflow.
fn count(lists: &[&[Piece]], players: PlayerCount, field: &str) -> Result<PieceCounts, String> {
    let game = PieceCounts::full_set(players).total();
    let n = lists.iter().map(|l| l.len()).fold(0usize, usize::saturating_add);
    if n > game {
        return Err(format!("{field} holds {n} pieces, but the game has {game} (R1, R3)"));
    }
    Ok(lists.iter().flat_map(|l| l.iter().copied()).collect())
}

/// R1: no more copies of a piece than the game has.
fn check_copies(all: PieceCounts, players: PlayerCount, field: &str) -> Result<(), String> {
    match all.first_excess(players) {
        Some(p) => {
            Err(format!("{field} holds {} copies of {p}, but the game has {} (R1)", all.get(p), p.copies(players)))
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of(line: &str) -> String {
        let got: Value = serde_json::from_str(&answer_line(line)).unwrap();
        got["error"].as_str().unwrap_or_else(|| panic!("{got}")).to_owned()
    }

    #[test]
    fn r1_a_hand_of_256_jokers_is_refused_not_wrapped() {
        // 256 Jokers once wrapped a u8 count to 0, and the request passed the R1 check.
        let mut board = vec![json!("G1"); 24];
        board.push(Value::Null);
        let line = json!({"hires": {"board": board, "hand": vec!["J"; 256], "revealed": []}}).to_string();
        assert_eq!(error_of(&line), "hires holds 280 pieces, but the game has 68 (R1, R3)");
        let line = json!({"hires": {"board": board, "hand": [], "revealed": vec![["J", "J", "J"]; 100]}}).to_string();
        assert!(error_of(&line).contains("(R1, R3)"));
    }

    #[test]
    fn errors_quote_long_values_cut_short() {
        let long = json!(vec![1; 100_000]);
        for line in [
            json!({"sets": {"a": long}}),
            json!({"sets": ["G1", "G2", "q".repeat(200_000)]}),
            json!({"sets": ["G1", "G2", long]}),
            json!({"sets": ["G1", "G2", "G3"], "players": long}),
            json!({"hires": {"board": {"a": long}, "hand": [], "revealed": []}}),
            json!({"declare": {"hand": [], "revealed": [{"a": long}], "luminous": null}}),
        ] {
            let e = error_of(&line.to_string());
            assert!(e.len() < 200 && e.contains("characters)"), "{e}");
        }
    }
}
