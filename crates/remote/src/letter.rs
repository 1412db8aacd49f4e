//! A letter: a numbered batch of one device's table messages for one other device,
//! signed by its writer, as compact bytes (DEFLATE, then base64url) in a link's fragment
//! `#l=…` (REMOTE-PROTOCOL.md, "Letters"). Every length is checked on reading; any byte
//! string gives a letter or a [`ReadError`], never a panic.

use crate::error::ReadError;
use crate::identity::{verify_letter, DeviceKey, PublicKey};
use crate::party::Party;
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::link::{base64url, from_base64url};
use sha2::{Digest, Sha256};

/// The letters' format; a letter of another is refused with [`ReadError::Format`].
pub const FORMAT: u8 = 1;

/// The most characters a letter's text may have (a link's fragment, or the small file a
/// letter too long for a messenger's link travels as): a finished game's record is the
/// longest, well under it.
pub const MAX_LINK_CHARS: usize = 256 * 1024;

/// The most bytes a letter may inflate to (the table's messages are bounded well below:
/// a host's message at 256 KiB, a guest's at 1 KiB).
pub const MAX_LETTER_BYTES: usize = 1024 * 1024;

/// Longer letters than this travel as a small file rather than a link: messengers cut
/// or refuse longer links.
pub const LINK_CEILING: usize = 2000;

/// The most table messages one letter carries.
pub const MAX_MESSAGES: usize = 4096;

/// The prefix of a letter in a link's fragment.
pub const FRAGMENT_PREFIX: &str = "l=";

const SIGNATURE_LEN: usize = 64;

/// One letter, as written and as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub table: TableId,
    pub from: Party,
    pub to: Party,
    /// Numbers the sender's letters to this recipient, from 1.
    pub seq: u32,
    /// The highest letter number the sender has opened from the recipient (0: none).
    pub ack: u32,
    /// The number, in the sender's stream of messages to this recipient (from 1), of the
    /// first message carried: a letter carries every message not yet acknowledged, so a
    /// lost link is healed by the next one.
    pub first: u32,
    /// The sender's public key: only in a guest's letters until the host has answered one
    /// (the invite's token in the first vouches for it).
    pub key: Option<PublicKey>,
    /// Table-protocol messages (TABLE-PROTOCOL.md), each its JSON text.
    pub messages: Vec<String>,
    pub signature: [u8; SIGNATURE_LEN],
}

impl Letter {
    /// The letter signed by `key`.
    #[allow(clippy::too_many_arguments)]
    pub fn sign(
        key: &DeviceKey,
        table: TableId,
        (from, to): (Party, Party),
        (seq, ack, first): (u32, u32, u32),
        introduce: bool,
        messages: Vec<String>,
    ) -> Letter {
        let mut letter = Letter {
            table,
            from,
            to,
            seq,
            ack,
            first,
            key: introduce.then(|| key.public()),
            messages,
            signature: [0; SIGNATURE_LEN],
        };
        letter.signature = key.sign_letter(&letter.signed_bytes());
        letter
    }

    /// Whether `key` signed this letter.
    pub fn signed_by(&self, key: &PublicKey) -> bool {
        verify_letter(key, &self.signed_bytes(), &self.signature)
    }

    /// What tells this letter from another with the same number: the SHA-256 of its bytes
    /// (a signature is deterministic, so the same letter written again has the same).
    pub fn digest(&self) -> [u8; 32] {
        Sha256::digest(self.bytes()).into()
    }

    /// The bytes that are signed: every field but the signature.
    fn signed_bytes(&self) -> Vec<u8> {
        let mut b = vec![FORMAT];
        b.extend(self.table.0);
        b.extend([self.from.to_byte(), self.to.to_byte()]);
        for n in [self.seq, self.ack, self.first] {
            b.extend(n.to_le_bytes());
        }
        match self.key {
            Some(k) => {
                b.push(1);
                b.extend(k);
            }
            None => b.push(0),
        }
        b.extend((self.messages.len() as u32).to_le_bytes());
        for m in &self.messages {
            b.extend((m.len() as u32).to_le_bytes());
            b.extend(m.as_bytes());
        }
        b
    }

    fn bytes(&self) -> Vec<u8> {
        [self.signed_bytes(), self.signature.to_vec()].concat()
    }

    /// The letter's text: its bytes DEFLATE-compressed, in base64url.
    pub fn encode(&self) -> String {
        base64url(&miniz_oxide::deflate::compress_to_vec(&self.bytes(), 9))
    }

    /// The link fragment (`l=…`) for the letter.
    pub fn fragment(&self) -> String {
        format!("{FRAGMENT_PREFIX}{}", self.encode())
    }

    /// Reads a letter from its text, with or without `#l=` before it; the signature is
    /// checked by the mailbox, which knows whose key to check it with.
    pub fn read(text: &str) -> Result<Letter, ReadError> {
        if text.len() > MAX_LINK_CHARS {
            return Err(ReadError::TooLong { chars: text.len() });
        }
        let text = text.trim();
        let text = text.strip_prefix('#').unwrap_or(text);
        let text = text.strip_prefix(FRAGMENT_PREFIX).unwrap_or(text);
        let packed = from_base64url(text).map_err(|_| ReadError::NotALetter)?;
        let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_LETTER_BYTES)
            .map_err(|_| ReadError::Damaged)?;
        Letter::from_bytes(&bytes)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Letter, ReadError> {
        let mut r = Reader(bytes);
        let format = r.byte()?;
        if format != FORMAT {
            return Err(ReadError::Format(format));
        }
        let table = TableId::from_entropy(r.take(8)?);
        let from = Party::from_byte(r.byte()?).ok_or(ReadError::Invalid("sender"))?;
        let to = Party::from_byte(r.byte()?).ok_or(ReadError::Invalid("recipient"))?;
        let (seq, ack, first) = (r.u32()?, r.u32()?, r.u32()?);
        let key = match r.byte()? {
            0 => None,
            1 => Some(r.array::<32>()?),
            _ => return Err(ReadError::Invalid("key flag")),
        };
        let count = r.u32()? as usize;
        if count > MAX_MESSAGES {
            return Err(ReadError::Invalid("message count"));
        }
        let mut messages = Vec::with_capacity(count);
        for _ in 0..count {
            let len = r.u32()? as usize;
            let text = std::str::from_utf8(r.take(len)?).map_err(|_| ReadError::Invalid("message text"))?;
            messages.push(text.to_string());
        }
        let signature = r.array::<SIGNATURE_LEN>()?;
        if !r.0.is_empty() {
            return Err(ReadError::Truncated);
        }
        if seq == 0 || first == 0 {
            return Err(ReadError::Invalid("letter number"));
        }
        Ok(Letter { table, from, to, seq, ack, first, key, messages, signature })
    }
}

/// Reads a letter's fields in order; every read checks the length left.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ReadError> {
        if n > self.0.len() {
            return Err(ReadError::Truncated);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }
    fn byte(&mut self) -> Result<u8, ReadError> {
        Ok(self.take(1)?[0])
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], ReadError> {
        self.take(N)?.try_into().map_err(|_| ReadError::Truncated)
    }
    fn u32(&mut self) -> Result<u32, ReadError> {
        Ok(u32::from_le_bytes(self.array::<4>()?))
    }
}
