//! The rating of a finished game in the browser (docs/rating.md), in a Web Worker of its own
//! that the page starts when a game is first rated (built for wasm32 by trunk, see
//! index.html and src/web/rater.rs).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::rater::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-rater runs in the browser game's Web Worker: use `lauzait rate` on the command line");
    std::process::exit(2);
}
