//! What a table's spectators are sent (TABLE-PROTOCOL.md, "Spectators"): one kind of
//! message, the public view of the game ([`SpectatorView`]) numbered like the seats' views,
//! on every public change. It is made by [`public_msg`], which takes the engine's
//! [`PublicView`] and nothing else — not the game, not a seat's view — so no hand's concealed
//! pieces, the pool or a deal's secret can reach a spectator by type. A spectator sends
//! nothing the host takes: whatever arrives on its connection is refused and logged
//! ([`crate::host::Host::watcher_said`]).

use super::protocol::{MAX_HOST_BYTES, VERSION};
use super::validate::{read, Refused};
use lauzait_engine::{PublicView, SpectatorView};
use serde::{Deserialize, Serialize};

/// The host's message to a spectator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SpectatorMsg {
    /// The game as everyone sees it, numbered as the seats' views are (`seq`), with the
    /// seats' names as the table set them. The view travels as its text form (`pv1 …`,
    /// [`SpectatorView::to_text`]).
    Public {
        v: u32,
        seq: u32,
        names: Vec<String>,
        #[serde(with = "wire")]
        view: Box<SpectatorView>,
    },
}

/// The message that shows a spectator `view`, the table at view number `seq` with its seats'
/// `names`.
pub fn public_msg(view: &PublicView, seq: u32, names: Vec<String>) -> SpectatorMsg {
    SpectatorMsg::Public { v: VERSION, seq, names, view: Box::new(SpectatorView::new(view)) }
}

/// The host's message from its text, read on a spectator's device: untrusted, so its size,
/// version and form are checked as a phone checks the host's ([`crate::validate`]).
pub fn read_spectator(text: &str) -> Result<SpectatorMsg, Refused> {
    read(text, MAX_HOST_BYTES)
}

/// The view as a JSON string of its text form, read back exactly or refused.
mod wire {
    use lauzait_engine::SpectatorView;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(view: &SpectatorView, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&view.to_text())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<SpectatorView>, D::Error> {
        let text = String::deserialize(d)?;
        SpectatorView::from_text(&text).map(Box::new).map_err(D::Error::custom)
    }
}
