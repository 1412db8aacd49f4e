//! Runs the sound and vibration effects ([`lauzait_ui::feedback`]): notes synthesized with
//! WebAudio oscillators (no audio file, nothing downloaded) and `navigator.vibrate`. The
//! audio context is made at the first sound (after a tap, as browsers require) and kept.

use lauzait_ui::feedback::Note;
use std::cell::RefCell;
use wasm_bindgen::JsValue;
use web_sys::{AudioContext, Window};

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Plays the notes now; a browser without WebAudio stays silent.
pub fn play(notes: &[Note]) {
    AUDIO.with(|cell| {
        let mut audio = cell.borrow_mut();
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        let Some(ctx) = audio.as_ref() else { return };
        // A context made before the page was touched starts suspended.
        let _ = ctx.resume();
        if let Err(e) = schedule(ctx, notes) {
            web_sys::console::warn_2(&"lauzait: sound failed:".into(), &e);
        }
    });
}

fn schedule(ctx: &AudioContext, notes: &[Note]) -> Result<(), JsValue> {
    let t0 = ctx.current_time();
    for n in notes {
        let (start, end) = (t0 + n.at_ms / 1000.0, t0 + (n.at_ms + n.ms) / 1000.0);
        let osc = ctx.create_oscillator()?;
        let gain = ctx.create_gain()?;
        let f = osc.frequency();
        f.set_value_at_time(n.hz as f32, start)?;
        f.exponential_ramp_to_value_at_time(n.to_hz as f32, end)?;
        // A quick rise and a fall to silence, so that no note clicks.
        let g = gain.gain();
        g.set_value_at_time(0.0001, start)?;
        g.exponential_ramp_to_value_at_time(n.gain as f32, start + 0.008)?;
        g.exponential_ramp_to_value_at_time(0.0001, end)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(start)?;
        osc.stop_with_when(end + 0.02)?;
    }
    Ok(())
}

/// Vibrates with the pattern where the device can (`navigator.vibrate` is missing on some).
pub fn vibrate(window: &Window, pattern: &[u32]) {
    let nav = window.navigator();
    if js_sys::Reflect::has(&nav, &"vibrate".into()).unwrap_or(false) {
        let list: js_sys::Array = pattern.iter().map(|&ms| JsValue::from(ms)).collect();
        nav.vibrate_with_pattern(&list);
    }
}
