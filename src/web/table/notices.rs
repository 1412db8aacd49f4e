//! The notices both table pages show above everything else, built natively
//! (`lauzait_ui::html::table::notices`, snapshot-tested there).

pub use lauzait_ui::html::table::notices::{notices, problem_text, Notices};
