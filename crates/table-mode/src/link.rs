//! The pairing texts (TABLE-PROTOCOL.md, "Pairing"): the seat's link carries the host's
//! WebRTC offer and the table's ICE servers in its `#fragment` (`j=…`), the guest's answer
//! travels back as a QR code or pasted text (`a=…`). Each is a few bytes in base64url: a
//! format version, the seat (and for the link the table, its token and the servers), and
//! only what the other side needs of the
//! session description ([`SessionDescription`]), from which it rebuilds a full SDP — so that the QR
//! code stays small and sparse enough for any phone's camera, and the text short enough
//! to type. Reading one is reading untrusted input: lengths are checked throughout.

use super::bytes::{JoinToken, TableId};
use super::code_error::CodeError;
use super::ice::IceServers;
use super::ice_wire;
use super::sdp::SessionDescription;
use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, Engine};

/// The most text a pairing code may have (a real one is under 200 characters).
pub const MAX_CODE_CHARS: usize = 1000;

/// The pairing codes' format; a code of another format is refused with advice. Format 3
/// added the link's ICE servers and candidates beyond the local network.
const FORMAT: u8 = 3;
/// The format before: its links carry no ICE servers and its codes host candidates only,
/// so they still read (as a link with no servers).
const FORMAT_2: u8 = 2;

/// What a seat's link carries: the table, the seat, its one-time token, the offer and the
/// ICE servers the phone connects through (the host's, from the table's settings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub table: TableId,
    pub seat: u8,
    pub token: JoinToken,
    pub offer: SessionDescription,
    pub ice: IceServers,
}

/// What a spectator's link carries: the table, the spectator's pairing slot (its number
/// from [`FIRST_SPECTATOR`]), the offer and the ICE servers. No token: a spectator claims
/// nothing, and the connection its offer opens is a spectator's whatever it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchInvite {
    pub table: TableId,
    pub slot: u8,
    pub offer: SessionDescription,
    pub ice: IceServers,
}

/// The first spectator's pairing slot, in the byte an answer names its seat with: a
/// spectator's answer names its slot there (128, 129, …), never a seat's number.
pub const FIRST_SPECTATOR: u8 = 128;

/// What the guest shows back: its seat and its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub seat: u8,
    pub answer: SessionDescription,
}

/// The link's fragment for `invite` (without the `#`).
pub fn invite_fragment(invite: &Invite) -> String {
    let mut b = vec![FORMAT];
    b.extend_from_slice(&invite.table.0);
    b.push(invite.seat);
    b.extend_from_slice(&invite.token.0);
    invite.offer.write(&mut b);
    ice_wire::write(&invite.ice, &mut b);
    format!("j={}", base64url(&b))
}

/// The invite in a link's fragment (with or without the `#`).
pub fn read_invite(fragment: &str) -> Result<Invite, CodeError> {
    let code = fragment.trim().trim_start_matches('#');
    let (format, bytes) = unpack(code.strip_prefix("j=").ok_or(CodeError::NotALink)?)?;
    let mut input = &bytes[..];
    let table = TableId::from_entropy(take(&mut input, 8)?);
    let seat = take(&mut input, 1)?[0];
    let token = JoinToken::from_entropy(take(&mut input, 8)?);
    let offer = SessionDescription::read(&mut input)?;
    let ice = if format == FORMAT_2 { IceServers::default() } else { ice_wire::read(&mut input)? };
    done(input)?;
    Ok(Invite { table, seat, token, offer, ice })
}

/// A spectator's link's fragment for `invite` (without the `#`): `w=` and, in base64url,
/// `03 ‖ table id (8) ‖ slot (1) ‖ session(offer) ‖ ice servers`.
pub fn watch_fragment(invite: &WatchInvite) -> String {
    let mut b = vec![FORMAT];
    b.extend_from_slice(&invite.table.0);
    b.push(invite.slot);
    invite.offer.write(&mut b);
    ice_wire::write(&invite.ice, &mut b);
    format!("w={}", base64url(&b))
}

/// The spectator's invite in a link's fragment (with or without the `#`).
pub fn read_watch_invite(fragment: &str) -> Result<WatchInvite, CodeError> {
    let code = fragment.trim().trim_start_matches('#');
    let (_, bytes) = unpack(code.strip_prefix("w=").ok_or(CodeError::NotALink)?)?;
    let mut input = &bytes[..];
    let table = TableId::from_entropy(take(&mut input, 8)?);
    let slot = take(&mut input, 1)?[0];
    let offer = SessionDescription::read(&mut input)?;
    let ice = ice_wire::read(&mut input)?;
    done(input)?;
    Ok(WatchInvite { table, slot, offer, ice })
}

/// The text of `answer` (shown as a QR code and as text to copy).
pub fn answer_code(answer: &Answer) -> String {
    let mut b = vec![FORMAT, answer.seat];
    answer.answer.write(&mut b);
    format!("a={}", base64url(&b))
}

/// The answer in a scanned or pasted code, or an answer link; spaces and line breaks are
/// ignored.
pub fn read_answer(code: &str) -> Result<Answer, CodeError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    // A whole answer link pasted (`…table.html#a=…`) is read for its code.
    let code = code.find("#a=").map_or(code.as_str(), |at| &code[at + 1..]);
    let (_, bytes) = unpack(code.strip_prefix("a=").ok_or(CodeError::NotAnAnswer)?)?;
    let mut input = &bytes[..];
    let seat = take(&mut input, 1)?[0];
    let answer = SessionDescription::read(&mut input)?;
    done(input)?;
    Ok(Answer { seat, answer })
}

/// The format and the bytes of a code, its format checked and stripped.
fn unpack(code: &str) -> Result<(u8, Vec<u8>), CodeError> {
    if code.len() > MAX_CODE_CHARS {
        return Err(CodeError::TooLong { chars: code.len(), max: MAX_CODE_CHARS });
    }
    let bytes = from_base64url(code)?;
    match bytes.first() {
        None => Err(CodeError::Empty),
        Some(&format) if format == FORMAT || format == FORMAT_2 => Ok((format, bytes[1..].to_vec())),
        Some(_) => Err(CodeError::OtherVersion),
    }
}

fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], CodeError> {
    if input.len() < n {
        return Err(CodeError::CutShort);
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

fn done(rest: &[u8]) -> Result<(), CodeError> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CodeError::Extra)
    }
}

/// Base64url without padding (RFC 4648 §5), reading as leniently as the codes always were:
/// unused bits in the last character are ignored, so that a code accepted before is
/// accepted still.
const BASE64URL: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    GeneralPurposeConfig::new()
        .with_encode_padding(false)
        .with_decode_padding_mode(DecodePaddingMode::RequireNone)
        .with_decode_allow_trailing_bits(true),
);

/// Base64url without padding (RFC 4648 §5).
pub fn base64url(bytes: &[u8]) -> String {
    BASE64URL.encode(bytes)
}

/// Reads base64url without padding, as [`base64url`] writes it.
pub fn from_base64url(text: &str) -> Result<Vec<u8>, CodeError> {
    // The first character that base64url has not is named, whole: the crate names a byte, and
    // not always the first (a padding `=` before a stranger character).
    if let Some(c) = text.chars().find(|&c| !alphabet::URL_SAFE.as_str().contains(c)) {
        return Err(CodeError::Character { c });
    }
    // A lone last character carries six bits, no byte: ignored, as the codes always did.
    let whole = &text[..text.len() - usize::from(text.len() % 4 == 1)];
    // Whole base64url with any last bits is what the engine reads, so this is not refused.
    BASE64URL.decode(whole).map_err(|_| CodeError::CutShort)
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
    fn base64url_refuses_what_it_has_not_and_names_the_first_such_character() {
        assert_eq!(from_base64url("aGVs+G8"), Err(CodeError::Character { c: '+' }), "standard base64's '+'");
        assert_eq!(from_base64url("aGVsbG8="), Err(CodeError::Character { c: '=' }), "padding");
        assert_eq!(from_base64url("aG=sbG8"), Err(CodeError::Character { c: '=' }));
        assert_eq!(from_base64url("a b/c"), Err(CodeError::Character { c: ' ' }));
        assert_eq!(
            from_base64url("aGVsbG8é"),
            Err(CodeError::Character { c: 'é' }),
            "the character, not its first byte"
        );
    }

    /// The reader the codes had before the `base64` crate read them: every text it accepted
    /// (with its bytes) or refused (with the character) is read the same now, so no code
    /// already printed or typed changes meaning. (It named a character outside ASCII by its
    /// first byte; the texts compared are ASCII.)
    fn former_reader(text: &str) -> Result<Vec<u8>, CodeError> {
        const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = Vec::new();
        let (mut acc, mut bits) = (0u32, 0u32);
        for c in text.bytes() {
            let v = ALPHABET.iter().position(|&a| a == c).ok_or(CodeError::Character { c: c as char })?;
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

    #[test]
    fn base64url_accepts_and_refuses_what_the_former_reader_did() {
        // Every text of up to six characters over symbols that cover the edge cases: unused
        // last bits ('B', '_'), padding, characters outside the alphabet, and a lone last one.
        let symbols = ['A', 'B', '_', '-', '=', '!', '+'];
        let mut texts = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = texts
                .iter()
                .filter(|t| t.len() == texts.last().map_or(0, |l| l.len()))
                .flat_map(|t| symbols.map(|c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        assert!(texts.len() > 100_000);
        for text in texts.iter().chain([&"A".repeat(41), &format!("{}!", "A".repeat(40))]) {
            assert_eq!(from_base64url(text), former_reader(text), "{text:?}");
        }
    }

    fn offer() -> SessionDescription {
        SessionDescription::parse(include_str!("../fixtures/sdp/chromium-offer-mdns.sdp")).unwrap()
    }

    /// Seat 2's invite to a table, with Chromium's offer.
    fn invite() -> Invite {
        Invite {
            table: TableId::from_entropy(&[1; 8]),
            seat: 2,
            token: JoinToken::from_entropy(&[2; 8]),
            offer: offer(),
            ice: IceServers::default(),
        }
    }

    /// One STUN and one TURN server, as a host reaching phones on other networks sets them.
    const STUN_AND_TURN: &str =
        "stun:stun.example.org:3478\nturn:turn.example.org:3478?transport=tcp 1764320000:alice Kx3vQ9mZpL2wT8nR5yB1cD4fG7h=";

    #[test]
    fn an_invite_carries_the_hosts_ice_servers_and_a_link_of_the_format_before_still_reads() {
        let invite = Invite { ice: IceServers::parse(STUN_AND_TURN).unwrap(), ..invite() };
        let fragment = invite_fragment(&invite);
        assert_eq!(read_invite(&fragment), Ok(invite.clone()));
        // Format 2's link: the same bytes without the servers' list, read as a link with none.
        let mut bytes = from_base64url(&fragment[2..]).unwrap();
        bytes[0] = FORMAT_2;
        let servers_at = bytes.len() - {
            let mut list = Vec::new();
            ice_wire::write(&invite.ice, &mut list);
            list.len()
        };
        bytes.truncate(servers_at);
        let old = read_invite(&format!("j={}", base64url(&bytes))).unwrap();
        assert_eq!(old, Invite { ice: IceServers::default(), ..invite });
        // A damaged list is named, with what to do.
        let mut bytes = from_base64url(&fragment[2..]).unwrap();
        let n = bytes.len();
        bytes[n - 1] = b' ';
        let err = read_invite(&format!("j={}", base64url(&bytes))).unwrap_err();
        assert_eq!(err, CodeError::IceServers);
        assert!(err.to_string().contains("ICE servers"), "{err}");
    }

    #[test]
    fn invites_and_answers_round_trip_and_damage_is_refused_with_advice() {
        let invite = invite();
        let fragment = invite_fragment(&invite);
        assert_eq!(read_invite(&format!("#{fragment}")).unwrap(), invite);
        assert!(fragment.len() < 200, "{} characters", fragment.len());
        let answer = Answer {
            seat: 2,
            answer: SessionDescription::parse(include_str!("../fixtures/sdp/chromium-answer-mdns.sdp")).unwrap(),
        };
        let code = answer_code(&answer);
        assert!(code.len() < 180, "{} characters", code.len());
        let spaced: String = code.chars().flat_map(|c| [c, ' ']).collect();
        assert_eq!(read_answer(&spaced).unwrap(), answer);
        assert_eq!(read_answer(&format!("https://example.org/table.html#{code}")).unwrap(), answer, "a link");
        assert!(read_answer(&fragment).unwrap_err().to_string().contains("a="));
        assert!(read_invite("https://example.org/").unwrap_err().to_string().contains("not a table-mode link"));
        assert!(read_invite("j=!!!").unwrap_err().to_string().contains("does not belong"));
        assert!(read_invite("j=").unwrap_err().to_string().contains("empty"));
        assert!(read_invite("j=AAAA").unwrap_err().to_string().contains("another version"));
        assert!(read_invite(&format!("j={}", "A".repeat(7000))).unwrap_err().to_string().contains("more than"));
        for cut in [5, 20, fragment.len() - 3] {
            let err = read_invite(&fragment[..cut]).unwrap_err().to_string();
            assert!(err.contains("cut short"), "{cut}: {err}");
        }
        assert!(read_answer(&format!("{code}AAAA")).unwrap_err().to_string().contains("extra"));
    }

    #[test]
    fn a_damaged_code_names_its_fault() {
        let invite = invite();
        let fragment = invite_fragment(&invite);
        assert_eq!(read_invite("https://example.org/"), Err(CodeError::NotALink));
        assert_eq!(read_answer(&fragment), Err(CodeError::NotAnAnswer));
        assert_eq!(read_invite("j=!"), Err(CodeError::Character { c: '!' }));
        assert_eq!(read_invite("j="), Err(CodeError::Empty));
        assert_eq!(read_invite("j=AAAA"), Err(CodeError::OtherVersion));
        assert_eq!(read_invite(&fragment[..20]), Err(CodeError::CutShort));
        assert_eq!(read_invite(&format!("{fragment}AAAA")), Err(CodeError::Extra));
        assert_eq!(read_invite(&format!("j={}", "A".repeat(1001))), Err(CodeError::TooLong { chars: 1001, max: 1000 }));
        let sdp = include_str!("../fixtures/sdp/chromium-offer-mdns.sdp");
        let no_role: String = sdp.lines().filter(|l| !l.starts_with("a=setup:")).collect::<Vec<_>>().join("\r\n");
        assert_eq!(
            SessionDescription::parse(&no_role),
            Err(crate::code_error::SdpError::Missing(crate::code_error::SessionPart::Role))
        );
    }

    /// The codes' lengths for BENCHMARKS.md ("Table mode"), from real Chromium sessions:
    /// `cargo test --release --lib table::link -- --nocapture`.
    #[test]
    fn code_lengths_for_the_benchmarks() {
        for kind in ["ip", "mdns"] {
            let (offer, answer) = match kind {
                "ip" => (
                    include_str!("../fixtures/sdp/chromium-offer-ip.sdp"),
                    include_str!("../fixtures/sdp/chromium-answer-ip.sdp"),
                ),
                _ => (
                    include_str!("../fixtures/sdp/chromium-offer-mdns.sdp"),
                    include_str!("../fixtures/sdp/chromium-answer-mdns.sdp"),
                ),
            };
            let invite = Invite {
                table: TableId::from_entropy(&[1; 8]),
                seat: 1,
                token: JoinToken::from_entropy(&[2; 8]),
                offer: SessionDescription::parse(offer).unwrap(),
                ice: IceServers::default(),
            };
            let answer = Answer { seat: 1, answer: SessionDescription::parse(answer).unwrap() };
            let (j, a) = (invite_fragment(&invite).len(), answer_code(&answer).len());
            eprintln!("{kind}: link fragment {j} characters, answer code {a} characters");
            assert!(j < 200 && a < 180);
            // The same link with one STUN and one TURN server (a time-limited TURN credential).
            let with_servers = Invite { ice: IceServers::parse(STUN_AND_TURN).unwrap(), ..invite };
            let j = invite_fragment(&with_servers).len();
            eprintln!("{kind}: link fragment with one STUN and one TURN server {j} characters");
            assert!(j < 320, "{j} characters: the QR code stays sparse enough for a phone's camera");
        }
    }
}
