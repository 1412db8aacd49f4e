//! The check every device makes once every device has published its secrets: each step of
//! the deal redone from the published secrets, in the order the protocol took them, so that
//! the first device found cheating is the first that did.

use super::copies::PieceCopies;
use super::error::{Cheat, DealError, Fault, Step};
use super::ids::Device;
use super::message::Publish;
use super::seal;
use super::secrets::{commit_global, commit_key, identity_public};
use super::setup::DealSetup;
use super::transcript::Transcript;
use super::unmask::unmask;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, VartimeMultiscalarMul};
use lauzait_engine::{Direction, Opening, Piece};
use sha2::{Digest as _, Sha512};

/// The whole deal, every position opened: what the record of a Season holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullDeal {
    setup: DealSetup,
    /// The piece at each position of the final list.
    pieces: Vec<Piece>,
}

impl FullDeal {
    /// The piece at each position, in the layout's order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The Season as the engine opens it (R6, R30), with who starts it and which way (R7).
    pub fn opening(&self, start: usize, direction: Direction) -> Option<Opening> {
        self.setup.layout().opening(&self.pieces, start, direction)
    }
}

/// Whether `aᵢ · afterᵢ = bᵢ · beforeᵢ` for every `i`, checked at once as one weighted sum
/// (`Σ wᵢ(aᵢ · afterᵢ − bᵢ · beforeᵢ) = 0`): one multiscalar multiplication, several times
/// cheaper than a multiplication per entry. The weights are hashed from `bound`, which holds
/// everything the step's device chose (its list and its published secrets); all of it was
/// fixed before the weights are drawn, so a wrong step whose weighted sum still vanishes is a
/// 1-in-2²⁵² accident. The caller looks for the wrong entry only when the sum does not vanish.
fn all_hold(bound: &[&[u8]], terms: &[(Scalar, RistrettoPoint, Scalar, RistrettoPoint)]) -> bool {
    let mut seed = Sha512::new();
    seed.update(b"lauzait-joint-deal/weights/v1");
    bound.iter().for_each(|b| seed.update(b));
    let seed = seed.finalize();
    let weight = |i: usize| {
        let wide = Sha512::new().chain_update(seed).chain_update((i as u32).to_le_bytes()).finalize();
        Scalar::from_bytes_mod_order_wide(&wide.into())
    };
    let weights: Vec<Scalar> = (0..terms.len()).map(weight).collect();
    let scalars = terms.iter().zip(&weights).flat_map(|((a, _, b, _), w)| [w * a, -(w * b)]);
    let points = terms.iter().flat_map(|(_, after, _, before)| [*after, *before]);
    RistrettoPoint::vartime_multiscalar_mul(scalars, points) == RistrettoPoint::identity()
}

/// The bytes of a list of scalars and of compressed points, for [`all_hold`]'s weights.
fn bytes_of(scalars: &[Scalar], points: &[CompressedRistretto]) -> Vec<u8> {
    scalars.iter().flat_map(|s| s.to_bytes()).chain(points.iter().flat_map(|p| p.to_bytes())).collect()
}

/// Checks every step of a finished deal from every device's published secrets.
///
/// In order: each device's shuffle (its global secret is the one it committed to, and its
/// list is the previous one raised to that secret, in the order of its published
/// permutation); each device's lock step
/// (each published key is the one it committed to, and each position is the previous
/// list's with the global secret taken off and that key put on); each opening sent to
/// everyone and each sealed box this device saw (they carry the published keys, and the
/// identity secret is the one greeted with); then every position is opened.
pub fn verify(setup: &DealSetup, copies: &PieceCopies, transcript: &Transcript) -> Result<FullDeal, DealError> {
    let devices = setup.devices();
    let published: Option<Vec<&Publish>> = transcript.published.iter().map(Option::as_ref).collect();
    let published = published.ok_or_else(|| DealError::NotPublished {
        awaited: transcript.devices_where(|d| transcript.published[d].is_none()),
    })?;
    let context = setup.context();
    let greetings: Option<Vec<_>> = transcript.greetings.iter().map(Option::as_ref).collect();
    let greetings = greetings.ok_or_else(|| DealError::Unfinished {
        awaited: transcript.devices_where(|d| transcript.greetings[d].is_none()),
    })?;

    let mut previous = copies.points();
    for (d, shuffle) in transcript.shuffles.iter().enumerate() {
        let device = Device(d as u8);
        let (secret, permutation) = (published[d].global, &published[d].permutation);
        let cheat = |fault| Cheat { device, step: Step::Shuffle, fault };
        if secret == Scalar::ZERO {
            return Err(cheat(Fault::ZeroSecret).into());
        }
        if commit_global(setup, device, &secret) != greetings[d].hello.global_commitment {
            return Err(Cheat { device, step: Step::Publication, fault: Fault::SecretNotCommitted }.into());
        }
        let mut sorted = permutation.clone();
        sorted.sort_unstable();
        if !sorted.iter().enumerate().all(|(i, &p)| usize::from(p) == i) || sorted.len() != previous.len() {
            return Err(cheat(Fault::NotAPermutation).into());
        }
        // Entry i is entry permutation[i] of the list before, raised to the secret.
        let terms: Vec<_> = (shuffle.points.iter().zip(permutation))
            .map(|(after, &from)| (Scalar::ONE, *after, secret, previous[usize::from(from)]))
            .collect();
        let bound = bytes_of(&[secret], &shuffle.compressed);
        if !all_hold(&[b"shuffle", &context, &[device.byte()], permutation, &bound], &terms) {
            return Err(cheat(Fault::NotAPermutation).into());
        }
        previous = &shuffle.points;
    }

    for (d, lock) in transcript.locks.iter().enumerate() {
        let device = Device(d as u8);
        let global = published[d].global;
        let keys = &published[d].keys;
        for (position, key) in keys.iter().enumerate() {
            let cheat = |fault| Cheat { device, step: Step::Lock { position }, fault };
            if *key == Scalar::ZERO {
                return Err(cheat(Fault::ZeroSecret).into());
            }
            if commit_key(&context, device, position, key) != lock.commitments[position] {
                return Err(cheat(Fault::KeyNotCommitted).into());
            }
        }
        // Each position: the global secret taken off and the key put on, global · after = key · before.
        let terms: Vec<_> = lock
            .list
            .points
            .iter()
            .zip(keys)
            .zip(previous)
            .map(|((after, key), before)| (global, *after, *key, *before))
            .collect();
        let mut scalars = vec![global];
        scalars.extend(keys);
        if !all_hold(&[b"lock", &context, &[device.byte()], &bytes_of(&scalars, &lock.list.compressed)], &terms) {
            let wrong = terms.iter().position(|(a, after, b, before)| a * after != b * before);
            let step = Step::Lock { position: wrong.unwrap_or(0) };
            return Err(Cheat { device, step, fault: Fault::LockMismatch }.into());
        }
        previous = &lock.list.points;
    }

    let public = setup.public_positions();
    for (d, reveal) in transcript.reveals.iter().enumerate() {
        let Some(keys) = reveal else { continue };
        for (&position, key) in public.iter().zip(keys) {
            if *key != published[d].keys[position] {
                let step = Step::PublicOpening { position };
                return Err(Cheat { device: Device(d as u8), step, fault: Fault::KeyNotCommitted }.into());
            }
        }
    }
    for d in 0..devices {
        if identity_public(&published[d].identity) != greetings[d].identity {
            let device = Device(d as u8);
            return Err(Cheat { device, step: Step::Publication, fault: Fault::SecretNotCommitted }.into());
        }
    }
    for sealed in &transcript.sealed {
        let (from, to) = (sealed.from, sealed.to);
        let own = &published[from.index()].identity;
        let other = &greetings[to.index()].identity;
        let hand = setup.layout().hand(to.index());
        let cheat = |position, fault| Cheat { device: from, step: Step::PrivateOpening { to, position }, fault };
        let keys =
            seal::open(&context, from, to, own, other, &sealed.sealed).ok_or(cheat(None, Fault::Undecryptable))?;
        if keys.len() != hand.len() {
            return Err(cheat(None, Fault::WrongLength { expected: hand.len(), got: keys.len() }).into());
        }
        for (position, key) in hand.zip(keys) {
            if key != published[from.index()].keys[position] {
                return Err(cheat(Some(position), Fault::KeyNotCommitted).into());
            }
        }
    }

    // The step the deal stopped at: the next shuffle, or the next lock after every shuffle.
    let next = Device(((transcript.shuffles.len() + transcript.locks.len()) % devices) as u8);
    let list = transcript.final_list().ok_or(DealError::Unfinished { awaited: vec![next] })?;
    let mut pieces = Vec::with_capacity(list.points.len());
    let mut seen = vec![false; copies.len()];
    for (position, masked) in list.points.iter().enumerate() {
        let keys = published.iter().map(|p| p.keys[position]);
        let copy = unmask(copies, masked, keys).ok_or(DealError::Unopenable { position })?;
        if std::mem::replace(&mut seen[copy], true) {
            let earlier = pieces.len();
            return Err(DealError::CopyTwice { position, earlier });
        }
        pieces.extend(copies.piece(copy));
    }
    Ok(FullDeal { setup: *setup, pieces })
}
