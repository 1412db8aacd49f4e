//! `window.lauzait`: the automation hook for tests and tools (see README, "Automation
//! hook"). It reports what the screen shows — never a concealed hand that is not on the
//! screen — and where things are, in CSS pixels of the page, so that tests click and type
//! like a person. It never applies an action itself.

use super::app::{App, Target};
use super::view::layout::Rect;
use super::with_app;
use crate::engine::{Phase, Status};
use serde_json::{json, Map, Value};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

fn rect_json(r: Rect, dx: f64, dy: f64) -> Value {
    json!({ "x": r.x + dx, "y": r.y + dy, "w": r.w, "h": r.h })
}

pub fn state(app: &App) -> Value {
    let lang = app.lang;
    let mut out = Map::new();
    out.insert("screen".into(), app.overlay.name().into());
    out.insert("lang".into(), lang.code().into());
    out.insert("replay".into(), super::records::state_json(app));
    out.insert("openHands".into(), app.open_hands.into());
    out.insert("animating".into(), app.anim.is_some().into());
    out.insert("speed".into(), app.speed.code().into());
    // The computer players: whether one is thinking (its plan is being computed in the
    // worker), the seat shown as thinking, an error, and the decision times measured in
    // the worker per level.
    out.insert("thinking".into(), app.thinking().into());
    out.insert("thinkingSeat".into(), app.thinking_seat().into());
    out.insert("botError".into(), app.driver.error.clone().into());
    let mut stats = Map::new();
    for level in crate::bots::Level::ALL {
        let st = &app.driver.stats[super::app::level_index(level)];
        let mean = if st.count > 0 { st.total_ms / st.count as f64 } else { 0.0 };
        stats.insert(
            level.name().into(),
            json!({ "count": st.count, "meanMs": mean, "maxMs": st.max_ms, "lastMs": st.last_ms, "recentMs": st.recent }),
        );
    }
    out.insert("botStats".into(), Value::Object(stats));
    out.insert(
        "input".into(),
        super::input::last_input()
            .map(|i| {
                json!({ "kind": i.kind, "eventAt": i.event_at, "handledAt": i.handled_at,
                        "latencyMs": i.handled_at - i.event_at, "thinking": i.thinking })
            })
            .unwrap_or(Value::Null),
    );
    out.insert("live".into(), app.live.last.clone().into());
    out.insert("prompt".into(), app.prompt().into());
    out.insert(
        "message".into(),
        app.message.as_ref().map(|m| json!({ "text": m.text, "error": m.error })).unwrap_or(Value::Null),
    );
    out.insert("loadError".into(), app.broken.as_ref().map(|b| Value::from(b.message(lang))).unwrap_or(Value::Null));
    out.insert(
        "focus".into(),
        match app.focus {
            Some(Target::Square(sq)) => sq.to_string().into(),
            Some(Target::Hand(i)) => format!("hand:{i}").into(),
            Some(Target::Dept(d)) => format!("dept:{d}").into(),
            None => Value::Null,
        },
    );
    let Some(sess) = &app.session else {
        out.insert("status".into(), "none".into());
        return Value::Object(out);
    };
    let g = &sess.game;
    let me = g.to_move();
    let view = g.view(me).expect("player to move");
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
    out.insert("luminous".into(), view.luminous().filter(|_| g.options().luminous()).map(|p| p.to_string()).into());
    let players: Vec<Value> = (0..g.scores().len())
        .map(|p| {
            json!({
                "name": sess.names[p],
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
    let offered = super::app::Legal::default();
    let l = if app.day_open() { &app.legal } else { &offered };
    out.insert(
        "phase".into(),
        match app.legal.phase {
            Some(Phase::Beginning { .. }) => "beginning".into(),
            Some(Phase::Discarded { .. }) => "discarded".into(),
            Some(Phase::Moving { .. }) => "moving".into(),
            None => Value::Null,
        },
    );
    out.insert("pending".into(), g.day().pending_points().into());
    out.insert("steps".into(), view.day_steps().len().into());
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

pub fn rects(app: &App) -> Value {
    let cr = app.canvas.get_bounding_client_rect();
    let (dx, dy) = (cr.left(), cr.top());
    let l = &app.layout;
    let mut squares = Map::new();
    for sq in crate::engine::Square::all() {
        squares.insert(sq.to_string(), rect_json(l.square(sq), dx, dy));
    }
    let hand: Vec<Value> = l
        .hand
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let mut v = rect_json(h.rect, dx, dy);
            v["index"] = i.into();
            v["piece"] = h.piece.map(|p| p.to_string()).into();
            v
        })
        .collect();
    let depts: Vec<Value> = l
        .depts
        .iter()
        .map(|d| {
            let mut v = rect_json(d.rect, dx, dy);
            v["index"] = d.index.into();
            v
        })
        .collect();
    let mut buttons = Map::new();
    if let Ok(list) = app.doc.query_selector_all("button[id], input[id]") {
        for i in 0..list.length() {
            let Some(el) = list.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) else { continue };
            let r = el.get_bounding_client_rect();
            if r.width() <= 0.0 || r.height() <= 0.0 {
                continue;
            }
            buttons.insert(
                el.id(),
                json!({ "x": r.left(), "y": r.top(), "w": r.width(), "h": r.height(),
                        "text": el.text_content().unwrap_or_default().trim(), "intent": el.get_attribute("data-intent") }),
            );
        }
    }
    json!({
        "canvas": { "x": dx, "y": dy, "w": cr.width(), "h": cr.height() },
        "board": rect_json(l.grid, dx, dy),
        "squares": squares,
        "hand": hand,
        "departments": depts,
        "buttons": buttons,
        "dpr": app.dpr,
    })
}

fn to_js(v: &Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

pub fn install(window: &web_sys::Window) -> Result<(), JsValue> {
    let api = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&api, &k.into(), v);
    set("version", &env!("CARGO_PKG_VERSION").into())?;
    set("ready", &JsValue::FALSE)?;
    let state_fn = Closure::<dyn Fn() -> JsValue>::new(|| with_app(|app| to_js(&state(app))).unwrap_or(JsValue::NULL));
    set("state", state_fn.as_ref())?;
    state_fn.forget();
    let rects_fn = Closure::<dyn Fn() -> JsValue>::new(|| with_app(|app| to_js(&rects(app))).unwrap_or(JsValue::NULL));
    set("rects", rects_fn.as_ref())?;
    rects_fn.forget();
    let bench = Closure::<dyn Fn(JsValue) -> JsValue>::new(|n: JsValue| {
        let n = n.as_f64().unwrap_or(20.0).clamp(1.0, 10_000.0) as u32;
        with_app(|app| {
            let perf = app.window.performance();
            let now = || perf.as_ref().map_or(0.0, |p| p.now());
            let t0 = now();
            for _ in 0..n {
                super::view::render(app, t0);
            }
            JsValue::from_f64((now() - t0) / n as f64)
        })
        .unwrap_or(JsValue::NULL)
    });
    set("benchRedraw", bench.as_ref())?;
    bench.forget();
    // The rules oracle of `lauzait analyze` (ANALYZE-PROTOCOL.md), for pages and tools:
    // one request line in, one response line out.
    let analyze = Closure::<dyn Fn(JsValue) -> JsValue>::new(|line: JsValue| {
        let line = line.as_string().unwrap_or_default();
        JsValue::from_str(&crate::analyze::answer_line(&line))
    });
    set("analyze", analyze.as_ref())?;
    analyze.forget();
    js_sys::Reflect::set(window, &"lauzait".into(), &api)?;
    Ok(())
}

pub fn set_ready(window: &web_sys::Window) {
    if let Ok(api) = js_sys::Reflect::get(window, &"lauzait".into()) {
        let now = window.performance().map_or(0.0, |p| p.now());
        let _ = js_sys::Reflect::set(&api, &"readyAt".into(), &JsValue::from_f64(now));
        let _ = js_sys::Reflect::set(&api, &"ready".into(), &JsValue::TRUE);
    }
}
