//! A table dealt on the phones (table.html?deal=phones and a seat's link `#k=…`: DEAL-PROTOCOL.md,
//! "A table relayed by a tablet"): the tablet's page and a seat's phone page, both devices of
//! joint play or carrying it. A module of its own, so that neither table mode's host nor play
//! by turns carries the relayed table's pages, nor its tablet's computer seats (built for
//! wasm32 by trunk, see index.html, table.html and src/web/table/).
#[cfg(target_arch = "wasm32")]
fn main() {
    lauzait_cep::web::table::start_relayed();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lauzait-relayed is a relayed table's pages: open table.html?deal=phones in a browser");
    std::process::exit(2);
}
