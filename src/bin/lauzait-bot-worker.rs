//! The browser game's computer players, in a Web Worker (built for wasm32 by trunk, see
//! index.html and src/web/worker.rs).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::worker::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "lauzait-bot-worker runs in the browser game's Web Worker: run `make play` and open http://127.0.0.1:8080"
    );
    std::process::exit(2);
}
