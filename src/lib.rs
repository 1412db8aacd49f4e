//! Lauzait Cep! in the browser: the web shell ([`web`], wasm only) that turns the page's
//! events into messages for the pure UI core (`lauzait_ui`), runs the effects it returns and
//! paints what it describes. The layers below it are crates of their own (crates/, and
//! README.md's "Layout"); the rule ids cited throughout (R12.6, …) are summarised in
//! `docs/rules.md`.

#[cfg(target_arch = "wasm32")]
pub mod web;

// Talc instead of std's dlmalloc in every browser module (the page, its workers, table mode,
// the rules oracle): a smaller allocator (-1.6 KB gzip on the page's module, BENCHMARKS.md)
// that is not slower. Each module runs on one thread of its own (no `atomics`).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
