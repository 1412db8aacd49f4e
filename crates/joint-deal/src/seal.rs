//! Sealing a device's keys for one seat's hand so that only that seat can read them, whoever
//! relays the box: a key agreed from the two devices' ristretto255 identity keys (sender's
//! secret times recipient's public key, hashed with SHA-512 together with the deal and both
//! devices, in that order), and ChaCha20-Poly1305 under it.
//!
//! Each ordered pair of devices seals exactly one box per deal, so each agreed key encrypts
//! one message and the nonce can be fixed. The agreed key is the same whichever side computes
//! it, which is also how anyone checks a box once both identity secrets are published.

use super::ids::Device;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use sha2::{Digest as _, Sha512};

/// The box of `keys` from `from` to `to`; `own` is one side's identity secret, `other` the
/// other side's public key.
pub fn seal(
    context: &[u8; 32],
    from: Device,
    to: Device,
    own: &Scalar,
    other: &RistrettoPoint,
    keys: &[Scalar],
) -> Vec<u8> {
    let plain: Vec<u8> = keys.iter().flat_map(|k| k.to_bytes()).collect();
    // Encryption fails only for inputs of gigabytes; nine keys always seal.
    cipher(context, from, to, own, other).encrypt(&Nonce::default(), plain.as_slice()).unwrap_or_default()
}

/// The keys in a box, or `None` when it does not open (another key, damaged or forged) or
/// holds something other than canonical keys.
pub fn open(
    context: &[u8; 32],
    from: Device,
    to: Device,
    own: &Scalar,
    other: &RistrettoPoint,
    sealed: &[u8],
) -> Option<Vec<Scalar>> {
    let plain = cipher(context, from, to, own, other).decrypt(&Nonce::default(), sealed).ok()?;
    if plain.len() % 32 != 0 {
        return None;
    }
    plain
        .chunks_exact(32)
        .map(|chunk| {
            let mut bytes = [0; 32];
            bytes.copy_from_slice(chunk);
            Option::from(Scalar::from_canonical_bytes(bytes))
        })
        .collect()
}

fn cipher(context: &[u8; 32], from: Device, to: Device, own: &Scalar, other: &RistrettoPoint) -> ChaCha20Poly1305 {
    let shared = (own * other).compress();
    let mut h = Sha512::new();
    h.update(b"lauzait-joint-deal/seal/v1");
    h.update(context);
    h.update([from.byte(), to.byte()]);
    h.update(shared.as_bytes());
    let digest = h.finalize();
    ChaCha20Poly1305::new(Key::from_slice(&digest[..32]))
}
