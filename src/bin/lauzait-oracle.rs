//! The rules oracle of the browser game's automation hook (`window.lauzait.analyze`), in a
//! Web Worker of its own (built for wasm32 by trunk, see index.html and src/web/oracle.rs).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::oracle::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-oracle runs in the browser game's Web Worker: use `lauzait analyze` on the command line");
    std::process::exit(2);
}
