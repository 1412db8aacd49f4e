//! Lauzait Cep! — a pure, deterministic rules engine plus the shells around it.
//!
//! The rule ids cited throughout (R12.6, …) are summarised one by one in `docs/rules.md`.
//!
//! - [`engine`]: the rules (RULES.md), no I/O, no clock; chance drawn from the caller's
//!   entropy when it is needed and recorded as data in the game.
//! - [`bots`]: computer players that see only their seat's view.
//! - [`analyze`]: the JSON-lines rules oracle (ANALYZE-PROTOCOL.md).
//! - [`tools`]: whole-game simulation and deal statistics for the command-line tool.
//! - [`autoplay`]: computer players' whole Days for a shell that runs them elsewhere (the
//!   browser's bot worker).
//! - [`learn`]: lessons, the coach and the review, pure (the browser shows them).
//! - [`ui`]: the browser game's logic, pure and natively tested; [`web`] is its shell.

// The wasm build is size-optimised (`opt-level = "z"`) but keeps the bots' hot search
// optimised for speed (`#[optimize(speed)]`, bots/normal/search.rs): the wasm build already
// runs the nightly features of the shared toolchain notes (build-std), the native one never
// sees this.
#![cfg_attr(target_arch = "wasm32", feature(optimize_attribute))]

pub mod analyze;
pub mod autoplay;
pub mod bots;
pub mod engine;
pub mod learn;
pub mod table;
pub mod tools;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;

// Talc instead of std's dlmalloc in every browser module (the page, its workers, table mode,
// the rules oracle): a smaller allocator (-1.6 KB gzip on the page's module, BENCHMARKS.md)
// that is not slower. Each module runs on one thread of its own (no `atomics`).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
