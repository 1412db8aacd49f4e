//! A spectator's link by turns: the host device writes the table's public view as it stands
//! — table mode's spectator message ([`SpectatorMsg`], built from the engine's public view
//! only: no hand's concealed pieces, no pool, no secret) — DEFLATE-compressed in base64url,
//! in a link's fragment `#s=…`. Its player sends it to anyone who watches, after any Day;
//! opening it shows that view and changes nothing on the device it is opened on. Reading is
//! reading untrusted input: every length is bounded and any text gives a view or a
//! [`ReadError`], never a panic.

use crate::error::ReadError;
use crate::letter::{MAX_LETTER_BYTES, MAX_LINK_CHARS};
use lauzait_engine::SpectatorView;
use lauzait_table_mode::host::Host;
use lauzait_table_mode::link::{base64url, from_base64url};
use lauzait_table_mode::spectator::{read_spectator, SpectatorMsg};
use lauzait_table_mode::validate::write;

/// The prefix of a spectator's link in a fragment.
pub const SPECTATOR_PREFIX: &str = "s=";

/// What a spectator's link shows: the table's public view, its number and the seats' names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watched {
    pub seq: u32,
    pub names: Vec<String>,
    pub view: SpectatorView,
}

/// The spectator's link's fragment (`s=…`) of `host`'s table as it stands; `None` before
/// the first deal.
pub fn spectator_fragment(host: &Host) -> Option<String> {
    let text = write(&host.spectator_msg()?);
    Some(format!("{SPECTATOR_PREFIX}{}", base64url(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))))
}

/// The view in a spectator's link (its fragment, with or without `#s=` before it).
pub fn read_spectator_link(text: &str) -> Result<Watched, ReadError> {
    if text.len() > MAX_LINK_CHARS {
        return Err(ReadError::TooLong { chars: text.len() });
    }
    let text = text.trim();
    let text = text.strip_prefix('#').unwrap_or(text);
    let text = text.strip_prefix(SPECTATOR_PREFIX).ok_or(ReadError::NotALetter)?;
    let packed = from_base64url(text).map_err(|_| ReadError::NotALetter)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_LETTER_BYTES)
        .map_err(|_| ReadError::Damaged)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| ReadError::Invalid("spectator's view"))?;
    match read_spectator(text) {
        Ok(SpectatorMsg::Public { seq, names, view, .. }) => Ok(Watched { seq, names, view: *view }),
        Err(_) => Err(ReadError::Invalid("spectator's view")),
    }
}
