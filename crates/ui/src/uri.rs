//! Percent-encoding of a link's `#fragment`, as JavaScript's `encodeURIComponent` and
//! `decodeURIComponent` do it, with errors that say where the encoding is broken.

/// Characters `encodeURIComponent` leaves as they are.
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
}

/// `encodeURIComponent`: every byte of the UTF-8 text but the unreserved ones as `%XX`.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if unreserved(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Where and how a link's percent-encoding is broken (worded by `i18n::faults::bad_link`).
/// `at` counts characters of the link's text from 1; `near` is the broken escape as
/// written (at most 12 characters, so hostile text is never echoed at length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UriError {
    /// A `%` not followed by two hexadecimal digits.
    BadEscape { at: usize, near: String },
    /// Escapes whose bytes are not UTF-8 text (`%C3%28`).
    NotUtf8 { at: usize, near: String },
}

const NEAR_CHARS: usize = 12;

/// `decodeURIComponent`, with an error naming the place of a broken escape or of bytes that
/// are not UTF-8. Linear in the text's length, which its reader checks (the record's limit).
pub fn decode_component(text: &str) -> Result<String, UriError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                Some(b) => out.push(b),
                None => return Err(UriError::BadEscape { at: char_at(text, i), near: near(text, i) }),
            }
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| {
        let i = source_of(text, e.utf8_error().valid_up_to());
        UriError::NotUtf8 { at: char_at(text, i), near: near(text, i) }
    })
}

/// The character number (from 1) of byte `i` of the text.
fn char_at(text: &str, i: usize) -> usize {
    text[..i].chars().count() + 1
}

fn near(text: &str, i: usize) -> String {
    text[i..].chars().take(NEAR_CHARS).collect()
}

/// The byte of the link's text that decoded into byte `k` of the decoded text (the escape
/// that starts it), for an error in the decoded bytes. Only called on well-formed escapes.
fn source_of(text: &str, k: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut i, mut decoded) = (0, 0);
    while i < bytes.len() && decoded < k {
        i += if bytes[i] == b'%' { 3 } else { 1 };
        decoded += 1;
    }
    i.min(bytes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_known_forms() {
        let text = "LZR1 red,blue lum=on seed=42 : W3 b2 >b3 ~ 光 +";
        assert_eq!(decode_component(&encode_component(text)).as_deref(), Ok(text));
        assert_eq!(encode_component("a b+c/é"), "a%20b%2Bc%2F%C3%A9");
        assert_eq!(decode_component("a+b").as_deref(), Ok("a+b"), "'+' is kept, as decodeURIComponent does");
    }

    #[test]
    fn broken_escapes_say_where() {
        assert_eq!(decode_component("LZR1%2"), Err(UriError::BadEscape { at: 5, near: "%2".into() }));
        assert_eq!(decode_component("%zz"), Err(UriError::BadEscape { at: 1, near: "%zz".into() }));
        // Not UTF-8: the place is in the link as written, not in the decoded bytes.
        assert_eq!(decode_component("LZR1%20%C3%28"), Err(UriError::NotUtf8 { at: 8, near: "%C3%28".into() }));
        assert_eq!(decode_component("%E5%B1%B1%FF"), Err(UriError::NotUtf8 { at: 10, near: "%FF".into() }));
        // A multi-byte character before a broken escape does not panic.
        assert_eq!(decode_component("é%"), Err(UriError::BadEscape { at: 2, near: "%".into() }));
    }

    #[test]
    fn a_long_broken_link_is_quoted_short() {
        let long = format!("%{}", "x".repeat(100_000));
        let Err(UriError::BadEscape { near, .. }) = decode_component(&long) else { panic!() };
        assert_eq!(near.chars().count(), NEAR_CHARS);
    }
}
