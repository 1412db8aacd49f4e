//! Entry point of the browser game (built for wasm32 by trunk), and of its computer
//! players' Web Worker, which runs this same module (src/web/bot-worker.js): the worker
//! loads the files the page already downloaded and cached instead of a module of its own.
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::start();
}

/// Called by the computer players' worker script (src/web/bot-worker.js) once the module is
/// loaded in the worker, where `main` found no page to start.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn lauzait_worker_start() {
    lauzait_cep::web::worker::start();
}

/// Called by index.html's loader once the rest of the page's code is linked (src/web/rest.rs).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn lauzait_rest_linked() {
    lauzait_cep::web::rest_linked();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-web is the browser game: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
