//! The puzzles (docs/puzzles.md): the shipped set read whole, and the text form's round trip
//! and refusals. One test binary for both: fewer binaries to link in `make test`.

mod set;
mod text;
