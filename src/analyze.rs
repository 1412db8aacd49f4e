//! The `lauzait analyze` rules oracle (ANALYZE-PROTOCOL.md): one JSON request in, one
//! JSON response out. Pure, so the command-line tool and the wasm module share it.

use crate::engine::hiring::{legal_hires, stalemated};
use crate::engine::scoring::best_declaration;
use crate::engine::sets::readings;
use crate::engine::{Board, Piece, PieceCounts, PlayerCount, SetKind, Square};
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
            .ok_or_else(|| format!("players must be 2, 3 or 4, not {v}"))?,
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
    check_copies(&three.into_iter().collect(), players, "sets")?;
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
    let total = hand.len() + 3 * revealed.len();
    if total != 9 {
        return Err(format!("hand and revealed must hold nine pieces, not {total}"));
    }
    let concealed: PieceCounts = hand.into_iter().collect();
    let mut all = concealed;
    revealed.iter().flatten().for_each(|&p| all.add(p));
    check_copies(&all, players, "declare")?;

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
    let hand: PieceCounts =
        piece_list(o.get("hand").unwrap_or(&Value::Null), "hires.hand", players)?.into_iter().collect();
    let revealed = departments(o.get("revealed").unwrap_or(&Value::Null), "hires.revealed", players)?;
    let mut all = board.pieces();
    all.add_all(&hand);
    revealed.iter().flatten().for_each(|&p| all.add(p));
    check_copies(&all, players, "hires")?;

    let list = legal_hires(&board, &hand);
    let stalemate = stalemated(&board, &hand, revealed.iter().copied());
    let list: Vec<Value> = list.iter().map(|h| json!([h.discard, h.from, h.to])).collect();
    Ok(json!({ "hires": list, "stalemate": stalemate }))
}

fn piece(v: &Value, field: &str, players: PlayerCount) -> Result<Piece, String> {
    let code = v.as_str().ok_or_else(|| format!("bad piece {v} in {field}"))?;
    let p: Piece = code.parse().map_err(|e| format!("{e} in {field}"))?;
    if !p.is_in_play(players) {
        return Err(format!("{p} in {field} is not in play with {} players (R3)", players.get()));
    }
    Ok(p)
}

fn piece_list(v: &Value, field: &str, players: PlayerCount) -> Result<Vec<Piece>, String> {
    let items = v.as_array().ok_or_else(|| format!("{field} must be a list of pieces, not {v}"))?;
    items.iter().enumerate().map(|(i, p)| piece(p, &format!("{field}[{i}]"), players)).collect()
}

fn departments(v: &Value, field: &str, players: PlayerCount) -> Result<Vec<[Piece; 3]>, String> {
    let items = v.as_array().ok_or_else(|| format!("{field} must be a list of Departments, not {v}"))?;
    items
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let at = format!("{field}[{i}]");
            let three: [Piece; 3] =
                piece_list(d, &at, players)?.try_into().map_err(|_| format!("{at} must hold three pieces, not {d}"))?;
            if readings(three, players).is_empty() {
                return Err(format!("{at} {d} is not a set (R14)"));
            }
            Ok(three)
        })
        .collect()
}

fn board(v: &Value, players: PlayerCount) -> Result<Board, String> {
    let items = v.as_array().ok_or_else(|| format!("hires.board must be a list of 25 entries, not {v}"))?;
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

/// R1: no more copies of a piece than the game has.
fn check_copies(all: &PieceCounts, players: PlayerCount, field: &str) -> Result<(), String> {
    match all.kinds().find(|p| all.get(*p) > p.copies(players)) {
        Some(p) => {
            Err(format!("{field} holds {} copies of {p}, but the game has {} (R1)", all.get(p), p.copies(players)))
        }
        None => Ok(()),
    }
}
