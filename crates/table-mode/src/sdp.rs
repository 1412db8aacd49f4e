//! The part of a WebRTC session description the other side needs, and only that: the ICE
//! username fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS
//! role, and the candidates: UDP host addresses (IPv4, IPv6 or the browser's mDNS name) and,
//! when the table has ICE servers, the addresses a STUN server saw (server-reflexive) and a
//! TURN server relays (relayed). Everything else in a data-channel-only SDP is the same in every browser
//! session, so the pairing codes carry these few fields in a compact binary form
//! ([`SessionDescription::write`]) and the other side rebuilds a valid SDP from them
//! ([`SessionDescription::to_sdp`]). Reading one is reading untrusted input: every length is checked.

use super::code_error::{CodeError, IceError, IceField, SdpError, SessionPart};
use std::net::{Ipv4Addr, Ipv6Addr};

/// The DTLS role (RFC 8842): the offer says `actpass`, the answer picks `active` or `passive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

/// Where a candidate listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A browser's mDNS name `<uuid>.local` (how phones hide their address), as its 16 bytes.
    Mdns([u8; 16]),
}

/// Where a candidate's address comes from (RFC 8445 §5.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateKind {
    /// The device's own address on its network (`typ host`).
    Host,
    /// Its address as a STUN server saw it, outside its network's NAT (`typ srflx`).
    ServerReflexive,
    /// An address a TURN server relays for it (`typ relay`): the path when no other is.
    Relayed,
}

impl CandidateKind {
    fn sdp_name(self) -> &'static str {
        match self {
            CandidateKind::Host => "host",
            CandidateKind::ServerReflexive => "srflx",
            CandidateKind::Relayed => "relay",
        }
    }
}

/// One UDP candidate (component 1). A relayed candidate is UDP even when the browser
/// reaches its TURN server over TCP or TLS (the relay's address faces the peer), so TCP
/// candidates are never needed and never carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: CandidateKind,
    /// An mDNS name only for a host candidate: a STUN or TURN server answers with an address.
    pub address: Address,
    pub port: u16,
    pub priority: u32,
}

/// What the other side needs of one side's session description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionDescription {
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub setup: Setup,
    pub candidates: Vec<Candidate>,
}

/// The most candidates a code carries (a device has a few network interfaces).
const MAX_CANDIDATES: usize = 8;

impl SessionDescription {
    /// Reads a browser's SDP (our own, from `createOffer`/`createAnswer` after gathering).
    /// Candidates other than UDP candidates of component 1 are left out (TCP ones, a peer's
    /// reflexive ones); past [`MAX_CANDIDATES`], host candidates go first, so that the paths
    /// across networks stay.
    pub fn parse(sdp: &str) -> Result<SessionDescription, SdpError> {
        let (mut ufrag, mut pwd, mut fingerprint, mut setup) = (None, None, None, None);
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(ice_text(v, 4, IceField::Ufrag).map_err(SdpError::Ice)?);
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(ice_text(v, 22, IceField::Pwd).map_err(SdpError::Ice)?);
            } else if let Some(v) = line.strip_prefix("a=fingerprint:") {
                fingerprint = Some(parse_fingerprint(v)?);
            } else if let Some(v) = line.strip_prefix("a=setup:") {
                setup = Some(match v {
                    "actpass" => Setup::ActPass,
                    "active" => Setup::Active,
                    "passive" => Setup::Passive,
                    _ => return Err(SdpError::UnknownRole { role: v.to_owned() }),
                });
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                candidates.extend(parse_candidate(v));
            }
        }
        keep_the_farthest(&mut candidates);
        Ok(SessionDescription {
            ufrag: ufrag.ok_or(SdpError::Missing(SessionPart::Ufrag))?,
            pwd: pwd.ok_or(SdpError::Missing(SessionPart::Pwd))?,
            fingerprint: fingerprint.ok_or(SdpError::Missing(SessionPart::Fingerprint))?,
            setup: setup.ok_or(SdpError::Missing(SessionPart::Role))?,
            candidates,
        })
    }

    /// A data-channel-only SDP that any browser accepts as the other side's description.
    pub fn to_sdp(&self) -> String {
        let fp: Vec<String> = self.fingerprint.iter().map(|b| format!("{b:02X}")).collect();
        let setup = match self.setup {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        };
        // The session id only has to be a number that stays the same for this description.
        let id = u64::from_be_bytes(self.fingerprint[..8].try_into().unwrap_or_default()) >> 2;
        let mut s = format!(
            "v=0\r\no=- {id} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let address = match c.address {
                Address::V4(a) => Ipv4Addr::from(a).to_string(),
                Address::V6(a) => Ipv6Addr::from(a).to_string(),
                Address::Mdns(u) => format!("{}.local", uuid_text(&u)),
            };
            // The related address is for diagnostics only (RFC 8839 §5.1): none is carried,
            // so none of a device's own addresses leaves it through a STUN or TURN candidate.
            let related = match (c.kind, c.address) {
                (CandidateKind::Host, _) => "",
                (_, Address::V6(_)) => " raddr :: rport 0",
                _ => " raddr 0.0.0.0 rport 0",
            };
            s.push_str(&format!(
                "a=candidate:{} 1 udp {} {address} {} typ {}{related} generation 0\r\n",
                i + 1,
                c.priority,
                c.port,
                c.kind.sdp_name()
            ));
        }
        s.push_str(&format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\na=fingerprint:sha-256 {}\r\n\
             a=setup:{setup}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            fp.join(":")
        ));
        s
    }

    /// The compact form: role, ufrag and pwd with their lengths, the fingerprint, then each
    /// candidate: a host candidate as its address's kind (`4`, `6` or `m`), a server-reflexive
    /// one as `s` then `4` or `6`, a relayed one as `r` then `4` or `6`; then its address,
    /// port and priority (big-endian).
    pub fn write(&self, out: &mut Vec<u8>) {
        out.push(match self.setup {
            Setup::ActPass => 0,
            Setup::Active => 1,
            Setup::Passive => 2,
        });
        for text in [&self.ufrag, &self.pwd] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&self.fingerprint);
        out.push(self.candidates.len() as u8);
        for c in &self.candidates {
            match c.kind {
                CandidateKind::Host => {}
                CandidateKind::ServerReflexive => out.push(b's'),
                CandidateKind::Relayed => out.push(b'r'),
            }
            match c.address {
                Address::V4(a) => {
                    out.push(b'4');
                    out.extend_from_slice(&a);
                }
                Address::V6(a) => {
                    out.push(b'6');
                    out.extend_from_slice(&a);
                }
                Address::Mdns(a) => {
                    out.push(b'm');
                    out.extend_from_slice(&a);
                }
            }
            out.extend_from_slice(&c.port.to_be_bytes());
            out.extend_from_slice(&c.priority.to_be_bytes());
        }
    }

    /// Reads the compact form from the front of `input`, advancing it.
    pub fn read(input: &mut &[u8]) -> Result<SessionDescription, CodeError> {
        let setup = match take(input, 1)?[0] {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(CodeError::UnknownRole),
        };
        let mut texts = Vec::with_capacity(2);
        for (min, what) in [(4, IceField::Ufrag), (22, IceField::Pwd)] {
            let n = take(input, 1)?[0] as usize;
            let bytes = take(input, n)?;
            let text = std::str::from_utf8(bytes).map_err(|_| CodeError::IceNotText { what })?;
            texts.push(ice_text(text, min, what).map_err(CodeError::Ice)?);
        }
        let fingerprint: [u8; 32] = take(input, 32)?.try_into().map_err(|_| CUT_SHORT)?;
        let n = take(input, 1)?[0] as usize;
        if n > MAX_CANDIDATES {
            return Err(CodeError::TooManyAddresses { count: n, max: MAX_CANDIDATES });
        }
        let mut candidates = Vec::with_capacity(n);
        for _ in 0..n {
            let mut tag = take(input, 1)?[0];
            let kind = match tag {
                b's' => CandidateKind::ServerReflexive,
                b'r' => CandidateKind::Relayed,
                _ => CandidateKind::Host,
            };
            if kind != CandidateKind::Host {
                tag = take(input, 1)?[0];
            }
            let address = match tag {
                b'4' => Address::V4(take(input, 4)?.try_into().map_err(|_| CUT_SHORT)?),
                b'6' => Address::V6(take(input, 16)?.try_into().map_err(|_| CUT_SHORT)?),
                // A STUN or TURN server's answer is an address, never a device's mDNS name.
                b'm' if kind == CandidateKind::Host => {
                    Address::Mdns(take(input, 16)?.try_into().map_err(|_| CUT_SHORT)?)
                }
                _ => return Err(CodeError::AddressKind),
            };
            let port = u16::from_be_bytes(take(input, 2)?.try_into().map_err(|_| CUT_SHORT)?);
            let priority = u32::from_be_bytes(take(input, 4)?.try_into().map_err(|_| CUT_SHORT)?);
            candidates.push(Candidate { kind, address, port, priority });
        }
        let ufrag = texts.remove(0);
        let pwd = texts.remove(0);
        Ok(SessionDescription { ufrag, pwd, fingerprint, setup, candidates })
    }
}

const CUT_SHORT: CodeError = CodeError::CutShort;

fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], CodeError> {
    if input.len() < n {
        return Err(CUT_SHORT);
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

/// An ICE ufrag or pwd: `ice-char`s only (RFC 8839: letters, digits, `+`, `/`), of a
/// sensible length.
fn ice_text(v: &str, min: usize, what: IceField) -> Result<String, IceError> {
    let ok = (min..=255).contains(&v.len()) && v.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/');
    if !ok {
        return Err(IceError { what, value: v.to_owned() });
    }
    Ok(v.to_string())
}

fn parse_fingerprint(v: &str) -> Result<[u8; 32], SdpError> {
    let hex = v.strip_prefix("sha-256 ").ok_or(SdpError::FingerprintKind)?;
    let bytes: Result<Vec<u8>, _> = hex.split(':').map(|b| u8::from_str_radix(b, 16)).collect();
    bytes.ok().and_then(|b| b.try_into().ok()).ok_or(SdpError::Fingerprint)
}

/// A UDP host, server-reflexive or relayed candidate of component 1, or `None` for any
/// other line.
fn parse_candidate(v: &str) -> Option<Candidate> {
    let f: Vec<&str> = v.split_whitespace().collect();
    // foundation component transport priority address port "typ" type …
    if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" {
        return None;
    }
    let kind = match f[7] {
        "host" => CandidateKind::Host,
        "srflx" => CandidateKind::ServerReflexive,
        "relay" => CandidateKind::Relayed,
        _ => return None,
    };
    let address = if let Ok(a) = f[4].parse::<Ipv4Addr>() {
        Address::V4(a.octets())
    } else if let Ok(a) = f[4].parse::<Ipv6Addr>() {
        Address::V6(a.octets())
    } else if kind == CandidateKind::Host {
        Address::Mdns(parse_uuid(f[4].strip_suffix(".local")?)?)
    } else {
        return None;
    };
    Some(Candidate { kind, address, port: f[5].parse().ok()?, priority: f[3].parse().ok()? })
}

/// At most [`MAX_CANDIDATES`], the last host candidates left out first: a device with many
/// network interfaces still sends the addresses its STUN and TURN servers gave it.
fn keep_the_farthest(candidates: &mut Vec<Candidate>) {
    while candidates.len() > MAX_CANDIDATES {
        match candidates.iter().rposition(|c| c.kind == CandidateKind::Host) {
            Some(i) => candidates.remove(i),
            None => candidates.remove(MAX_CANDIDATES),
        };
    }
}

fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let groups: Vec<&str> = text.split('-').collect();
    if groups.iter().map(|g| g.len()).collect::<Vec<_>>() != [8, 4, 4, 4, 12] {
        return None;
    }
    let hex: String = groups.concat();
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

fn uuid_text(u: &[u8; 16]) -> String {
    let h: String = u.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real descriptions from headless Chromium (tests/fixtures/sdp/): an offer and its
    /// answer with plain addresses, and with mDNS names as phones send them.
    const FIXTURES: [&str; 4] = [
        include_str!("../fixtures/sdp/chromium-offer-ip.sdp"),
        include_str!("../fixtures/sdp/chromium-answer-ip.sdp"),
        include_str!("../fixtures/sdp/chromium-offer-mdns.sdp"),
        include_str!("../fixtures/sdp/chromium-answer-mdns.sdp"),
    ];

    #[test]
    fn chromium_sessions_round_trip_through_the_compact_form() {
        for sdp in FIXTURES {
            let s = SessionDescription::parse(sdp).unwrap();
            assert_eq!(s.candidates.len(), 2, "{sdp}");
            let mut bytes = Vec::new();
            s.write(&mut bytes);
            assert!(bytes.len() < 130, "{} bytes", bytes.len());
            let mut input = &bytes[..];
            let back = SessionDescription::read(&mut input).unwrap();
            assert!(input.is_empty());
            assert_eq!(back, s);
            // The rebuilt SDP carries the same essentials, line for line as the browser wrote them.
            let rebuilt = back.to_sdp();
            assert_eq!(SessionDescription::parse(&rebuilt).unwrap(), s);
            for line in sdp
                .lines()
                .filter(|l| l.starts_with("a=ice-") || l.starts_with("a=fingerprint") || l.starts_with("a=setup"))
            {
                assert!(rebuilt.contains(line), "{line} missing from\n{rebuilt}");
            }
        }
        let mdns = SessionDescription::parse(FIXTURES[2]).unwrap().to_sdp();
        assert!(mdns.contains(" 9d5a51ea-59ca-4cd4-a9ce-b1178223ca2e.local 58419 typ host"), "{mdns}");
        let ip = SessionDescription::parse(FIXTURES[0]).unwrap().to_sdp();
        assert!(ip.contains(" 192.0.2.2 48025 typ host") && ip.contains(" fd00::2 44769 typ host"), "{ip}");
    }

    #[test]
    fn malformed_sessions_and_codes_are_refused_with_a_reason() {
        assert!(SessionDescription::parse("v=0\r\n").unwrap_err().to_string().contains("ICE"));
        let bad = FIXTURES[0].replace("a=ice-ufrag:x788", "a=ice-ufrag:x7 8");
        assert!(SessionDescription::parse(&bad).is_err());
        let bad = FIXTURES[0].replace("a=fingerprint:sha-256", "a=fingerprint:sha-1");
        assert!(SessionDescription::parse(&bad).unwrap_err().to_string().contains("SHA-256"));
        let s = SessionDescription::parse(FIXTURES[1]).unwrap();
        let mut bytes = Vec::new();
        s.write(&mut bytes);
        for n in 0..bytes.len() {
            let err = SessionDescription::read(&mut &bytes[..n]).unwrap_err().to_string();
            assert!(err.contains("cut short") || err.contains("not valid"), "{n}: {err}");
        }
        let mut wrong = bytes.clone();
        wrong[0] = 7;
        assert!(SessionDescription::read(&mut &wrong[..]).unwrap_err().to_string().contains("role"));
        let mut wrong = bytes.clone();
        wrong[2] = b' ';
        assert!(SessionDescription::read(&mut &wrong[..]).unwrap_err().to_string().contains("not valid"));
        let at = 1 + 1 + s.ufrag.len() + 1 + s.pwd.len() + 32;
        let mut wrong = bytes.clone();
        wrong[at] = 200;
        assert!(SessionDescription::read(&mut &wrong[..]).unwrap_err().to_string().contains("more than"));
        let mut wrong = bytes;
        wrong[at + 1] = b'x';
        assert!(SessionDescription::read(&mut &wrong[..]).unwrap_err().to_string().contains("kind of address"));
        // A STUN or TURN candidate: of an mDNS name, or of no address kind, is refused; cut
        // anywhere, it is cut short.
        let s = SessionDescription::parse(STUN_TURN).unwrap();
        let mut bytes = Vec::new();
        s.write(&mut bytes);
        // After the count: the host candidate (`m`, 16 bytes, port and priority).
        let first_srflx = 1 + 1 + s.ufrag.len() + 1 + s.pwd.len() + 32 + 1 + 23;
        assert_eq!(bytes[first_srflx], b's');
        for tag in [b'm', b'x', b's'] {
            let mut wrong = bytes.clone();
            wrong[first_srflx + 1] = tag;
            assert_eq!(SessionDescription::read(&mut &wrong[..]), Err(CodeError::AddressKind), "{tag}");
        }
        for n in 0..bytes.len() {
            let err = SessionDescription::read(&mut &bytes[..n]).unwrap_err().to_string();
            assert!(err.contains("cut short") || err.contains("not valid"), "{n}: {err}");
        }
    }

    /// A session with a STUN and a TURN server: hand-written after Chromium's form (no STUN
    /// or TURN server answers on the machine the other fixtures came from), with a host
    /// candidate, a TCP one (left out), server-reflexive ones of IPv4 and IPv6, and a relayed one.
    const STUN_TURN: &str = include_str!("../fixtures/sdp/handwritten-offer-stun-turn.sdp");

    #[test]
    fn reflexive_and_relayed_candidates_round_trip_without_their_related_addresses() {
        let s = SessionDescription::parse(STUN_TURN).unwrap();
        let kinds: Vec<CandidateKind> = s.candidates.iter().map(|c| c.kind).collect();
        use CandidateKind::*;
        assert_eq!(kinds, [Host, ServerReflexive, ServerReflexive, Relayed], "the TCP candidate left out");
        let mut bytes = Vec::new();
        s.write(&mut bytes);
        assert_eq!(SessionDescription::read(&mut &bytes[..]), Ok(s.clone()));
        let sdp = s.to_sdp();
        for line in [
            " 203.0.113.5 58419 typ srflx raddr 0.0.0.0 rport 0 generation 0",
            " 2001:db8:5::7 45961 typ srflx raddr :: rport 0 generation 0",
            " 198.51.100.9 61034 typ relay raddr 0.0.0.0 rport 0 generation 0",
            "9d5a51ea-59ca-4cd4-a9ce-b1178223ca2e.local 58419 typ host generation 0",
        ] {
            assert!(sdp.contains(line), "{line} missing from\n{sdp}");
        }
        assert_eq!(SessionDescription::parse(&sdp), Ok(s));
        // A relayed candidate with an mDNS name is no candidate.
        let named = STUN_TURN
            .replace("198.51.100.9 61034 typ relay", "9d5a51ea-59ca-4cd4-a9ce-b1178223ca2e.local 61034 typ relay");
        assert_eq!(SessionDescription::parse(&named).unwrap().candidates.len(), 3);
    }

    #[test]
    fn past_eight_candidates_the_host_ones_go_first() {
        let host = "a=candidate:1 1 udp 2113937151 192.0.2.1 5000 typ host generation 0\r\n";
        let many = STUN_TURN.replace("a=ice-ufrag", &format!("{}a=ice-ufrag", host.repeat(7)));
        let s = SessionDescription::parse(&many).unwrap();
        assert_eq!(s.candidates.len(), MAX_CANDIDATES);
        let far = s.candidates.iter().filter(|c| c.kind != CandidateKind::Host).count();
        assert_eq!(far, 3, "every reflexive and relayed candidate stays");
        let relays = "a=candidate:1 1 udp 33562367 198.51.100.9 61034 typ relay raddr 0.0.0.0 rport 0\r\n".repeat(10);
        let s = SessionDescription::parse(&STUN_TURN.replace("a=ice-ufrag", &format!("{relays}a=ice-ufrag"))).unwrap();
        assert_eq!(s.candidates.len(), MAX_CANDIDATES);
        assert!(s.candidates.iter().all(|c| c.kind != CandidateKind::Host));
    }
}
