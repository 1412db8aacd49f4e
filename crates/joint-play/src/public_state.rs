//! The public game as one device sees it, as a digest every action carries: two devices whose
//! digests differ disagree about the game, and the first action where they do names the step.

use lauzait_engine::{PieceCounts, SeatView};
use lauzait_joint_deal::Digest;
use sha2::{Digest as _, Sha256};

/// SHA-256 of everything `view` shows every seat alike (R40): the view with its seat and its
/// own concealed pieces left out.
pub fn public_state(view: &SeatView) -> Digest {
    let public = SeatView { seat: 0, concealed: PieceCounts::new(), ..view.clone() };
    // A seat's view is plain data with string keys, which JSON always writes; an error would
    // hash as nothing on every device alike.
    let text = serde_json::to_vec(&public).unwrap_or_default();
    let mut h = Sha256::new();
    h.update(b"lauzait-joint-play/public-state/v1");
    h.update(text);
    Digest(h.finalize().into())
}
