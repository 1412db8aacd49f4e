//! The table's ICE servers in an invite link's compact form (TABLE-PROTOCOL.md, "Pairing
//! codes"), so that a phone connects through the servers its host chose. Read from a link,
//! so untrusted: every field is checked as a typed entry is ([`crate::ice`]).

use super::code_error::CodeError;
use super::ice::{check_host, secret, IceServer, IceServers, ServerKind, Transport, TurnLogin, MAX_SERVERS};

/// The most bytes the list may take in a link: with the offer's session (about 130 bytes
/// from a browser) the link stays under [`crate::link::MAX_CODE_CHARS`] and its QR code
/// sparse enough for a phone's camera.
pub const MAX_LIST_BYTES: usize = 360;

/// Whether `servers` fit in an invite link ([`MAX_LIST_BYTES`]).
pub fn fits(servers: &IceServers) -> bool {
    let mut bytes = Vec::new();
    write(servers, &mut bytes);
    bytes.len() <= MAX_LIST_BYTES
}

/// The list: its count, then each server as its kind (`0` STUN, `1` TURN, `2` TURN over
/// TLS), its host (length, text), its port (big-endian, `0`: none), and for TURN its
/// transport (`0` none, `1` UDP, `2` TCP), username and credential (length, text each).
pub fn write(servers: &IceServers, out: &mut Vec<u8>) {
    out.push(servers.servers().len() as u8);
    for s in servers.servers() {
        out.push(match s.kind {
            ServerKind::Stun => 0,
            ServerKind::Turn { secure: false, .. } => 1,
            ServerKind::Turn { secure: true, .. } => 2,
        });
        text(&s.host, out);
        out.extend_from_slice(&s.port.unwrap_or(0).to_be_bytes());
        if let ServerKind::Turn { transport, login, .. } = &s.kind {
            out.push(match transport {
                None => 0,
                Some(Transport::Udp) => 1,
                Some(Transport::Tcp) => 2,
            });
            text(&login.username, out);
            text(&login.credential, out);
        }
    }
}

/// Reads the list from the front of `input`, advancing it.
pub fn read(input: &mut &[u8]) -> Result<IceServers, CodeError> {
    let n = usize::from(take(input, 1)?[0]);
    if n > MAX_SERVERS {
        return Err(CodeError::IceServers);
    }
    let mut servers = Vec::with_capacity(n);
    for _ in 0..n {
        let kind = take(input, 1)?[0];
        let host = read_text(input)?;
        check_host(&host).map_err(|_| CodeError::IceServers)?;
        let port = u16::from_be_bytes([take(input, 1)?[0], take(input, 1)?[0]]);
        let kind = match kind {
            0 => ServerKind::Stun,
            1 | 2 => {
                let transport = match take(input, 1)?[0] {
                    0 => None,
                    1 => Some(Transport::Udp),
                    2 => Some(Transport::Tcp),
                    _ => return Err(CodeError::IceServers),
                };
                let username = secret(&read_text(input)?).map_err(|_| CodeError::IceServers)?;
                let credential = secret(&read_text(input)?).map_err(|_| CodeError::IceServers)?;
                ServerKind::Turn { secure: kind == 2, transport, login: TurnLogin { username, credential } }
            }
            _ => return Err(CodeError::IceServers),
        };
        servers.push(IceServer { kind, host, port: (port != 0).then_some(port) });
    }
    IceServers::new(servers).ok_or(CodeError::IceServers)
}

fn text(t: &str, out: &mut Vec<u8>) {
    // Every text here is checked to be at most 253 bytes when typed.
    out.push(t.len() as u8);
    out.extend_from_slice(t.as_bytes());
}

fn read_text(input: &mut &[u8]) -> Result<String, CodeError> {
    let n = usize::from(take(input, 1)?[0]);
    let bytes = take(input, n)?;
    String::from_utf8(bytes.to_vec()).map_err(|_| CodeError::IceServers)
}

fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], CodeError> {
    if input.len() < n {
        return Err(CodeError::CutShort);
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_round_trip_and_damage_is_refused() {
        let servers = IceServers::parse(
            "stun:stun.example.org:3478\nturns:[2001:db8::1]:443?transport=tcp alice s3cret\nturn:192.0.2.7 u p",
        )
        .unwrap();
        let mut bytes = Vec::new();
        write(&servers, &mut bytes);
        let mut input = &bytes[..];
        assert_eq!(read(&mut input), Ok(servers.clone()));
        assert!(input.is_empty());
        for n in 0..bytes.len() {
            assert_eq!(read(&mut &bytes[..n]), Err(CodeError::CutShort), "{n}");
        }
        let mut wrong = bytes.clone();
        wrong[0] = 9;
        assert_eq!(read(&mut &wrong[..]), Err(CodeError::IceServers), "too many");
        let mut wrong = bytes.clone();
        wrong[1] = 3;
        assert_eq!(read(&mut &wrong[..]), Err(CodeError::IceServers), "an unknown kind");
        let mut wrong = bytes.clone();
        wrong[3] = b'_';
        assert_eq!(read(&mut &wrong[..]), Err(CodeError::IceServers), "a host with '_'");
        let at = bytes.iter().position(|&b| b == b'a').unwrap();
        let mut wrong = bytes;
        wrong[at] = b' ';
        assert_eq!(read(&mut &wrong[..]), Err(CodeError::IceServers), "a username with a space");
        assert_eq!(read(&mut &[0u8][..]), Ok(IceServers::default()));
        assert!(fits(&servers));
        let long = format!("turn:{}.example u {}\n", "a".repeat(200), "p".repeat(128)).repeat(2);
        assert!(!fits(&IceServers::parse(&long).unwrap()));
    }
}
