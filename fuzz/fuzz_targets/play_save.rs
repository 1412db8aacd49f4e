//! Fuzz target `play_save`: see checks::play::check_save (fuzz/play_checks.rs) for what it checks.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::play::check_save(data, |m| assert!(!m.is_empty() && m.len() <= 400, "{m:.400}")));
