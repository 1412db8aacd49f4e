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
    use crate::web::hook_object::HookObject;
    use lauzait_remote::screen::boot::Screen;
    use lauzait_remote::screen::Shown;
    use lauzait_table_mode::verify::Verdict;
    use lauzait_ui::html::remote::host::turn_name;
    use lauzait_ui::i18n::remote::problem;
    use serde_json::{json, Value};
    use wasm_bindgen::JsValue;

    const REMOTE: HookObject = HookObject("__remote");

    /// A line of the page's log.
    pub fn trace(line: &str) {
        REMOTE.push("trace", &JsValue::from_str(line));
    }

    /// `window.__remote.state`, read when asked.
    pub fn state_from(state: impl Fn() -> String + 'static) {
        REMOTE.state_from(state);
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
                    "day": device.and_then(|d| d.host().game()).map(|g| g.day().number),
                    // Who plays each seat: a person, or the computer's level.
                    "players": device.map(|d| d.host().seats().iter().map(|s| s.player.level().map_or("person", |l| l.name())).collect::<Vec<_>>()),
                    "computerFailed": h.computer_failed().is_some(),
                })
            }
            Screen::Watch(w) => json!({
                "side": "spectator",
                "seq": w.watched.seq,
                "season": w.watched.view.season,
                "day": w.watched.view.day,
            }),
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
