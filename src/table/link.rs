//! The pairing texts (TABLE-PROTOCOL.md, "Pairing"): the seat's link carries the host's
//! WebRTC offer in its `#fragment` (`j=…`), the guest's answer travels back as a QR code
//! or pasted text (`a=…`). Each is JSON, raw-DEFLATE compressed, in base64url, so that
//! a QR code of it stays small enough for a phone's camera. Reading one is reading
//! untrusted input: sizes are capped before and after inflating.

use super::bytes::{JoinToken, TableId};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The most text a pairing code may have, and the most its JSON may inflate to.
pub const MAX_CODE_CHARS: usize = 6000;
const MAX_JSON_BYTES: usize = 16 * 1024;

/// What a seat's link carries: the table, the seat, its one-time token and the offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invite {
    pub table: TableId,
    pub seat: u8,
    pub token: JoinToken,
    pub sdp: String,
}

/// What the guest shows back: its seat and its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    pub seat: u8,
    pub sdp: String,
}

/// The link's fragment for `invite` (without the `#`).
pub fn invite_fragment(invite: &Invite) -> String {
    format!("j={}", pack(invite))
}

/// The invite in a link's fragment (with or without the `#`).
pub fn read_invite(fragment: &str) -> Result<Invite, String> {
    let code = fragment.trim().trim_start_matches('#');
    unpack(code.strip_prefix("j=").ok_or("this is not a table-mode link")?)
}

/// The text of `answer` (shown as a QR code and as text to copy).
pub fn answer_code(answer: &Answer) -> String {
    format!("a={}", pack(answer))
}

/// The answer in a scanned or pasted code; spaces and line breaks are ignored.
pub fn read_answer(code: &str) -> Result<Answer, String> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    unpack(code.strip_prefix("a=").ok_or("this is not a phone's answer code (it starts with a=)")?)
}

fn pack<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_vec(value).unwrap_or_default();
    base64url(&miniz_oxide::deflate::compress_to_vec(&json, 9))
}

fn unpack<T: DeserializeOwned>(code: &str) -> Result<T, String> {
    if code.len() > MAX_CODE_CHARS {
        return Err(format!("the code is {} characters long, more than {MAX_CODE_CHARS}", code.len()));
    }
    let bytes = from_base64url(code)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_JSON_BYTES)
        .map_err(|_| "the code is damaged (it does not inflate)".to_string())?;
    serde_json::from_slice(&json).map_err(|e| format!("the code is damaged: {e}"))
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn from_base64url(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or_else(|| format!("{:?} does not belong in a code", c as char))?;
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_round_trips() {
        for n in 0..20 {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 5) as u8).collect();
            assert_eq!(from_base64url(&base64url(&bytes)).unwrap(), bytes);
        }
        assert_eq!(base64url(b"hello"), "aGVsbG8");
    }

    #[test]
    fn invites_and_answers_round_trip_and_damage_is_refused() {
        let invite = Invite {
            table: TableId::from_entropy(&[1; 8]),
            seat: 2,
            token: JoinToken::from_entropy(&[2; 8]),
            sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n".repeat(10),
        };
        let fragment = invite_fragment(&invite);
        assert_eq!(read_invite(&format!("#{fragment}")).unwrap(), invite);
        assert!(fragment.len() < invite.sdp.len(), "compressed");
        let answer = Answer { seat: 2, sdp: "v=0".into() };
        let code = answer_code(&answer);
        let spaced: String = code.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(read_answer(&spaced).unwrap(), answer);
        assert!(read_answer(&fragment).is_err());
        assert!(read_invite("j=!!!").is_err());
        assert!(read_invite("j=AAAA").is_err());
        assert!(read_invite(&format!("j={}", "A".repeat(7000))).is_err());
        let bomb = base64url(&miniz_oxide::deflate::compress_to_vec(&vec![b' '; 1 << 20], 9));
        assert!(read_invite(&format!("j={bomb}")).is_err(), "a code that inflates past the cap is refused");
    }
}
