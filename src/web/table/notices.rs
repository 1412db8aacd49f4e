//! The notices both table pages show above everything else, built natively with the rest of
//! their markup (`lauzait_ui::html::table_notices`).

pub use lauzait_ui::html::table_notices::{notices, problem_text, Notices};
