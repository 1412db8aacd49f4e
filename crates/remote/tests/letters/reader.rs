//! The letter reader on any input: a letter or an error, never a panic.

use super::entropy;
use lauzait_remote::identity::DeviceKey;
use lauzait_remote::party::Party;
use lauzait_remote::Letter;
use lauzait_table_mode::bytes::TableId;
use lauzait_table_mode::link::base64url;
use proptest::prelude::*;

proptest! {
    #[test]
    fn any_text_reads_as_a_letter_or_an_error(text in ".{0,300}") {
        let _ = Letter::read(&text);
    }

    #[test]
    fn any_bytes_deflated_read_as_a_letter_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = Letter::read(&base64url(&bytes));
        let packed = miniz_oxide::deflate::compress_to_vec(&bytes, 6);
        let _ = Letter::read(&base64url(&packed));
        // The same, after a real letter's first bytes, so the reader goes past its header.
        let mut framed = vec![1u8];
        framed.extend(&bytes);
        let _ = Letter::read(&base64url(&miniz_oxide::deflate::compress_to_vec(&framed, 6)));
    }

    #[test]
    fn a_letter_reads_back_as_written(seq in 1u32.., ack in any::<u32>(), first in 1u32.., texts in proptest::collection::vec(".{0,40}", 0..5)) {
        let key = DeviceKey::from_entropy(&entropy(1, 32)).unwrap();
        let letter = Letter::sign(&key, TableId::from_entropy(&[4; 8]), (Party::Seat(2), Party::Host), (seq, ack, first), true, texts);
        prop_assert_eq!(Letter::read(&letter.fragment()), Ok(letter.clone()));
        prop_assert!(letter.signed_by(&key.public()));
    }
}
