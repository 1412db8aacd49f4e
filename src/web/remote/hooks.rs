//! What the browser tests read of play by turns (feature `test-hooks`, as table mode's
//! `window.__table`): `window.__remote.state`, the page's state as JSON text — its side,
//! seat, whose move it is, its choices, its links on show and its problem — and
//! `window.__remote.trace`, the page's log; and `window.__remote.timeDeal`, a whole deal by
//! all the devices simulated in this page, each device's work timed (`make deal-timing`,
//! DEAL-PROTOCOL.md "Measured"): the page of play by turns is where joint play will run. The
//! shipped site has none of it.

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

    /// `window.__remote.timeDeal(players, seed)`: one whole deal with the luminous rule by
    /// `players` (2 to 4) simulated devices, every message through the wire form, then every
    /// device publishes and verifies the deal; returns each device's own work in
    /// milliseconds (`performance.now()` around making it, each message it takes and its
    /// publication). Another number of players returns an empty list.
    pub fn install_deal_timing() {
        use js_sys::Array;
        use lauzait_joint_deal::simulation::whole_deal_timed;
        use wasm_bindgen::closure::Closure;
        let time = Closure::<dyn Fn(u32, u32) -> JsValue>::new(|players: u32, seed: u32| {
            let work = Array::new();
            if (2..=4).contains(&players) {
                let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
                    return work.into();
                };
                let clock = Box::new(move || performance.now());
                let table = whole_deal_timed(players as usize, &seed.to_le_bytes(), Some(clock));
                for ms in table.work {
                    work.push(&JsValue::from_f64(ms));
                }
            }
            work.into()
        });
        REMOTE.set("timeDeal", time.as_ref());
        time.forget();
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
            Screen::Joint(j) => {
                use lauzait_remote::screen::joint::Stage;
                let stage = match j.stage() {
                    Stage::Gathering(_) => "gathering",
                    Stage::Joining(_) => "joining",
                    Stage::Playing(_) => "playing",
                };
                // Rebuilt once from the seat's view for every field that reads it.
                let game = j.game();
                json!({
                    "side": "joint",
                    "stage": stage,
                    "seat": j.seat(),
                    "choices": j.choices().len(),
                    // By name: the wasm build prints no `Debug`.
                    "phase": j.phase().map(|(phase, _)| match phase {
                        lauzait_joint_play::PlayPhase::Dealing { .. } => "dealing",
                        lauzait_joint_play::PlayPhase::Playing { .. } => "playing",
                        lauzait_joint_play::PlayPhase::Throwing { .. } => "throwing",
                        lauzait_joint_play::PlayPhase::Publishing { .. } => "publishing",
                        lauzait_joint_play::PlayPhase::Over => "over",
                        lauzait_joint_play::PlayPhase::Stopped(_) => "stopped",
                    }),
                    // R40: the positions this device can open by its keys that its seat may
                    // not see (none on an honest table).
                    "beyond": j.device().map(|d| d.deal().opens_beyond_its_seat().len()),
                    "links": j.links().iter().map(|(seat, link)| json!({"seat": seat, "link": link})).collect::<Vec<_>>(),
                    "problem": j.problem().map(|p| problem(l, p)),
                    "scores": game.as_ref().map(|g| g.scores().to_vec()),
                    "day": game.as_ref().map(|g| g.day().number),
                    "season": game.as_ref().map(|g| g.season().number),
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
    pub fn install_deal_timing() {}
    pub fn trace(_: &str) {}
    pub fn state_from(_: impl Fn() -> String + 'static) {}
    pub fn state_json(_: &super::super::Shell) -> String {
        String::new()
    }
}
