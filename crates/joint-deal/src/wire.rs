//! The messages' compact binary form: a version byte, a kind byte, the sender's byte, then
//! the kind's fields (integers little-endian, lists prefixed by a two-byte count). Bytes from
//! another device are untrusted: anything but exactly one message is refused with a
//! [`WireError`], and no count is believed before the bytes it promises are there.

use super::ids::{Device, Digest};
use super::message::{Hello, Lock, Message, Publish, Reveal, Sealed, Shown, Shuffle, ThrowValue};
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::scalar::Scalar;
use std::fmt;

/// The wire form's version; a message of another is refused.
pub const WIRE_VERSION: u8 = 1;

/// The longest list a message may carry: a Season has at most 68 pieces (R1).
const MAX_LIST: usize = 68;
/// The longest sealed box: nine keys and the tag.
const MAX_SEALED: usize = 9 * 32 + 16;

/// Why bytes are not a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// Fewer bytes than the field at `at` needs.
    Short {
        at: usize,
    },
    /// Bytes left over after the message.
    Trailing {
        extra: usize,
    },
    Version {
        got: u8,
    },
    Kind {
        got: u8,
    },
    /// A list longer than any deal sends.
    TooLong {
        count: usize,
    },
    /// A scalar that is not in its canonical form.
    NotAScalar {
        at: usize,
    },
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Short { at } => write!(f, "the message is cut short at byte {at}: send it again whole"),
            WireError::Trailing { extra } => write!(f, "{extra} bytes follow the message: send it alone"),
            WireError::Version { got } => {
                write!(f, "the message is of deal protocol version {got}, not {WIRE_VERSION}: update the game")
            }
            WireError::Kind { got } => write!(f, "no deal message is of kind {got}"),
            WireError::TooLong { count } => write!(f, "a list of {count} entries is longer than any deal's"),
            WireError::NotAScalar { at } => write!(f, "the key at byte {at} is not a canonical scalar"),
        }
    }
}

impl std::error::Error for WireError {}

const HELLO: u8 = 1;
const SHUFFLE: u8 = 2;
const LOCK: u8 = 3;
const REVEAL: u8 = 4;
const SEALED: u8 = 5;
const PUBLISH: u8 = 6;
const THROW: u8 = 7;
/// A piece shown in play travels with the game's action, not as a step of the deal, so it is
/// read on its own ([`decode_shown`]); its kind byte keeps it from being read as a message.
const SHOWN: u8 = 8;

/// The message's bytes.
pub fn encode(message: &Message) -> Vec<u8> {
    let mut out = vec![WIRE_VERSION];
    let kind = match message {
        Message::Hello(_) => HELLO,
        Message::Shuffle(_) => SHUFFLE,
        Message::Lock(_) => LOCK,
        Message::Reveal(_) => REVEAL,
        Message::Sealed(_) => SEALED,
        Message::Publish(_) => PUBLISH,
        Message::ThrowValue(_) => THROW,
    };
    out.extend([kind, message.from().byte()]);
    match message {
        Message::Hello(m) => {
            out.extend(m.identity.as_bytes());
            out.extend(m.global_commitment.0);
            out.extend(m.chain_head.0);
        }
        Message::Shuffle(m) => put_list(&mut out, m.list.iter().map(|p| p.to_bytes())),
        Message::Lock(m) => {
            put_list(&mut out, m.list.iter().map(|p| p.to_bytes()));
            put_list(&mut out, m.key_commitments.iter().map(|d| d.0));
        }
        Message::Reveal(m) => put_list(&mut out, m.keys.iter().map(|k| k.to_bytes())),
        Message::Sealed(m) => {
            out.push(m.to.byte());
            out.extend((m.sealed.len() as u16).to_le_bytes());
            out.extend(&m.sealed);
        }
        Message::Publish(m) => {
            out.extend(m.global.as_bytes());
            out.extend(m.identity.as_bytes());
            put_list(&mut out, m.keys.iter().map(|k| k.to_bytes()));
            out.extend((m.permutation.len() as u16).to_le_bytes());
            out.extend(&m.permutation);
        }
        Message::ThrowValue(m) => {
            out.extend(m.throw.to_le_bytes());
            out.extend(m.value.0);
        }
    }
    out
}

/// A shown piece's bytes: the version, its kind, the sender, the position, then its keys.
pub fn encode_shown(shown: &Shown) -> Vec<u8> {
    let mut out = vec![WIRE_VERSION, SHOWN, shown.from.byte(), shown.position];
    put_list(&mut out, shown.keys.iter().map(|k| k.to_bytes()));
    out
}

/// The shown piece these bytes are, read as untrusted input; whether its position and keys
/// are right is the receiving device's to check ([`crate::DealDevice::take_shown`]).
pub fn decode_shown(bytes: &[u8]) -> Result<Shown, WireError> {
    let mut r = Reader::new(bytes);
    let version = r.byte()?;
    if version != WIRE_VERSION {
        return Err(WireError::Version { got: version });
    }
    match r.byte()? {
        SHOWN => {}
        got => return Err(WireError::Kind { got }),
    }
    let shown = Shown { from: Device(r.byte()?), position: r.byte()?, keys: r.list(Reader::scalar)? };
    r.end()?;
    Ok(shown)
}

fn put_list(out: &mut Vec<u8>, items: impl ExactSizeIterator<Item = [u8; 32]>) {
    out.extend((items.len() as u16).to_le_bytes());
    items.for_each(|item| out.extend(item));
}

/// The message these bytes are, read as untrusted input. Which devices are at the table is
/// the receiving device's to check.
pub fn decode(bytes: &[u8]) -> Result<Message, WireError> {
    let mut r = Reader::new(bytes);
    let version = r.byte()?;
    if version != WIRE_VERSION {
        return Err(WireError::Version { got: version });
    }
    let kind = r.byte()?;
    let from = Device(r.byte()?);
    let message = match kind {
        HELLO => Message::Hello(Hello {
            from,
            identity: CompressedRistretto(r.array()?),
            global_commitment: Digest(r.array()?),
            chain_head: Digest(r.array()?),
        }),
        SHUFFLE => Message::Shuffle(Shuffle { from, list: r.list(|r| Ok(CompressedRistretto(r.array()?)))? }),
        LOCK => Message::Lock(Lock {
            from,
            list: r.list(|r| Ok(CompressedRistretto(r.array()?)))?,
            key_commitments: r.list(|r| Ok(Digest(r.array()?)))?,
        }),
        REVEAL => Message::Reveal(Reveal { from, keys: r.list(Reader::scalar)? }),
        SEALED => {
            let to = Device(r.byte()?);
            let len = usize::from(u16::from_le_bytes(r.array()?));
            if len > MAX_SEALED {
                return Err(WireError::TooLong { count: len });
            }
            Message::Sealed(Sealed { from, to, sealed: r.take(len)?.to_vec() })
        }
        PUBLISH => Message::Publish(Publish {
            from,
            global: r.scalar()?,
            identity: r.scalar()?,
            keys: r.list(Reader::scalar)?,
            permutation: r.list(Reader::byte)?,
        }),
        THROW => {
            Message::ThrowValue(ThrowValue { from, throw: u32::from_le_bytes(r.array()?), value: Digest(r.array()?) })
        }
        got => return Err(WireError::Kind { got }),
    };
    r.end()?;
    Ok(message)
}

/// Untrusted bytes read field by field: a field the bytes do not hold whole is
/// [`WireError::Short`], never a panic. The deal's messages are read with it, and so are the
/// messages of the games played on such deals (`lauzait-joint-play`).
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], WireError> {
        let end =
            self.at.checked_add(n).filter(|&end| end <= self.bytes.len()).ok_or(WireError::Short { at: self.at })?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    /// Every byte left.
    pub fn rest(&mut self) -> &'a [u8] {
        let rest = &self.bytes[self.at..];
        self.at = self.bytes.len();
        rest
    }

    pub fn byte(&mut self) -> Result<u8, WireError> {
        Ok(self.take(1)?[0])
    }

    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], WireError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    /// A one-byte count of at most `max`.
    pub fn count(&mut self, max: usize) -> Result<usize, WireError> {
        let count = usize::from(self.byte()?);
        if count > max {
            return Err(WireError::TooLong { count });
        }
        Ok(count)
    }

    /// The end of the message: [`WireError::Trailing`] when bytes are left over.
    pub fn end(&self) -> Result<(), WireError> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            extra => Err(WireError::Trailing { extra }),
        }
    }

    fn scalar(&mut self) -> Result<Scalar, WireError> {
        let at = self.at;
        Option::from(Scalar::from_canonical_bytes(self.array()?)).ok_or(WireError::NotAScalar { at })
    }

    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Result<T, WireError>) -> Result<Vec<T>, WireError> {
        let count = usize::from(u16::from_le_bytes(self.array()?));
        if count > MAX_LIST {
            return Err(WireError::TooLong { count });
        }
        (0..count).map(|_| item(self)).collect()
    }
}
