//! A seat's view as the host sends it and a phone keeps it: the engine's compact text form
//! (`SeatView::to_text`, read back by `SeatView::from_text`), a string inside the JSON
//! message, rather than the view as JSON. The text has no JSON reader for the engine's
//! types behind it, which were most of a phone's module (BENCHMARKS.md, "Table mode"); the
//! computer players' worker reads views the same way. Used as `#[serde(with = …)]`.

use lauzait_engine::SeatView;
use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub fn serialize<S: Serializer>(view: &SeatView, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&view.to_text())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<SeatView>, D::Error> {
    let text = String::deserialize(d)?;
    SeatView::from_text(&text).map(Box::new).map_err(D::Error::custom)
}

/// A view with its number, when there is one (a phone's latest view, in its save).
pub mod numbered {
    use super::*;

    pub fn serialize<S: Serializer>(view: &Option<(u32, SeatView)>, s: S) -> Result<S::Ok, S::Error> {
        view.as_ref().map(|(seq, view)| (seq, view.to_text())).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<(u32, SeatView)>, D::Error> {
        match Option::<(u32, String)>::deserialize(d)? {
            Some((seq, text)) => SeatView::from_text(&text).map(|view| Some((seq, view))).map_err(D::Error::custom),
            None => Ok(None),
        }
    }
}
