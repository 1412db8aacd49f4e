//! Reading a peer's message: it is untrusted input, so its size, its form and its version
//! are checked before anything looks at what it says. Seat and turn depend on the table's
//! state and are checked by the host ([`super::host`]); the guest checks what the host
//! sends the same way ([`read_host`]).

use super::protocol::{GuestMsg, HostMsg, Refusal, MAX_GUEST_BYTES, MAX_HOST_BYTES, VERSION};
use lauzait_engine::piece::excerpt;
use serde::de::DeserializeOwned;

/// A refused message: the reason sent back, and a detail for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub reason: Refusal,
    pub detail: String,
}

impl Refused {
    pub fn new(reason: Refusal, detail: impl Into<String>) -> Refused {
        Refused { reason, detail: detail.into() }
    }
}

/// A guest's message from its text.
pub fn read_guest(text: &str) -> Result<GuestMsg, Refused> {
    read(text, MAX_GUEST_BYTES)
}

/// The host's message from its text (read on the guest's device).
pub fn read_host(text: &str) -> Result<HostMsg, Refused> {
    read(text, MAX_HOST_BYTES)
}

pub(crate) fn read<T: DeserializeOwned>(text: &str, max: usize) -> Result<T, Refused> {
    if text.len() > max {
        return Err(Refused::new(Refusal::TooLong, format!("{} bytes, more than the {max} allowed", text.len())));
    }
    // The version is read first, on its own, so that a message of another version is refused
    // as such whatever else it holds; then the message is read straight from the text (not
    // through serde_json's `Value`, whose reader would be a second copy of every message's
    // in the phone's download).
    let head: Head = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            Refused::new(Refusal::Malformed, "no protocol version (\"v\")")
        } else {
            Refused::new(Refusal::Malformed, format!("not JSON: {e}"))
        }
    })?;
    match head.v {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(Refused::new(Refusal::Version, format!("protocol version {v}; this table speaks {VERSION}")))
        }
        None => return Err(Refused::new(Refusal::Malformed, "no protocol version (\"v\")")),
    }
    // serde quotes unknown keys and bad values whole: an excerpt of its message is enough.
    serde_json::from_str(text).map_err(|e| Refused::new(Refusal::Malformed, excerpt(&e.to_string())))
}

/// A message's version, every other field skipped unread.
#[derive(serde::Deserialize)]
struct Head {
    #[serde(default)]
    v: Option<u64>,
}

/// A message as the text sent on the data channel.
pub fn write<T: serde::Serialize>(msg: &T) -> String {
    // Every message type serializes (no maps with non-text keys, no failing serializer).
    serde_json::to_string(msg).unwrap_or_default()
}
