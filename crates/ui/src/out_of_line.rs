//! Keeping code that the first screen never runs out of the functions it does run.
//!
//! The page's module is split by function (scripts/split-page.mjs): the functions a first
//! visit's first screen calls stay in the page, the rest is fetched after it is drawn. A
//! function with a single caller is copied into that caller by wasm-opt whatever its size
//! (and by LLVM too), so code reached only at a game's end — the rating — would land inside
//! `Model::update` or the shell's DOM sync, both on the first screen, and weigh on the
//! page. Called through [`out_of_line`], it stays a function of its own, which the split
//! leaves in the rest.

/// `f` itself, through a value the optimisers cannot see through: a call of what it
/// returns is an indirect call, so `f` is neither inlined nor merged into its caller.
#[inline(always)]
pub fn out_of_line<F: Copy>(f: F) -> F {
    core::hint::black_box(f)
}
