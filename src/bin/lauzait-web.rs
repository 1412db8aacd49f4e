//! Entry point of the browser game (built for wasm32 by trunk).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-web is the browser game: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
