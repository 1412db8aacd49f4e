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

mod error;

pub use error::{AnalyzeError, Field};

/// Answers one request line. Never fails: a line it cannot answer gets `{"error": …}`.
pub fn answer_line(line: &str) -> String {
    let response = match serde_json::from_str::<Value>(line) {
        Ok(request) => answer(&request).unwrap_or_else(|e| json!({ "error": e.to_string() })),
        Err(e) => json!({ "error": format!("not JSON: {e}") }),
    };
    response.to_string()
}

/// Answers one parsed request, or says what is wrong with it and where.
pub fn answer(request: &Value) -> Result<Value, AnalyzeError> {
    let object = request.as_object().ok_or(AnalyzeError::NotAnObject)?;
    let players = match object.get("players") {
        None => PlayerCount::Four,
        Some(v) => v
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .and_then(|n| PlayerCount::try_from(n).ok())
            .ok_or_else(|| AnalyzeError::Players { value: quote(v) })?,
    };
    if let Some(v) = object.get("sets") {
        sets(v, players)
    } else if let Some(v) = object.get("declare") {
        declare(v, players)
    } else if let Some(v) = object.get("hires") {
        hires(v, players)
    } else {
        Err(AnalyzeError::UnknownRequest)
    }
}

fn sets(v: &Value, players: PlayerCount) -> Result<Value, AnalyzeError> {
    let pieces = piece_list(v, &Field::new("sets"), players)?;
    let three: [Piece; 3] = pieces.try_into().map_err(|_| AnalyzeError::NotThreeForSets)?;
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

fn declare(v: &Value, players: PlayerCount) -> Result<Value, AnalyzeError> {
    let o = v.as_object().ok_or(AnalyzeError::DeclareShape)?;
    let hand = piece_list(o.get("hand").unwrap_or(&Value::Null), &Field::new("declare.hand"), players)?;
    let revealed = departments(o.get("revealed").unwrap_or(&Value::Null), &Field::new("declare.revealed"), players)?;
    let luminous = match o.get("luminous") {
        None | Some(Value::Null) => None,
        Some(p) => Some(piece(p, Field::new("declare.luminous"), players)?),
    };
    let total = revealed.len().saturating_mul(3).saturating_add(hand.len());
    if total != 9 {
        return Err(AnalyzeError::NotNine { total });
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

fn hires(v: &Value, players: PlayerCount) -> Result<Value, AnalyzeError> {
    let o = v.as_object().ok_or(AnalyzeError::HiresShape)?;
    let board = board(o.get("board").unwrap_or(&Value::Null), players)?;
    let hand_list = piece_list(o.get("hand").unwrap_or(&Value::Null), &Field::new("hires.hand"), players)?;
    let revealed = departments(o.get("revealed").unwrap_or(&Value::Null), &Field::new("hires.revealed"), players)?;
    let on_board: Vec<Piece> = board.squares().iter().flatten().copied().collect();
    let revealed_flat: Vec<Piece> = revealed.iter().flatten().copied().collect();
    check_copies(count(&[&on_board, &hand_list, &revealed_flat], players, "hires")?, players, "hires")?;
    let hand: PieceCounts = hand_list.into_iter().collect();

    let list = legal_hires(&board, &hand);
    let stalemate = stalemated(&board, &hand, revealed.iter().copied());
    let list: Vec<Value> = list.iter().map(|h| json!([h.discard, h.from, h.to])).collect();
    Ok(json!({ "hires": list, "stalemate": stalemate }))
}

fn piece(v: &Value, field: Field, players: PlayerCount) -> Result<Piece, AnalyzeError> {
    let Some(code) = v.as_str() else {
        return Err(AnalyzeError::PieceNotText { field, value: quote(v) });
    };
    let piece: Piece = match code.parse() {
        Ok(piece) => piece,
        Err(cause) => return Err(AnalyzeError::Piece { field, cause }),
    };
    if !piece.is_in_play(players) {
        return Err(AnalyzeError::NotInPlay { field, piece, players: players.get() });
    }
    Ok(piece)
}

fn piece_list(v: &Value, field: &Field, players: PlayerCount) -> Result<Vec<Piece>, AnalyzeError> {
    let items = v.as_array().ok_or_else(|| AnalyzeError::NotAPieceList { field: field.clone(), value: quote(v) })?;
    items.iter().enumerate().map(|(i, p)| piece(p, field.item(i), players)).collect()
}

fn departments(v: &Value, field: &Field, players: PlayerCount) -> Result<Vec<[Piece; 3]>, AnalyzeError> {
    let items =
        v.as_array().ok_or_else(|| AnalyzeError::NotADepartmentList { field: field.clone(), value: quote(v) })?;
    items
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let at = field.item(i);
            let three: [Piece; 3] = piece_list(d, &at, players)?
                .try_into()
                .map_err(|_| AnalyzeError::NotThreePieces { field: at.clone(), value: quote(d) })?;
            if readings(three, players).is_empty() {
                return Err(AnalyzeError::NotASet { field: at, value: d.to_string() });
            }
            Ok(three)
        })
        .collect()
}

fn board(v: &Value, players: PlayerCount) -> Result<Board, AnalyzeError> {
    let items = v.as_array().ok_or_else(|| AnalyzeError::BoardNotAList { value: quote(v) })?;
    if items.len() != Square::COUNT {
        return Err(AnalyzeError::BoardLength { entries: items.len() });
    }
    let mut squares = [None; Square::COUNT];
    for (i, item) in items.iter().enumerate() {
        if !item.is_null() {
            let at = Square::from_index(i).expect("25 entries");
            let field = Field { square: Some(at), ..Field::new("hires.board").item(i) };
            squares[i] = Some(piece(item, field, players)?);
        }
    }
    Board::from_squares(squares).map_err(AnalyzeError::Board)
}

/// A JSON value as an error quotes it: a request's list may be a megabyte long.
fn quote(v: &Value) -> String {
    excerpt(&v.to_string())
}

/// The pieces of `lists` counted together, once their number is known to fit in the game:
/// more pieces than the game has (R1, R3) always holds more copies of some kind than the game
/// has, so refusing them here answers exactly as [`check_copies`] would, before any count can
/// overflow.
fn count(lists: &[&[Piece]], players: PlayerCount, request: &'static str) -> Result<PieceCounts, AnalyzeError> {
    let game = PieceCounts::full_set(players).total();
    let count = lists.iter().map(|l| l.len()).fold(0usize, usize::saturating_add);
    if count > game {
        return Err(AnalyzeError::TooManyPieces { request, count, game });
    }
    Ok(lists.iter().flat_map(|l| l.iter().copied()).collect())
}

/// R1: no more copies of a piece than the game has.
fn check_copies(all: PieceCounts, players: PlayerCount, request: &'static str) -> Result<(), AnalyzeError> {
    match all.first_excess(players) {
        Some(piece) => {
            Err(AnalyzeError::TooManyCopies { request, piece, count: all.get(piece), copies: piece.copies(players) })
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
    fn r1_r3_r14_a_refused_request_names_its_fault() {
        let refused = |request: Value| answer(&request).unwrap_err();
        assert_eq!(refused(json!([])), AnalyzeError::NotAnObject);
        assert_eq!(
            refused(json!({"sets": ["G1", "G2", "G3"], "players": 5})),
            AnalyzeError::Players { value: "5".into() }
        );
        assert_eq!(refused(json!({"sort": []})), AnalyzeError::UnknownRequest);
        assert_eq!(refused(json!({"sets": ["G1", "G2"]})), AnalyzeError::NotThreeForSets);
        let e = refused(json!({"sets": ["G1", "g2", "G3"]}));
        assert!(matches!(&e, AnalyzeError::Piece { field, .. } if field.to_string() == "sets[1]"), "{e}");
        let e = refused(json!({"sets": ["G1", "G2", "G0"], "players": 2}));
        assert!(matches!(e, AnalyzeError::NotInPlay { players: 2, .. }), "R3: {e}");
        let e = refused(json!({"declare": {"hand": [], "revealed": [["G1", "G2", "W3"]]}}));
        assert!(matches!(&e, AnalyzeError::NotASet { field, .. } if field.to_string() == "declare.revealed[0]"), "R14");
        assert_eq!(refused(json!({"declare": {"hand": ["G1"], "revealed": []}})), AnalyzeError::NotNine { total: 1 });
        assert_eq!(
            refused(json!({"hires": {"board": [], "hand": [], "revealed": []}})),
            AnalyzeError::BoardLength { entries: 0 }
        );
        let e = refused(json!({"sets": ["J", "J", "J"], "players": 2}));
        assert!(matches!(e, AnalyzeError::TooManyCopies { request: "sets", copies: 2, .. }), "R1: {e}");
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
