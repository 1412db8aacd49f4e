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

/// `decodeURIComponent`, with a message naming the place of a broken escape or of bytes
/// that are not UTF-8.
pub fn decode_component(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
            match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                Some(b) => out.push(b),
                None => {
                    let near: String = text[i..].chars().take(3).collect();
                    return Err(format!(
                        "the link's text is damaged at character {}: '{near}' is not a %XX escape",
                        text[..i].chars().count() + 1
                    ));
                }
            }
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|e| {
        format!("the link's text is damaged: its escapes near byte {} are not UTF-8 text", e.utf8_error().valid_up_to())
    })
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
        let e = decode_component("LZR1%2").unwrap_err();
        assert!(e.contains("character 5"), "{e}");
        assert!(decode_component("%zz").unwrap_err().contains("character 1"));
        assert!(decode_component("%C3%28").unwrap_err().contains("not UTF-8"));
        // A multi-byte character before a broken escape does not panic.
        assert!(decode_component("é%").is_err());
    }
}
