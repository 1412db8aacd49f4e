//! Opening one position: taking every device's key off its final masked element and finding
//! which piece copy is left.

use super::copies::PieceCopies;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;

/// The copy `masked` stands for once `keys` (every device's key for its position) are taken
/// off; `None` when what is left is no copy (a wrong key, or a position masked with another).
pub fn unmask(copies: &PieceCopies, masked: &RistrettoPoint, keys: impl IntoIterator<Item = Scalar>) -> Option<usize> {
    let product = keys.into_iter().fold(Scalar::ONE, |p, k| p * k);
    if product == Scalar::ZERO {
        return None;
    }
    copies.copy_of(&(product.invert() * masked).compress())
}
