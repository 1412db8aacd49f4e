//! The browser game's logic, pure and natively tested: what the page shows and what each
//! intent does, with no DOM, no clock, no storage and no global randomness. The web shell
//! (`crate::web`, wasm only) turns events into messages, runs the effects this module
//! returns and paints what it describes.

pub mod embed_params;
pub mod scene;
