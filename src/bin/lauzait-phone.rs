//! Table mode's phone (table.html opened with a seat's pairing link, `#j=…`): the seat's
//! own hand and buttons, its pairing answer and its check of the game's record. A module of
//! its own, so that a phone downloads neither the host nor the computer players (built for
//! wasm32 by trunk, see index.html, table.html and src/web/table/).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::table::start_phone();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-phone is table mode's phone page: open a seat's pairing link (table.html#j=…) in a browser");
    std::process::exit(2);
}
