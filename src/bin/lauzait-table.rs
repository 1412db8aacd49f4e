//! Table mode's page (table.html): the tablet is the board, each phone a private hand
//! (built for wasm32 by trunk, see index.html and src/web/table/).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::table::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-table is the browser's table mode: run `make play` and open http://127.0.0.1:8080/table.html");
    std::process::exit(2);
}
