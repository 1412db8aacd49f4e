//! A host's message as a phone reads it (`lauzait_table_mode::validate::read_host`): each
//! field taken as it comes, in any order, the kind built at the end. Every message the host
//! writes reads back as itself, whatever the order of its fields; what is not one message of
//! the protocol (an unknown field, a field of another kind, a field twice or missing, an
//! unknown kind) is refused as malformed, never a panic.

use lauzait_engine::randomness::seeded;
use lauzait_engine::{Action, Game, GameOptions, SeatView};
use lauzait_table_mode::bytes::Bytes;
use lauzait_table_mode::deal::{Contributor, Round, TableRecord};
use lauzait_table_mode::protocol::{HostMsg, Refusal, VERSION};
use lauzait_table_mode::validate::{read_host, write};
use serde_json::{json, Map, Value};

/// One message of every kind, and of the kinds whose fields may be left out, with and
/// without them.
fn every_kind() -> Vec<HostMsg> {
    let options = GameOptions::for_players(3, true).unwrap();
    let game = Game::new(options.clone(), &mut seeded(5));
    let view = SeatView::new(&game.view(1).unwrap());
    let table = Bytes([7; 8]);
    let mut round = Round::new(table, 1, vec![Contributor::Host, Contributor::Seat(0), Contributor::Seat(1)]);
    round.commitments[0] = Some(Bytes([1; 32]));
    round.secrets[0] = Some(Bytes([2; 32]));
    let record = TableRecord {
        rounds: vec![round.clone()],
        options,
        log: vec![Action::Dissolve { department: 1 }, Action::Undo, Action::NextSeason],
        abandoned: Some(round.clone()),
        withheld: vec![round],
    };
    let v = VERSION;
    vec![
        HostMsg::Welcome { v, table, seat: 2, key: Bytes([3; 16]), names: vec!["Red".into(), "青".into()] },
        HostMsg::Refused { v, reason: Refusal::NotYourTurn, n: Some(4), detail: "it is Blue's Day".into() },
        HostMsg::Refused { v, reason: Refusal::Malformed, n: None, detail: String::new() },
        HostMsg::Ack { v, n: 9 },
        HostMsg::CommitNow { v, round: 1, attempt: 0, host: Bytes([4; 32]) },
        HostMsg::CommitNow { v, round: 2, attempt: 3, host: Bytes([4; 32]) },
        HostMsg::RevealNow { v, round: 1, attempt: 0, commitments: vec![Bytes([5; 32]), Bytes([6; 32])] },
        HostMsg::RevealNow { v, round: 1, attempt: 1, commitments: Vec::new() },
        HostMsg::View { v, seq: 12, view: Box::new(view) },
        HostMsg::Record { v, record: Box::new(record) },
    ]
}

/// The message's fields as JSON (a map in the order of their names).
fn fields(msg: &HostMsg) -> Map<String, Value> {
    match serde_json::from_str(&write(msg)).unwrap() {
        Value::Object(fields) => fields,
        other => panic!("{other}"),
    }
}

/// `fields` written in the order of their names, or its reverse: `"t"` among the others.
fn reordered(fields: &Map<String, Value>, reverse: bool) -> String {
    let mut parts: Vec<String> = fields.iter().map(|(k, v)| format!("{}:{v}", json!(k))).collect();
    if reverse {
        parts.reverse();
    }
    format!("{{{}}}", parts.join(","))
}

/// The kind's name, every field named: a new kind of host message, or a new field of one,
/// stops this file from compiling until it is added to [`every_kind`] and to the phone's
/// reader (`host_msg_read.rs`: `Kind`, `Field`, `NAMES`, `Fields`, `build`), which the
/// compiler cannot point to by itself.
fn kind_of(msg: &HostMsg) -> &'static str {
    match msg {
        HostMsg::Welcome { v: _, table: _, seat: _, key: _, names: _ } => "welcome",
        HostMsg::Refused { v: _, reason: _, n: _, detail: _ } => "refused",
        HostMsg::Ack { v: _, n: _ } => "ack",
        HostMsg::CommitNow { v: _, round: _, attempt: _, host: _ } => "commit-now",
        HostMsg::RevealNow { v: _, round: _, attempt: _, commitments: _ } => "reveal-now",
        HostMsg::View { v: _, seq: _, view: _ } => "view",
        HostMsg::Record { v: _, record: _ } => "record",
    }
}

#[test]
fn every_kind_of_host_message_is_tried() {
    let tried: std::collections::BTreeSet<&str> = every_kind().iter().map(kind_of).collect();
    let all = ["ack", "commit-now", "record", "refused", "reveal-now", "view", "welcome"];
    assert_eq!(tried.into_iter().collect::<Vec<_>>(), all);
    for msg in every_kind() {
        assert_eq!(fields(&msg)["t"], json!(kind_of(&msg)), "the kind's name on the wire");
    }
}

#[test]
fn every_message_reads_back_as_itself_in_any_order_of_its_fields() {
    for msg in every_kind() {
        let text = write(&msg);
        assert!(text.starts_with("{\"t\":"), "the host writes the kind first: {text}");
        assert_eq!(read_host(&text).as_ref(), Ok(&msg), "{text}");
        for reverse in [false, true] {
            let text = reordered(&fields(&msg), reverse);
            assert!(!text.starts_with("{\"t\":"), "{text}");
            assert_eq!(read_host(&text).as_ref(), Ok(&msg), "{text}");
        }
    }
}

#[test]
fn a_first_attempt_and_a_refusal_without_an_action_leave_their_field_out() {
    let [_, _, refused, _, commit, ..] = &every_kind()[..] else { unreachable!() };
    assert!(!fields(commit).contains_key("attempt"), "{}", write(commit));
    assert_eq!(fields(refused)["n"], Value::Null);
    let mut no_n = fields(refused);
    no_n.remove("n");
    assert_eq!(read_host(&Value::Object(no_n).to_string()).as_ref(), Ok(refused), "a refusal's n may be absent");
}

/// `msg`'s text with `change` made to its fields.
fn changed(msg: &HostMsg, change: impl FnOnce(&mut Map<String, Value>)) -> String {
    let mut fields = fields(msg);
    change(&mut fields);
    Value::Object(fields).to_string()
}

#[test]
fn what_is_not_one_message_of_the_protocol_is_refused_as_malformed() {
    let all = every_kind();
    let (welcome, ack, commit, view) = (&all[0], &all[3], &all[4], &all[8]);
    let mut cases = vec![
        ("an unknown field", changed(ack, |f| drop(f.insert("extra".into(), json!(0))))),
        ("a field of another kind", changed(ack, |f| drop(f.insert("seq".into(), json!(1))))),
        ("a field of another kind, before the kind", format!("{{\"seq\":1,\"t\":\"ack\",\"v\":{VERSION},\"n\":1}}")),
        ("a missing field", changed(welcome, |f| drop(f.remove("key")))),
        ("no kind", changed(ack, |f| drop(f.remove("t")))),
        ("an unknown kind", changed(ack, |f| drop(f.insert("t".into(), json!("launch"))))),
        ("an acknowledgement of no action", changed(ack, |f| drop(f.insert("n".into(), Value::Null)))),
        ("a view that is not a view's text", changed(view, |f| drop(f.insert("view".into(), json!("sv0"))))),
        ("a commitment that is not hex", changed(commit, |f| drop(f.insert("host".into(), json!("zz"))))),
        ("not an object", "[\"ack\",4,1]".to_string()),
    ];
    let text = write(ack);
    cases.push(("a field twice", text.replace("\"n\":9", "\"n\":9,\"n\":9")));
    cases.push(("the kind twice", text.replace("\"t\":\"ack\"", "\"t\":\"ack\",\"t\":\"ack\"")));
    for (what, text) in cases {
        let refused = read_host(&text).expect_err(what);
        assert_eq!(refused.reason, Refusal::Malformed, "{what}: {text} ({})", refused.detail);
    }
}
