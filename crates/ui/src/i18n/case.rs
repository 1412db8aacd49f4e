//! The case of an English sentence's first letter, for text built from pieces ("discard
//! Green 5" at a sentence's start, "Discard Green 5" inside one).
//!
//! ASCII only, on purpose: every English sentence the game builds begins with an ASCII
//! letter (its own words, never a player's name), and Unicode's case tables would add about
//! 2.4 KB gzip to the page (BENCHMARKS.md, "Download size"). Anything else is left as it is.

/// `text` with its first letter in upper case.
pub fn capitalised(mut text: String) -> String {
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// `text` with its first letter in lower case.
pub fn uncapitalised(mut text: String) -> String {
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_lowercase();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_ascii_letter_changes() {
        assert_eq!(capitalised("discard Green 5".into()), "Discard Green 5");
        assert_eq!(uncapitalised("Discard Green 5".into()), "discard Green 5");
        assert_eq!(capitalised(String::new()), "");
        // A first character that is not ASCII is left alone, whole.
        assert_eq!(capitalised("élan".into()), "élan");
        assert_eq!(uncapitalised("捨てる".into()), "捨てる");
    }
}
