//! Fuzz target `seat_view`: see checks::seat_view for what it checks.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::seat_view(data));
