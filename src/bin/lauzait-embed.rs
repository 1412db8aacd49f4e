//! Embedded boards (EMBEDDING.md): embed.html's module, one board with its demonstration
//! or its position, for a rules-explainer's page (`static/embed.js` frames it) and the
//! game's position links. A module of its own, so that an embed downloads only the engine,
//! the board's drawing and the embed, and the game's page does not carry the embed (built
//! for wasm32 by trunk, see index.html and static/embed-loader.js).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::embed::start_page();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-embed is the browser game's embedded board: run `make play` and open http://127.0.0.1:8080/embed.html#embed=");
    std::process::exit(2);
}
