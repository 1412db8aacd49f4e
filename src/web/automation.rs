//! `window.lauzait`: the automation hook (see docs/automation-hook.md). Every build has
//! `ready`, `readyAt`, `version` and `analyze` (the rules oracle, for pages and tools); the
//! hooks that report what the screen shows and where things are (`state`, `rects`, `embed`,
//! the benchmarks) are the test build's only ([`super::test_hooks`], feature `test-hooks`),
//! so that a player's download does not carry them. It never applies an action itself.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;

pub fn install(window: &web_sys::Window) -> Result<(), JsValue> {
    let api = js_sys::Object::new();
    let set = |k: &str, v: &JsValue| js_sys::Reflect::set(&api, &k.into(), v);
    set("version", &env!("CARGO_PKG_VERSION").into())?;
    set("ready", &JsValue::FALSE)?;
    #[cfg(feature = "test-hooks")]
    super::test_hooks::install(&api)?;
    // The rules oracle of `lauzait analyze` (ANALYZE-PROTOCOL.md), for pages and tools: one
    // request line in, a promise of one response line out. It runs in a worker of its own
    // (`oracle.rs`), started when first asked, so that the page does not carry its code.
    let analyze = Closure::<dyn Fn(JsValue) -> JsValue>::new(|line: JsValue| {
        let line = line.as_string().unwrap_or_default();
        js_sys::Promise::new(&mut |resolve, _| super::oracle::ask(&line, resolve)).into()
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
