//! Why a pairing code ([`crate::link`]) or a browser's session description
//! ([`crate::sdp::SessionDescription`]) is refused. A code is typed, scanned or pasted by a person, so
//! each fault says what to do about it (scan again, copy all of it, reload both pages).

use std::fmt;

/// One of the session's ICE credentials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IceField {
    Ufrag,
    Pwd,
}

impl fmt::Display for IceField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IceField::Ufrag => "ICE username fragment",
            IceField::Pwd => "ICE password",
        })
    }
}

/// An ICE credential that is not `ice-char`s of a sensible length (RFC 8839).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IceError {
    pub what: IceField,
    pub value: String,
}

impl fmt::Display for IceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} '{}' is not valid", self.what, self.value)
    }
}

impl std::error::Error for IceError {}

/// A part of a session description that a connection needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionPart {
    Ufrag,
    Pwd,
    Fingerprint,
    Role,
}

/// A browser's session description that table mode cannot use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SdpError {
    UnknownRole {
        role: String,
    },
    Ice(IceError),
    /// Only SHA-256 certificate fingerprints are read.
    FingerprintKind,
    Fingerprint,
    Missing(SessionPart),
}

impl fmt::Display for SdpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdpError::UnknownRole { role } => write!(f, "unknown DTLS role '{role}'"),
            SdpError::Ice(e) => e.fmt(f),
            SdpError::FingerprintKind => f.write_str("only a SHA-256 certificate fingerprint is supported"),
            SdpError::Fingerprint => f.write_str("the fingerprint is not 32 hex bytes"),
            SdpError::Missing(part) => f.write_str(match part {
                SessionPart::Ufrag => "the session has no ICE username fragment",
                SessionPart::Pwd => "the session has no ICE password",
                SessionPart::Fingerprint => "the session has no SHA-256 fingerprint",
                SessionPart::Role => "the session has no DTLS role",
            }),
        }
    }
}

impl std::error::Error for SdpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SdpError::Ice(e) => Some(e),
            _ => None,
        }
    }
}

/// A seat's link or a phone's answer code that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A link without the table-mode fragment (`j=`).
    NotALink,
    /// A code that is not a phone's answer (`a=`).
    NotAnAnswer,
    TooLong {
        chars: usize,
        max: usize,
    },
    /// A character that base64url has not.
    Character {
        c: char,
    },
    Empty,
    /// A code of another format of table mode.
    OtherVersion,
    CutShort,
    Extra,
    UnknownRole,
    /// An ICE credential that is not text.
    IceNotText {
        what: IceField,
    },
    Ice(IceError),
    TooManyAddresses {
        count: usize,
        max: usize,
    },
    AddressKind,
    /// An invite's ICE servers that are not servers a table could have.
    IceServers,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use CodeError as E;
        match self {
            E::NotALink => f.write_str("this is not a table-mode link"),
            E::NotAnAnswer => f.write_str("this is not a phone's answer code (it starts with a=)"),
            E::TooLong { chars, max } => write!(f, "the code is {chars} characters long, more than {max}"),
            E::Character { c } => write!(f, "'{c}' does not belong in a code"),
            E::Empty => f.write_str("the code is empty: scan it again, or copy all of it"),
            E::OtherVersion => {
                f.write_str("this code is from another version of table mode: reload both pages and pair again")
            }
            E::CutShort => f.write_str("the code is cut short: scan it again, or copy all of it"),
            E::Extra => f.write_str("the code has extra characters at its end: copy only the code"),
            E::UnknownRole => f.write_str("the code is damaged (an unknown connection role)"),
            E::IceNotText { what } => write!(f, "the code is damaged (its {what})"),
            E::Ice(e) => e.fmt(f),
            E::TooManyAddresses { count, max } => {
                write!(f, "the code is damaged ({count} addresses, more than {max})")
            }
            E::AddressKind => f.write_str("the code is damaged (an unknown kind of address)"),
            E::IceServers => f.write_str("the link is damaged (its ICE servers): copy all of it, or ask for a new one"),
        }
    }
}

impl std::error::Error for CodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CodeError::Ice(e) => Some(e),
            _ => None,
        }
    }
}
