//! The computer players' pace at the table, chosen by the person: shared with table mode's
//! tablet through the worker protocol's crate, where the pacer that uses it lives.

pub use lauzait_autoplay::speed::Speed;
