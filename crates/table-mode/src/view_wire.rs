//! A seat's view on the wire to a phone: its text form ([`SeatView::to_text`]), the one form
//! a seat's view travels in, to the computer players' worker (`lauzait_autoplay::wire`) and
//! to a phone alike. The phone's digest of each view it was shown is of the same text
//! (`crate::verify::digest`), and the phone reads no JSON of the engine's view types.
//!
//! Used as `#[serde(with = "crate::view_wire")]` on the `view` field of
//! [`HostMsg::View`](crate::protocol::HostMsg::View): a JSON string, read with
//! [`SeatView::from_text`], which refuses any other text with the token at fault and never
//! panics (tests/table_mode/view_wire.rs). Whether the view is a real position is
//! [`SeatView::rebuild`]'s to check, as before.

use lauzait_engine::SeatView;
use serde::de::Error;
use serde::{Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(view: &SeatView, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&view.to_text())
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<SeatView>, D::Error> {
    let text = String::deserialize(d)?;
    SeatView::from_text(&text).map(Box::new).map_err(D::Error::custom)
}

/// A view with its number, when there is one: a phone's latest view, in its save, in the
/// same text form as on the wire.
pub mod numbered {
    use lauzait_engine::SeatView;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
