//! What the browser tests read of play by turns (feature `test-hooks`, as table mode's
//! `window.__table`): `window.__remote.state`, the page's state as JSON text — its side,
//! seat, whose move it is, its choices, its links on show and its problem — and
//! `window.__remote.trace`, the page's log. The shipped site has none of it.

#[cfg(feature = "test-hooks")]
pub use on::*;

#[cfg(not(feature = "test-hooks"))]
pub use off::*;

#[cfg(feature = "test-hooks")]
mod on {
    use super::super::Shell;
    use js_sys::{Array, Object, Reflect};
    use lauzait_remote::screen::boot::Screen;
    use lauzait_remote::screen::Shown;
    use lauzait_table_mode::verify::Verdict;
    use lauzait_ui::html::remote::host::turn_name;
    use lauzait_ui::i18n::remote::problem;
    use serde_json::{json, Value};
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};

    fn root() -> Option<Object> {
        let w = web_sys::window()?;
        let existing = Reflect::get(&w, &"__remote".into()).ok().filter(|v| v.is_object());
        Some(match existing {
            Some(v) => v.into(),
            None => {
                let o = Object::new();
                let _ = Reflect::set(&w, &"__remote".into(), &o);
                o
            }
        })
    }

    /// A line of the page's log (at most the last 4096 kept).
    pub fn trace(line: &str) {
        let Some(r) = root() else { return };
        let list = Reflect::get(&r, &"trace".into()).ok().filter(|v| v.is_array()).map(Array::unchecked_from_js);
        let list = list.unwrap_or_else(|| {
            let a = Array::new();
            let _ = Reflect::set(&r, &"trace".into(), &a);
            a
        });
        if list.length() >= 4096 {
            list.shift();
        }
        list.push(&JsValue::from_str(line));
    }

    /// `window.__remote.state`, read when asked.
    pub fn state_from(state: impl Fn() -> String + 'static) {
        let Some(r) = root() else { return };
        let get = Closure::<dyn Fn() -> JsValue>::new(move || JsValue::from_str(&state()));
        let descriptor = Object::new();
        let _ = Reflect::set(&descriptor, &"get".into(), get.as_ref());
        let _ = Reflect::set(&descriptor, &"configurable".into(), &JsValue::TRUE);
        Object::define_property(&r, &"state".into(), &descriptor);
        get.forget();
    }

    pub fn state_json(s: &Shell) -> String {
        let l = s.lang();
        let value = match s.screen() {
            Screen::Host(h) => {
                let device = h.device();
                let seats: Vec<Value> = device
                    .map(|d| d.remote_seats())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|seat| {
                        json!({
                            "seat": seat,
                            "invite": h.link(Shown::Invite(seat)),
                            "letter": h.letter(seat),
                            "news": device.is_some_and(|d| d.has_news_for(seat)),
                        })
                    })
                    .collect();
                json!({
                    "side": if device.is_some() { "host" } else { "setup" },
                    "seat": 0,
                    "turn": h.turn().map(|t| turn_name(&t)),
                    "choices": h.choices().len(),
                    "seats": seats,
                    "problem": h.problem().map(|p| problem(l, p)),
                    "scores": device.and_then(|d| d.host().game()).map(|g| g.scores().to_vec()),
                })
            }
            Screen::Guest(g) => json!({
                "side": "guest",
                "seat": g.device().seat(),
                "turn": turn_name(&g.turn()),
                "choices": g.choices().len(),
                "news": g.device().has_news(),
                "letter": g.letter(),
                "problem": g.problem().map(|p| problem(l, p)),
                // By name: the wasm build prints no `Debug`.
                "verdict": g.device().guest().verdict.as_ref().map(|v| match v {
                    Verdict::Verified => "Verified",
                    Verdict::NotVerified(_) => "NotVerified",
                }),
            }),
        };
        value.to_string()
    }
}

#[cfg(not(feature = "test-hooks"))]
mod off {
    pub fn trace(_: &str) {}
    pub fn state_from(_: impl Fn() -> String + 'static) {}
    pub fn state_json(_: &super::super::Shell) -> String {
        String::new()
    }
}
