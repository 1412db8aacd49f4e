//! A device's secrets for one deal, all drawn from the entropy its caller passes in, and the
//! commitments that bind it to them.

use super::ids::{Device, Digest};
use super::setup::DealSetup;
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::seq::SliceRandom;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha12Rng;
use sha2::{Digest as _, Sha256, Sha512};

/// Fresh entropy for one device's part in one deal (64 bytes from the platform's generator).
/// Everything secret the device uses is drawn from it and the deal's context, so the same
/// entropy in another deal still gives other secrets, and the device keeps no generator.
#[derive(Clone, Copy)]
pub struct DeviceEntropy(pub [u8; 64]);

/// What one device keeps to itself until the Season's end.
#[derive(Clone)]
pub(crate) struct DeviceSecrets {
    /// Masks the whole list in the shuffle step, removed again in the lock step.
    pub global: Scalar,
    /// The key the sealed boxes to and from this device are agreed with.
    pub identity: Scalar,
    /// One per position, applied in the lock step: a position opens only when every
    /// device's key for it is known.
    pub keys: Vec<Scalar>,
    /// The shuffle step's permutation: entry `i` of its list is entry `permutation[i]` of the
    /// list before, masked. Published at the end, so that each shuffle is checked as one sum.
    pub permutation: Vec<u8>,
    /// Seeds the hash chain of the throws (R12.6).
    pub chain_seed: [u8; 32],
}

impl DeviceSecrets {
    pub fn draw(setup: &DealSetup, me: Device, entropy: &DeviceEntropy) -> DeviceSecrets {
        let context = setup.context();
        let draw = |label: &[u8], index: u32| secret_scalar(&context, me, entropy, label, index);
        let pieces = setup.layout().pieces() as u32;
        DeviceSecrets {
            global: draw(b"global", 0),
            identity: draw(b"identity", 0),
            keys: (0..pieces).map(|j| draw(b"position", j)).collect(),
            permutation: permutation(pieces as u8, seed(&context, me, entropy, b"shuffle")),
            chain_seed: seed(&context, me, entropy, b"chain"),
        }
    }
}

/// A non-zero scalar from SHA-512 of the entropy, uniform mod the group order
/// (`from_bytes_mod_order_wide` of 64 bytes). Zero, which would erase what it masks, comes
/// with probability 2⁻²⁵²; it is drawn again.
fn secret_scalar(context: &[u8; 32], me: Device, entropy: &DeviceEntropy, label: &[u8], index: u32) -> Scalar {
    let mut attempt = 0u32;
    loop {
        let mut h = Sha512::new();
        h.update(b"lauzait-joint-deal/secret/v1");
        h.update(context);
        h.update([me.byte()]);
        h.update(entropy.0);
        h.update(label);
        h.update(index.to_le_bytes());
        h.update(attempt.to_le_bytes());
        let scalar = Scalar::from_bytes_mod_order_wide(&h.finalize().into());
        if scalar != Scalar::ZERO {
            return scalar;
        }
        attempt += 1;
    }
}

/// A uniform permutation of `0..n`, drawn by ChaCha12 from `seed`.
fn permutation(n: u8, seed: [u8; 32]) -> Vec<u8> {
    let mut order: Vec<u8> = (0..n).collect();
    order.shuffle(&mut ChaCha12Rng::from_seed(seed));
    order
}

fn seed(context: &[u8; 32], me: Device, entropy: &DeviceEntropy, label: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-deal/seed/v1");
    h.update(context);
    h.update([me.byte()]);
    h.update(entropy.0);
    h.update(label);
    h.finalize().into()
}

/// The commitment to a device's global secret, sent before it shuffles.
pub(crate) fn commit_global(setup: &DealSetup, device: Device, secret: &Scalar) -> Digest {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-deal/commit-global/v1");
    h.update(setup.context());
    h.update([device.byte()]);
    h.update(secret.as_bytes());
    Digest(h.finalize().into())
}

/// The commitment to a device's key for one position, sent with its lock step: a key that
/// reaches a seat is checked against it at once.
pub(crate) fn commit_key(context: &[u8; 32], device: Device, position: usize, key: &Scalar) -> Digest {
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-deal/commit-key/v1");
    h.update(context);
    h.update([device.byte()]);
    h.update((position as u16).to_le_bytes());
    h.update(key.as_bytes());
    Digest(h.finalize().into())
}

/// The public half of an identity secret.
pub(crate) fn identity_public(identity: &Scalar) -> RistrettoPoint {
    identity * RISTRETTO_BASEPOINT_POINT
}
