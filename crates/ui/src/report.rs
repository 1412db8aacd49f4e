//! What `window.lauzait.state()` reports for tests and tools (docs/automation-hook.md):
//! what the screen shows — never a concealed hand that is not face up on the screen.

use super::driver::level_index;
use super::model::{Legal, Model, SaveTrouble, Target};
use lauzait_engine::{Phase, Status};
use serde_json::{json, Map, Value};

/// What `window.lauzait.state()` reports; `input` is the shell's record of the last input
/// handled.
pub fn state(app: &Model, input: Value) -> Value {
    let lang = app.lang;
    let mut out = Map::new();
    out.insert("screen".into(), app.overlay.name().into());
    out.insert("lang".into(), lang.code().into());
    out.insert(
        "replay".into(),
        match app.table.replay() {
            Some(r) => json!({ "at": r.at, "length": r.len(), "record": r.record.to_string() }),
            None => Value::Null,
        },
    );
    out.insert("openHands".into(), app.prefs.open_hands.into());
    out.insert("animating".into(), app.play.anim.is_some().into());
    // A Hiring being shown (ui::animation) and how far the board is turned (ui::turn), in
    // degrees clockwise.
    out.insert("moving".into(), app.play.motion.is_some().into());
    out.insert("turn".into(), app.device.layout.turn.degrees().into());
    out.insert("speed".into(), app.prefs.speed.code().into());
    // The computer players: whether one is thinking (its plan is being computed in the
    // worker), the seat shown as thinking, an error, and the decision times measured in
    // the worker per level.
    out.insert("thinking".into(), app.thinking().into());
    out.insert("thinkingSeat".into(), app.thinking_seat().into());
    out.insert("botError".into(), app.play.driver.error().map(ToString::to_string).into());
    let mut stats = Map::new();
    for level in lauzait_bots::Level::ALL {
        let st = &app.play.driver.stats[level_index(level)];
        let mean = if st.count > 0 { st.total_ms / st.count as f64 } else { 0.0 };
        stats.insert(
            level.name().into(),
            json!({ "count": st.count, "meanMs": mean, "maxMs": st.max_ms, "lastMs": st.last_ms, "recentMs": st.recent }),
        );
    }
    out.insert("botStats".into(), Value::Object(stats));
    out.insert("input".into(), input);
    out.insert("live".into(), app.play.live.clone().into());
    out.insert("prompt".into(), app.prompt().into());
    out.insert(
        "message".into(),
        app.message.as_ref().map(|m| json!({ "text": m.text, "error": m.error })).unwrap_or(Value::Null),
    );
    out.insert(
        "saveTrouble".into(),
        match &app.saving.save_trouble {
            Some(SaveTrouble::Failed(_)) => "failed".into(),
            Some(SaveTrouble::OtherTab) => "other-tab".into(),
            None => Value::Null,
        },
    );
    out.insert(
        "loadError".into(),
        app.saving
            .broken
            .as_ref()
            .map(|b| Value::from(super::i18n::faults::broken_save(lang, b)))
            .unwrap_or(Value::Null),
    );
    out.insert(
        "focus".into(),
        match app.focus {
            Some(Target::Square(sq)) => sq.to_string().into(),
            Some(Target::Hand(i)) => format!("hand:{i}").into(),
            Some(Target::Dept(d)) => format!("dept:{d}").into(),
            None => Value::Null,
        },
    );
    let Some(sess) = app.table.shown() else {
        out.insert("status".into(), "none".into());
        return Value::Object(out);
    };
    let g = sess.game();
    let me = g.to_move();
    let Some(view) = g.view(me) else { return Value::Object(out) };
    out.insert(
        "status".into(),
        match g.status() {
            Status::Playing => "playing",
            Status::SeasonOver => "season-over",
            Status::GameOver { .. } => "game-over",
        }
        .into(),
    );
    out.insert("season".into(), g.season().number.into());
    out.insert("seasons".into(), g.scores().len().into());
    out.insert("day".into(), g.day().number.into());
    out.insert("toMove".into(), me.into());
    out.insert("direction".into(), serde_json::to_value(g.season().direction).unwrap_or(Value::Null));
    out.insert("pool".into(), view.pool_count().into());
    out.insert("luminous".into(), view.scoring_luminous().map(|p| p.to_string()).into());
    let players: Vec<Value> = (0..g.scores().len())
        .map(|p| {
            json!({
                "name": sess.names()[p],
                "seat": g.options().seats()[p],
                "score": g.scores()[p],
                "bot": sess.bot(p).is_some(),
                "level": sess.bot(p).map(|l| l.name()),
                "concealed": view.concealed_count(p),
                "departments": view.departments(p).iter().map(|d| d.pieces.iter().map(|x| x.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            })
        })
        .collect();
    out.insert("players".into(), players.into());
    out.insert("handRevealed".into(), app.hand_face_up().into());
    out.insert("handOwner".into(), app.hand_owner().into());
    out.insert(
        "board".into(),
        g.day().board.squares().iter().map(|p| p.map(|x| x.to_string())).collect::<Vec<_>>().into(),
    );
    if app.hand_face_up() {
        out.insert("hand".into(), app.shown_hand().iter().flatten().map(|p| p.to_string()).collect::<Vec<_>>().into());
    }
    // During a computer player's Day the board shows its movers and destinations, but
    // nothing is offered: `legal` lists only what a person may choose now.
    let offered = Legal::default();
    let l = if app.day_open() { &app.play.legal } else { &offered };
    out.insert(
        "phase".into(),
        match app.play.legal.phase {
            Some(Phase::Beginning { .. }) => "beginning".into(),
            Some(Phase::Discarded { .. }) => "discarded".into(),
            Some(Phase::Moving { .. }) => "moving".into(),
            None => Value::Null,
        },
    );
    out.insert("pending".into(), g.uncommitted_points(g.to_move()).into());
    out.insert("steps".into(), view.day_steps().len().into());
    // The destination waiting for the safe last step's confirmation.
    out.insert("confirming".into(), app.play.pending.map(|sq| sq.to_string()).into());
    out.insert(
        "legal".into(),
        json!({
            "discards": l.discards.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            "movers": l.movers.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "destinations": l.destinations.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "water": l.destinations.iter().filter(|s| s.is_water()).map(|s| s.to_string()).collect::<Vec<_>>(),
            "forms": l.forms.iter().map(|f| json!({
                "pieces": f.pieces.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                "readings": f.readings.iter().map(|r| json!({
                    "as": r.reading.pieces().iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                    "bonus": r.bonus,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "dissolvable": l.dissolvable,
            "declare": l.declare,
            "stalemate": l.stalemate,
            "undo": l.undo,
        }),
    );
    out.insert(
        "lastHire".into(),
        g.season().last_hire.map(|r| {
            json!({
                "player": r.player, "discard": r.hire.discard.to_string(), "from": r.hire.from.to_string(),
                "to": r.hire.to.to_string(), "sticks": r.sticks.map(|s| s.0), "arrived": r.arrived, "taken": r.taken.to_string(),
            })
        }).unwrap_or(Value::Null),
    );
    out.insert("results".into(), serde_json::to_value(g.results()).unwrap_or(Value::Null));
    if matches!(g.status(), Status::GameOver { .. }) {
        out.insert("winners".into(), g.leaders().into());
    }
    Value::Object(out)
}
