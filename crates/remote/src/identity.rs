//! A device's signing key (Ed25519): every letter it writes is signed with it, and the
//! other devices know it by its public half — the host from the guest's first letter (the
//! invite's one-time token vouches for it), a guest from the host's invite.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

/// Put before a letter's bytes when signing, so that a signature made for a letter can
/// never be taken for a signature of anything else this key signs.
pub const LETTER_DOMAIN: &[u8] = b"lauzait-remote/letter/v1";

/// The bytes of entropy [`DeviceKey::from_entropy`] needs.
pub const KEY_ENTROPY: usize = 32;

/// A device's private signing key; it never leaves the device's storage.
#[derive(Clone, Serialize, Deserialize)]
pub struct DeviceKey([u8; 32]);

/// A device's public key, as letters and invites carry it.
pub type PublicKey = [u8; 32];

impl DeviceKey {
    /// A key from the shell's generator: `None` if fewer than [`KEY_ENTROPY`] bytes come.
    pub fn from_entropy(entropy: &[u8]) -> Option<DeviceKey> {
        entropy.get(..KEY_ENTROPY)?.try_into().ok().map(DeviceKey)
    }

    pub fn public(&self) -> PublicKey {
        SigningKey::from_bytes(&self.0).verifying_key().to_bytes()
    }

    /// The signature of `bytes` under [`LETTER_DOMAIN`].
    pub fn sign_letter(&self, bytes: &[u8]) -> [u8; 64] {
        SigningKey::from_bytes(&self.0).sign(&domain(bytes)).to_bytes()
    }
}

impl std::fmt::Debug for DeviceKey {
    /// Never the key itself, even in a log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeviceKey(public {:02x?})", &self.public()[..4])
    }
}

/// Whether `signature` is `key`'s over `bytes` under [`LETTER_DOMAIN`] (strictly: a weak key
/// or a malleated signature verifies nothing, nor does a key that is no
/// point of the curve).
pub fn verify_letter(key: &PublicKey, bytes: &[u8], signature: &[u8; 64]) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(key) else { return false };
    key.verify_strict(&domain(bytes), &Signature::from_bytes(signature)).is_ok()
}

fn domain(bytes: &[u8]) -> Vec<u8> {
    [LETTER_DOMAIN, bytes].concat()
}
