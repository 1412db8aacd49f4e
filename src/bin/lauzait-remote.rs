//! Play by turns (remote.html): a table whose devices never connect, each move a link sent
//! by any messenger (REMOTE-PROTOCOL.md). A module of its own, loaded only when remote play
//! is used, so that the game's page does not grow (built for wasm32 by trunk, see
//! index.html, remote.html and src/web/remote/).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::remote::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-remote is play by turns' page: open remote.html in a browser");
    std::process::exit(2);
}
