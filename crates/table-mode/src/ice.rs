//! The ICE servers a table's connections use, as the host's player chose them in the
//! table's settings: none by default (only the room's own network: nothing leaves it), or a
//! few STUN servers (each device learns its address as the internet sees it) and TURN
//! servers (a relay for networks that let no direct path through). Typed here from what a
//! person types, one server a line:
//!
//! ```text
//! stun:stun.example.org:3478
//! turn:turn.example.org:3478?transport=tcp alice s3cret
//! ```
//!
//! Reading is reading untrusted input (the field, the browser's storage, an invite link):
//! every entry is checked and a refusal names the entry, what is wrong and an example.

use super::ice_error::{IceEntryError, IceFault};
use std::fmt;

/// The most servers a table may have: one or two of each kind is all a connection needs,
/// and each one travels in every invite link.
pub const MAX_SERVERS: usize = 4;
/// The longest host name (DNS's limit).
const MAX_HOST: usize = 253;
/// The longest TURN username or credential (a time-limited credential is about 30–50).
const MAX_SECRET: usize = 128;

/// What kind of server an entry names (its URI scheme, RFC 7064 and RFC 7065).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Stun,
    Turn,
    /// TURN over TLS.
    Turns,
}

impl Scheme {
    fn name(self) -> &'static str {
        match self {
            Scheme::Stun => "stun",
            Scheme::Turn => "turn",
            Scheme::Turns => "turns",
        }
    }
}

/// How a TURN server is reached (`?transport=`): when absent, the browser tries UDP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    Udp,
    Tcp,
}

/// A TURN server's username and credential.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnLogin {
    pub username: String,
    pub credential: String,
}

/// What kind of server, with what only a TURN server has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerKind {
    Stun,
    Turn { secure: bool, transport: Option<Transport>, login: TurnLogin },
}

/// One ICE server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceServer {
    pub kind: ServerKind,
    /// A host name, an IPv4 address, or an IPv6 address in brackets (`[2001:db8::1]`).
    pub host: String,
    pub port: Option<u16>,
}

impl IceServer {
    pub fn scheme(&self) -> Scheme {
        match self.kind {
            ServerKind::Stun => Scheme::Stun,
            ServerKind::Turn { secure: false, .. } => Scheme::Turn,
            ServerKind::Turn { secure: true, .. } => Scheme::Turns,
        }
    }

    /// Whether this is a relay (TURN), the one kind of server that connects any two networks.
    pub fn is_turn(&self) -> bool {
        matches!(self.kind, ServerKind::Turn { .. })
    }

    /// The URL the browser's `RTCIceServer.urls` takes.
    pub fn url(&self) -> String {
        let mut url = format!("{}:{}", self.scheme().name(), self.host);
        if let Some(port) = self.port {
            url.push_str(&format!(":{port}"));
        }
        if let ServerKind::Turn { transport: Some(t), .. } = self.kind {
            url.push_str(match t {
                Transport::Udp => "?transport=udp",
                Transport::Tcp => "?transport=tcp",
            });
        }
        url
    }

    /// The username and credential, for a TURN server.
    pub fn login(&self) -> Option<&TurnLogin> {
        match &self.kind {
            ServerKind::Turn { login, .. } => Some(login),
            ServerKind::Stun => None,
        }
    }

    /// Reads one entry as a person types it: the URL, then for a TURN server its username
    /// and credential, separated by spaces.
    pub fn parse(entry: &str) -> Result<IceServer, IceFault> {
        let mut words = entry.split_whitespace();
        let url = words.next().ok_or(IceFault::Empty)?;
        let (scheme, rest) = url.split_once(':').ok_or(IceFault::NoScheme)?;
        let scheme = match scheme.to_ascii_lowercase().as_str() {
            "stun" => Scheme::Stun,
            "turn" => Scheme::Turn,
            "turns" => Scheme::Turns,
            _ => return Err(IceFault::UnknownScheme),
        };
        let (address, query) = match rest.split_once('?') {
            Some((address, query)) => (address, Some(query)),
            None => (rest, None),
        };
        let (host, port) = split_host_port(address)?;
        let login: Vec<&str> = words.collect();
        let kind = match scheme {
            Scheme::Stun => {
                if query.is_some() {
                    return Err(IceFault::StunQuery);
                }
                if !login.is_empty() {
                    return Err(IceFault::StunLogin);
                }
                ServerKind::Stun
            }
            Scheme::Turn | Scheme::Turns => {
                let transport = query.map(parse_transport).transpose()?;
                let [username, credential] = login[..] else { return Err(IceFault::TurnLogin) };
                ServerKind::Turn {
                    secure: scheme == Scheme::Turns,
                    transport,
                    login: TurnLogin { username: secret(username)?, credential: secret(credential)? },
                }
            }
        };
        Ok(IceServer { kind, host, port })
    }
}

impl fmt::Display for IceServer {
    /// The entry as a person types it (and as the browser's storage keeps it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url())?;
        match self.login() {
            Some(login) => write!(f, " {} {}", login.username, login.credential),
            None => Ok(()),
        }
    }
}

/// A table's ICE servers: at most [`MAX_SERVERS`], none by default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IceServers(Vec<IceServer>);

impl IceServers {
    /// Reads what a person typed, one server a line (blank lines are skipped); the first
    /// entry that is wrong is named, counted from 1 among the entries.
    pub fn parse(text: &str) -> Result<IceServers, IceEntryError> {
        let entries: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if entries.len() > MAX_SERVERS {
            let entry = entries[MAX_SERVERS].to_string();
            return Err(IceEntryError { number: MAX_SERVERS + 1, entry, fault: IceFault::TooMany });
        }
        let servers = entries.iter().enumerate().map(|(i, entry)| {
            IceServer::parse(entry).map_err(|fault| IceEntryError { number: i + 1, entry: entry.to_string(), fault })
        });
        servers.collect::<Result<Vec<_>, _>>().map(IceServers)
    }

    /// The list of `servers`, or `None` past [`MAX_SERVERS`].
    pub fn new(servers: Vec<IceServer>) -> Option<IceServers> {
        (servers.len() <= MAX_SERVERS).then_some(IceServers(servers))
    }

    pub fn servers(&self) -> &[IceServer] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether any is a relay (TURN).
    pub fn has_turn(&self) -> bool {
        self.0.iter().any(IceServer::is_turn)
    }
}

impl fmt::Display for IceServers {
    /// One entry a line, as [`IceServers::parse`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, server) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{server}")?;
        }
        Ok(())
    }
}

/// `host[:port]`, the host a name, an IPv4 address or a bracketed IPv6 address.
fn split_host_port(address: &str) -> Result<(String, Option<u16>), IceFault> {
    let (host, port) = if let Some(rest) = address.strip_prefix('[') {
        let (v6, after) = rest.split_once(']').ok_or(IceFault::Host)?;
        v6.parse::<std::net::Ipv6Addr>().map_err(|_| IceFault::Host)?;
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':').ok_or(IceFault::Port)?),
        };
        (format!("[{v6}]"), port)
    } else {
        let (host, port) = match address.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (address, None),
        };
        (host.to_string(), port)
    };
    check_host(&host)?;
    let port = port.map(|p| p.parse::<u16>().ok().filter(|&p| p > 0).ok_or(IceFault::Port)).transpose()?;
    Ok((host, port))
}

/// A host as [`IceServer::host`] holds it: letters, digits, dots and dashes (a name or an
/// IPv4 address), or a bracketed IPv6 address.
pub(crate) fn check_host(host: &str) -> Result<(), IceFault> {
    let bracketed = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    let ok = match bracketed {
        Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
        None => {
            (1..=MAX_HOST).contains(&host.len())
                && host.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-')
                && !host.starts_with(['.', '-'])
        }
    };
    if ok {
        Ok(())
    } else {
        Err(IceFault::Host)
    }
}

fn parse_transport(query: &str) -> Result<Transport, IceFault> {
    match query.to_ascii_lowercase().as_str() {
        "transport=udp" => Ok(Transport::Udp),
        "transport=tcp" => Ok(Transport::Tcp),
        _ => Err(IceFault::Transport),
    }
}

/// A TURN username or credential: printable ASCII without spaces, of a sensible length.
pub(crate) fn secret(text: &str) -> Result<String, IceFault> {
    let ok = (1..=MAX_SECRET).contains(&text.len()) && text.bytes().all(|c| c.is_ascii_graphic());
    if ok {
        Ok(text.to_string())
    } else {
        Err(IceFault::Login)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_person_types_reads_and_writes_back_as_the_same_servers() {
        let text = "stun:stun.example.org:3478\n\n  turns:[2001:db8::1]:5349?transport=tcp alice s3cr/et+=  \nturn:192.0.2.7 bob pw";
        let servers = IceServers::parse(text).unwrap();
        assert_eq!(servers.servers().len(), 3);
        assert!(servers.has_turn());
        assert_eq!(servers.servers()[0].url(), "stun:stun.example.org:3478");
        assert_eq!(servers.servers()[1].url(), "turns:[2001:db8::1]:5349?transport=tcp");
        assert_eq!(servers.servers()[2].url(), "turn:192.0.2.7");
        assert_eq!(
            servers.servers()[1].login(),
            Some(&TurnLogin { username: "alice".into(), credential: "s3cr/et+=".into() })
        );
        assert_eq!(IceServers::parse(&servers.to_string()), Ok(servers));
        assert_eq!(IceServers::parse("  \n "), Ok(IceServers::default()));
        assert!(!IceServers::parse("STUN:a.example").unwrap().has_turn());
    }

    #[test]
    fn a_wrong_entry_is_named_with_what_is_wrong() {
        let fault = |text: &str| IceServers::parse(text).unwrap_err();
        let cases = [
            ("stun.example.org", IceFault::NoScheme),
            ("http://stun.example.org", IceFault::UnknownScheme),
            ("stun:", IceFault::Host),
            ("stun:bad_host", IceFault::Host),
            ("stun:[::1", IceFault::Host),
            ("stun:[nonsense]:3478", IceFault::Host),
            ("stun:a.example:0", IceFault::Port),
            ("stun:a.example:99999", IceFault::Port),
            ("stun:[::1]3478", IceFault::Port),
            ("stun:a.example?transport=tcp", IceFault::StunQuery),
            ("stun:a.example alice pw", IceFault::StunLogin),
            ("turn:a.example", IceFault::TurnLogin),
            ("turn:a.example alice", IceFault::TurnLogin),
            ("turn:a.example alice pw extra", IceFault::TurnLogin),
            ("turn:a.example?transport=sctp alice pw", IceFault::Transport),
            ("turn:a.example alice pässword", IceFault::Login),
        ];
        for (text, expected) in cases {
            let e = fault(&format!("stun:ok.example\n{text}"));
            assert_eq!((e.number, e.entry.as_str(), e.fault), (2, text, expected), "{text}");
        }
        let many = "stun:a.example\n".repeat(MAX_SERVERS + 1);
        assert_eq!(fault(&many).fault, IceFault::TooMany);
        assert_eq!(fault(&many).number, MAX_SERVERS + 1);
        assert!(IceServers::new(vec![IceServer::parse("stun:a.example").unwrap(); MAX_SERVERS + 1]).is_none());
    }
}
