//! The test build's part of `window.lauzait` (feature `test-hooks`; docs/automation-hook.md):
//! `state()` (`ui::report`), `rects()`, `benchRedraw(n)` and `benchCoach(n)` here,
//! `embed()` in `embed.rs`. It reports what the screen shows and where things are, in CSS
//! pixels of the page, so that tests click and type like a person; it never applies an
//! action. The shipped build leaves all of it out (about 8 KB gzip of the offline install,
//! BENCHMARKS.md "Download size"), so the browser tests play the test build, and
//! `smoke.test.mjs` checks the shipped one.

use super::shell::{with_shell, Shell};
use lauzait_ui::layout::Rect;
use serde_json::{json, Map, Value};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// A rectangle of the canvas in CSS pixels of the page, the canvas's corner at (`dx`, `dy`)
/// (also the embeds' squares in `window.lauzait.embed()`).
pub(super) fn rect_json(r: Rect, dx: f64, dy: f64) -> Value {
    json!({ "x": r.x + dx, "y": r.y + dy, "w": r.w, "h": r.h })
}

pub fn rects(shell: &Shell) -> Value {
    let app = &shell.model;
    let cr = shell.canvas.get_bounding_client_rect();
    let (dx, dy) = (cr.left(), cr.top());
    let l = &app.device.layout;
    let mut squares = Map::new();
    for sq in lauzait_engine::Square::all() {
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
    // Each player's panel with its small tiles where the panels show them (the same numbers
    // the drawing uses: `Layout::panel_tiles`).
    let view = app.game().and_then(|g| g.view(g.to_move()));
    let panels: Vec<Value> = l
        .panels
        .iter()
        .enumerate()
        .map(|(p, r)| {
            let mut v = rect_json(*r, dx, dy);
            let counts = view.as_ref().map_or((0, 0), |view| (view.concealed_count(p), view.departments(p).len()));
            let tiles = l.panel_tiles(p, counts.0, counts.1, !app.hands_open()).unwrap_or_default();
            let all = tiles.concealed.iter().chain(tiles.count.iter()).chain(tiles.departments.iter().flatten());
            v["tiles"] = all.map(|t| rect_json(*t, dx, dy)).collect::<Vec<_>>().into();
            v
        })
        .collect();
    let mut buttons = Map::new();
    if let Ok(list) = shell.doc.query_selector_all("button[id], input[id]") {
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
        "panels": panels,
        "buttons": buttons,
        "dpr": app.device.dpr,
    })
}

/// The last input handled, for `state().input`.
fn last_input_json() -> Value {
    super::input::last_input()
        .map(|i| {
            json!({ "kind": i.kind, "eventAt": i.event_at, "handledAt": i.handled_at,
                    "latencyMs": i.handled_at - i.event_at, "thinking": i.thinking })
        })
        .unwrap_or(Value::Null)
}

pub(super) fn to_js(v: &Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

/// Adds the test build's hooks to `api` (`window.lauzait`).
pub fn install(api: &js_sys::Object) -> Result<(), JsValue> {
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(api, &k.into(), v);
    let state_fn = Closure::<dyn Fn() -> JsValue>::new(|| {
        with_shell(|shell| to_js(&lauzait_ui::report::state(&shell.model, last_input_json()))).unwrap_or(JsValue::NULL)
    });
    set("state", state_fn.as_ref())?;
    state_fn.forget();
    let rects_fn =
        Closure::<dyn Fn() -> JsValue>::new(|| with_shell(|shell| to_js(&rects(shell))).unwrap_or(JsValue::NULL));
    set("rects", rects_fn.as_ref())?;
    rects_fn.forget();
    let bench = Closure::<dyn Fn(JsValue) -> JsValue>::new(|n: JsValue| {
        let n = n.as_f64().unwrap_or(20.0).clamp(1.0, 10_000.0) as u32;
        with_shell(|shell| {
            let t0 = shell.now();
            for _ in 0..n {
                super::view::render(&shell.model, &shell.pen, t0);
            }
            JsValue::from_f64((shell.now() - t0) / n as f64)
        })
        .unwrap_or(JsValue::NULL)
    });
    set("benchRedraw", bench.as_ref())?;
    bench.forget();
    // The coach's numbers for the Day on the table, timed (ms per call), for BENCHMARKS.md.
    let bench_coach = Closure::<dyn Fn(JsValue) -> JsValue>::new(|n: JsValue| {
        let n = n.as_f64().unwrap_or(5.0).clamp(1.0, 1000.0) as u32;
        with_shell(|shell| {
            let game = shell.model.game()?;
            let view = game.view(game.to_move())?;
            let t0 = shell.now();
            for _ in 0..n {
                lauzait_learn::coach::advise(&view);
            }
            Some(JsValue::from_f64((shell.now() - t0) / n as f64))
        })
        .flatten()
        .unwrap_or(JsValue::NULL)
    });
    set("benchCoach", bench_coach.as_ref())?;
    bench_coach.forget();
    Ok(())
}
